import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation
import Embed
import Host
import VirtualTime

/// Issue 43's test apps: the emulation's own runs written as an app would log them (A1), by the
/// reference hosts (a well-behaved app) or by a deliberately wrong one (`WrongIOSHost`).
enum AppLogMaker {
    /// The clock the logs start on: anywhere (A1: times count from the first line).
    static let clockStart = 5012.25

    static func scenario(_ name: String, device: DeviceProfile? = nil) throws -> Scenario {
        let path = GoldenTraceTests.root.appendingPathComponent("Assets/scenarios/\(name).json").path
        var s = try Scenario.load(path: path)
        if let device {
            s.config.device = device
            s.config.platform = device.platform
        }
        // The app's handler runs when the log says: the bridge's delay (D4) is in the hook line's time.
        s.config.bridgeDelay = 0
        return s
    }

    /// Runs `scenario` (with `host` in place of its platform's, if given) and writes what the app
    /// could log of it: the hook calls it received, its host calls, the reader's input, the web
    /// view's height when the row took it, and every frame's offset and post y.
    static func log(_ scenario: Scenario, host: JumpHost? = nil, holdEnds: Bool = false) -> (log: String, runner: ScenarioRunner) {
        let runner = ScenarioRunner(scenario: scenario)
        if let host { runner.world.scrollSide.host = host }
        runner.run()
        return (log(of: runner.records, config: scenario.config, holdEnds: holdEnds), runner)
    }

    static func t(_ tick: Int) -> String {
        JSONWriter.number(clockStart + VirtualClock.seconds(milliseconds: VirtualClock.milliseconds(tick)))
    }

    static func header(_ c: WorldConfig) -> String {
        let line = c.page.cell.height
        let insets = "\"insets\":{\"top\":\(Double(c.insetTopRows) * line),\"bottom\":\(Double(c.insetBottomRows) * line)}"
        let rows = "\"webTop\":\(Double(c.headerRows) * line),\"below\":\(Double(c.footerRows) * line)"
        let platform = c.platform.rawValue
        if let d = c.device, !d.isTerminal {
            return "{\"ev\":\"app\",\"t\":\(t(0)),\"platform\":\"\(platform)\",\"device\":\"\(d.name)\",\(insets),\(rows)}"
        }
        return "{\"ev\":\"app\",\"t\":\(t(0)),\"platform\":\"\(platform)\",\"viewport\":{\"width\":\(Double(c.cols) * 8),"
            + "\"height\":\(Double(c.rows) * line)},\"density\":1,\(insets),\(rows)}"
    }

    static func log(of records: [TraceRecord], config c: WorldConfig, holdEnds: Bool = false) -> String {
        var entries: [(tick: Int, rank: Int, i: Int, text: String)] = []
        for (i, r) in records.enumerated() {
            let n = JSONWriter.number
            switch r.event {
            case let .hook(j, top, correction, args, threw):
                guard !threw else { continue }
                // What the app's handler receives: the shim's values (a one-parameter hook passes
                // no info: jumpId 0, correction false).
                let call = AppShim.values(top: top, correction: correction, jumpId: j, args: args,
                                              declared: c.hook?.arity)
                entries.append((r.tick, 0, i, "{\"t\":\(t(r.tick)),\"ev\":\"hook\",\"jumpId\":\(call.jumpId),"
                                    + "\"top\":\(n(call.top)),\"correction\":\(call.correction),\"args\":\(args)}"))
            case let .host(a):
                var s = "{\"t\":\(t(r.tick)),\"ev\":\"host\",\"jumpId\":\(a.jumpId),\"action\":\"\(a.kind.rawValue)\""
                if let x = a.target { s += ",\"target\":\(n(x))" }
                if let x = a.animated { s += ",\"animated\":\(x)" }
                // A re-aim or a settle answers the row's new height: after its layout line.
                entries.append((r.tick, a.kind == .reaim || a.kind == .settle ? 1 : 0, i, s + "}"))
            case let .input(kind, _, drag):
                guard kind != .resize else { continue }
                entries.append((r.tick, 0, i, "{\"t\":\(t(r.tick)),\"ev\":\"input\",\"kind\":\"\(kind.rawValue)\""
                                    + (drag ? ",\"drag\":true}" : "}")))
            case let .layout(h, _):
                // The row takes the height `resizeLatency` frames later (E2): what the app sees.
                let tick = r.tick + c.page.resizeLatency * VirtualClock.ticksPerFrame
                entries.append((tick, 1, i, "{\"t\":\(t(tick)),\"ev\":\"layout\",\"webHeight\":\(n(h))}"))
            case let .holdEnd(j, reason) where holdEnds:
                entries.append((r.tick, 0, i, "{\"t\":\(t(r.tick)),\"ev\":\"hold-end\",\"jumpId\":\(j),"
                                    + "\"reason\":\"\(reason.rawValue)\"}"))
            case let .frame(values, postId, postY, _):
                var s = "{\"t\":\(t(r.tick)),\"ev\":\"frame\",\"offset\":\(n(values[0]))"
                if entries.allSatisfy({ !$0.text.contains("\"frame\"") }) { s += ",\"webHeight\":\(n(values[2]))" }
                if let id = postId {
                    s += ",\"post\":{\"id\":\"\(id)\"" + (postY.map { ",\"y\":\(n($0))" } ?? "") + "}"
                }
                entries.append((r.tick, 2, i, s + "}"))
            default: continue
            }
        }
        entries.sort { ($0.tick, $0.rank, $0.i) < ($1.tick, $1.rank, $1.i) }
        return ([header(c)] + entries.map(\.text)).joined(separator: "\n") + "\n"
    }

    static func expect(_ json: String) throws -> ExpectationFile {
        try ExpectationFile.read(try JSONParser.parse(json), file: "expect.json")
    }
}

/// The iOS sample's logic with one of the faults the seed warns of (issue 43's wrong apps).
final class WrongIOSHost: JumpHost {
    enum Fault { case followsCorrectionsAfterDrag, keepsBars, noClamp, neverReaims }
    let fault: Fault
    let platform = Platform.ios
    private var activeJumpId: Int?
    private var requestedPostY = 0.0
    private var animating = false
    private var clamped = false

    init(_ fault: Fault) { self.fault = fault }

    var followingJumpId: Int? { activeJumpId }
    var isClamped: Bool { clamped }

    private func scroll(_ kind: HostAction.Kind, _ s: inout ListScene) {
        let sv = s.scrollView
        let desired = requestedPostY - (fault == .keepsBars ? 0 : sv.insetTop)
        let target = fault == .noClamp ? desired : min(max(desired, sv.minOffset), sv.maxOffset)
        clamped = desired > sv.maxOffset
        let animated = abs(target - sv.offset) >= 1
        s.perform(.setContentOffset(target, animated: animated))
        animating = animated
        s.perform(.report(HostAction(jumpId: activeJumpId ?? 0, kind: kind, target: target, animated: animated,
                                     clamped: clamped)))
    }

    func scrollRequest(top: Double, correction: Bool, jumpId: Int, in scene: ListScene) -> [ScrollEffect] {
        guard !(correction && jumpId != activeJumpId) else { return [.report(HostAction(jumpId: jumpId, kind: .drop))] }
        var s = scene
        activeJumpId = jumpId
        requestedPostY = s.list.webRowY + top
        scroll(.scroll, &s)
        return s.effects
    }

    func webRowResized(to height: Double, in scene: ListScene) -> [ScrollEffect] {
        var s = scene
        let offset = s.scrollView.offset
        let reaim = animating || clamped
        s.perform(.setWebRowHeight(height))
        s.perform(.setContentOffset(s.scrollView.clamp(offset), animated: false))
        if reaim, activeJumpId != nil, fault != .neverReaims { scroll(.reaim, &s) }
        return s.effects
    }

    func readerWillBeginDragging(now tick: Int) {
        guard fault != .followsCorrectionsAfterDrag else { return }
        activeJumpId = nil
        animating = false
    }

    func scrollingAnimationEnded() { animating = false }
    func adopt(jumpId: Int, now tick: Int) { activeJumpId = jumpId }
}

/// The Android sample without its drag counter: it follows corrections after the reader's drag.
final class NoDragCounterAndroidHost: JumpHost {
    let inner: AndroidJumpHost
    init(density: Double?) { inner = AndroidJumpHost(density: density) }
    var platform: Platform { inner.platform }
    func scrollRequest(top: Double, correction: Bool, jumpId: Int, in scene: ListScene) -> [ScrollEffect] {
        inner.scrollRequest(top: top, correction: correction, jumpId: jumpId, in: scene)
    }
    func webRowResized(to height: Double, in scene: ListScene) -> [ScrollEffect] { inner.webRowResized(to: height, in: scene) }
    func readerWillBeginDragging(now tick: Int) {}
    func frame(in scene: ListScene) -> [ScrollEffect] { inner.frame(in: scene) }
    func scrollingAnimationEnded() { inner.scrollingAnimationEnded() }
    func adopt(jumpId: Int, now tick: Int) { inner.adopt(jumpId: jumpId, now: tick) }
    var followingJumpId: Int? { inner.followingJumpId }
    var isClamped: Bool { inner.isClamped }
}
