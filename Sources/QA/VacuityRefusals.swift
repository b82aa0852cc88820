import LiveblogModel
import Simulation
import VirtualTime

/// Q9: what only the run shows cannot fail (the parse-time half is Simulation's VacuityChecks).
extension ExpectationSource {
    /// Q9: why expectation `e` (at `place`) is invalid input now that the run is over, if it is.
    func refusal(_ e: Scenario.Expectation, _ place: String) -> Scenario.Invalid? {
        func refuse(_ field: String, _ why: String) -> Scenario.Invalid {
            Scenario.Invalid(file: scenario.name, place: "\(place).\(field)", message: why)
        }
        let made = jumpsMade
        let jumps = made == 0 ? "the run makes no jump" : "the run makes jumps 1 … \(made)"
        switch e {
        case let .noHost(j, _) where j > made:
            return refuse("noHost.jumpId", "there is no jump \(j): \(jumps)")
        case let .count(pattern, _, _, _, _):
            if let j = pattern["jumpId"]?.doubleValue, j > Double(made) {
                return refuse("count.jumpId", "there is no jump \(JSONWriter.number(j)): \(jumps)")
            }
            // Q17: a kind of line the page cannot write: a count of it can only be 0.
            let cannot = unwritableLines
            if let ev = pattern["ev"]?.stringValue, cannot.kinds.contains(ev) {
                return refuse("count.ev", "\(cannot.why) writes no \(ev) lines: a count of them cannot fail")
            }
            if pattern["ev"]?.stringValue == "layout", let cause = pattern["cause"]?.stringValue,
               cannot.causes.contains(cause) {
                return refuse("count.cause", "\(cannot.why) writes no layout lines with cause \(cause): "
                              + "a count of them cannot fail")
            }
        case .holdEnds where unwritableLines.kinds.contains("hold-end"):
            return refuse("holdEnds", "\(unwritableLines.why) writes no hold-end lines: the check cannot pass")
        default: break
        }
        let range = widestScrollRange
        let span = "the list's whole scroll range in this run (\(JSONWriter.number(range)) pt): "
            + "the check cannot fail"
        if let tol = Scenario.tolerance(of: e), tol > range {
            return refuse("tolerance", "±\(JSONWriter.number(tol)) pt is wider than \(span)")
        }
        if let (lo, hi) = Scenario.range(of: e), hi - lo > range {
            return refuse("within", "[\(JSONWriter.number(lo)), \(JSONWriter.number(hi))] is wider than \(span)")
        }
        return nil
    }

    /// Q9: `noPullBackAfterDrag: true` means something only when a jump was found and the reader
    /// dragged after the jump's first call; else it fails, saying what the run lacked.
    func vacuousPullBackCheck(_ f: PullBacks.Finding) -> String? {
        if f.foundJumps == 0 {
            let navs = self.navs.map { "\($0.id) \($0.result)" }
            return "nothing to check: the run has no found jump"
                + (navs.isEmpty ? " (no nav line)" : " (nav lines: " + navs.joined(separator: ", ") + ")")
        }
        guard f.dragsAfterACall > 0 else {
            return "nothing to check: no reader drag the list took after the jump's first call"
                + (f.firstCall.map { " at t=\(TraceRecord.time($0))" } ?? " (the host was never called)")
                + " (a tap or a press that moves less than the touch slop is no drag)"
        }
        // Q17: a host pulls back only by following a correction sent after the drag; with none,
        // even the naive host passes.
        if let drag = f.firstDragAfterACall, !records.contains(where: { r in
            if case .hook(_, _, true, _, _) = r.event { return r.tick > drag }
            return false
        }) {
            return "nothing to check: no correction was sent after the reader's drag at t=\(TraceRecord.time(drag)), "
                + "so there was nothing a host could follow back (the check needs a correction after the drag)"
        }
        return nil
    }
}
