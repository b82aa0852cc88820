import Foundation
import LiveblogModel
import Embed
import Simulation
import TerminalKit

/// `--record` (C7): what the reader did in a `view` session, with times and settings, written as
/// a scenario that `simulate` replays exactly. Pointer samples are kept raw (the `pointer` event,
/// an addition to the contract) so drags and flings replay to the same trace.
///
/// The file is opened before the session starts (an unwritable path fails at once, exit 73), and
/// is written on every exit: q, and SIGINT, SIGTERM and SIGHUP from the signal handler, which
/// writes the recording kept serialised for it (`armSignalPath`) before it restores the terminal:
/// the same scenario q writes, its expectations and its duration to the moment of the signal
/// (Q11). Whole numbers are written as integers.
public final class Recorder {
    let config: WorldConfig
    let liveblogPath: String
    let outputPath: String
    /// R4: a real session's capture, written beside the scenario (`S.capture.json`); the
    /// scenario names it instead of a liveblog file, with the network profile `capture`.
    public var capturePath: String?
    private var events: [(tick: Int, json: JSONValue)] = []
    /// Expectations captured with `e` (Q7): a post, its y, and the tick.
    private var expectations: [(tick: Int, post: String, y: Double)] = []
    private var lastTick = 0
    /// The world's tick the signal path's duration was last anchored at.
    private var anchorTick = 0
    /// The output's descriptor once opened (`openOutput`), else -1 (written by path at the end).
    private var fileDescriptor: Int32 = -1

    public struct CannotCreate: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write the recording to \(path): \(reason)" }
    }

    public init(config: WorldConfig, liveblogPath: String, outputPath: String) {
        self.config = config
        self.liveblogPath = liveblogPath
        self.outputPath = outputPath
    }

    /// Creates (or empties) the output file now, before the session: the descriptor, or
    /// `CannotCreate` saying why.
    public static func openOutput(_ path: String) throws -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CannotCreate(path: path, reason: String(cString: strerror(errno))) }
        return fd
    }

    /// From now on the signal handlers write the recording to `fd` before they restore the
    /// terminal; the file holds a valid scenario (no events yet) at once. `tick` is the world's.
    public func armSignalPath(fileDescriptor fd: Int32, tick: Int = 0) {
        fileDescriptor = fd
        TerminalRestorer.resetRecording()
        var head = Array("{".utf8)
        for (i, (k, v)) in headerPairs().enumerated() {
            let pair = (i == 0 ? "" : ",") + JSONWriter.quote(k) + ":" + JSONWriter.write(v, integers: true)
            head += Array(pair.utf8)
        }
        head += Array(",\"events\":[".utf8)
        TerminalRestorer.appendRecording(head)
        for (n, e) in events.enumerated() { appendForSignalPath(e.json, first: n == 0) }
        updateSignalTail(tick: max(tick, lastTick))
        TerminalRestorer.setRecording(fileDescriptor: fd)
        TerminalRestorer.flushRecordingNow()
    }

    /// Q11: the world's time now (the run loop calls it every turn), so a signal's recording ends
    /// when the signal came, as `q`'s ends when `q` came. The handler counts on from the latest
    /// anchor with the monotonic clock; it is moved every half second.
    public func noteTime(_ tick: Int) {
        guard fileDescriptor >= 0, tick - anchorTick >= VirtualClock.ticksPerSecond / 2 else { return }
        updateSignalTail(tick: tick)
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
        if fileDescriptor >= 0 {
            appendForSignalPath(json, first: events.count == 1)
            updateSignalTail(tick: tick)
        }
    }

    /// Q7 (`e` in `view --record`): "this post's y now, and held from here". The recording gets
    /// two named expectations: the post lands at this y by now, and stays within 16 pt of it from
    /// now to the end, so a replay checks what the reader saw.
    public func recordExpectation(_ tick: Int, post: String, y: Double) {
        expectations.append((tick, post, y.rounded()))
        lastTick = max(lastTick, tick)
        if fileDescriptor >= 0 { updateSignalTail(tick: tick) }
    }

    func expectationsJSON(until end: JSONValue) -> [JSONValue] {
        expectations.enumerated().flatMap { i, e -> [JSONValue] in
            let name = "e\(i + 1) \(e.post) at t=\(JSONWriter.write(Recorder.at(e.tick)))"
            return [
                .object([("name", .string(name + ": y")), ("post", .string(e.post)), ("landsAt", .number(e.y)),
                         ("tolerance", .number(16)), ("by", Recorder.at(e.tick))]),
                .object([("name", .string(name + ": held")), ("post", .string(e.post)),
                         ("stillFrom", Recorder.at(e.tick)), ("until", end), ("tolerance", .number(16))]),
            ]
        }
    }

    private func appendForSignalPath(_ json: JSONValue, first: Bool) {
        let text = (first ? "\n" : ",\n") + JSONWriter.write(json, integers: true)
        TerminalRestorer.appendRecording(Array(text.utf8))
    }

    /// The signal path's tail (Q11): the events' end, the expectations recorded with `e` and the
    /// duration, the byte 0x01 where the handler writes the duration to the moment of the signal
    /// (`scenarioJSON`'s rule: a second after the later of that moment and the last event).
    private func updateSignalTail(tick: Int) {
        anchorTick = tick
        let marker = JSONWriter.quote("\u{1}")
        let expect = JSONWriter.write(.array(expectationsJSON(until: .string("\u{1}"))), integers: true)
            .replacingOccurrences(of: marker, with: "\u{1}")
        let tail = "\n],\"expect\":\(expect),\"duration\":\u{1}}\n"
        TerminalRestorer.setRecordingTail(Array(tail.utf8), tick: tick, minTick: lastTick,
                                          ticksPerSecond: VirtualClock.ticksPerSecond)
    }

    private func headerPairs() -> [(String, JSONValue)] {
        let c = config
        var page: [(String, JSONValue)] = [
            ("pageSize", .number(Double(c.page.pageSize))), ("deepLinkLimit", .number(Double(c.page.deepLinkLimit))),
            ("stickyHeader", .number(c.page.stickyHeader)), ("resizeLatency", .number(Double(c.page.resizeLatency))),
        ]
        if c.page.lazyMedia { page.append(("lazyMedia", .bool(true))) }
        var pairs: [(String, JSONValue)] = [
            ("name", .string("recorded session")),
            capturePath.map { ("capture", .string(($0 as NSString).lastPathComponent)) }
                ?? ("liveblog", .string(liveblogPath)),
            ("terminal", .object([("cols", .number(Double(c.cols))), ("rows", .number(Double(c.rows)))])),
            ("mode", .string(c.mode.rawValue)),
            ("platform", .string(c.platform.rawValue)),
            ("androidRange", .string(c.androidRange.rawValue)),
            ("dragRule", .string(c.dragRule.rawValue)),
            ("hook", c.hook.map { .string($0.source) } ?? .null),
            ("insets", .object([("top", .number(Double(c.insetTopRows))), ("bottom", .number(Double(c.insetBottomRows)))])),
            ("native", .object([("headerRows", .number(Double(c.headerRows))), ("footerRows", .number(Double(c.footerRows)))])),
            ("page", .object(page)),
            ("network", .object([("profile", .string(capturePath == nil ? c.page.networkProfile.rawValue : "capture")),
                                 ("seed", .number(Double(c.page.networkSeed)))])),
        ]
        if let p = c.physics { pairs.append(("physics", .string(p.rawValue))) }
        if let u = c.page.url { pairs.append(("url", .string(u))) }
        if let d = c.page.enabledDomains { pairs.append(("enabledDomains", .array(d.map { .string($0) }))) }
        return pairs + Scenario.deviceSettings(c)
    }

    public func scenarioJSON(endTick: Int) -> JSONValue {
        var pairs = headerPairs()
        let duration = Recorder.at(max(endTick, lastTick) + VirtualClock.ticksPerSecond)
        pairs.append(("duration", duration))
        pairs.append(("events", .array(events.map(\.json))))
        pairs.append(("expect", .array(expectationsJSON(until: duration))))
        return .object(pairs)
    }

    /// Writes the recording (the end of a session, q). The signal path is disarmed first.
    public func write(endTick: Int) throws {
        let text = JSONWriter.pretty(scenarioJSON(endTick: endTick), integers: true) + "\n"
        guard fileDescriptor >= 0 else {
            do { try OutputFile.write(Data(text.utf8), to: outputPath) } catch {
                throw CannotCreate(path: outputPath, reason: "the file could not be written")
            }
            return
        }
        TerminalRestorer.setRecording(fileDescriptor: -1)
        let fd = fileDescriptor
        fileDescriptor = -1
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else {
            throw CannotCreate(path: outputPath, reason: String(cString: strerror(errno)))
        }
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw CannotCreate(path: outputPath, reason: String(cString: strerror(errno))) }
            off += n
        }
    }
}
