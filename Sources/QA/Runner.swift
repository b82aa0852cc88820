import Foundation
import LiveblogModel
import Embed
import Host
import Simulation

/// Runs a scenario headless in virtual time (C2): the same World the terminal drives.
public final class ScenarioRunner: ExpectationSource {
    public let scenario: Scenario
    public let world: World
    /// Every trace record, in time order.
    public private(set) var records: [TraceRecord] = []
    /// The watched posts' y in every frame (nil: not laid out), and the watched values.
    private(set) var series: [String: [(tick: Int, y: Double?)]] = [:]
    private(set) var values: [Scenario.ValueKind: [(tick: Int, v: Double)]] = [:]
    private var watchedValues: [Scenario.ValueKind] = []
    /// Q9: the largest whole scroll range of any frame (the list's, and the web view's own in
    /// nested and header modes), in pt: a tolerance wider than it cannot fail.
    private(set) var widestScrollRange = 0.0
    /// The pull-back rule's finding on the run (`ExpectationSource`).
    var pullBackFinding: PullBacks.Finding { world.pullBacks }
    /// The jumps the run made: 1 … jumpsMade.
    var jumpsMade: Int { world.page.nextJumpId - 1 }
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

    /// `makePage`: the scenario's page (nil: the emulated one, X1).
    public init(scenario: Scenario, makePage: PageMaker? = nil) {
        self.scenario = scenario
        world = ScenarioRunner.world(for: scenario, makePage: makePage)
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
                self.widestScrollRange = max(self.widestScrollRange, self.world.wholeScrollRange)
            }
        }
    }

    /// The scenario's world; with a capture (R4), its loads and polls answered from it, offline.
    static func world(for scenario: Scenario, makePage: PageMaker?) -> World {
        guard let session = scenario.capture?.replay() else {
            return World(liveblog: scenario.liveblog, config: scenario.config, makePage: makePage)
        }
        let world = World(liveblog: session.liveblog, config: scenario.config, loader: session.loader,
                          makePage: makePage)
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
            advance(to: tick)
            if failure != nil { break }
            world.send(e.event)
        }
        advance(to: end)
        return evaluate()
    }

    /// Q17: a page of one's own without the reference embed's report channel tells no hold ends
    /// and no live, removed or stream layouts.
    var unwritableLines: (kinds: Set<String>, causes: Set<String>, why: String) {
        guard !world.page.reportsItsJumps else { return ([], [], "") }
        return (["hold-end"], ["live", "removed", "stream"],
                "the page (without the reference embed's report channel, docs/engine.md)")
    }

    /// Why the run stopped before its end: the page's engine crashed or stopped answering (X2);
    /// the expectations are then not evaluated by the commands, which report this instead.
    public var failure: String? { world.page.failure }

    /// The world, a frame at a time, until `tick` or until its page fails (X2: a run whose engine
    /// is gone ends at once, with the frames it had).
    private func advance(to tick: Int) {
        guard failure == nil else { return }
        repeat {
            world.advance(to: min(tick, world.tick + VirtualClock.ticksPerFrame))
        } while world.tick < tick && failure == nil
    }

    /// Every expectation's result, in order, each with its index and name (its stable id, Q4), and
    /// its xfail (Q13): its own, or its scenario's when it fails; then, when the page's own
    /// requests failed, the check that none did (Q16).
    public func evaluate() -> [Outcome] {
        var out = evaluateExpectations()
        // Q21: a post that is never laid out on a page whose post selector matched nothing: why.
        let unmatched = records.lazy.compactMap { r -> String? in
            guard case let .engine(note) = r.event, note.kind == .note, note.text.contains("matches nothing on the page")
            else { return nil }
            return note.text
        }.first
        if let unmatched {
            for i in out.indices where !out[i].passed && out[i].detail.contains("is not laid out") {
                out[i].detail += " — " + unmatched
            }
        }
        // Q21: the page's own document failed (404, 5xx): that is the cause, not a refusal the
        // empty page provokes ("tolerance wider than the scroll range (0.0 pt)").
        let documentFailed = scenario.engine.pageURL.map { url in
            records.contains { r in
                guard case let .resource(u, status, _) = r.event, let status, status >= 400 else { return false }
                return u == url.split(separator: "#", maxSplits: 1).first.map(String.init)
            }
        } ?? false
        if documentFailed { for i in out.indices { out[i].refusal = nil } }
        // The reference embed's requests are liveblog's own (a liveblog's missing file fails the
        // same way in the emulated page): only a page of one's own is checked.
        if scenario.engine.pageURL != nil, var r = ResourceCheck.outcome(records, allowed: scenario.engine.allowResourceFailures,
                                         counted: ResourceCheck.counts(scenario.expectations)) {
            r.index = out.count
            r.xfail = r.passed ? nil : scenario.xfail
            out.append(r)
        }
        return out
    }

    /// Ticks of host scrolls that serve a jump started before the reader's latest drag: the one
    /// pull-back rule (`PullBacks`, Q14) on the run's records.
    public func pullBacks() -> [Int] { world.pullBacks.pullBacks }
}
