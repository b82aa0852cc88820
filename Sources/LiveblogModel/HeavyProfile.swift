/// The heavy synthetic liveblog (B7, issue 14): what a real ticker carries rather than the
/// short-text default. Per 100 000 posts: about 50 000 images (half of them without a declared
/// size, so their height is known only once loaded, L5), about 15 000 web embeds (half with an
/// oEmbed height, L6), and long rich text: 2–5 paragraphs of 2–5 sentences with bold leads,
/// italics, links (external and to older posts) and emoji inside the text (with VS16 and skin
/// tones, E1), quotes and emoji blocks. About 730 bytes of native JSON a post (73 MB for 100 000).
/// The same seed gives the same liveblog; the cost is linear in `posts`.
public enum HeavyProfile {
    static let sentences = [
        "%P picks up the ball in midfield and drives towards the box.",
        "%H keep the ball patiently at the back, probing for an opening.",
        "%A press high and force a hurried clearance into the stands.",
        "A long throw from %P causes chaos in the six-yard box.",
        "%P goes down under a challenge, but the referee waves play on.",
        "The crowd roars as %P skips past two defenders on the wing.",
        "%P curls a free kick just over the bar from twenty-five yards.",
        "It is end to end at the moment and neither side is willing to give an inch.",
        "The away fans are in full voice behind the goal, %A colours everywhere.",
        "Possession statistics favour %H so far, but chances are few.",
        "The manager is not happy on the touchline and lets the fourth official know.",
        "A clever one-two between %P and %P opens up space on the left.",
        "Ibáñez and Petrović exchange words after the whistle; the referee steps in.",
        "The rain is getting heavier — the groundstaff are watching the pitch closely.",
        "Statistically, this is the quickest start %H have made all season.",
    ]
    static let inlineEmoji = ["⚽", "🔥", "😱", "👏🏽", "❤️", "🟨", "🙌", "🇩🇪", "👍🏻", "🏆"]
    static let blockEmoji = ["⚽", "🔥", "😱", "👏", "🟨", "🟥", "🏆", "🙌"]
    static let leads = ["Big moment:", "Analysis:", "From the press box:", "Team news:", "VAR check:"]
    static let embedHosts = ["https://www.youtube.com/watch?v=", "https://twitter.com/harbourcityfc/status/",
                             "https://www.instagram.com/p/", "https://www.tiktok.com/@club/video/"]
    static let sizes: [(Double, Double)] = [(1280, 720), (1080, 1080), (800, 600), (1200, 800), (720, 1280)]
    static let players = ["Okafor", "Lindqvist", "Marchetti", "Dubois", "Haddad", "Novak", "Ferreira",
                          "Mensah", "Albers", "Quintero", "Fischer", "Walsh", "Nakamura", "Costa"]
    static let home = "Harbour City FC", away = "Northvale United"

    /// - Parameters:
    ///   - posts: how many posts (0 or more).
    ///   - seed: the same seed gives the same liveblog.
    ///   - imageDirectory: media URLs are `imageDirectory/MEDIAID.png`.
    public static func generate(posts count: Int, seed: UInt64,
                                imageDirectory: String = "https://media.example.com/img",
                                startTime: Double = 1_716_044_400) -> Liveblog {
        var rng = SeededRandom(seed: seed ^ 0x4845_4156_59)
        let n = max(0, count)
        var posts: [Post] = []
        posts.reserveCapacity(n)
        var time = startTime
        for i in 0..<n {
            time += Double(rng.int(5, 60))
            let id = "heavy-\(i + 1)"
            var blocks: [Block] = [.text(body(i, &rng))]
            if rng.unit() < 0.455 { blocks.append(.media(images(id, imageDirectory, &rng))) }
            let extra = rng.unit()
            if extra < 0.15 {
                let h: Double? = rng.unit() < 0.5 ? Double(rng.int(20, 60) * 10) : nil
                let url = embedHosts[rng.int(0, embedHosts.count - 1)] + String(rng.int(100_000, 999_999))
                blocks.append(.embed(WebEmbed(id: "\(id)-e1", url: url, declaredHeight: h)))
            } else if extra < 0.25 {
                blocks.append(.quote(text: RichText(plain: sentence(&rng)), author: "\(home) head coach"))
            } else if extra < 0.32 {
                blocks.append(.emoji(blockEmoji[rng.int(0, blockEmoji.count - 1)]))
            }
            if rng.unit() < 0.22 { blocks.append(.text(body(i, &rng, paragraphs: 1))) }
            let roll = rng.unit()
            let highlight: Highlight = roll < 0.03 ? .milestone : roll < 0.08 ? .inplace : .none
            let headline = highlight == .milestone ? "Chapter \(i / 1000 + 1): \(leads[rng.int(0, 4)])" : nil
            posts.append(Post(id: id, createdAt: time, highlight: highlight, headline: headline,
                              blocks: blocks))
        }
        posts.reverse()
        return Liveblog(id: "heavy-\(seed)", title: "\(home) vs \(away) (heavy)",
                        scoreboard: Scoreboard(homeTeam: home, awayTeam: away, homeScore: 2, awayScore: 1),
                        posts: posts, format: .generated)
    }

    /// One image, sometimes a gallery of two; half of them without a declared size.
    static func images(_ id: String, _ imageDirectory: String, _ rng: inout SeededRandom) -> [Media] {
        let count = rng.unit() < 0.1 ? 2 : 1
        return (1...count).map { k in
            let declared = rng.unit() < 0.5
            let size = sizes[rng.int(0, sizes.count - 1)]
            let mid = "\(id)-m\(k)"
            return Media(id: mid, kind: .image, width: declared ? size.0 : nil,
                         height: declared ? size.1 : nil,
                         url: "\(imageDirectory)/\(mid).png", alt: "Photo \(mid)")
        }
    }

    /// Paragraphs separated by "\n": a bold lead now and then, a link, an italic aside, emoji.
    static func body(_ i: Int, _ rng: inout SeededRandom, paragraphs: Int? = nil) -> RichText {
        var runs: [TextRun] = []
        let count = paragraphs ?? (rng.unit() < 0.25 ? 1 : rng.int(2, 3))
        for p in 0..<count {
            if p > 0 { runs.append(TextRun(text: "\n")) }
            if rng.unit() < 0.2 {
                runs.append(TextRun(text: leads[rng.int(0, leads.count - 1)] + " ", bold: true))
            }
            var text = ""
            for s in 0..<rng.int(1, 3) {
                text += (s == 0 ? "" : " ") + sentence(&rng)
                if rng.unit() < 0.15 { text += " " + inlineEmoji[rng.int(0, inlineEmoji.count - 1)] }
            }
            runs.append(TextRun(text: text + " "))
            let style = rng.unit()
            if style < 0.2, i > 0 {
                let target = rng.int(max(1, i - 500), i)
                runs.append(TextRun(text: "Earlier update", link: "#tickaroo_event_id=heavy-\(target)"))
            } else if style < 0.35 {
                runs.append(TextRun(text: "Match report", link: "https://www.example.com/report/\(i + 1)"))
            } else if style < 0.45 {
                runs.append(TextRun(text: "(replay to follow)", italic: true))
            }
        }
        return RichText(runs: runs)
    }

    /// A sentence with its placeholders filled: %P a player, %H and %A the teams.
    static func sentence(_ rng: inout SeededRandom) -> String {
        let template = sentences[rng.int(0, sentences.count - 1)]
        guard template.contains("%") else { return template }
        var out = ""
        var pending = false
        for ch in template {
            if pending {
                switch ch {
                case "P": out += players[rng.int(0, players.count - 1)]
                case "H": out += home
                case "A": out += away
                default: out += "%" + String(ch)
                }
                pending = false
            } else if ch == "%" {
                pending = true
            } else {
                out.append(ch)
            }
        }
        return out
    }
}
