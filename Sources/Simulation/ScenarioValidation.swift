import TextCells
import LiveblogModel

/// Q1, no silent passes: what the parser checks once the whole scenario is read. An event or an
/// expectation time outside [0, duration] would never happen or be checked; an expectation on a
/// post the liveblog does not contain (or a live post no `live` event makes), or on a value that
/// is constant in the scenario's mode, could only pass or fail by accident; two expectations with
/// one name would share an id in reports. Each is invalid input naming its place (exit 65). A
/// `jump` to an unknown id stays valid: E3's not-found is a behaviour to test.
extension Scenario.Reader {
    func validate(_ s: Scenario) throws {
        let end = JSONWriter.number(s.duration)
        for (i, e) in s.events.enumerated() where e.at > s.duration {
            throw fail("events[\(i)].at", "\(JSONWriter.number(e.at)) is after the scenario's end (duration \(end) s)")
        }
        var seen: [String: Int] = [:]
        for (i, e) in s.expectations.enumerated() {
            let place = "expect[\(i)]"
            for (field, t) in Scenario.times(of: e) where t > s.duration {
                throw fail("\(place).\(field)", "\(JSONWriter.number(t)) is after the scenario's end (duration \(end) s)")
            }
            if let post = Scenario.post(of: e), !s.mayContain(post) {
                let live = post.hasPrefix("live-") ? " (and no `live` event makes it: they make live-1 … live-"
                    + "\(s.livePostsMade))" : ""
                throw fail("\(place).post", "the liveblog has no post \"\(Sanitizer.clean(post))\"" + live)
            }
            try cannotFail(e, s, place)
            if let k = Scenario.value(of: e), !Scenario.observable(k, in: s.config.mode), !s.switchesMode {
                throw fail("\(place).value", "\(k.rawValue) never changes in \(s.config.mode.rawValue) mode "
                                + "(\(k == .headerFade ? "always 1" : "always 0")): nothing to observe")
            }
            if let n = i < s.expectationNames.count ? s.expectationNames[i] : nil {
                if let first = seen[n] { throw fail("\(place).name", "\"\(n)\" is also expect[\(first)]'s name") }
                seen[n] = i
            }
        }
    }
}

extension Scenario {
    /// Does the liveblog have this post, or can a `live` event (or an `l` key) add it? They add
    /// `live-1`, `live-2`, … in turn, skipping ids the liveblog has.
    func mayContain(_ post: String) -> Bool {
        // X4: a page of one's own brings posts the scenario cannot know.
        if engine.pageURL != nil { return true }
        if liveblog.posts.contains(where: { $0.id == post }) { return true }
        let number = post.dropFirst(5)
        guard post.hasPrefix("live-"), let k = Int(number), k >= 1, String(k) == number else { return false }
        let taken = liveblog.posts.filter { $0.id.hasPrefix("live-") }.count
        return k <= livePostsMade + taken
    }

    /// How many posts the run's `live` events and `l` keys add.
    var livePostsMade: Int {
        events.reduce(0) { n, e in
            switch e.event {
            case .live(let k): return n + max(0, k)
            case .key(let key) where key.name == "l": return n + 1
            default: return n
            }
        }
    }

    /// Does a key event switch the mode (`m`), so that every value can move?
    var switchesMode: Bool {
        events.contains { if case .key(let k) = $0.event { return k.name == "m" } else { return false } }
    }

    /// An expectation's times, with their field names.
    static func times(of e: Expectation) -> [(String, Double)] {
        switch e {
        case let .landsAt(_, _, _, by), let .holdEnds(_, by): return [("by", by)]
        case let .still(_, a, b, _), let .valueStill(_, a, b, _): return [("stillFrom", a), ("until", b)]
        case let .valueAt(_, at, _, _): return [("at", at)]
        case let .valueMoving(_, a, b): return [("changesFrom", a), ("until", b)]
        case let .valueWithin(_, a, b, _, _), let .postWithin(_, a, b, _, _): return [("from", a), ("until", b)]
        case let .settlesBy(_, by, _): return [("settlesBy", by)]
        case let .count(_, a, b, _, _): return [a.map { ("from", $0) }, b.map { ("until", $0) }].compactMap { $0 }
        case let .noHost(_, after): return [("after", after)]
        case .noPullBackAfterDrag: return []
        }
    }

    public static func post(of e: Expectation) -> String? {
        switch e {
        case let .landsAt(p, _, _, _), let .still(p, _, _, _), let .postWithin(p, _, _, _, _),
             let .settlesBy(p, _, _): return p
        default: return nil
        }
    }

    public static func value(of e: Expectation) -> ValueKind? {
        switch e {
        case let .valueAt(k, _, _, _), let .valueMoving(k, _, _), let .valueStill(k, _, _, _),
             let .valueWithin(k, _, _, _, _): return k
        default: return nil
        }
    }
}
