import Foundation

/// One generated match told post by post (`LiveblogGenerator.generate`): the teams, the score,
/// the clock and the one random stream every choice is drawn from, in a fixed order, so the
/// same seed gives the same liveblog byte for byte.
struct MatchStory {
    typealias Team = (String, [String])

    static let milestoneNames = ["Kick-off", "Team news", "Drinks break", "Half-time", "Second half under way",
                                 "Into the final quarter", "Full-time", "Extra time", "Penalties", "Reaction"]
    static let emojis = ["⚽", "🔥", "😱", "👏", "🟨", "🟥", "🏆", "🙌"]
    static let embedHosts = ["https://www.youtube.com/watch?v=", "https://twitter.com/harbourcityfc/status/",
                             "https://www.instagram.com/p/"]
    static let sizes: [(Double, Double)] = [(1280, 720), (1080, 1080), (800, 600), (1200, 800), (720, 1280), (1600, 900)]
    /// Templates split once at their placeholders, so filling one is a few appends.
    static let openerParts = LiveblogGenerator.openers.map(split)
    static let middleParts = LiveblogGenerator.middles.map(split)
    static let quoteParts = split("We have to stay calm and keep playing our football. %P has been excellent.")

    var rng: SeededRandom
    let n: Int
    let imageEvery: Int
    let baseName: String
    let imageDirectory: String
    let home: Team
    let away: Team
    var homeGoals = 0
    var awayGoals = 0
    var time: Double

    init(seed: UInt64, count: Int, imageEvery: Int, baseName: String, imageDirectory: String, startTime: Double) {
        rng = SeededRandom(seed: seed)
        n = max(0, count)
        self.imageEvery = imageEvery
        self.baseName = baseName
        self.imageDirectory = imageDirectory
        let teams = LiveblogGenerator.teams
        let homeIndex = rng.int(0, teams.count - 1)
        let awayIndex = (homeIndex + rng.int(1, teams.count - 1)) % teams.count
        home = teams[homeIndex]
        away = teams[awayIndex]
        time = startTime
    }

    /// Post `i` (0 is the oldest).
    mutating func post(_ i: Int) -> Post {
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
            headline = MatchStory.milestoneNames[rng.int(0, MatchStory.milestoneNames.count - 1)]
        } else if roll < 0.07 {
            let (event, text) = goal(minute: minute)
            sport = event
            highlight = rng.unit() < 0.5 ? .inplace : .none
            blocks.append(.text(text))
        } else if roll < 0.12 {
            highlight = rng.unit() < 0.5 ? .sticky : .inplace
        }
        blocks.append(.text(body(i)))
        if imageEvery > 0, (i + 1) % imageEvery == 0 { blocks.append(image(id: id, minute: minute)) }
        if let block = extra(id: id) { blocks.append(block) }
        return Post(id: id, createdAt: time, highlight: highlight, headline: headline, blocks: blocks, sportEvent: sport)
    }

    private mutating func goal(minute: Int) -> (SportEvent, RichText) {
        let scorerTeam = rng.int(0, 1) == 0 ? home : away
        if scorerTeam.0 == home.0 { homeGoals += 1 } else { awayGoals += 1 }
        let scorer = player(scorerTeam)
        let event = SportEvent(eventType: "goal", title: "Goal!", team: scorerTeam.0, players: [scorer],
                               timeOfPlay: "\(minute)'")
        return (event, RichText(runs: [
            TextRun(text: "GOAL! ", bold: true),
            TextRun(text: "\(scorer) scores for \(scorerTeam.0). It is now \(homeGoals)–\(awayGoals)."),
        ]))
    }

    /// Body text: 1–6 sentences, sometimes a bold lead and a link.
    private mutating func body(_ i: Int) -> RichText {
        let sentences = rng.int(1, 6)
        var plain = ""
        for k in 0..<sentences {
            let bank = k == 0 ? MatchStory.openerParts : MatchStory.middleParts
            let s = fill(bank[rng.int(0, bank.count - 1)])
            plain += (plain.isEmpty ? "" : " ") + s
        }
        var runs: [TextRun] = []
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
        return RichText(runs: runs)
    }

    private mutating func image(id: String, minute: Int) -> Block {
        let declared = rng.unit() < 0.8
        let size = MatchStory.sizes[rng.int(0, MatchStory.sizes.count - 1)]
        let mid = "\(id)-m1"
        return .media([Media(id: mid, kind: .image, width: declared ? size.0 : nil, height: declared ? size.1 : nil,
                             url: "\(imageDirectory)/\(mid).png", alt: "Picture from minute \(minute)")])
    }

    /// Now and then an embed, a quote or an emoji.
    private mutating func extra(id: String) -> Block? {
        let extra = rng.unit()
        if extra < 0.03 {
            let h: Double? = rng.unit() < 0.5 ? Double(rng.int(8, 40) * 10) : nil
            let host = MatchStory.embedHosts[rng.int(0, MatchStory.embedHosts.count - 1)]
            return .embed(WebEmbed(id: "\(id)-embed-1", url: host + "\(rng.int(100000, 999999))", declaredHeight: h))
        } else if extra < 0.07 {
            let coach = rng.int(0, 1) == 0 ? home : away
            return .quote(text: RichText(plain: fill(MatchStory.quoteParts)), author: "\(coach.0) head coach")
        } else if extra < 0.10 {
            return .emoji(MatchStory.emojis[rng.int(0, MatchStory.emojis.count - 1)])
        }
        return nil
    }

    private mutating func player(_ team: Team) -> String { team.1[rng.int(0, team.1.count - 1)] }

    static func split(_ t: String) -> [Substring] {
        var parts: [Substring] = []
        var rest = t[...]
        while let r = rest.range(of: "%") {
            parts.append(rest[..<r.lowerBound])
            parts.append(rest[r.upperBound...].prefix(1))
            rest = rest[r.upperBound...].dropFirst()
        }
        parts.append(rest)
        return parts
    }

    private mutating func fill(_ parts: [Substring]) -> String {
        var s = ""
        for (k, part) in parts.enumerated() {
            if k % 2 == 0 {
                s += part
                continue
            }
            switch part {
            case "P": s += player(rng.int(0, 1) == 0 ? home : away)
            case "H": s += home.0
            case "A": s += away.0
            default: s += "%" + part
            }
        }
        return s
    }
}
