import LiveblogModel
import VirtualTime
import TextCells

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
        // Q17: `threw: true` on the emulated page's hook, which runs no throw statement: every
        // hook line says false, so the count cannot fail (or cannot pass).
        if case let .count(pattern, _, _, _, _) = e, s.engine.kind == .emulated,
           pattern["threw"]?.boolValue == true, (pattern["ev"]?.stringValue ?? "hook") == "hook" {
            if let hook = s.config.hook, hook.throwsMessage == nil {
                throw fail("\(place).count.threw", "the hook \"\(Sanitizer.clean(String(hook.source.prefix(80))))\" runs no "
                           + "throw statement (a throw in a comment, a string or a function it only defines does not "
                           + "run): no hook line can say threw: true")
            } else if s.config.hook == nil {
                throw fail("\(place).count.threw", "the scenario has no hook: no hook line is written")
            }
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

extension Scenario {
    /// A post or `offset` expectation's tolerance in pt (the values the scroll range bounds).
    public static func tolerance(of e: Expectation) -> Double? {
        switch e {
        case let .landsAt(_, _, t, _), let .still(_, _, _, t), let .settlesBy(_, _, t): return t
        case let .valueAt(.offset, _, _, t), let .valueStill(.offset, _, _, t): return t
        default: return nil
        }
    }

    /// A post or `offset` expectation's `[lo, hi]`.
    public static func range(of e: Expectation) -> (Double, Double)? {
        switch e {
        case let .postWithin(_, _, _, lo, hi), let .valueWithin(.offset, _, _, lo, hi): return (lo, hi)
        default: return nil
        }
    }
}
