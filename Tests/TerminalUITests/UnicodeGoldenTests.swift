import XCTest
import LiveblogModel
import Simulation
import TerminalKit
@testable import TerminalUI
import TextCells

/// Golden screens of text a reader meets in sports liveblogs (issue 18): flags, skin tones, ZWJ
/// families, keycaps, emoji with the emoji selector, soft hyphens and CJK, at 40 and 80 columns.
/// Each cell holds one whole grapheme cluster; emoji presentation takes two columns. (Where lines
/// break, soft hyphens and CJK included, is the model's wrapping; the golden shows what it does.)
final class UnicodeGoldenTests: XCTestCase {
    static let posts: [(id: String, headline: String, text: String)] = [
        ("flags", "Flags 🇩🇪 🇫🇷 🇯🇵 🇧🇷", "Germany 🇩🇪 meet France 🇫🇷 in the final; Japan 🇯🇵 and Brazil 🇧🇷 play for third."),
        ("skin", "Thumbs 👍🏽 👍🏻 👍🏿", "Fans wave 👋🏾 and clap 👏🏼 as the captain lifts the cup 🏆 with both hands 🙌🏽."),
        ("zwj", "Families 👩‍👩‍👧 👨‍👩‍👧‍👦", "The coach 👩🏽‍💻 posts the line-up; the crowd 🏳️‍🌈 sings; 👨‍👩‍👧‍👦 families fill the east stand."),
        ("keycap", "Top 3 1️⃣ 2️⃣ 3️⃣", "Ratings: 1️⃣ keeper ❤️ 2️⃣ defence ⚽️ 3️⃣ attack ✌️ — #️⃣ of the day."),
        ("shy", "Weltmeisterschafts\u{AD}endspiel", "Die Fußball\u{AD}welt\u{AD}meister\u{AD}schaft geht in die Verlängerung: Elfmeter\u{AD}schießen im Olympia\u{AD}stadion."),
        ("cjk", "決勝戦 ライブ", "日本代表は後半に二点を追加して逆転勝利を収めました。スタジアムは歓声に包まれています。"),
    ]

    static func liveblog() throws -> Liveblog {
        func esc(_ s: String) -> String {
            s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        }
        let events = posts.enumerated().map { i, p in
            """
            {"local_id": "\(p.id)", "created_at": \(1_716_052_800 - i * 60), "headline": "\(esc(p.headline))",
             "contents": [{"_type": "Tik::ApiModel::Text::RichTextContentBlock", "text": "\(esc(p.text))"}]}
            """
        }
        let json = """
        {"game": {"local_id": "unicode", "meta_info": {"title": "Grapheme Cup 🇩🇪 – 🇫🇷 live"}},
         "events": [\(events.joined(separator: ",\n"))]}
        """
        return try LiveblogLoader.load(bytes: Array(json.utf8), name: "unicode.json")
    }

    func testT8_graphemeClustersAt40And80Columns() throws {
        let lb = try Self.liveblog()
        for cols in [40, 80] {
            let w = World(liveblog: lb, config: Fixture.config(cols: cols, rows: 40))
            w.advance(to: 60)
            let g = Fixture.draw(w)
            assertGolden("unicode-\(cols)x40", g)
            // Every cell holds a whole cluster; the right half of a wide one is empty.
            for r in 0..<g.rows {
                for c in 0..<g.cols {
                    let text = g.cell(row: r, col: c).text
                    guard let ch = text.first else {
                        XCTAssertGreaterThan(c, 0)
                        XCTAssertEqual(TextWidth.width(Character(g.cell(row: r, col: c - 1).text)), 2)
                        continue
                    }
                    XCTAssertEqual(text.count, 1, "one cluster a cell at \(r),\(c)")
                    XCTAssertFalse(ch.unicodeScalars.last?.value == 0x200D, "no stray joiner at \(r),\(c)")
                }
            }
            let screen = g.text()
            for cluster in ["🇩🇪", "👍🏽", "👩‍👩‍👧", "👩🏽‍💻", "1️⃣", "❤️"] {
                XCTAssertTrue(screen.contains(cluster), "\(cluster) at \(cols) columns:\n\(screen)")
            }
        }
    }
}
