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
    private var series: [String: [(tick: Int, y: Double?)]] = [:]
    private var values: [Scenario.ValueKind: [(tick: Int, v: Double)]] = [:]
    private var watchedValues: [Scenario.ValueKind] = []
    public var traceLine: ((String) -> Void)?
    public var keepRecords = true

    public struct Outcome: Equatable {
        public var description: String
        public var passed: Bool
        public var detail: String
    }

    public init(scenario: Scenario) {
        self.scenario = scenario
        world = ScenarioRunner.world(for: scenario)
        var watched: [String] = []
        for e in scenario.expectations {
            switch e {
            case .landsAt(let p, _, _, _), .still(let p, _, _, _): if !watched.contains(p) { watched.append(p) }
            default: break
            }
        }
        world.watchedPosts = watched
        for e in scenario.expectations {
            switch e {
            case .valueAt(let k, _, _, _), .valueMoving(let k, _, _), .valueStill(let k, _, _, _), .valueWithin(let k, _, _, _, _):
                if !watchedValues.contains(k) { watchedValues.append(k) }
            default: break
            }
        }
        world.sink = { [unowned self] r in
            if self.keepRecords { self.records.append(r) }
            self.traceLine?(r.json)
            if case .frame = r.event {
                for id in self.world.watchedPosts { self.series[id, default: []].append((r.tick, self.world.watchedY[id] ?? nil)) }
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

    // MARK: - Expectations

    private func y(of post: String, atOrBefore tick: Int) -> Double?? {
        guard let s = series[post] else { return nil }
        var found: Double?? = nil
        for p in s { if p.tick <= tick { found = .some(p.y) } else { break } }
        return found
    }

    public func evaluate() -> [Outcome] {
        scenario.expectations.map(evaluate)
    }

    private func fmt(_ d: Double) -> String { JSONWriter.number(d) }

    private func evaluate(_ e: Scenario.Expectation) -> Outcome {
        switch e {
        case let .landsAt(post, target, tol, by): return landsAt(post, target, tol, by)
        case let .still(post, from, until, tol): return still(post, from, until, tol)
        case let .holdEnds(reason, by): return holdEnds(reason, by)
        case let .valueAt(k, at, v, tol): return valueAt(k, at, v, tol)
        case let .valueMoving(k, from, until): return valueMoving(k, from, until)
        case let .valueStill(k, from, until, tol): return valueStill(k, from, until, tol)
        case let .valueWithin(k, from, until, lo, hi): return valueWithin(k, from, until, lo, hi)
        case let .noPullBackAfterDrag(expected): return noPullBack(expected)
        }
    }

    private func landsAt(_ post: String, _ target: Double, _ tol: Double, _ by: Double) -> Outcome {
        let desc = "post \(post) lands at y=\(fmt(target)) ±\(fmt(tol)) by t=\(fmt(by))"
        let tick = VirtualClock.ticks(by)
        guard let yy = y(of: post, atOrBefore: tick) else { return Outcome(description: desc, passed: false, detail: "no frame by then") }
        guard let y = yy else { return Outcome(description: desc, passed: false, detail: "the post is not laid out at t=\(fmt(by))") }
        return Outcome(description: desc, passed: abs(y - target) <= tol, detail: "y=\(fmt(y)) at t=\(fmt(by))")
    }

    private func still(_ post: String, _ from: Double, _ until: Double, _ tol: Double) -> Outcome {
        let desc = "post \(post) still within ±\(fmt(tol)) from t=\(fmt(from)) until t=\(fmt(until))"
        let a = VirtualClock.ticks(from), b = VirtualClock.ticks(until)
        let pts = (series[post] ?? []).filter { $0.tick >= a && $0.tick <= b }
        guard let first = pts.first, let y0 = first.y else {
            return Outcome(description: desc, passed: false, detail: "the post is not laid out at t=\(fmt(from))")
        }
        var worst = 0.0, worstTick = first.tick
        for p in pts {
            guard let y = p.y else { return Outcome(description: desc, passed: false, detail: "the post left the layout at t=\(TraceRecord.time(p.tick))") }
            if abs(y - y0) > worst { worst = abs(y - y0); worstTick = p.tick }
        }
        return Outcome(description: desc, passed: worst <= tol,
                       detail: "y=\(fmt(y0)) at start, moved at most \(fmt(worst)) (at t=\(TraceRecord.time(worstTick)))")
    }

    private func holdEnds(_ reason: HoldEndReason, _ by: Double) -> Outcome {
        let desc = "a hold ends (\(reason.rawValue)) by t=\(fmt(by))"
        let tick = VirtualClock.ticks(by)
        var ends: [String] = []
        for r in records {
            if case let .holdEnd(_, why) = r.event {
                ends.append("\(why.rawValue) at t=\(TraceRecord.time(r.tick))")
                if why == reason && r.tick <= tick { return Outcome(description: desc, passed: true, detail: "at t=\(TraceRecord.time(r.tick))") }
            }
        }
        return Outcome(description: desc, passed: false, detail: ends.isEmpty ? "no hold ended" : "holds ended: " + ends.joined(separator: ", "))
    }

    private func valueAt(_ k: Scenario.ValueKind, _ at: Double, _ v: Double, _ tol: Double) -> Outcome {
        let desc = "\(k.rawValue) = \(fmt(v)) ±\(fmt(tol)) at t=\(fmt(at))"
        let tick = VirtualClock.ticks(at)
        guard let p = (values[k] ?? []).last(where: { $0.tick <= tick }) else { return Outcome(description: desc, passed: false, detail: "no frame by then") }
        return Outcome(description: desc, passed: abs(p.v - v) <= tol, detail: "\(k.rawValue)=\(fmt(p.v))")
    }

    private func valueMoving(_ k: Scenario.ValueKind, _ from: Double, _ until: Double) -> Outcome {
        let desc = "\(k.rawValue) keeps moving from t=\(fmt(from)) until t=\(fmt(until))"
        let pts = window(k, from, until)
        guard pts.count >= 2 else { return Outcome(description: desc, passed: false, detail: "no frames in the window") }
        for i in 1..<pts.count where pts[i].v == pts[i - 1].v {
            return Outcome(description: desc, passed: false, detail: "still at \(fmt(pts[i].v)) at t=\(TraceRecord.time(pts[i].tick))")
        }
        return Outcome(description: desc, passed: true, detail: "\(fmt(pts.first!.v)) → \(fmt(pts.last!.v))")
    }

    private func valueStill(_ k: Scenario.ValueKind, _ from: Double, _ until: Double, _ tol: Double) -> Outcome {
        let desc = "\(k.rawValue) still within ±\(fmt(tol)) from t=\(fmt(from)) until t=\(fmt(until))"
        let pts = window(k, from, until)
        guard let first = pts.first else { return Outcome(description: desc, passed: false, detail: "no frames in the window") }
        let worst = pts.map { abs($0.v - first.v) }.max() ?? 0
        return Outcome(description: desc, passed: worst <= tol, detail: "\(fmt(first.v)), moved at most \(fmt(worst))")
    }

    private func valueWithin(_ k: Scenario.ValueKind, _ from: Double, _ until: Double, _ lo: Double, _ hi: Double) -> Outcome {
        let desc = "\(k.rawValue) within [\(fmt(lo)), \(fmt(hi))] from t=\(fmt(from)) until t=\(fmt(until))"
        let pts = window(k, from, until)
        guard !pts.isEmpty else { return Outcome(description: desc, passed: false, detail: "no frames in the window") }
        let mn = pts.map(\.v).min()!, mx = pts.map(\.v).max()!
        return Outcome(description: desc, passed: mn >= lo && mx <= hi, detail: "ranged \(fmt(mn)) … \(fmt(mx))")
    }

    private func noPullBack(_ expected: Bool) -> Outcome {
        let desc = expected ? "no pull-back after a reader drag" : "a pull-back after a reader drag (expected to show it)"
        let pulls = pullBacks()
        let detail = pulls.isEmpty ? "no host scroll for an earlier jump after a drag"
                                    : "\(counted(pulls.count, "pull-back")), first at t=\(TraceRecord.time(pulls[0]))"
        return Outcome(description: desc, passed: pulls.isEmpty == expected, detail: detail)
    }

    private func window(_ k: Scenario.ValueKind, _ from: Double, _ until: Double) -> [(tick: Int, v: Double)] {
        let a = VirtualClock.ticks(from), b = VirtualClock.ticks(until)
        return (values[k] ?? []).filter { $0.tick >= a && $0.tick <= b }
    }

    /// Ticks of host scrolls that serve a jump started before the reader's latest drag.
    /// A jump starts for the host at its first call that reaches the host: a call to a hook that
    /// throws (E13) never gets to the app, so the app cannot have been following that jump before
    /// the drag, and a later call (a replacement hook, same jumpId) is the first it hears of it.
    /// The Android sample takes a correction for a jumpId it does not know as a new jump (iOS
    /// drops it); that is the sample's logic, not a pull back to a post the app had brought the
    /// reader to (fuzz seeds 6660, 7034, 8556, 9485, 12950).
    public func pullBacks() -> [Int] {
        var lastDrag: Int?
        var jumpStart: [Int: Int] = [:]
        var lastHookJump: Int?
        var out: [Int] = []
        for r in records {
            switch r.event {
            case let .input(kind, detail):
                if kind == .dragBegin || kind == .wheel || (kind == .key && KeyName(detail ?? "").map(KeyName.scrollKeys.contains) == true) { lastDrag = r.tick }
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
