import Foundation
@testable import LiveblogModel
import TextCells

// issue 14 (B7): the HTML whitelist parser and entity decoder before the fast paths, kept as the
// reference the equivalence tests compare with (a copy; only the names changed).
enum ReferenceHTML {
    /// The full parser, without the plain-text shortcut as it was before issue 14.
    static func parseMarkup(_ html: String) -> RichText {
        var p = Parser(bytes: Array(html.utf8))
        p.run()
        return RichText(runs: p.finish())
    }

    private static let blockTags: Set<String> = [
        "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "tr", "table",
        "section", "article", "header", "footer", "figure", "figcaption", "pre", "hr",
    ]

    private struct Parser {
        let bytes: [UInt8]
        var pos = 0
        var runs: [TextRun] = []
        var buffer: [UInt8] = []
        var bold = 0
        var italic = 0
        var links: [String?] = []
        var bufferStyle = (bold: false, italic: false, link: String?.none)
        var pendingSpace = false
        var atLineStart = true
        var emittedAnything = false

        init(bytes: [UInt8]) { self.bytes = bytes }

        var style: (bold: Bool, italic: Bool, link: String?) {
            (bold > 0, italic > 0, links.last ?? nil)
        }

        mutating func flushBuffer() {
            guard !buffer.isEmpty else { return }
            let text = String(decoding: buffer, as: UTF8.self)
            buffer.removeAll(keepingCapacity: true)
            if let last = runs.last, last.bold == bufferStyle.bold, last.italic == bufferStyle.italic,
               last.link == bufferStyle.link {
                runs[runs.count - 1].text += text
            } else {
                runs.append(TextRun(text: text, bold: bufferStyle.bold, italic: bufferStyle.italic, link: bufferStyle.link))
            }
        }

        mutating func restyle() {
            let s = style
            if s.bold != bufferStyle.bold || s.italic != bufferStyle.italic || s.link != bufferStyle.link {
                flushBuffer()
                bufferStyle = s
            }
        }

        mutating func emit<C: Collection>(_ b: C) where C.Element == UInt8 {
            restyle()
            buffer.append(contentsOf: b)
        }

        mutating func emit(_ b: UInt8) {
            restyle()
            buffer.append(b)
        }

        mutating func emitText<C: Collection>(_ b: C) where C.Element == UInt8 {
            if pendingSpace && !atLineStart { emit(UInt8(0x20)) }
            pendingSpace = false
            emit(b)
            atLineStart = false
            emittedAnything = true
        }

        mutating func newline() {
            pendingSpace = false
            emit(UInt8(0x0A))
            atLineStart = true
        }

        mutating func paragraphBreak() {
            pendingSpace = false
            if emittedAnything && !atLineStart { newline() }
        }

        /// Before a style changes, a pending space goes out in the outer style.
        mutating func settleSpace() {
            if pendingSpace && !atLineStart { emit(UInt8(0x20)); atLineStart = false }
            pendingSpace = false
        }

        func lower(_ b: UInt8) -> UInt8 { (0x41...0x5A).contains(b) ? b + 0x20 : b }
        func isLetter(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }

        /// Finds `needle` (lowercase ASCII) case-insensitively from `from`.
        func find(_ needle: [UInt8], from: Int) -> Int? {
            guard needle.count > 0, bytes.count >= needle.count else { return nil }
            var i = from
            while i + needle.count <= bytes.count {
                var ok = true
                for j in 0..<needle.count where lower(bytes[i + j]) != needle[j] { ok = false; break }
                if ok { return i }
                i += 1
            }
            return nil
        }

        mutating func run() {
            while pos < bytes.count {
                let c = bytes[pos]
                if c == UInt8(ascii: "<") {
                    if tag() { continue }
                    emitText(CollectionOfOne(c)); pos += 1
                } else if c == UInt8(ascii: "&") {
                    let (decoded, len) = ReferenceHTML.decode(bytes, at: pos)
                    emitText(decoded); pos += len
                } else if isSpace(c) {
                    pendingSpace = true; pos += 1
                } else {
                    // Copy a stretch of ordinary bytes at once.
                    let start = pos
                    while pos < bytes.count {
                        let d = bytes[pos]
                        if d == UInt8(ascii: "<") || d == UInt8(ascii: "&") || isSpace(d) { break }
                        pos += 1
                    }
                    emitText(bytes[start..<pos])
                }
            }
        }

        /// Reads a tag at `pos`; false when the `<` is literal text.
        mutating func tag() -> Bool {
            let next = pos + 1 < bytes.count ? bytes[pos + 1] : 0
            if next == UInt8(ascii: "!") {
                if pos + 3 < bytes.count, bytes[pos + 2] == UInt8(ascii: "-"), bytes[pos + 3] == UInt8(ascii: "-") {
                    if let end = find(Array("-->".utf8), from: pos + 4) { pos = end + 3 } else { pos = bytes.count }
                } else if let end = bytes[pos...].firstIndex(of: UInt8(ascii: ">")) { pos = end + 1 } else { pos = bytes.count }
                return true
            }
            let closing = next == UInt8(ascii: "/")
            var i = pos + (closing ? 2 : 1)
            guard i < bytes.count, isLetter(bytes[i]) else { return false }
            var name: [UInt8] = []
            while i < bytes.count, isLetter(bytes[i]) || (0x30...0x39).contains(bytes[i]) || bytes[i] == UInt8(ascii: "-") {
                name.append(lower(bytes[i])); i += 1
            }
            // Attributes up to '>', honouring quotes.
            var attrs: [(String, String)] = []
            var selfClosing = false
            while true {
                while i < bytes.count, isSpace(bytes[i]) { i += 1 }
                guard i < bytes.count else { return false }
                let b = bytes[i]
                if b == UInt8(ascii: ">") { i += 1; break }
                if b == UInt8(ascii: "/") { selfClosing = true; i += 1; continue }
                var an: [UInt8] = []
                while i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: "="), bytes[i] != UInt8(ascii: ">"),
                      bytes[i] != UInt8(ascii: "/") {
                    an.append(lower(bytes[i])); i += 1
                }
                while i < bytes.count, isSpace(bytes[i]) { i += 1 }
                var av: [UInt8] = []
                if i < bytes.count, bytes[i] == UInt8(ascii: "=") {
                    i += 1
                    while i < bytes.count, isSpace(bytes[i]) { i += 1 }
                    guard i < bytes.count else { return false }
                    let q = bytes[i]
                    if q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") {
                        i += 1
                        guard let end = bytes[i...].firstIndex(of: q) else { return false }
                        av = Array(bytes[i..<end]); i = end + 1
                    } else {
                        while i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { av.append(bytes[i]); i += 1 }
                    }
                }
                if !an.isEmpty { attrs.append((String(decoding: an, as: UTF8.self), ReferenceHTML.decode(av))) }
            }
            pos = i
            let tagName = String(decoding: name, as: UTF8.self)
            handle(tagName, closing: closing, selfClosing: selfClosing, attrs: attrs)
            return true
        }

        mutating func handle(_ name: String, closing: Bool, selfClosing: Bool, attrs: [(String, String)]) {
            switch name {
            case "b", "strong":
                if selfClosing { return }
                settleSpace()
                bold = closing ? max(0, bold - 1) : bold + 1
            case "i", "em":
                if selfClosing { return }
                settleSpace()
                italic = closing ? max(0, italic - 1) : italic + 1
            case "a":
                if selfClosing { return }
                settleSpace()
                if closing {
                    if !links.isEmpty { links.removeLast() }
                } else {
                    let href = attrs.first { $0.0 == "href" }.map { HTMLText.trimmed($0.1) }
                    links.append(href.flatMap { $0.isEmpty ? nil : Sanitizer.clean($0) })
                }
            case "br":
                newline()
            case "script", "style":
                if closing || selfClosing { return }
                if let end = find(Array("</\(name)".utf8), from: pos) {
                    pos = bytes[end...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count
                } else { pos = bytes.count }
            default:
                if ReferenceHTML.blockTags.contains(name) { paragraphBreak() }
            }
        }

        mutating func finish() -> [TextRun] {
            flushBuffer()
            // No leading or trailing line breaks.
            while let first = runs.first, first.text.hasPrefix("\n") {
                runs[0].text.removeFirst()
                if runs[0].text.isEmpty { runs.removeFirst() }
            }
            while let last = runs.last, last.text.hasSuffix("\n") {
                runs[runs.count - 1].text.removeLast()
                if runs[runs.count - 1].text.isEmpty { runs.removeLast() }
            }
            return runs.map { TextRun(text: Sanitizer.clean($0.text, keepNewlines: true), bold: $0.bold, italic: $0.italic, link: $0.link) }
        }
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
        "euro": "€", "pound": "£", "copy": "©", "reg": "®", "deg": "°", "middot": "·", "times": "×",
        "laquo": "«", "raquo": "»", "bull": "•", "trade": "™", "shy": "",
    ]

    /// Decodes every entity in a byte string.
    static func decode(_ s: String) -> String { decode(Array(s.utf8)) }

    static func decode(_ b: [UInt8]) -> String {
        guard b.contains(UInt8(ascii: "&")) else { return String(decoding: b, as: UTF8.self) }
        var out: [UInt8] = []
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "&") {
                let (d, len) = decode(b, at: i)
                out.append(contentsOf: d); i += len
            } else { out.append(b[i]); i += 1 }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes the entity at `at` (which holds '&'): the UTF-8 it stands for and how many bytes
    /// it took. An unknown or malformed entity is the literal '&' (length 1).
    static func decode(_ b: [UInt8], at: Int) -> ([UInt8], Int) {
        var j = at + 1
        var name: [UInt8] = []
        while j < b.count, j - at <= 12, b[j] != UInt8(ascii: ";") {
            let c = b[j]
            guard (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || c == UInt8(ascii: "#") else {
                return ([UInt8(ascii: "&")], 1)
            }
            name.append(c); j += 1
        }
        guard j < b.count, b[j] == UInt8(ascii: ";"), !name.isEmpty else { return ([UInt8(ascii: "&")], 1) }
        let text = String(decoding: name, as: UTF8.self)
        let length = j - at + 1
        if text.hasPrefix("#") {
            var digits = text.dropFirst()
            var radix = 10
            if digits.first == "x" || digits.first == "X" { digits = digits.dropFirst(); radix = 16 }
            guard let v = UInt32(digits, radix: radix) else { return ([UInt8(ascii: "&")], 1) }
            let scalar = UnicodeScalar(v) ?? "\u{FFFD}"
            return (Array(String(Character(scalar)).utf8), length)
        }
        if let s = named[text] ?? named[text.lowercased()] { return (Array(s.utf8), length) }
        return ([UInt8(ascii: "&")], 1)
    }

}
