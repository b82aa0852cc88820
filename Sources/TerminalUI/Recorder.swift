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
    /// X1: the engine the session ran on (`PageEngine.settings(always: true)`): `"engine"` and,
    /// for a page of one's own, its URL and selectors.
    public var engine: [(String, JSONValue)] = [("engine", .string("emulated"))]
    private var events: [(tick: Int, json: JSONValue)] = []
    /// Expectations captured with `e` (Q7): a post, its y, and the tick.
    private var expectations: [(tick: Int, post: String, y: Double)] = []
    private var lastTick = 0
    /// The world's tick the signal path's duration was last anchored at.
    private var anchorTick = 0
    /// The output's descriptor once opened (`openOutput`), else -1 (written by path at the end).
    private var fileDescriptor: Int32 = -1
    /// The temporary file the descriptor writes, renamed over `outputPath` once whole (nil: the
    /// path is a device or a FIFO, written in place).
    private var temporaryPath: String?

    /// An opened `--record` output: the descriptor and the temporary file it writes.
    public struct Output {
        public let fileDescriptor: Int32
        public let temporaryPath: String?
        public let finalPath: String
    }

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

    /// Opens the output now, before the session (an unwritable place fails at once), or throws
    /// `CannotCreate` saying why. Issue 31: a regular file (or a new one) is written as a
    /// temporary file beside it and renamed over it once whole, so a failed or cut-off recording
    /// never leaves a partial file (an older recording there stays as it was); a device or a
    /// FIFO is written in place.
    public static func openOutput(_ path: String) throws -> Output {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw CannotCreate(path: path, reason: String(cString: strerror(errno))) }
            return Output(fileDescriptor: fd, temporaryPath: nil, finalPath: path)
        }
        let final = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { target in
            target.hasPrefix("/") ? target : ((path as NSString).deletingLastPathComponent as NSString)
                .appendingPathComponent(target)
        } ?? path
        let dir = (final as NSString).deletingLastPathComponent
        let temp = (dir.isEmpty ? "" : dir + "/") + ".\((final as NSString).lastPathComponent).\(getpid()).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CannotCreate(path: path, reason: String(cString: strerror(errno))) }
        return Output(fileDescriptor: fd, temporaryPath: temp, finalPath: final)
    }

    /// An output not used after all (the session did not start): closed, its temporary file removed.
    public static func discard(_ output: Output) {
        close(output.fileDescriptor)
        if let temp = output.temporaryPath { unlink(temp) }
    }

    /// From now on the signal handlers write the recording to the output before they restore the
    /// terminal (and rename it over its path); the temporary file holds a valid scenario (no events
    /// yet) at once. `tick` is the world's.
    public func armSignalPath(_ output: Output, tick: Int = 0) {
        let fd = output.fileDescriptor
        fileDescriptor = fd
        temporaryPath = output.temporaryPath
        TerminalRestorer.resetRecording()
        if let temp = output.temporaryPath {
            TerminalRestorer.setRecordingPaths(temporary: temp, final: output.finalPath)
        }
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
    static func at(_ tick: Int) -> JSONValue { .number(VirtualClock.stampSeconds(tick)) }

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
        return pairs + Scenario.deviceSettings(c) + engine
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
        let temp = temporaryPath
        temporaryPath = nil
        do {
            try Recorder.writeWhole(Array(text.utf8), to: fd, path: outputPath)
            guard close(fd) == 0 else { throw CannotCreate(path: outputPath, reason: String(cString: strerror(errno))) }
        } catch {
            if let temp { unlink(temp) }
            throw error
        }
        guard let temp else { return }
        let final = (try? FileManager.default.destinationOfSymbolicLink(atPath: outputPath)).map { target in
            target.hasPrefix("/") ? target : ((outputPath as NSString).deletingLastPathComponent as NSString)
                .appendingPathComponent(target)
        } ?? outputPath
        guard rename(temp, final) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw CannotCreate(path: outputPath, reason: reason)
        }
    }

    /// Writes `bytes` from the start of `fd`, or throws naming `path` and the system's reason
    /// (a full disk, the file size limit).
    static func writeWhole(_ bytes: [UInt8], to fd: Int32, path: String) throws {
        guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else {
            throw CannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw CannotCreate(path: path, reason: String(cString: strerror(errno))) }
            off += n
        }
    }
}
