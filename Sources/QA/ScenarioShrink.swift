import VirtualTime
import Simulation

/// Shrinking a failing scenario (F7): fewest events first, then the shortest duration, then
/// simpler values (a jump without its top offset, whole and zero distances, one wheel notch,
/// earlier round times). Each candidate is strictly smaller in that order, so `Shrinker.minimize`
/// ends. Every event stays inside `[0, duration]` (Q1: a time outside is invalid input).
public enum ScenarioShrink {
    /// The smallest scenario found for which `fails` still holds.
    public static func minimize(_ s: Scenario, maxSteps: Int = 2_000,
                                fails: (Scenario) -> Bool) -> Shrinker.Result<Scenario> {
        Shrinker.minimize(s, maxSteps: maxSteps, candidates: candidates, fails: fails)
    }

    public static func candidates(_ s: Scenario) -> [Scenario] {
        var out: [Scenario] = []
        for events in Shrinker.arrayCandidates(s.events) where events.count < s.events.count {
            var c = s
            c.events = events
            out.append(c)
        }
        for d in shorterDurations(s) {
            var c = s
            c.duration = d
            out.append(c)
        }
        for (i, e) in s.events.enumerated() {
            for simpler in simpler(e, lastAllowed: s.duration) {
                var c = s
                c.events[i] = simpler
                // Stable by time, as the reader sorts them.
                c.events = c.events.enumerated()
                    .sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
                    .map(\.element)
                out.append(c)
            }
        }
        return out
    }

    /// Shorter durations, never before the last event or an expectation's time: that time itself,
    /// then halfway, each at least a tick shorter; then the duration in whole tenths of a second.
    static func shorterDurations(_ s: Scenario) -> [Double] {
        let floor = max(s.events.map(\.at).max() ?? 0, latestExpectationTime(s))
        let tick = 1.0 / Double(VirtualClock.ticksPerSecond)
        var out: [Double] = []
        for d in [floor, (floor + s.duration) / 2, (s.duration * 10).rounded(.down) / 10]
        where d >= floor && d <= s.duration - tick && !out.contains(d) {
            out.append(d)
        }
        return out
    }

    static func latestExpectationTime(_ s: Scenario) -> Double {
        s.expectations.map { e -> Double in
            switch e {
            case let .landsAt(_, _, _, by), let .holdEnds(_, by): return by
            case let .still(_, _, until, _), let .valueMoving(_, _, until), let .valueStill(_, _, until, _),
                 let .valueWithin(_, _, until, _, _): return until
            case let .valueAt(_, at, _, _): return at
            case let .postWithin(_, _, until, _, _): return until
            case let .settlesBy(_, by, _): return by
            case let .count(_, from, until, _, _): return until ?? from ?? 0
            case let .noHost(_, after): return after
            case .noPullBackAfterDrag: return 0
            }
        }.max() ?? 0
    }

    /// Simpler forms of one event: its time earlier and rounder, then its values simpler.
    static func simpler(_ e: Scenario.TimedEvent, lastAllowed: Double) -> [Scenario.TimedEvent] {
        var out = Shrinker.simplerDoubles(e.at).filter { $0 < e.at }
            .map { Scenario.TimedEvent(at: $0, event: e.event) }
        for v in simpler(e.event) { out.append(Scenario.TimedEvent(at: e.at, event: v)) }
        return out
    }

    static func simpler(_ e: Scenario.Event) -> [Scenario.Event] {
        switch e {
        case let .jump(id, off):
            guard let o = off else { return [] }
            return [.jump(id: id, topOffset: nil)]
                + Shrinker.simplerDoubles(o).map { .jump(id: id, topOffset: $0) }
        case let .drag(dy, d, row, col):
            return Shrinker.simplerDoubles(dy).map { .drag(dy: $0, duration: d, row: row, col: col) }
                + Shrinker.simplerDoubles(d).map { .drag(dy: dy, duration: $0, row: row, col: col) }
        case let .wheel(n, row, col):
            return Shrinker.simplerInts(n).filter { $0 != 0 }.map { .wheel(notches: $0, row: row, col: col) }
        case let .pointer(phase, x, y):
            return Shrinker.simplerDoubles(x).map { .pointer(phase: phase, x: $0, y: y) }
                + Shrinker.simplerDoubles(y).map { .pointer(phase: phase, x: x, y: $0) }
        case let .live(n):
            return Shrinker.simplerInts(n).filter { $0 > 0 }.map { .live($0) }
        default: return []
        }
    }
}
