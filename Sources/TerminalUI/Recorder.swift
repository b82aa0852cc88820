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
        lastTick = max(lastTick, tick)
        var pairs: [(String, JSONValue)] = [("at", Recorder.at(tick))]
        switch event {
        case let .jump(id, off):
            pairs.append(("jump", .string(id)))
            if let o = off { pairs.append(("topOffset", .number(o))) }
        case let .fragment(id): pairs.append(("fragment", .string(id)))
        case let .key(k): pairs.append(("key", .string(k)))
        case let .wheel(n, row, col): pairs.append(("wheel", .object([("notches", .number(Double(n))), ("row", .number(row)), ("col", .number(col))])))
        case let .resize(c, r): pairs.append(("resize", .object([("cols", .number(Double(c))), ("rows", .number(Double(r)))])))
        case let .live(n): pairs.append(("live", .number(Double(n))))
        case let .pointer(phase, x, y): pairs.append(("pointer", .object([("phase", .string(phase)), ("x", .number(x)), ("y", .number(y))])))
        case let .tap(row, col): pairs.append(("tap", .object([("row", .number(row)), ("col", .number(col))])))
        case let .drag(dy, d, row, col): pairs.append(("drag", .object([("dy", .number(dy)), ("duration", .number(d)), ("row", .number(row)), ("col", .number(col))])))
        case let .load(id): pairs.append(("load", .string(id)))
        case let .setHook(s): pairs.append(("setHook", s.map { .string($0) } ?? .null))
        case .remove: pairs.append(("remove", .bool(true)))
        }
        events.append((tick, .object(pairs)))
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
