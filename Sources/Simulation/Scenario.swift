import Foundation
import LiveblogModel
import Embed
import Host

/// A scenario (docs/contract.md): a public contract. Unknown fields, unknown event kinds and wrong
/// types are errors naming the place, so a QA suite learns of a typo instead of a silent pass.
public struct Scenario {
    public enum Event: Equatable {
        case jump(id: String, topOffset: Double?)
        case fragment(String)
        case drag(dy: Double, duration: Double, row: Double, col: Double)
        case tap(row: Double, col: Double)
        case wheel(notches: Int, row: Double, col: Double)
        case key(KeyName)
        case resize(cols: Int, rows: Int)
        case live(Int)
        case load(String)
        case setHook(String?)
        case remove
        /// Extension (G6): the terminal gained (true) or lost focus; a real source polls less
        /// often while unfocused. Recorded, so a session with a capture replays exactly.
        case focus(Bool)
        /// Extension (recordings, C7): a raw pointer sample in viewport points.
        case pointer(phase: PointerPhase, x: Double, y: Double)
        // Run-time switches of the terminal (the demo's; T2's m, p, n, i, r keys reach the world
        // as `key`). Not part of the scenario contract (docs/contract.md): the parser does not read them and
        // `EventSchema.json` gives them no form.
        case setMode(Mode)
        case setPlatform(Platform)
        case setNetwork(NetworkProfile)
        case setInsets(top: Int, bottom: Int)
        case reload
    }

    public struct TimedEvent: Equatable {
        public var at: Double
        public var event: Event
        public init(at: Double, event: Event) {
            self.at = at
            self.event = event
        }
    }

    public enum Expectation: Equatable {
        case landsAt(post: String, y: Double, tolerance: Double, by: Double)
        case still(post: String, from: Double, until: Double, tolerance: Double)
        case holdEnds(reason: HoldEndReason, by: Double)
        case noPullBackAfterDrag(Bool)
        /// Additions to the contract, on a world value per frame (see `ValueKind`):
        /// `{"value": K, "at": t, "equals": v, "tolerance": tol}`
        case valueAt(ValueKind, at: Double, equals: Double, tolerance: Double)
        /// `{"value": K, "changesFrom": t1, "until": t2}`: the value moves in every frame of the window.
        case valueMoving(ValueKind, from: Double, until: Double)
        /// `{"value": K, "stillFrom": t1, "until": t2, "tolerance": tol}`
        case valueStill(ValueKind, from: Double, until: Double, tolerance: Double)
        /// `{"value": K, "from": t1, "until": t2, "within": [lo, hi]}`
        case valueWithin(ValueKind, from: Double, until: Double, lo: Double, hi: Double)
        /// Q2: `{"post": P, "from": t0, "until": t1, "within": [lo, hi]}`, y in range in every frame.
        case postWithin(post: String, from: Double, until: Double, lo: Double, hi: Double)
        /// Q2: `{"post": P, "settlesBy": t, "tolerance": tol}`, from some time ≤ t to the end, y stays
        /// within tol of its final value.
        case settlesBy(post: String, by: Double, tolerance: Double)
        /// Q2: `{"count": {FIELDS}, "from": t0, "until": t1, "min": a, "max": b}`, trace lines matching
        /// every field; the window defaults to the whole run.
        case count(JSONValue, from: Double?, until: Double?, min: Int?, max: Int?)
        /// Q2: `{"noHost": {"jumpId": J}, "after": t}`, no host line for jump J after t.
        case noHost(jumpId: Int, after: Double)
    }

    /// World values every frame line carries (Q3) and an expectation can watch, frame by frame,
    /// each with one meaning in every mode (pt unless said). The order is the trace's.
    public enum ValueKind: String, CaseIterable {
        /// The list's content offset (UIKit convention: −inset.top at the top).
        case offset
        /// How far the web view has scrolled itself (M2, M3); always 0 in content mode, where
        /// the web view is as tall as its content and never scrolls.
        case webOffset
        /// The web row's height in the list: the page's height in content mode (once resized,
        /// E2), the web view's frame in nested and header modes.
        case webHeight
        /// The page's content height, the same in every mode.
        case documentHeight
        /// How far the list is past either bound (P3 at the bottom; F1 uikit's rubber band at
        /// both ends; 0 inside the range, and always 0 under the android law).
        case overscroll
        /// How far the web view can still scroll itself down (0 at its bottom; always 0 in
        /// content mode).
        case webRemaining
        /// How far the native header has moved up, min(s, h) (M3; 0 in the other modes).
        case headerShift
        /// The native header's opacity, 1 − min(s, h)/h (M3; 1 in the other modes).
        case headerFade
        /// F1, F2: Android's edge effect, `EdgeEffect.getDistance()` (a fraction of the list's
        /// height; 0 when none shows, and always 0 under the uidynamic and uikit laws).
        case edgeEffect
    }

    /// Values that only move in some modes (Q1): an expectation on one in another mode can
    /// never see anything but its constant, so the parser refuses it.
    public static func observable(_ k: ValueKind, in mode: Mode) -> Bool {
        switch k {
        case .webOffset, .webRemaining: return mode != .content
        case .headerShift, .headerFade: return mode == .header
        default: return true
        }
    }

    public var liveblog: Liveblog
    public var config: WorldConfig
    public var duration: Double
    public var events: [TimedEvent]
    public var expectations: [Expectation]
    public var name: String
    /// Each expectation's optional `"name"` (Q2), by its index; its stable id in reports.
    public var expectationNames: [String?] = []
    /// Q13: each expectation's optional `"xfail"` (the reason it is expected to fail), by index.
    public var expectationXfails: [String?] = []
    /// Q13: each expectation's optional `"xfailIn"` (the engines its `"xfail"` holds in), by index.
    public var expectationXfailEngines: [[PageEngine.Kind]?] = []
    /// Q13: the scenario's `"xfail"`: it is expected to fail (an expectation of it fails).
    public var xfail: String? = nil
    /// R4: a recorded session's network, replayed offline (network profile `capture`).
    public var capture: (any ReplayableCapture)? = nil
    /// X1, X4: the engine that runs the page (the emulated one unless the scenario says).
    public var engine = PageEngine()

    public init(liveblog: Liveblog, config: WorldConfig, duration: Double, events: [TimedEvent],
                expectations: [Expectation], name: String, expectationNames: [String?] = [],
                expectationXfails: [String?] = [], xfail: String? = nil, capture: (any ReplayableCapture)? = nil) {
        self.liveblog = liveblog
        self.config = config
        self.duration = duration
        self.events = events
        self.expectations = expectations
        self.name = name
        self.expectationNames = expectationNames
        self.expectationXfails = expectationXfails
        self.xfail = xfail
        self.capture = capture
    }

    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public var file: String
        public var place: String
        public var message: String
        public var description: String { place.isEmpty ? "\(file): \(message)" : "\(file): \(place): \(message)" }
        public init(file: String, place: String, message: String) {
            self.file = file
            self.place = place
            self.message = message
        }
    }

    /// The scenario in the file at `path`; `readCapture` reads the captures it names (R4; nil:
    /// naming one is invalid input saying so).
    public static func load(path: String, readCapture: CaptureReading? = nil) throws -> Scenario {
        let bytes = try readCapped(path)
        let json: JSONValue
        do { json = try JSONParser.parse(bytes: bytes) } catch let e as JSONSyntaxError {
            throw Invalid(file: path, place: "line \(e.line), column \(e.column)", message: e.message)
        }
        let dir = (path as NSString).deletingLastPathComponent
        return try parse(json, file: path, baseDirectory: dir.isEmpty ? "." : dir, readCapture: readCapture)
    }

    public static func parse(_ json: JSONValue, file: String, baseDirectory: String,
                             readCapture: CaptureReading? = nil) throws -> Scenario {
        try Reader(file: file, readCapture: readCapture).scenario(json, baseDirectory: baseDirectory)
    }

    /// A scenario file is read up to this size (issue 18: `simulate /dev/zero` read until memory
    /// ran out). A recorded session of an hour is a few MB.
    public static let maxFileBytes = 64 << 20

    /// The file's bytes, read once (a FIFO's data is not thrown away by a second open), never
    /// more than `maxFileBytes`: a larger regular file fails before it is read, any other file
    /// as soon as it has given more.
    static func readCapped(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Invalid(file: path, place: "", message: "cannot read the file") }
        defer { close(fd) }
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size > maxFileBytes {
            throw Invalid(file: path, place: "", message: "larger than \(maxFileBytes >> 20) MB, the most a scenario may be")
        }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw Invalid(file: path, place: "", message: "cannot read the file") }
            if n == 0 { return out }
            guard out.count + n <= maxFileBytes else {
                throw Invalid(file: path, place: "", message: "larger than \(maxFileBytes >> 20) MB, the most a scenario may be")
            }
            out.append(contentsOf: chunk[0..<n])
        }
    }
}
