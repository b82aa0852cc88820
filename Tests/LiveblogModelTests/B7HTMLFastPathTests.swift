import XCTest
@testable import LiveblogModel

/// Issue 14 (B7): the whitelist HTML parser reads the string's UTF-8 in place, copies stretches
/// of words at once, compares styles only after a tag changed them and matches tag names without
/// building strings. It must give exactly the runs it gave before (`ReferenceHTML`, a copy of
/// the old parser), byte for byte, on random and hostile markup.
final class B7HTMLFastPathTests: XCTestCase {
    /// The runs byte for byte (String's == is canonical equivalence).
    private func bytes(_ t: RichText) -> [[UInt8]] {
        t.runs.map {
            Array($0.text.utf8) + [$0.bold ? 1 : 0, $0.italic ? 1 : 0] + Array(($0.link ?? "∅").utf8)
        }
    }

    private func assertSame(_ html: String, file: StaticString = #filePath, line: UInt = #line) {
        let new = HTMLText.parseMarkup(html)
        let old = ReferenceHTML.parseMarkup(html)
        XCTAssertEqual(bytes(new), bytes(old), html, file: file, line: line)
        XCTAssertEqual(Array(HTMLEntities.decode(html).utf8), Array(ReferenceHTML.decode(html).utf8), html,
                       file: file, line: line)
    }

    private static let pieces: [String] = [
        "hello", "world", "Ünïcødé", "😱", "👩‍👩‍👧", "e\u{301}", "x", "1", "-", "=", "\"", "'", "/", ">", ";",
        " ", " ", " ", "  ", "\n", "\t", "\r\n", "\u{0C}", " \n ",
        "<b>", "</b>", "<B>", "<STRONG>", "</strong >", "<b/>", "<i>", "</I>", "<em>", "</em>", "<EM/>",
        "<a href=\"http://x.com/?a=1&amp;b=2\">", "<A HREF='x'>", "<a href=x>", "<a href>", "<a>",
        "<a href=\" \">", "<a href=\"  pad  \">", "<a title=\"a>b\" href=\"#t\">",
        "<a href=\"one\" href=\"two\">", "<a hReF = \"sp\" >", "<a href=\"javascript:alert(1)\">",
        "<a href=\"x\u{202E}y\">", "<a hrefx=\"no\">", "<a =\"odd\">", "<a href=\"&#x41;&lt;\">", "<a/>",
        "</a>", "</A>", "<br>", "<br/>", "<BR />", "<br clear=all>",
        "<p>", "</p>", "<P class=x>", "<div class=\"x\">", "</div>", "<h1>", "</h6>", "</LI>", "<blockquote>",
        "<figcaption>", "<FIGCAPTION>", "<li>", "<hr/>", "<span>", "</span>", "<custom-tag data-x=1>",
        "<abcdefghijklmnopqrstu>", "<blockquotes>", "<b2>", "<script>var a = '<b>';</script>",
        "<SCRIPT>x</ScRiPt >", "<style>b{}</style>", "<script>unterminated", "<style>", "</script>",
        "<!-- comment <b> -->", "<!-- unterminated", "<!DOCTYPE html>", "<!x", "<!->", "<", "< b>", "<3",
        "</",
        "<a href=\"unterminated", "<b", "<a href='x' ", "<a href=", "<a href= ", "<i\n>", "<b\t/ >",
        "&amp;", "&lt;", "&gt;", "&AMP;", "&Amp;", "&nbsp;", "&#39;", "&#x1F600;", "&#0;", "&#xD800;",
        "&#99999999;", "&shy;", "&unknown;", "&", "&amp", "&#;", "&#x;", "& amp;", "&verylongentityname;",
        "&hellip;", "&#X41;", "&#+5;", "\u{200B}", "\u{7}", "\u{0}", "\u{FEFF}",
    ]

    func testB7_randomMarkupParsesAsBefore() {
        var rng = SeededRandom(seed: 2014)
        for _ in 0..<20_000 {
            var html = ""
            for _ in 0..<Int(rng.next() % 24) { html += rng.pick(Self.pieces) }
            assertSame(html)
        }
    }

    func testB7_randomCharacterSoupParsesAsBefore() {
        // Single characters of markup and text in any order: every cut of a tag, entity or comment.
        let soup = Array("<>/!-=\"' &#;xabrpi\n\tAHREFé😱".map { String($0) })
            + ["a", "b", "br", "href", "script"]
        var rng = SeededRandom(seed: 77)
        for _ in 0..<20_000 {
            var html = ""
            for _ in 0..<Int(rng.next() % 30) { html += rng.pick(soup) }
            assertSame(html)
        }
    }

    func testB7_everyTagOfTheWhitelistInEveryCase() {
        let names = ["b", "strong", "i", "em", "a", "br", "script", "style", "p", "div", "li", "ul", "ol",
                     "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "tr", "table", "section", "article",
                     "header", "footer", "figure", "figcaption", "pre", "hr", "span", "bb", "ab", "h7", "x-b"]
        var checked = 0
        for name in names {
            for variant in [name, name.uppercased(), name.prefix(1).uppercased() + name.dropFirst()] {
                for form in ["<\(variant)>", "</\(variant)>", "<\(variant)/>", "<\(variant) href=\"u\">"] {
                    assertSame("one \(form)two three\(form) four")
                    assertSame("\(form)\(form) lead")
                    checked += 2
                }
            }
        }
        XCTAssertEqual(checked, names.count * 3 * 4 * 2)
    }

    func testB7_theHeavyLiveblogsTextParsesAsBefore() {
        var texts = 0
        for post in HeavyProfile.generate(posts: 600, seed: 9).posts {
            for block in post.blocks {
                switch block {
                case .text(let t), .quote(let t, _):
                    let html = HTMLText.html(t)
                    assertSame(html)
                    assertSame(html.replacingOccurrences(of: " ", with: "  \n"))
                    texts += 1
                default: break
                }
            }
        }
        XCTAssertGreaterThan(texts, 600)
    }
}
