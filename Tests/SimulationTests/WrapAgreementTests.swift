import XCTest
import TestSupport
@testable import LiveblogModel
@testable import Simulation
@testable import Embed
@testable import Host

/// E1, issue 39 "one wrapper": the list and `liveblog dump` break lines alike, at the widths of
/// iPhones, for every post of the bundled sample. A link or bold text and the punctuation after
/// it are one word: the list once put a lone "." at the start of a line where `dump` did not
/// (`view --column 47 --event ev-067`, the iPhone 15's 47 text columns).
final class WrapAgreementTests: XCTestCase {
    static let sample: Liveblog = try! LiveblogLoader.load(path: TestPaths.sample)

    /// iPhone widths in pt: the SE (1st gen) 320, the SE 375, the 12–14 390, the 15 393, the 15 Pro Max
    /// 430; the profiles the project emulates are among them.
    static let iphoneWidths: [Double] = [320, 375, 390, 393, 430]

    func testE1_iphoneWidthsIncludeEveryIphoneProfile() {
        for d in DeviceProfile.all where d.platform == .ios && d.name.hasPrefix("iphone") {
            XCTAssertTrue(WrapAgreementTests.iphoneWidths.contains(d.width), d.name)
            // The list lays the page out at the device's width (D2).
            var c = WorldConfig()
            c.device = d
            XCTAssertEqual(DeviceLayout.webWidth(c), d.width, d.name)
        }
    }

    /// The page as the list lays it out at `width` pt, and its text columns (a cell is 8 pt, one
    /// column of padding each side: 393 pt → 47 columns).
    static func page(width: Double, _ lb: Liveblog = sample) -> Page {
        Page(liveblog: lb, config: PageConfig(), width: width)
    }

    /// The list's text and quote lines of every post, by post index.
    static func listLines(_ page: Page) -> [Int: [String]] {
        var out: [Int: [String]] = [:]
        for item in page.items(from: 0, to: page.contentHeight) {
            switch item.kind {
            case .text(let l), .quote(let l):
                guard let i = item.postIndex else { continue }
                out[i, default: []].append(l.plainText)
            default: continue
            }
        }
        return out
    }

    /// `dump`'s lines for the same blocks: its own wrapper on the texts with their links taken
    /// off (so that it adds no `[n]` mark, which the list does not draw), quotes without "> ".
    static func dumpLines(_ post: Post, columns: Int) -> [String] {
        var notes = PlainText.Footnotes()
        var out: [String] = []
        for block in post.blocks {
            switch block {
            case .text(let rt):
                out += PlainText.blockLines(.text(unlinked(rt)), columns, &notes)
            case .quote(let rt, _):
                out += PlainText.blockLines(.quote(text: unlinked(rt), author: nil), columns, &notes).map { String($0.dropFirst(2)) }
            default: continue
            }
        }
        return out.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    static func unlinked(_ rt: RichText) -> RichText {
        RichText(runs: rt.runs.map { TextRun(text: $0.text, bold: $0.bold, italic: $0.italic, link: nil) })
    }

    func testE1_listBreaksLinesAsDumpDoesAtIphoneWidthsForEveryPost() {
        let lb = WrapAgreementTests.sample
        XCTAssertGreaterThan(lb.posts.count, 50)
        var compared = 0
        for width in WrapAgreementTests.iphoneWidths {
            let page = WrapAgreementTests.page(width: width)
            let cols = page.contentColumns
            XCTAssertEqual(cols, Int(width / 8) - 2)
            let list = WrapAgreementTests.listLines(page)
            for (i, post) in lb.posts.enumerated() {
                let dump = WrapAgreementTests.dumpLines(post, columns: cols)
                let shown = (list[i] ?? []).map { $0.trimmingCharacters(in: .whitespaces) }
                XCTAssertEqual(shown, dump, "post \(post.id) at \(Int(width)) pt (\(cols) columns)")
                compared += dump.count
            }
        }
        XCTAssertGreaterThan(compared, 500)
    }

    func testE1_noLineStartsWithPunctuationThatFollowsALinkOrBoldText() {
        // ev-067 at 393 pt (47 columns): "… The corrected <a>post</a>." keeps "post." together.
        let page = WrapAgreementTests.page(width: 393)
        let i = WrapAgreementTests.sample.posts.firstIndex { $0.id == "ev-067" }!
        XCTAssertEqual(WrapAgreementTests.listLines(page)[i], [
            "Editor's note: an earlier post said the penalty",
            "was awarded in the 54th minute; it was awarded",
            "at 53' after the VAR review. The corrected",
            "post.",
        ])
        // Every post, every iPhone width: no text line starts with "." or "," (none in the sample does
        // in dump either).
        for width in WrapAgreementTests.iphoneWidths {
            for (i, lines) in WrapAgreementTests.listLines(WrapAgreementTests.page(width: width)) {
                for l in lines where l.hasPrefix(".") || l.hasPrefix(",") {
                    XCTFail("post \(WrapAgreementTests.sample.posts[i].id) at \(Int(width)) pt: \(l)")
                }
            }
        }
    }

    /// Runs of bold text, links and both, followed by "." or ",", placed so that the word ends
    /// exactly at the edge at each iPhone width: the punctuation goes with the word, as in dump.
    func testE1_boldAndLinkRunsFollowedByPunctuationWrapAsPlainText() {
        let styles: [(Bool, String?)] = [(true, nil), (false, "https://example.com"), (true, "#tickaroo_event_id=p1")]
        for width in WrapAgreementTests.iphoneWidths {
            let cols = Int(width / 8) - 2
            for (bold, link) in styles {
                for mark in [".", ",", ".)", "!"] {
                    for pad in 0..<4 {
                        let lead = String(repeating: "x", count: cols - 4 - pad) + " "
                        let runs = [TextRun(text: lead), TextRun(text: "word", bold: bold, link: link),
                                    TextRun(text: mark + " and more after it.")]
                        let rt = RichText(runs: runs)
                        let list = TextLayout.wrap(rt, columns: cols)
                        let what = "\(cols) columns, bold \(bold), link \(link ?? "none"), \(mark), pad \(pad)"
                        XCTAssertEqual(list.map(\.plainText), PlainText.wrap(rt.plainText, cols), what)
                        XCTAssertFalse(list.dropFirst().contains { $0.plainText.hasPrefix(String(mark.first!)) }, what)
                        XCTAssertEqual(TextLayout.lineCount(rt, columns: cols), list.count, what)
                        // The style stays on the word alone, whichever line it is on.
                        let styled = list.flatMap(\.runs).filter { $0.bold == bold && $0.link == link && ($0.bold || $0.link != nil) }
                        XCTAssertEqual(styled.map(\.text).joined(), "word", what)
                        // The page's measured height counts the same lines it draws.
                        var ops: [UInt8] = []
                        WrapOps.append(rt, to: &ops)
                        let counted = ops.withUnsafeBufferPointer { b -> Int? in
                            var k = 0
                            return WrapOps.lineCount(b, at: &k, columns: cols)
                        }
                        XCTAssertEqual(counted, list.count, what)
                    }
                }
            }
        }
    }

    /// Heights agree with the lines drawn: the page measures every post (ops) as it draws it.
    func testE1_measuredPostHeightsMatchTheDrawnLinesAtIphoneWidths() {
        for width in WrapAgreementTests.iphoneWidths {
            let page = WrapAgreementTests.page(width: width)
            let items = page.items(from: 0, to: page.contentHeight)
            for i in WrapAgreementTests.sample.posts.indices {
                let drawn = items.filter { $0.postIndex == i && $0.height > 0 }.reduce(0) { $0 + $1.height }
                XCTAssertEqual(page.postHeight(index: i), drawn, accuracy: 0.001, "post \(i) at \(Int(width)) pt")
            }
        }
    }
}
