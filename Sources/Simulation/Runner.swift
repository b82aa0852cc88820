import Foundation
import RealSources
import LiveblogModel
import Embed
import Host

/// Runs a scenario headless in virtual time (C2): the same World the terminal drives.
public final class ScenarioRunner {
    public let scenario: Scenario
    public let world: World
    /// Every trace record, in time order.
    public private(set) var records: [TraceRecord] = []
    /// The watched posts' y in every frame (nil: not laid out), and the watched values.
    private(set) var series: [String: [(tick: Int, y: Double?)]] = [:]
    private(set) var values: [Scenario.ValueKind: [(tick: Int, v: Double)]] = [:]
    private var watchedValues: [Scenario.ValueKind] = []
    public var traceLine: ((String) -> Void)?
    public var keepRecords = true
    /// Whether `records` keeps the frame lines too (60 a second). Issue 31: a scenario of the
    /// longest duration (86 400 s, 5.2 million frames) held 1.5 GB of them; `simulate` keeps
    /// them only when an expectation reads them (`needsFrameRecords`), the watched posts' and
    /// values' series being kept apart, compact, for the others.
    public var keepFrameRecords = true

    /// A `count` expectation that can match frame lines (no `ev`, or `ev` "frame") reads them.
    public var needsFrameRecords: Bool {
        scenario.expectations.contains { e in
            guard case let .count(pattern, _, _, _, _) = e else { return false }
            let ev = (pattern.objectPairs ?? []).first { $0.0 == "ev" }?.1
            return ev == nil || ev == .string("frame")
        }
    }

    /// An expectation's result (Q4: with its id, expected and observed values).
    public typealias Outcome = ExpectationResult

    public init(scenario: Scenario) {
        self.scenario = scenario
        world = ScenarioRunner.world(for: scenario)
        var watched: [String] = []
        for e in scenario.expectations {
            if let p = Scenario.post(of: e), !watched.contains(p) { watched.append(p) }
            if let k = Scenario.value(of: e), !watchedValues.contains(k) { watchedValues.append(k) }
        }
        world.watchedPosts = watched
        world.sink = { [unowned self] r in
            if self.keepRecords, self.keepFrameRecords || !r.event.isFrame { self.records.append(r) }
            self.traceLine?(r.json)
            if case .frame = r.event {
                for id in self.world.watchedPosts {
                    self.series[id, default: []].append((r.tick, self.world.watchedY[id] ?? nil))
                }
                for k in self.watchedValues { self.values[k, default: []].append((r.tick, self.world.value(k))) }
            }
        }
    }

    /// The scenario's world; with a capture (R4), its loads and polls answered from it, offline.
    static func world(for scenario: Scenario) -> World {
        guard let capture = scenario.capture, case let .success(session) = RealSession.replay(capture) else {
            return World(liveblog: scenario.liveblog, config: scenario.config)
        }
        let world = World(liveblog: session.liveblog, config: scenario.config, loader: session.loader)
        world.liveFeed = session.liveFeed
        return world
    }

    /// Runs to the scenario's end (virtual time) and evaluates its expectations.
    @discardableResult
    public func run() -> [Outcome] {
        let end = VirtualClock.ticks(scenario.duration)
        for e in scenario.events {
            let tick = VirtualClock.ticks(e.at)
            guard tick <= end else { break }
            world.advance(to: tick)
            world.send(e.event)
        }
        world.advance(to: end)
        return evaluate()
    }

    /// Every expectation's result, in order, each with its index and name (its stable id, Q4).
    public func evaluate() -> [Outcome] {
        scenario.expectations.enumerated().map { i, e in
            var r = evaluate(e)
            r.index = i
            r.name = i < scenario.expectationNames.count ? scenario.expectationNames[i] : nil
            return r
        }
    }

    /// The run's nav lines, for Q6's "never found".
    var navs: [(tick: Int, id: String, result: String)] {
        records.compactMap { r in
            if case let .nav(id, result, _) = r.event { return (r.tick, id, result) }
            return nil
        }
    }

    private func evaluate(_ e: Scenario.Expectation) -> Outcome {
        let T = VirtualClock.ticks
        switch e {
        case let .landsAt(post, target, tol, by): return landsAt(post, target, tol, by)
        case let .still(post, from, until, tol): return still(post, from, until, tol)
        case let .holdEnds(reason, by): return holdEnds(reason, by)
        case let .valueAt(k, at, v, tol): return valueAt(k, at, v, tol)
        case let .valueMoving(k, from, until): return valueMoving(k, from, until)
        case let .valueStill(k, from, until, tol): return valueStill(k, from, until, tol)
        case let .valueWithin(k, from, until, lo, hi): return valueWithin(k, from, until, lo, hi)
        case let .noPullBackAfterDrag(expected): return noPullBack(expected)
        case let .postWithin(post, from, until, lo, hi):
            return PostChecks.within(post, series[post] ?? [], from: T(from), until: T(until), lo: lo, hi: hi, navs: navs)
        case let .settlesBy(post, by, tol):
            return PostChecks.settlesBy(post, series[post] ?? [], by: T(by), tolerance: tol, navs: navs)
        case let .count(pattern, from, until, lo, hi):
            return TraceChecks.count(records, pattern.objectPairs ?? [], from: T(from ?? 0),
                                     until: T(until ?? scenario.duration), min: lo, max: hi)
        case let .noHost(jumpId, after): return TraceChecks.noHost(records, jumpId: jumpId, after: T(after))
        }
    }

    /// Ticks of host scrolls that serve a jump started before the reader's latest drag.
    /// A jump starts for the host at its first call that reaches the host: a call to a hook that
    /// throws (E13) never gets to the app, so the app cannot have been following that jump before
    /// the drag, and a later call (a replacement hook, same jumpId) is the first it hears of it.
    /// The Android sample takes a correction for a jumpId it does not know as a new jump (iOS
    /// drops it); that is the sample's logic, not a pull back to a post the app had brought the
    /// reader to (fuzz seeds 6660, 7034, 8556, 9485, 12950).
    /// A drag is what the platform's host hears as one (F4, `ReaderDragRule`): a finger drag and
    /// Android's press while settling (`drag-begin`), and a wheel notch or key only where the rule
    /// in force makes it a drag (the platform as it is at that moment, after any `p` switch).
    public func pullBacks() -> [Int] {
        var lastDrag: Int?
        var platform = scenario.config.platform
        let rule = scenario.config.dragRule
        var jumpStart: [Int: Int] = [:]
        var lastHookJump: Int?
        var out: [Int] = []
        for r in records {
            switch r.event {
            case let .setting(name, value):
                if name == "platform", let p = Platform(rawValue: value) { platform = p }
            case let .input(kind, detail):
                let scrollKey = kind == .key && KeyName(detail ?? "").map(KeyName.scrollKeys.contains) == true
                if kind == .dragBegin || (kind == .wheel && rule.isDrag(.wheel, on: platform))
                    || (scrollKey && rule.isDrag(.key, on: platform)) { lastDrag = r.tick }
            case let .hook(jumpId, _, correction, _, threw):
                guard !threw else { continue }
                if !correction || jumpStart[jumpId] == nil { jumpStart[jumpId] = jumpStart[jumpId] ?? r.tick }
                lastHookJump = jumpId
            case let .host(a):
                guard a.kind != .drop, let d = lastDrag, r.tick > d else { continue }
                if a.kind == .scroll, a.animated == false, a.target == nil { continue }
                let j = lastHookJump ?? a.jumpId
                if let s = jumpStart[j], s < d { out.append(r.tick) }
            default: break
            }
        }
        return out
    }
}
