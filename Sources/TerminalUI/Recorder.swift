import Foundation
import LiveblogModel
import Embed
import Simulation

/// `--record` (C7): what the reader did in a `view` session, with times and settings, written as
/// a scenario that `simulate` replays exactly. Pointer samples are kept raw (the `pointer` event,
/// an addition to the contract) so drags and flings replay to the same trace.
public final class Recorder {
    let config: WorldConfig
    let liveblogPath: String
    let outputPath: String
    private var events: [(tick: Int, json: JSONValue)] = []
    private var lastTick = 0

    public init(config: WorldConfig, liveblogPath: String, outputPath: String) {
        self.config = config
        self.liveblogPath = liveblogPath
        self.outputPath = outputPath
    }

    /// A tick as seconds that read back as the same tick. JSON numbers are written with three
    /// decimals, rounded: tick 17 (0.14167 s) became 0.142, which `VirtualClock.ticks` (the first tick at
    /// or after) reads as tick 18, so replayed inputs landed a tick late. Truncated to the
    /// millisecond, as the trace writes times, a time is less than 0.12 tick early: it reads back
    /// as its own tick.
    static func at(_ tick: Int) -> JSONValue { .number(Double(VirtualClock.milliseconds(tick)) / 1000) }

    public func record(_ tick: Int, _ event: Scenario.Event) {
        guard let json = EventSchema.json(at: Recorder.at(tick), event) else { return }
        lastTick = max(lastTick, tick)
        events.append((tick, json))
    }

    public func scenarioJSON(endTick: Int) -> JSONValue {
        let c = config
        var page: [(String, JSONValue)] = [("pageSize", .number(Double(c.page.pageSize))), ("deepLinkLimit", .number(Double(c.page.deepLinkLimit))),
                                           ("stickyHeader", .number(c.page.stickyHeader)), ("resizeLatency", .number(Double(c.page.resizeLatency)))]
        if c.page.lazyMedia { page.append(("lazyMedia", .bool(true))) }
        var pairs: [(String, JSONValue)] = [
            ("name", .string("recorded session")),
            ("liveblog", .string(liveblogPath)),
            ("terminal", .object([("cols", .number(Double(c.cols))), ("rows", .number(Double(c.rows)))])),
            ("mode", .string(c.mode.rawValue)),
            ("platform", .string(c.platform.rawValue)),
            ("hook", c.hook.map { .string($0.source) } ?? .null),
            ("insets", .object([("top", .number(Double(c.insetTopRows))), ("bottom", .number(Double(c.insetBottomRows)))])),
            ("native", .object([("headerRows", .number(Double(c.headerRows))), ("footerRows", .number(Double(c.footerRows)))])),
            ("page", .object(page)),
            ("network", .object([("profile", .string(c.page.networkProfile.rawValue)), ("seed", .number(Double(c.page.networkSeed)))])),
        ]
        if let u = c.page.url { pairs.append(("url", .string(u))) }
        if let d = c.page.enabledDomains { pairs.append(("enabledDomains", .array(d.map { .string($0) }))) }
        pairs.append(("duration", Recorder.at(max(endTick, lastTick) + VirtualClock.ticksPerSecond)))
        pairs.append(("events", .array(events.map(\.json))))
        pairs.append(("expect", .array([])))
        return .object(pairs)
    }

    public func write(endTick: Int) throws {
        let text = JSONWriter.pretty(scenarioJSON(endTick: endTick)) + "\n"
        guard FileManager.default.createFile(atPath: outputPath, contents: text.data(using: .utf8)) else {
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
