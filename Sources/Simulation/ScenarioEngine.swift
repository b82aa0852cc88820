import LiveblogModel
import Embed
import TextCells

/// Which engine runs the web row's page (X1) and, for a real engine, which page (X4): the
/// scenario's `"engine"`, `"pageURL"`, `"pageElement"`, `"postSelector"`, `"postIdAttribute"`,
/// `"highlightSelector"`, `"chapterSelector"`, `"scorerSelector"`,
/// and `--engine`, `--page-url`, … on the command line. The World never reads it: the command layer
/// turns it into the World's `PageMaker` (`ScenarioSuite.Hooks.makePage`, `EngineRun.maker`).
public struct PageEngine: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        /// The emulated page (section 2): the default.
        case emulated
        /// Chromium over the DevTools protocol (docs/engine.md).
        case chromium
        /// WebKitGTK through the WebKit helper, as iOS's web view (X11; real time only).
        case webkit
        /// Each platform's own engine: iOS WebKit, Android Chromium (X11).
        case platform
    }

    public var kind: Kind = .emulated
    /// X4: the user's own page, loaded as it is (a real engine only); nil: the reference embed.
    public var pageURL: String?
    /// The page's liveblog element (`navigateToEventId`, removal), a CSS selector; nil: the
    /// engine's default (`tickaroo-liveblog`, the integration guide's tag).
    public var elementSelector: String?
    /// The posts that `post` expectations and frame lines follow; nil: what the reference embed
    /// marks (`[data-post-id]`, its id in `data-post-id`).
    public var postSelector: String?
    public var postIdAttribute: String?
    /// The panels' marks (L7) on a page of one's own; nil: the reference embed's.
    public var highlightSelector: String?
    public var chapterSelector: String?
    public var scorerSelector: String?
    /// S3: `--no-sandbox`: the page of one's own may run as root without the engine's sandbox
    /// where nothing better is possible (command line only).
    public var allowUnsandboxedPage = false
    /// Q16: `"allowResourceFailures"`: the page's requests that may fail (URL substrings; "*"
    /// any); nil: none may (a failed request fails the scenario).
    public var allowResourceFailures: [String]?
    /// Q20: `--page-capture FILE`: a page of one's own recorded into FILE, or replayed from it
    /// offline when it exists (command line only).
    public var pageCapture: String?

    public init(kind: Kind = .emulated) { self.kind = kind }

    /// Why these settings cannot run, nil when they can: a page URL or its selectors need a real
    /// engine; selectors need a page URL (the reference embed's are its own); a page URL is
    /// http(s) with a host.
    public var problem: (field: String, message: String)? {
        if let u = pageURL {
            guard kind != .emulated else {
                return ("pageURL", "a page URL runs only in a real engine: \"engine\": \"chromium\" (or \"webkit\")")
            }
            let lower = u.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://"),
                  let host = PageURL.host(of: u), !host.isEmpty else {
                return ("pageURL", "expected an http(s) URL with a host, got \"\(Sanitizer.clean(u))\"")
            }
        } else {
            for (name, value) in selectorFields where value != nil {
                return (name, "\(name) names what to look for on a page of your own: it needs \"pageURL\"")
            }
            if allowResourceFailures != nil {
                return ("allowResourceFailures", "the requests of a page of your own may fail: it needs \"pageURL\"")
            }
        }
        for (name, value) in selectorFields {
            if let v = value, v.trimmingCharacters(in: .whitespaces).isEmpty {
                return (name, "must not be empty")
            }
        }
        return nil
    }

    var selectorFields: [(String, String?)] {
        [("pageElement", elementSelector), ("postSelector", postSelector), ("postIdAttribute", postIdAttribute),
         ("highlightSelector", highlightSelector), ("chapterSelector", chapterSelector),
         ("scorerSelector", scorerSelector)]
    }

    /// The fields a written scenario carries. `always`: `"engine"` even when it is the default
    /// (the recorder's, so a recorded session says which engine it ran on).
    public func settings(always: Bool = false) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = []
        if always || kind != .emulated { pairs.append(("engine", .string(kind.rawValue))) }
        if let u = pageURL { pairs.append(("pageURL", .string(u))) }
        for (name, value) in selectorFields { if let v = value { pairs.append((name, .string(v))) } }
        if let a = allowResourceFailures { pairs.append(("allowResourceFailures", .array(a.map { .string($0) }))) }
        return pairs
    }
}

extension Scenario.Reader {
    static let engineKeys: Set<String> = ["engine", "pageURL", "pageElement", "postSelector", "postIdAttribute",
                                          "highlightSelector", "chapterSelector", "scorerSelector",
                                          "allowResourceFailures"]

    /// One of the engine's fields (X1, X4).
    func engine(_ k: String, _ v: JSONValue, _ engine: inout PageEngine, explicitKind: inout Bool) throws {
        switch k {
        case "engine":
            engine.kind = try choice(v, "engine", "engine")
            explicitKind = true
        case "pageURL": engine.pageURL = try string(v, "pageURL")
        case "pageElement": engine.elementSelector = try string(v, "pageElement")
        case "postSelector": engine.postSelector = try string(v, "postSelector")
        case "highlightSelector": engine.highlightSelector = try string(v, "highlightSelector")
        case "chapterSelector": engine.chapterSelector = try string(v, "chapterSelector")
        case "scorerSelector": engine.scorerSelector = try string(v, "scorerSelector")
        case "allowResourceFailures":
            guard let items = v.arrayValue, !items.isEmpty,
                  let patterns = Optional(items.compactMap(\.stringValue)), patterns.count == items.count,
                  patterns.allSatisfy({ !$0.isEmpty }) else {
                throw fail("allowResourceFailures", "expected a non-empty array of URL parts (\"*\": any request)")
            }
            engine.allowResourceFailures = patterns
        default: engine.postIdAttribute = try string(v, "postIdAttribute")
        }
    }

    /// The engine settings as read: a page URL without an `"engine"` runs in Chromium.
    func checked(_ engine: PageEngine, explicitKind: Bool) throws -> PageEngine {
        var e = engine
        if e.pageURL != nil, !explicitKind { e.kind = .chromium }
        if let p = e.problem { throw fail(p.field, p.message) }
        return e
    }
}

extension Scenario {
    /// The liveblog of a scenario that loads a page of its own (X4): the page brings its posts.
    public static func pageLiveblog(_ url: String) -> Liveblog {
        Liveblog(id: "page", title: Sanitizer.clean(PageURL.host(of: url) ?? url), posts: [])
    }
}

extension Scenario {
    /// The engine that runs this scenario's page: `platform` resolved by its platform (Android:
    /// Chromium, the others: WebKit, as `EngineRun` opens them); what `"xfailIn"` is read against.
    public var runEngine: PageEngine.Kind {
        guard engine.kind == .platform else { return engine.kind }
        return config.platform == .android ? .chromium : .webkit
    }
}
