import Foundation

/// A synthetic sports liveblog, the same for the same seed (C5, benchmarks, tests).
///
/// Posts are a football match told over and over: 1–6 sentences, some bold and links (external,
/// and `#tickaroo_event_id=ID` links to older posts), ~5 % highlights (sticky / inplace), ~3 %
/// milestones with headlines (chapters), ~4 % goals with a scorer and `time_of_play`, a media
/// block every `imageEvery`-th post (about 4 in 5 with a declared size), web embeds (~3 %, half
/// with a declared height), quotes (~4 %) and emoji (~3 %). The cost is linear in `posts`.
public enum LiveblogGenerator {
    static let teams = [
        ("Harbour City FC", ["Okafor", "Lindqvist", "Marchetti", "Dubois", "Haddad", "Novak", "Ferreira", "Kowalczyk", "Brennan", "Sato", "Adeyemi"]),
        ("Northvale United", ["Mensah", "Albers", "Quintero", "Fischer", "Walsh", "Petrović", "Nakamura", "Costa", "Hughes", "Ibáñez", "Rahman"]),
        ("Eastport Rovers", ["Kane", "Moreau", "Oyelaran", "Svensson", "Ruiz", "Doyle", "Benali", "Tanaka", "Schmidt", "O'Neill", "Varga"]),
        ("Westbrook Athletic", ["Da Silva", "Keller", "Ncube", "Horvat", "Lund", "Ahmadi", "Jensen", "Morales", "Boateng", "Kim", "Murphy"]),
    ]

    static let openers = [
        "%P picks up the ball in midfield.", "%H keep the ball patiently at the back.",
        "%A press high and force a hurried clearance.", "A long throw from %P causes chaos in the box.",
        "%P goes down under a challenge, but the referee waves play on.", "Corner to %H.",
        "%P curls a free kick just over the bar.", "The crowd roars as %P skips past two defenders.",
        "%A switch play quickly to the right wing.", "%P tries his luck from 25 yards.",
        "Yellow card for %P after a late tackle.", "Substitution for %H: %P comes on.",
        "The rain is getting heavier at the stadium.", "%P heads the cross wide of the far post.",
    ]
    static let middles = [
        "The keeper gathers it comfortably.", "The pass is a fraction too long.",
        "It is end to end at the moment.", "Neither side is willing to give an inch.",
        "The away fans are in full voice behind the goal.", "That was a real chance.",
        "The tempo has dropped a little.", "%P is shaping up to be the man of the match.",
        "The bench is on its feet.", "Possession statistics favour %H so far.",
        "The manager is not happy on the touchline.", "It is scrappy in midfield.",
        "A clever one-two opens up space on the left.", "The defender slides in just in time.",
    ]

    /// - Parameters:
    ///   - posts: how many posts (0 or more).
    ///   - seed: the same seed gives the same liveblog.
    ///   - imageEvery: a media block on every n-th post (0: none).
    ///   - baseName: the liveblog id prefix and title suffix.
    ///   - imageDirectory: media URLs are `imageDirectory/MEDIAID.png` (relative to the liveblog file).
    ///   - startTime: unix seconds of the oldest post.
    public static func generate(posts count: Int, seed: UInt64, imageEvery: Int = 5, baseName: String = "generated",
                                imageDirectory: String = "images", startTime: Double = 1_716_044_400) -> Liveblog {
        var rng = SeededRandom(seed: seed)
        let n = max(0, count)
        let homeIndex = rng.int(0, teams.count - 1)
        let awayIndex = (homeIndex + rng.int(1, teams.count - 1)) % teams.count
        let home = teams[homeIndex], away = teams[awayIndex]
        var homeGoals = 0, awayGoals = 0
        var time = startTime
        var posts: [Post] = []
        posts.reserveCapacity(n)
        let milestoneNames = ["Kick-off", "Team news", "Drinks break", "Half-time", "Second half under way",
                              "Into the final quarter", "Full-time", "Extra time", "Penalties", "Reaction"]
        let emojis = ["⚽", "🔥", "😱", "👏", "🟨", "🟥", "🏆", "🙌"]
        let embedHosts = ["https://www.youtube.com/watch?v=", "https://twitter.com/harbourcityfc/status/",
                          "https://www.instagram.com/p/"]
        let sizes: [(Double, Double)] = [(1280, 720), (1080, 1080), (800, 600), (1200, 800), (720, 1280), (1600, 900)]

        func player(_ team: (String, [String]), _ rng: inout SeededRandom) -> String { team.1[rng.int(0, team.1.count - 1)] }
        // Templates split once at their placeholders, so filling one is a few appends.
        func split(_ t: String) -> [Substring] {
            var parts: [Substring] = []
            var rest = t[...]
            while let r = rest.range(of: "%") {
                parts.append(rest[..<r.lowerBound])
                let code = rest[r.upperBound...].prefix(1)
                parts.append(code)
                rest = rest[r.upperBound...].dropFirst()
            }
            parts.append(rest)
            return parts
        }
        let openerParts = openers.map(split), middleParts = middles.map(split)
        let quoteParts = split("We have to stay calm and keep playing our football. %P has been excellent.")
        func fill(_ parts: [Substring], _ rng: inout SeededRandom) -> String {
            var s = ""
            for (k, part) in parts.enumerated() {
                if k % 2 == 0 { s += part; continue }
                switch part {
                case "P": s += player(rng.int(0, 1) == 0 ? home : away, &rng)
                case "H": s += home.0
                case "A": s += away.0
                default: s += "%" + part
                }
            }
            return s
        }

        for i in 0..<n {
            time += Double(rng.int(20, 150))
            let id = "\(baseName)-\(i + 1)"
            let minute = n <= 1 ? 1 : 1 + i * 94 / n
            var blocks: [Block] = []
            var highlight = Highlight.none
            var headline: String?
            var sport: SportEvent?

            let roll = rng.unit()
            if roll < 0.03 {
                highlight = .milestone
                headline = milestoneNames[rng.int(0, milestoneNames.count - 1)]
            } else if roll < 0.07 {
                let scorerTeam = rng.int(0, 1) == 0 ? home : away
                if scorerTeam.0 == home.0 { homeGoals += 1 } else { awayGoals += 1 }
                let scorer = player(scorerTeam, &rng)
                sport = SportEvent(eventType: "goal", title: "Goal!", team: scorerTeam.0, players: [scorer], timeOfPlay: "\(minute)'")
                highlight = rng.unit() < 0.5 ? .inplace : .none
                blocks.append(.text(RichText(runs: [
                    TextRun(text: "GOAL! ", bold: true),
                    TextRun(text: "\(scorer) scores for \(scorerTeam.0). It is now \(homeGoals)–\(awayGoals)."),
                ])))
            } else if roll < 0.12 {
                highlight = rng.unit() < 0.5 ? .sticky : .inplace
            }

            // Body text: 1–6 sentences, sometimes a bold lead and a link.
            let sentences = rng.int(1, 6)
            var runs: [TextRun] = []
            var plain = ""
            for k in 0..<sentences {
                let bank = k == 0 ? openerParts : middleParts
                let s = fill(bank[rng.int(0, bank.count - 1)], &rng)
                plain += (plain.isEmpty ? "" : " ") + s
            }
            let style = rng.unit()
            if style < 0.15 {
                runs.append(TextRun(text: "Big moment: ", bold: true))
                runs.append(TextRun(text: plain))
            } else if style < 0.27 {
                runs.append(TextRun(text: plain + " "))
                if i > 0, rng.unit() < 0.5 {
                    let target = rng.int(max(1, i - 200), i)
                    runs.append(TextRun(text: "See the earlier update", link: "#tickaroo_event_id=\(baseName)-\(target)"))
                } else {
                    runs.append(TextRun(text: "Match report", link: "https://www.example.com/football/report/\(i + 1)"))
                }
                runs.append(TextRun(text: "."))
            } else if style < 0.32 {
                runs.append(TextRun(text: plain + "\n"))
                runs.append(TextRun(text: "Stay with us.", italic: true))
            } else {
                runs.append(TextRun(text: plain))
            }
            blocks.append(.text(RichText(runs: runs)))

            if imageEvery > 0, (i + 1) % imageEvery == 0 {
                let declared = rng.unit() < 0.8
                let size = sizes[rng.int(0, sizes.count - 1)]
                let mid = "\(id)-m1"
                blocks.append(.media([Media(id: mid, kind: .image, width: declared ? size.0 : nil, height: declared ? size.1 : nil,
                                            url: "\(imageDirectory)/\(mid).png", alt: "Picture from minute \(minute)")]))
            }
            let extra = rng.unit()
            if extra < 0.03 {
                let h: Double? = rng.unit() < 0.5 ? Double(rng.int(8, 40) * 10) : nil
                blocks.append(.embed(WebEmbed(id: "\(id)-embed-1", url: embedHosts[rng.int(0, embedHosts.count - 1)] + "\(rng.int(100000, 999999))",
                                              declaredHeight: h)))
            } else if extra < 0.07 {
                let coach = rng.int(0, 1) == 0 ? home : away
                blocks.append(.quote(text: RichText(plain: fill(quoteParts, &rng)),
                                     author: "\(coach.0) head coach"))
            } else if extra < 0.10 {
                blocks.append(.emoji(emojis[rng.int(0, emojis.count - 1)]))
            }
            posts.append(Post(id: id, createdAt: time, highlight: highlight, headline: headline, blocks: blocks, sportEvent: sport))
        }
        posts.reverse()
        return Liveblog(id: "\(baseName)-\(seed)", title: "\(home.0) vs \(away.0) (\(baseName))",
                        scoreboard: Scoreboard(homeTeam: home.0, awayTeam: away.0, homeScore: homeGoals, awayScore: awayGoals),
                        posts: posts, format: .generated)
    }

    /// The pixel size of the image file written for a media item: its declared size scaled
    /// down to at most 160 px wide (same aspect), or for an undeclared one a size derived from its id.
    public static func imageFileSize(for media: Media) -> (width: Int, height: Int) {
        if let w = media.width, let h = media.height, w > 0, h > 0 {
            let scale = min(1, 160 / w, 160 / h)
            return (max(1, Int((w * scale).rounded())), max(1, Int((h * scale).rounded())))
        }
        var r = SeededRandom(seed: fnv1a(media.id))
        let options = [(160, 90), (120, 120), (96, 128), (144, 96)]
        return options[r.int(0, options.count - 1)]
    }

    /// A colourful procedural picture (sky, stands, pitch with stripes and a ball), RGBA.
    public static func imagePixels(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var r = SeededRandom(seed: seed)
        let w = max(1, width), h = max(1, height)
        let hue = r.uniform(0, 1)
        let sky = hsv(0.55 + hue * 0.1, 0.5, 0.95)
        let stand = hsv(hue, 0.7, 0.8)
        let ballX = r.uniform(0.2, 0.8) * Double(w), ballY = r.uniform(0.65, 0.9) * Double(h)
        let ballR = max(2, Double(h) / 14)
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let fy = Double(y) / Double(h)
                var c: (UInt8, UInt8, UInt8)
                if fy < 0.25 { c = sky } else if fy < 0.5 {
                    c = (x / 3 + y / 2) % 4 == 0 ? (240, 240, 240) : stand
                } else {
                    c = (x * 8 / w) % 2 == 0 ? (40, 150, 60) : (50, 170, 70)
                    if y == h / 2 + 1 || x == w / 2 { c = (245, 245, 245) }
                }
                let dx = Double(x) - ballX, dy = Double(y) - ballY
                if dx * dx + dy * dy <= ballR * ballR { c = (dx + dy) > 0 ? (30, 30, 30) : (255, 255, 255) }
                let o = (y * w + x) * 4
                px[o] = c.0; px[o + 1] = c.1; px[o + 2] = c.2
            }
        }
        return px
    }

    /// Writes one PNG per image media item of `liveblog` under `directory` (file names are the
    /// last path component of each URL). Returns how many files were written.
    @discardableResult
    public static func writeImages(for liveblog: Liveblog, directory: String) throws -> Int {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var written = 0
        for post in liveblog.posts {
            for case .media(let items) in post.blocks {
                for m in items where m.kind == .image {
                    let size = imageFileSize(for: m)
                    let png = PNGWriter.write(width: size.width, height: size.height,
                                              rgba: imagePixels(width: size.width, height: size.height, seed: fnv1a(m.id)))
                    let file = (directory as NSString).appendingPathComponent((m.url as NSString).lastPathComponent)
                    guard FileManager.default.createFile(atPath: file, contents: Data(png)) else {
                        throw LiveblogError(file: file, place: "", message: "cannot write the image file")
                    }
                    written += 1
                }
            }
        }
        return written
    }

    static func fnv1a(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    static func hsv(_ h0: Double, _ s: Double, _ v: Double) -> (UInt8, UInt8, UInt8) {
        let h = (h0 - h0.rounded(.down)) * 6
        let i = Int(h) % 6, f = h - Double(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch i {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        return (UInt8(r * 255), UInt8(g * 255), UInt8(b * 255))
    }
}

/// Writes a liveblog in the native Tickaroo shape (L1) that `LiveblogLoader` reads back to the
/// same posts (newest first, as stored).
public enum NativeWriter {
    static let typePrefix = "Tik::ApiModel::Text::"

    public static func encode(_ liveblog: Liveblog, pretty: Bool = true) -> String {
        let v = json(liveblog)
        return (pretty ? JSONWriter.pretty(v) : JSONWriter.write(v)) + "\n"
    }

    public static func json(_ lb: Liveblog) -> JSONValue {
        var game: [(String, JSONValue)] = [("local_id", .string(lb.id)), ("meta_info", .object([("title", .string(lb.title))]))]
        if let sb = lb.scoreboard {
            game.append(("scoreboard", .object([
                ("home_team", .object([("name", .string(sb.homeTeam))])),
                ("away_team", .object([("name", .string(sb.awayTeam))])),
                ("home_score", .number(Double(sb.homeScore))),
                ("away_score", .number(Double(sb.awayScore))),
            ])))
        }
        var events: [JSONValue] = []
        events.reserveCapacity(lb.posts.count)
        for p in lb.posts { events.append(event(p)) }
        return .object([("game", .object(game)), ("events", .array(events))])
    }

    static func event(_ p: Post) -> JSONValue {
        var e: [(String, JSONValue)] = [
            ("local_id", .string(p.id)),
            ("created_at", .number(p.createdAt)),
            ("highlight", .string(p.highlight.rawValue)),
        ]
        if let h = p.headline { e.append(("headline", .string(h))) }
        var contents: [JSONValue] = []
        var media: [JSONValue] = []
        var mediaSeen = Set<String>()
        for b in p.blocks {
            switch b {
            case .text(let t):
                contents.append(.object([("_type", .string(typePrefix + "RichTextContentBlock")), ("text", .string(HTMLText.html(t)))]))
            case .media(let items):
                var refs: [JSONValue] = []
                for m in items {
                    refs.append(.object([("media_local_id", .string(m.id))]))
                    guard mediaSeen.insert(m.id).inserted else { continue }
                    var o: [(String, JSONValue)] = [("local_id", .string(m.id)), ("subtype", .string(m.kind.rawValue))]
                    if let w = m.width { o.append(("width", .number(w))) }
                    if let h = m.height { o.append(("height", .number(h))) }
                    o.append(("url", .string(m.url)))
                    if let a = m.alt { o.append(("title", .string(a))) }
                    media.append(.object(o))
                }
                contents.append(.object([("_type", .string(typePrefix + "MultiMediaContentBlock")), ("items", .array(refs))]))
            case .embed(let em):
                var o: [(String, JSONValue)] = [("_type", .string(typePrefix + "WebEmbedContentBlock")), ("local_id", .string(em.id)), ("url", .string(em.url))]
                if let h = em.declaredHeight { o.append(("oembed_json", .object([("height", .number(h))]))) }
                contents.append(.object(o))
            case .quote(let text, let author):
                var o: [(String, JSONValue)] = [("_type", .string(typePrefix + "QuoteContentBlock")), ("text", .string(HTMLText.html(text)))]
                if let a = author { o.append(("author", .string(a))) }
                contents.append(.object(o))
            case .emoji(let s):
                contents.append(.object([("_type", .string(typePrefix + "EmojiContentBlock")), ("emoji", .string(s))]))
            case .unknown(let type):
                contents.append(.object([("_type", .string(type))]))
            }
        }
        e.append(("contents", .array(contents)))
        if !media.isEmpty { e.append(("media", .array(media))) }
        if let s = p.sportEvent {
            var o: [(String, JSONValue)] = [("event_type", .string(s.eventType))]
            if let t = s.title { o.append(("title", .string(t))) }
            if let t = s.team { o.append(("team", .string(t))) }
            o.append(("players", .array(s.players.map { .string($0) })))
            if let t = s.timeOfPlay { o.append(("time_of_play", .string(t))) }
            e.append(("sport_event", .object(o)))
        }
        return .object(e)
    }
}
