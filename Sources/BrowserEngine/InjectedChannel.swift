import Embed
import EngineProcess
import Foundation
import Host
import LiveblogModel
import TextCells

/// What both engines say to the injected scripts and read from them (X1, X11): the driver's calls
/// as expressions, and the channel's messages (inject.js's `report`, `hook`, `navResult`,
/// `external`, `layout`) as events. Chromium's `EnginePage` and WebKit's `WebKitPage` carry them,
/// each over its own transport.
package enum InjectedChannel {
    // MARK: - The driver's calls (E3, E4, E11, F5, L8)

    package static func navigate(_ id: String, topOffset: Double?) -> String {
        let offset = topOffset.map { ProtocolJSON.number($0) } ?? "undefined"
        return "__liveblogDriver.navigate(\(JSONWriter.quote(id)), \(offset))"
    }

    /// `#tickaroo_event_id=ID` (E4): the page's hashchange follows.
    package static func fragment(_ id: String) -> String {
        let hash = "tickaroo_event_id=" + (id.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? id)
        return "location.hash = \(JSONWriter.quote(hash))"
    }

    package static func setHook(_ hook: EngineHook?, platform: Platform) -> String {
        "__liveblogDriver.setHook(\(ProtocolJSON.write(InjectedScript.hookSpec(hook, platform: platform))))"
    }

    package static let remove = "__liveblogDriver.remove()"

    package static func insertAtTop(_ posts: [Post]) -> String {
        "__liveblogDriver.insertAtTop(\(ProtocolJSON.write(.array(posts.map(LiveblogJSON.post)))))"
    }

    package static func requestMorePosts(elementSelector: String) -> String {
        "(e => e && e.requestMorePosts && e.requestMorePosts())(document.querySelector(\(JSONWriter.quote(elementSelector))))"
    }

    package static func scrollTo(_ y: Double) -> String { "__liveblogDriver.scrollTo(\(ProtocolJSON.number(y)))" }

    /// The page's own link to `href` nearest to page y `y`, focused and clicked (T2, X9): true
    /// when there is one.
    package static func activate(_ href: String, nearY y: Double) -> String {
        "(v => v ? v.activate(\(JSONWriter.quote(href)), \(ProtocolJSON.number(y))) : false)(window.__liveblogView)"
    }

    // MARK: - The channel's messages

    /// A hook call (`k: "hook"`); S4: a top no layout gives is the page's mistake, noted and not
    /// passed on.
    package static func hook(_ m: JSONValue) -> EngineEvent {
        if let raw = m["top"]?.doubleValue, PageNumber.coordinate(raw) == nil {
            return .engine(.note(PageNumber.note("a hook call's top", raw)))
        }
        return .page(.hook(jumpId: m["jumpId"]?.intValue ?? 0, top: m["top"]?.doubleValue ?? .nan,
                           correction: m["correction"]?.boolValue ?? false, args: m["args"]?.intValue ?? 0,
                           threw: m["threw"]?.boolValue ?? false))
    }

    /// A report's nav line or hold end (`k: "report"`, kind `nav` or `hold-end`), nil for another.
    package static func reported(_ m: JSONValue) -> PageEvent? {
        switch m["kind"]?.stringValue {
        case "nav":
            guard let id = m["id"]?.stringValue else { return nil }
            let result: NavResult = m["result"]?.stringValue == "found" ? .found : .notFound
            return .nav(id: id, result: result, via: m["via"]?.stringValue ?? "api")
        case "hold-end":
            guard let reason = m["reason"]?.stringValue.flatMap(HoldEndReason.init(rawValue:)) else { return nil }
            return .holdEnd(jumpId: m["jumpId"]?.intValue ?? 0, reason: reason)
        default:
            return nil
        }
    }

    /// The driver's navigation result on a page of one's own (`k: "navResult"`); the reference
    /// embed reports its navigations itself, with how they came.
    package static func navResult(_ m: JSONValue) -> PageEvent? {
        guard let id = m["id"]?.stringValue else { return nil }
        return .nav(id: id, result: m["found"]?.boolValue == true ? .found : .notFound, via: "api")
    }

    /// A link or a medium the page hands to the app (E14, W3).
    package static func external(_ m: JSONValue) -> PageEvent? {
        guard let u = m["url"]?.stringValue else { return nil }
        let url = Sanitizer.clean(u)
        return m["type"]?.stringValue == "media" ? .mediaHandoff(url) : .externalLink(url)
    }

    /// A layout height, or the note of one no layout gives (S4); both nil without a height.
    package static func layoutHeight(_ m: JSONValue) -> (height: Double?, refused: EngineNotice?) {
        guard let raw = m["height"]?.doubleValue else { return (nil, nil) }
        guard let h = PageNumber.size(raw) else { return (nil, .note(PageNumber.note("a layout height", raw))) }
        return (h, nil)
    }
}
