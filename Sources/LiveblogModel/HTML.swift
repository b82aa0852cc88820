import Foundation
import TextCells

/// The small HTML whitelist of liveblog text (L1): `b`/`strong`, `i`/`em`, `a href`, `br`, `p`
/// become `RichText` runs. Paragraphs and `<br>` become "\n"; runs of white space collapse to
/// one space as a browser shows them. Any other tag is dropped and its inner text kept, except
/// `script` and `style`, whose content is dropped too; block tags (`div`, `li`, `h1`…, `blockquote`,
/// `tr`) break the line like `p`. Entities `&amp; &lt; &gt; &quot; &#39; &apos; &nbsp; &#NNN; &#xHH;`
/// and a few typographic ones are decoded. Every run's text and link is sanitised (T8).
public enum HTMLText {
    public static func parse(_ html: String) -> RichText {
        if let plain = plainText(html) { return plain }
        return parseMarkup(html)
    }

    /// The full parser, without the plain-text shortcut (tests compare the two). It reads the
    /// string's own UTF-8 in place (issue 14: no copy into an array).
    static func parseMarkup(_ html: String) -> RichText {
        var utf8 = html
        let runs = utf8.withUTF8 { bytes -> [TextRun] in
            var p = Parser(source: html, bytes: bytes)
            p.run()
            return p.finish()
        }
        return RichText(runs: runs)
    }

    /// Text with no markup, no entities and only single spaces between words (most posts):
    /// the parser would give it back as one plain run, so it is returned without parsing.
    static func plainText(_ html: String) -> RichText? {
        var s = html
        let plain = s.withUTF8 { b -> Bool in
            guard let first = b.first, let last = b.last, first != 0x20, last != 0x20 else { return false }
            var prevSpace = false
            for c in b {
                switch c {
                case 0x3C, 0x26, 0x09, 0x0A, 0x0D, 0x0C: return false     // < & and other white space
                case 0x20:
                    if prevSpace { return false }
                    prevSpace = true
                default: prevSpace = false
                }
            }
            return true
        }
        guard plain else { return html.isEmpty ? RichText(runs: []) : nil }
        return RichText(runs: [TextRun(text: Sanitizer.clean(html, keepNewlines: true))])
    }

    /// Writes rich text back as whitelist HTML (the inverse of `parse` for text without
    /// doubled or edge spaces): `<b>`, `<i>`, `<a href>`, `<br>`.
    public static func html(_ text: RichText) -> String {
        var out: [UInt8] = []
        for run in text.runs {
            if let link = run.link {
                out += Array("<a href=\"".utf8); HTMLEntities.escape(link, into: &out, breaks: false); out += Array("\">".utf8)
            }
            if run.bold { out += Array("<b>".utf8) }
            if run.italic { out += Array("<i>".utf8) }
            HTMLEntities.escape(run.text, into: &out, breaks: true)
            if run.italic { out += Array("</i>".utf8) }
            if run.bold { out += Array("</b>".utf8) }
            if run.link != nil { out += Array("</a>".utf8) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension HTMLText {
    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, without Foundation's cost (about 20 000
    /// instructions a call, issue 14's profile) when both ends are printable ASCII, which is
    /// nearly every href: nothing to trim then.
    static func trimmed(_ s: String) -> String {
        guard let first = s.utf8.first, let last = s.utf8.last else { return s }
        if first > 0x20, first < 0x7F, last > 0x20, last < 0x7F { return s }
        return s.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
