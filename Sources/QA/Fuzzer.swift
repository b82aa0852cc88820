import LiveblogModel
import Embed
import Host
import Simulation
import TextCells

/// Random scenarios (docs/contract.md) for the fuzz tests: every event kind, random modes,
/// platforms, hooks, networks, insets, terminal sizes from 1×1, page sizes and deep-link limits.
/// The same seed gives the same scenario, so a failing seed can be replayed.
public enum ScenarioFuzzer {
    public static let hookSources: [String?] = [
        "function (top, info) {}", "function (top) {}", "function () {}", "function (top, info = {}) {}",
        "(top, info) => {}", "top => top", "(...args) => {}", "function (a, b, c) {}",
        "function (top, info) { throw new Error(\"hook failed\") }", "function (top) { throw new Error(\"x\") }", nil,
    ]

    public static let keys: [KeyName] = ["j", "k", "Down", "Up", "space", "b", "PageDown", "PageUp", "g", "G", "Home", "End",
                                        "J", "K", "Tab", "BackTab", "Enter", "Escape", "m", "p", "o", "n", "i", "l", "r",
                                        "x", "?", "Left", "Right", "Backspace"].map { KeyName($0)! }

    /// A liveblog of 0–60 posts: text (wide characters, emoji, links inside and outside the
    /// liveblog, controls), media with and without declared sizes (remote, and the given local
    /// files), embeds with and without heights, quotes, emoji, unknown blocks, highlights,
    /// milestones and goals. Sometimes the generator's liveblog instead.
    public static func liveblog(_ rng: inout SeededRandom, localImages: [String] = []) -> Liveblog {
        let count = rng.unit() < 0.1 ? 0 : rng.int(1, 60)
        if rng.unit() < 0.25 {
            return LiveblogGenerator.generate(posts: count, seed: rng.next() % 1000, imageEvery: rng.int(0, 4))
        }
        let words = ["goal", "Ball", "über", "naïve", "東京", "⚽", "🔥🔥", "a", "longlonglonglonglonglonglongword",
                     "\u{1B}]2;PWNED\u{07}", "\u{1B}[2J", "tab\there", "e\u{301}", "👩‍👩‍👧", "ｗｉｄｅ", ""]
        var posts: [Post] = []
        var t = 1_700_000_000.0
        for i in 0..<count {
            var blocks: [Block] = []
            for _ in 0..<rng.int(0, 4) {
                switch rng.int(0, 9) {
                case 0...3: blocks.append(.text(text(&rng, post: i, words: words)))
                case 4, 5:
                    var ms: [Media] = []
                    for k in 0..<rng.int(1, 3) {
                        let declared = rng.unit() < 0.5
                        let w = declared ? Double(rng.int(0, 4000)) : nil, h = declared ? Double(rng.int(0, 4000)) : nil
                        let url: String
                        if !localImages.isEmpty, rng.unit() < 0.4 { url = localImages[rng.int(0, localImages.count - 1)] }
                        else { url = "https://img.example.com/\(i)-\(k).png" }
                        ms.append(Media(id: "m\(i)-\(k)", kind: rng.unit() < 0.9 ? .image : .video, width: w, height: h, url: url,
                                        alt: rng.unit() < 0.5 ? "alt \(i)" : nil))
                    }
                    blocks.append(.media(ms))
                case 6:
                    blocks.append(.embed(WebEmbed(id: "e\(i)", url: "https://social.example.com/\(i)",
                                                  declaredHeight: rng.unit() < 0.5 ? Double(rng.int(0, 900)) : nil)))
                case 7:
                    blocks.append(.quote(text: RichText(plain: "quoted \(i)"), author: rng.unit() < 0.5 ? "Author" : nil))
                case 8: blocks.append(.emoji(["⚽", "🔥", "👏"][rng.int(0, 2)]))
                default: blocks.append(.unknown(type: "Tik::ApiModel::Mystery\(i)"))
                }
            }
            let hl = Highlight.allCases[rng.int(0, Highlight.allCases.count - 1)]
            let goal = rng.unit() < 0.1 ? SportEvent(eventType: "goal", title: "Goal", team: "home", players: ["Player \(i)"],
                                                     timeOfPlay: "\(rng.int(1, 90))'") : nil
            t -= Double(rng.int(0, 600))
            posts.append(Post(id: "p\(i)", createdAt: t, highlight: hl, headline: hl == .milestone ? "Chapter \(i)" : nil,
                              blocks: blocks, sportEvent: goal))
        }
        let sb = rng.unit() < 0.5 ? Scoreboard(homeTeam: "Home", awayTeam: "Away", homeScore: rng.int(0, 9), awayScore: rng.int(0, 9)) : nil
        return Liveblog(id: "fuzz", title: rng.unit() < 0.2 ? "" : "Fuzz liveblog \(count)", scoreboard: sb, posts: posts)
    }

    /// A text block: runs of words (wide, emoji, controls, escapes), some with links.
    static func text(_ rng: inout SeededRandom, post i: Int, words: [String]) -> RichText {
        var runs: [TextRun] = []
        for _ in 0..<rng.int(1, 6) {
            let text = (0..<rng.int(0, 30)).map { _ in words[rng.int(0, words.count - 1)] }.joined(separator: " ")
            var link: String? = nil
            switch rng.int(0, 7) {
            case 0: link = "#tickaroo_event_id=p\(rng.int(0, 70))"
            case 1: link = "https://www.example.com/live#tickaroo_event_id=p\(rng.int(0, 70))"
            case 2: link = "https://elsewhere.example.org/\(i)"
            case 3: link = "javascript:alert(1)"
            default: break
            }
            // Half the time unsanitised: the screen is the last line of defence (T8).
            let shown = rng.unit() < 0.5 ? Sanitizer.clean(text, keepNewlines: rng.unit() < 0.5) : text
            runs.append(TextRun(text: shown, bold: rng.unit() < 0.3,
                                italic: rng.unit() < 0.2, link: link))
        }
        return RichText(runs: runs)
    }

    /// Every media and embed id of a liveblog.
    static func loadableIds(_ lb: Liveblog) -> [String] {
        var out: [String] = []
        for p in lb.posts {
            for b in p.blocks {
                switch b {
                case .media(let ms): out += ms.map(\.id)
                case .embed(let e): out.append(e.id)
                default: break
                }
            }
        }
        return out
    }

    /// A random scenario for `seed` (0.5–4 s of virtual time).
    public static func scenario(seed: UInt64, localImages: [String] = []) -> Scenario {
        var rng = SeededRandom(seed: seed)
        let lb = liveblog(&rng, localImages: localImages)
        let ids = lb.posts.map(\.id) + ["nope", "", "live-1", "p999"]
        let c = config(&rng, ids: ids)
        let duration = rng.uniform(0.5, 4)
        var events: [Scenario.TimedEvent] = []
        let loadables = loadableIds(lb) + ["nothing"]
        for _ in 0..<rng.int(0, 24) {
            let at = rng.unit() < 0.1 ? 0 : rng.uniform(0, duration)
            events.append(Scenario.TimedEvent(at: at, event: event(&rng, c, ids: ids, loadables: loadables)))
        }
        events = events.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        return Scenario(liveblog: lb, config: c, duration: duration, events: events, expectations: [],
                        name: "fuzz-\(seed)")
    }

    /// A terminal size: tiny, narrow, huge or ordinary.
    static func size(_ rng: inout SeededRandom) -> (Int, Int) {
        switch rng.int(0, 4) {
        case 0: return (rng.int(1, 4), rng.int(1, 4))
        case 1: return (rng.int(1, 30), rng.int(1, 10))
        case 2: return (rng.int(200, 300), rng.int(60, 80))
        default: return (rng.int(20, 140), rng.int(8, 50))
        }
    }

    static func config(_ rng: inout SeededRandom, ids: [String]) -> WorldConfig {
        var c = WorldConfig()
        (c.cols, c.rows) = size(&rng)
        c.mode = Mode.allCases[rng.int(0, 2)]
        c.platform = Platform.allCases[rng.int(0, 2)]
        c.hook = hookSources[rng.int(0, hookSources.count - 1)].flatMap { try? HookSignature(parsing: $0) }
        c.insetTopRows = rng.unit() < 0.2 ? rng.int(0, 40) : rng.int(0, 3)
        c.insetBottomRows = rng.unit() < 0.2 ? rng.int(0, 40) : rng.int(0, 2)
        c.headerRows = rng.int(0, 12)
        c.footerRows = rng.int(0, 30)
        c.page.pageSize = rng.unit() < 0.5 ? 0 : rng.int(1, 20)
        c.page.deepLinkLimit = rng.unit() < 0.5 ? 0 : rng.int(1, 30)
        c.page.stickyHeader = rng.unit() < 0.7 ? 0 : Double(rng.int(1, 80))
        c.page.resizeLatency = rng.int(0, 6)
        c.page.lazyMedia = rng.unit() < 0.3
        let profiles: [NetworkProfile] = [.instant, .fast, .threeG, .slow, .offline]
        c.page.networkProfile = profiles[rng.int(0, profiles.count - 1)]
        c.page.networkSeed = rng.next() % 10_000
        switch rng.int(0, 5) {
        case 0: c.page.url = "https://www.example.com/live#tickaroo_event_id=\(ids[rng.int(0, ids.count - 1)])"
        case 1: c.page.url = "https://evil.example.net/live"
        case 2:
            c.page.url = "https://www.example.com/live"
            c.page.enabledDomains = rng.unit() < 0.5 ? [] : ["www.example.com", "x.org"]
        default: break
        }
        return c
    }

    /// One random event of any kind.
    static func event(_ rng: inout SeededRandom, _ c: WorldConfig, ids: [String], loadables: [String]) -> Scenario.Event {
        func anyId() -> String { ids[rng.int(0, ids.count - 1)] }
        switch rng.int(0, 13) {
        case 0, 1: return .jump(id: anyId(), topOffset: rng.unit() < 0.7 ? nil : rng.uniform(-100, 400))
        case 2: return .fragment(anyId())
        case 3: return .drag(dy: rng.uniform(-1200, 1200), duration: rng.unit() < 0.1 ? 0 : rng.uniform(0.01, 0.6),
                             row: Double(rng.int(0, c.rows + 3)), col: Double(rng.int(0, c.cols + 3)))
        case 4: return .tap(row: Double(rng.int(0, c.rows + 3)), col: Double(rng.int(0, c.cols + 3)))
        case 5: return .wheel(notches: rng.int(-6, 6), row: Double(rng.int(0, c.rows + 3)), col: Double(rng.int(0, c.cols)))
        case 6, 7: return .key(keys[rng.int(0, keys.count - 1)])
        case 8:
            let s = size(&rng)
            return .resize(cols: s.0, rows: s.1)
        case 9: return .live(rng.int(0, 4))
        case 10: return .load(loadables[rng.int(0, loadables.count - 1)])
        case 11: return .setHook(hookSources[rng.int(0, hookSources.count - 1)])
        case 12: return rng.unit() < 0.3 ? .remove : .key(.char("j"))
        default:
            let phases: [PointerPhase] = [.down, .move, .up]
            return .pointer(phase: phases[rng.int(0, 2)], x: rng.uniform(-50, Double(c.cols * 8 + 50)),
                            y: rng.uniform(-50, Double(c.rows * 16 + 50)))
        }
    }

    /// A one-line description of a scenario's settings, for failure messages.
    public static func describe(_ s: Scenario) -> String {
        let c = s.config
        return "\(Plural.count(s.liveblog.posts.count, "post")), \(c.cols)x\(c.rows), \(c.mode.rawValue)/\(c.platform.rawValue), " +
            "hook \(c.hook?.source ?? "none"), insets \(c.insetTopRows),\(c.insetBottomRows), " +
            "pageSize \(c.page.pageSize), deepLinkLimit \(c.page.deepLinkLimit), \(c.page.networkProfile.rawValue), " +
            "\(Plural.count(s.events.count, "event")) over \(s.duration) s"
    }
}
