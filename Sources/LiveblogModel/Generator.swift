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
        var story = MatchStory(seed: seed, count: count, imageEvery: imageEvery, baseName: baseName,
                               imageDirectory: imageDirectory, startTime: startTime)
        var posts: [Post] = []
        posts.reserveCapacity(story.n)
        for i in 0..<story.n { posts.append(story.post(i)) }
        posts.reverse()
        let home = story.home.0, away = story.away.0
        return Liveblog(id: "\(baseName)-\(seed)", title: "\(home) vs \(away) (\(baseName))",
                        scoreboard: Scoreboard(homeTeam: home, awayTeam: away,
                                               homeScore: story.homeGoals, awayScore: story.awayGoals),
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
                    try OutputFile.write(Data(png), to: file)
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
