import LiveblogModel
import VirtualTime

/// Q9, no vacuous pass: a check that cannot fail is not a check. What the parser can see (a
/// zero-length window, `noPullBackAfterDrag` in a scenario that can neither jump nor scroll) is
/// refused when the scenario is read; what only the run shows (a `jumpId` the run never makes, a
/// tolerance or range wider than the list's whole scroll range in the run) is refused after it,
/// as `ExpectationResult.refusal`; `noPullBackAfterDrag: true` fails, saying so, when the run has
/// no found jump or no reader drag after the jump's first call. Each is exit 65 (or 1) with the
/// reason.
extension Scenario.Reader {
    func cannotFail(_ e: Scenario.Expectation, _ s: Scenario, _ place: String) throws {
        if let (field, a, b) = Scenario.window(of: e, duration: s.duration), b <= a {
            let what = b == a ? "a zero-length window (t=\(JSONWriter.number(a)))" : "an empty window"
            throw fail("\(place).\(field)",
                       "\(what) holds no frame to check (a check that cannot fail is not a check)")
        }
        guard case .noPullBackAfterDrag = e else { return }
        if !s.mayJump {
            throw fail("\(place).noPullBackAfterDrag", "the scenario never jumps (no jump or fragment event, no "
                            + "#tickaroo_event_id in the url, no key or tap that could follow a link): "
                            + "nothing to check")
        }
        if !s.mayScroll {
            throw fail("\(place).noPullBackAfterDrag", "the scenario has no reader scroll (no drag, wheel, "
                            + "pointer, key or tap event): nothing to check")
        }
    }
}

extension Scenario {
    /// An expectation's window and the field that ends it, for the zero-length check: `until`
    /// (from `from`/`stillFrom`/`changesFrom`), or `after` (to the scenario's end).
    static func window(of e: Expectation, duration: Double) -> (String, Double, Double)? {
        switch e {
        case let .still(_, a, b, _), let .valueStill(_, a, b, _), let .valueMoving(_, a, b),
             let .valueWithin(_, a, b, _, _), let .postWithin(_, a, b, _, _): return ("until", a, b)
        case let .count(_, a, b, _, _): return (b == nil ? "from" : "until", a ?? 0, b ?? duration)
        case let .noHost(_, after): return ("after", after, duration)
        default: return nil
        }
    }

    /// Can the run jump at all: a jump or fragment event, a deep link, or input that may follow a
    /// link (a key, a tap, a pointer)?
    public var mayJump: Bool {
        if let u = config.page.url, u.contains("tickaroo_event_id=") { return true }
        return events.contains {
            switch $0.event {
            case .jump, .fragment, .key, .tap, .pointer: return true
            default: return false
            }
        }
    }

    /// Can the reader scroll the list at all (a tap is a drag when it presses a settling Android list)?
    public var mayScroll: Bool {
        events.contains {
            switch $0.event {
            case .drag, .wheel, .key, .pointer, .tap: return true
            default: return false
            }
        }
    }
}

extension ScenarioRunner {
    /// Q9: why expectation `e` (at `place`) is invalid input now that the run is over, if it is.
    func refusal(_ e: Scenario.Expectation, _ place: String) -> Scenario.Invalid? {
        func refuse(_ field: String, _ why: String) -> Scenario.Invalid {
            Scenario.Invalid(file: scenario.name, place: "\(place).\(field)", message: why)
        }
        let made = world.page.nextJumpId - 1
        let jumps = made == 0 ? "the run makes no jump" : "the run makes jumps 1 … \(made)"
        switch e {
        case let .noHost(j, _) where j > made:
            return refuse("noHost.jumpId", "there is no jump \(j): \(jumps)")
        case let .count(pattern, _, _, _, _):
            if let j = pattern["jumpId"]?.doubleValue, j > Double(made) {
                return refuse("count.jumpId", "there is no jump \(JSONWriter.number(j)): \(jumps)")
            }
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
        return nil
    }
}

extension Scenario {
    /// A post or `offset` expectation's tolerance in pt (the values the scroll range bounds).
    static func tolerance(of e: Expectation) -> Double? {
        switch e {
        case let .landsAt(_, _, t, _), let .still(_, _, _, t), let .settlesBy(_, _, t): return t
        case let .valueAt(.offset, _, _, t), let .valueStill(.offset, _, _, t): return t
        default: return nil
        }
    }

    /// A post or `offset` expectation's `[lo, hi]`.
    static func range(of e: Expectation) -> (Double, Double)? {
        switch e {
        case let .postWithin(_, _, _, lo, hi), let .valueWithin(.offset, _, _, lo, hi): return (lo, hi)
        default: return nil
        }
    }
}
