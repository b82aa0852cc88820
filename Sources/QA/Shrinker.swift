import Simulation
/// A greedy shrinker over any value (F7: a failing fuzz scenario is written shrunk to a
/// minimal one that still fails). The technique is the test-case reduction of QuickCheck and
/// Hypothesis (MacIver, "Test-Case Reduction via Test-Case Generation", 2020): from the failing
/// value, try simpler candidates in order and move to the first one that still fails, until no
/// candidate fails.
///
/// `candidates` must give values strictly smaller than its argument under some well-founded order
/// (fewer parts, then smaller parts), so the loop ends; `maxSteps` bounds the predicate calls
/// anyway (a predicate may run a whole scenario).
public enum Shrinker {
    public struct Result<T> {
        /// The smallest failing value found.
        public var value: T
        /// How many candidates were accepted (each a step towards the minimum).
        public var accepted: Int
        /// How many times the predicate ran.
        public var tries: Int
    }

    public static func minimize<T>(_ failing: T, maxSteps: Int = 10_000, candidates: (T) -> [T],
                                   fails: (T) -> Bool) -> Result<T> {
        var current = failing, accepted = 0, tries = 0
        var improved = true
        while improved && tries < maxSteps {
            improved = false
            for c in candidates(current) {
                guard tries < maxSteps else { break }
                tries += 1
                if fails(c) {
                    current = c
                    accepted += 1
                    improved = true
                    break
                }
            }
        }
        return Result(value: current, accepted: accepted, tries: tries)
    }

    /// Candidates for an array: without a run of elements (halves first, down to one element:
    /// the "ddmin" chunks of Zeller's delta debugging), then with one element simplified.
    public static func arrayCandidates<E>(_ xs: [E], simpler: (E) -> [E] = { _ in [] }) -> [[E]] {
        var out: [[E]] = []
        var chunk = xs.count
        while chunk >= 1 {
            var start = 0
            while start < xs.count {
                var c = xs
                c.removeSubrange(start..<min(xs.count, start + chunk))
                out.append(c)
                start += chunk
            }
            chunk /= 2
        }
        for (i, x) in xs.enumerated() {
            for s in simpler(x) {
                var c = xs
                c[i] = s
                out.append(c)
            }
        }
        return out
    }

    /// Simpler whole numbers: 0, then halfway towards 0, then one step towards 0.
    public static func simplerInts(_ n: Int) -> [Int] {
        guard n != 0 else { return [] }
        var out = [0]
        if abs(n) > 2 { out.append(n / 2) }
        let step = n > 0 ? n - 1 : n + 1
        if !out.contains(step) { out.append(step) }
        return out
    }

    /// Simpler numbers: 0, a whole number, then fewer decimals (one, none), each only when different.
    public static func simplerDoubles(_ x: Double) -> [Double] {
        guard x != 0, x.isFinite else { return [] }
        var out: [Double] = [0]
        let whole = x.rounded(.towardZero)
        for c in [whole, (x * 10).rounded() / 10] where c != x && abs(c) <= abs(x) && !out.contains(c) {
            out.append(c)
        }
        return out
    }
}
