import XCTest
import LiveblogModel
import Embed
import Simulation
import TerminalKit
@testable import TerminalUI

/// E1, issue 25: layout and drawing measure a cluster with one function, so a wrapped line is as
/// wide on the screen as the layout said. Checked on every cluster of the unicode golden's
/// fixture and of the bundled liveblogs, on clusters where two width functions once disagreed
/// (an emoji selector or a keycap after a base that is no emoji), and line by line on the
/// page's own layout of the unicode fixture.
final class ClusterWidthAgreementTests: XCTestCase {
    /// Bases with no emoji presentation, followed by U+FE0F or U+20E3: as wide as the base, as
    /// terminals draw them (the selector asks for a presentation the base does not have).
    static let oddClusters = ["a\u{FE0F}", "x\u{20E3}", "é\u{FE0F}", "→\u{FE0F}", "中\u{FE0F}", "Ω\u{20E3}"]

    /// Every distinct cluster of the unicode fixture, the bundled liveblogs and `oddClusters`.
    func corpus() throws -> [Character] {
        var text = UnicodeGoldenTests.posts.map { $0.headline + $0.text }.joined() + "Grapheme Cup 🇩🇪 – 🇫🇷 live"
        text += Self.oddClusters.joined()
        for name in ["sample.json", "unicode.json"] {
            let path = Fixture.repoRoot + "/Assets/liveblogs/" + name
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let lb = try LiveblogLoader.load(path: path)
            for p in lb.posts {
                text += p.headline ?? ""
                for case .text(let t) in p.blocks { text += t.plainText }
            }
        }
        var seen = Set<Character>()
        return Array(text).filter { seen.insert($0).inserted }
    }

    /// The columns the layout gives `text` (one line, wide enough).
    func layoutWidth(_ text: String) -> Int {
        TextLayout.wrap(RichText(plain: text), columns: 1000).first?.width ?? 0
    }

    /// The columns the screen draws `text` in.
    func drawnWidth(_ text: String) -> Int {
        CellGrid(cols: 1000, rows: 1).put(row: 0, col: 0, text, .plain)
    }

    func testE1_layoutAndDrawingAgreeOnEveryCluster() throws {
        let clusters = try corpus()
        XCTAssertGreaterThan(clusters.count, 100)
        for c in clusters where c != "\u{AD}" && c != " " && c != "\n" {
            let s = String(c)
            let scalars = c.unicodeScalars.map { String($0.value, radix: 16) }
            XCTAssertEqual(layoutWidth(s), drawnWidth(s), "\(s) \(scalars)")
            XCTAssertEqual(layoutWidth("|\(s)|"), drawnWidth("|\(s)|"), "\(s) \(scalars) between bars")
        }
        for odd in Self.oddClusters {
            XCTAssertEqual(drawnWidth(odd), drawnWidth(String(odd.unicodeScalars.first!)), odd)
        }
    }

    /// The page's lines of the unicode fixture at 40 and 80 columns: each as wide drawn as laid out.
    func testE1_everyLaidOutLineIsDrawnAsWide() throws {
        let lb = try UnicodeGoldenTests.liveblog()
        for cols in [40, 80] {
            let w = World(liveblog: lb, config: Fixture.config(cols: cols, rows: 40))
            w.advance(to: 60)
            var lines = 0
            for item in w.page.items(from: 0, to: w.page.contentHeight) {
                let line: StyledLine
                switch item.kind {
                case .title(let l), .headline(let l), .text(let l), .quote(let l): line = l
                default: continue
                }
                // A line the layout broke at a soft hyphen carries its "-": drawn, and counted.
                XCTAssertEqual(drawnWidth(line.plainText), line.width, line.plainText)
                lines += 1
            }
            XCTAssertGreaterThan(lines, 12, "\(cols) columns")
        }
    }
}
