import Foundation
import TextCells

// The whitelist HTML parser behind `HTMLText.parse` (L1, T8), reading the markup's UTF-8 in
// place; tag names are matched as packed bytes (issue 14, B7).

extension HTMLText {
    /// What a tag does to the text (L1), from its lowercased name.
    enum TagKind {
        case bold, italic, link, lineBreak, script, style, block, other

        private static let names: [(key: NameKey, kind: TagKind)] = {
            let inline: [(String, TagKind)] = [
                ("b", .bold), ("strong", .bold), ("i", .italic), ("em", .italic), ("a", .link),
                ("br", .lineBreak), ("script", .script), ("style", .style),
            ]
            let blocks = [
                "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "tr",
                "table", "section", "article", "header", "footer", "figure", "figcaption", "pre", "hr",
            ]
            return (inline + blocks.map { ($0, .block) }).map { (NameKey(Array($0.0.utf8))!, $0.1) }
        }()

        /// The kind of the tag named by `name` (ASCII letters, digits and '-'), matched without
        /// building a string (issue 14).
        init<C: Collection>(name: C) where C.Element == UInt8 {
            guard let key = NameKey(name) else { self = .other; return }
            self = TagKind.names.first { $0.key == key }?.kind ?? .other
        }
    }

    /// A tag name of up to 16 bytes, lowercased, packed into two words.
    struct NameKey: Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        init?<C: Collection>(_ name: C) where C.Element == UInt8 {
            guard name.count <= 16 else { return nil }
            for (k, b) in name.enumerated() {
                let c = UInt64((0x41...0x5A).contains(b) ? b + 0x20 : b)
                if k < 8 { low |= c << (8 * k) } else { high |= c << (8 * (k - 8)) }
            }
        }
    }
}

extension HTMLText {
    /// The whitelist parser (L1) over a string's UTF-8, read in place.
    struct Parser {
        /// The markup, and its UTF-8.
        let source: String
        let bytes: UnsafeBufferPointer<UInt8>
        var pos = 0
        var runs: [TextRun] = []
        var buffer: [UInt8] = []
        /// When `sliceExact`, `buffer` holds the same bytes as the markup at `slice` (text between
        /// tags, most runs): the run's string is then copied from the markup, which is valid
        /// UTF-8 already, rather than validated again (issue 14).
        var slice = 0..<0
        var sliceExact = false
        var bold = 0
        var italic = 0
        var links: [String?] = []
        var bufferStyle = (bold: false, italic: false, link: String?.none)
        /// Set when bold, italic or links change: only then can `style` differ from `bufferStyle`
        /// (issue 14: the styles are not compared on every word).
        var styleChanged = false
        var pendingSpace = false
        var atLineStart = true
        var emittedAnything = false

        init(source: String, bytes: UnsafeBufferPointer<UInt8>) {
            self.source = source
            self.bytes = bytes
            // Room for the whole text at once, which is hardly ever longer than its markup
            // (issue 14: no regrowing); `finish` copies the runs into an array of their own size.
            buffer.reserveCapacity(bytes.count)
            runs.reserveCapacity(4)
        }

        var style: (bold: Bool, italic: Bool, link: String?) {
            (bold > 0, italic > 0, links.last ?? nil)
        }

        mutating func flushBuffer() {
            guard !buffer.isEmpty else { return }
            let text: String
            if sliceExact {
                let utf8 = source.utf8
                let start = utf8.index(utf8.startIndex, offsetBy: slice.lowerBound)
                text = String(source[start..<utf8.index(start, offsetBy: slice.count)])
            } else {
                text = String(decoding: buffer, as: UTF8.self)
            }
            buffer.removeAll(keepingCapacity: true)
            if let last = runs.last, last.bold == bufferStyle.bold, last.italic == bufferStyle.italic,
               last.link == bufferStyle.link {
                runs[runs.count - 1].text += text
            } else {
                runs.append(TextRun(text: text, bold: bufferStyle.bold, italic: bufferStyle.italic,
                                    link: bufferStyle.link))
            }
        }

        mutating func restyle() {
            guard styleChanged else { return }
            styleChanged = false
            let s = style
            if s.bold != bufferStyle.bold || s.italic != bufferStyle.italic || s.link != bufferStyle.link {
                flushBuffer()
                bufferStyle = s
            }
        }

        mutating func emit<C: Collection>(_ b: C) where C.Element == UInt8 {
            restyle()
            sliceExact = false
            buffer.append(contentsOf: b)
        }

        /// Emits the markup's bytes at `range`.
        mutating func emit(_ range: Range<Int>) {
            restyle()
            if buffer.isEmpty {
                (slice, sliceExact) = (range, true)
            } else if sliceExact, range.lowerBound == slice.upperBound {
                slice = slice.lowerBound..<range.upperBound
            } else {
                sliceExact = false
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        }

        mutating func emit(_ b: UInt8) {
            restyle()
            if buffer.isEmpty || !sliceExact || slice.upperBound >= bytes.count
                || bytes[slice.upperBound] != b {
                sliceExact = false
            } else {
                slice = slice.lowerBound..<slice.upperBound + 1
            }
            buffer.append(b)
        }

        mutating func emitText<C: Collection>(_ b: C) where C.Element == UInt8 {
            if pendingSpace && !atLineStart { emit(UInt8(0x20)) }
            pendingSpace = false
            emit(b)
            atLineStart = false
            emittedAnything = true
        }

        mutating func emitText(_ range: Range<Int>) {
            if pendingSpace && !atLineStart { emit(UInt8(0x20)) }
            pendingSpace = false
            emit(range)
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
        /// Neither markup, an entity nor white space.
        func isOrdinary(_ b: UInt8) -> Bool {
            b != UInt8(ascii: "<") && b != UInt8(ascii: "&") && !isSpace(b)
        }

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
                    let (decoded, len) = HTMLEntities.decode(bytes, at: pos)
                    emitText(decoded); pos += len
                } else if isSpace(c) {
                    pendingSpace = true; pos += 1
                } else {
                    let end = stretchEnd(from: pos)
                    emitText(pos..<end)
                    pos = end
                }
            }
        }

        /// The end of a stretch of ordinary bytes from `from` (which is one), taking in single
        /// spaces between them: collapsing white space would write exactly those spaces, so the
        /// stretch is copied at once (issue 14).
        func stretchEnd(from: Int) -> Int {
            var i = from
            while i < bytes.count {
                let d = bytes[i]
                if isOrdinary(d) {
                    i += 1
                } else if d == 0x20, i + 1 < bytes.count, isOrdinary(bytes[i + 1]) {
                    i += 2
                } else { break }
            }
            return i
        }

        /// Reads a tag at `pos`; false when the `<` is literal text.
        mutating func tag() -> Bool {
            let next = pos + 1 < bytes.count ? bytes[pos + 1] : 0
            if next == UInt8(ascii: "!") {
                skipDeclaration()
                return true
            }
            let closing = next == UInt8(ascii: "/")
            var i = pos + (closing ? 2 : 1)
            guard i < bytes.count, isLetter(bytes[i]) else { return false }
            let nameStart = i
            while i < bytes.count, isLetter(bytes[i]) || (0x30...0x39).contains(bytes[i])
                    || bytes[i] == UInt8(ascii: "-") {
                i += 1
            }
            let kind = TagKind(name: UnsafeBufferPointer(rebasing: bytes[nameStart..<i]))
            guard let attributes = attributes(from: i, wantHref: kind == .link) else { return false }
            pos = attributes.end
            handle(kind, closing: closing, selfClosing: attributes.selfClosing, href: attributes.href)
            return true
        }

        /// A comment `<!-- … -->` or a declaration `<! … >` at `pos` is skipped.
        mutating func skipDeclaration() {
            let dash = UInt8(ascii: "-")
            if pos + 3 < bytes.count, bytes[pos + 2] == dash, bytes[pos + 3] == dash {
                pos = find(Array("-->".utf8), from: pos + 4).map { $0 + 3 } ?? bytes.count
            } else if let end = bytes[pos...].firstIndex(of: UInt8(ascii: ">")) {
                pos = end + 1
            } else { pos = bytes.count }
        }

        /// Reads a tag's attributes from `from` up to its '>', honouring quotes: where the tag
        /// ends, whether it closes itself and, when `wantHref`, the raw value of its first `href`.
        /// nil when the tag does not end (its '<' is then text).
        func attributes(from: Int, wantHref: Bool)
            -> (end: Int, selfClosing: Bool, href: Range<Int>?)? {
            var i = from
            var selfClosing = false
            var href: Range<Int>?
            while true {
                while i < bytes.count, isSpace(bytes[i]) { i += 1 }
                guard i < bytes.count else { return nil }
                let b = bytes[i]
                if b == UInt8(ascii: ">") { return (i + 1, selfClosing, href) }
                if b == UInt8(ascii: "/") { selfClosing = true; i += 1; continue }
                let nameStart = i
                while i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: "="),
                      bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") {
                    i += 1
                }
                let name = nameStart..<i
                while i < bytes.count, isSpace(bytes[i]) { i += 1 }
                var value = i..<i
                if i < bytes.count, bytes[i] == UInt8(ascii: "=") {
                    i += 1
                    while i < bytes.count, isSpace(bytes[i]) { i += 1 }
                    guard i < bytes.count else { return nil }
                    let q = bytes[i]
                    if q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") {
                        i += 1
                        guard let end = bytes[i...].firstIndex(of: q) else { return nil }
                        value = i..<end
                        i = end + 1
                    } else {
                        let start = i
                        while i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
                        value = start..<i
                    }
                }
                if wantHref, href == nil, isHref(name) { href = value }
            }
        }

        /// Whether the attribute name at `name` is `href`, in any case.
        func isHref(_ name: Range<Int>) -> Bool {
            name.count == 4 && lower(bytes[name.lowerBound]) == UInt8(ascii: "h")
                && lower(bytes[name.lowerBound + 1]) == UInt8(ascii: "r")
                && lower(bytes[name.lowerBound + 2]) == UInt8(ascii: "e")
                && lower(bytes[name.lowerBound + 3]) == UInt8(ascii: "f")
        }

        mutating func handle(_ kind: TagKind, closing: Bool, selfClosing: Bool, href: Range<Int>?) {
            switch kind {
            case .bold, .italic, .link:
                if selfClosing { return }
                settleSpace()
                styleChanged = true
                if kind == .bold {
                    bold = closing ? max(0, bold - 1) : bold + 1
                } else if kind == .italic {
                    italic = closing ? max(0, italic - 1) : italic + 1
                } else if closing {
                    if !links.isEmpty { links.removeLast() }
                } else {
                    let value = href.map {
                        HTMLText.trimmed(HTMLEntities.decode(UnsafeBufferPointer(rebasing: bytes[$0])))
                    }
                    links.append(value.flatMap { $0.isEmpty ? nil : Sanitizer.clean($0) })
                }
            case .lineBreak:
                newline()
            case .script, .style:
                if closing || selfClosing { return }
                if let end = find(Array((kind == .script ? "</script" : "</style").utf8), from: pos) {
                    pos = bytes[end...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count
                } else { pos = bytes.count }
            case .block:
                paragraphBreak()
            case .other:
                break
            }
        }

        mutating func finish() -> [TextRun] {
            flushBuffer()
            // No leading or trailing line breaks.
            // A run that starts or ends with "\n" has that byte there (checked first: cheap).
            while let first = runs.first, first.text.utf8.first == 0x0A, first.text.hasPrefix("\n") {
                runs[0].text.removeFirst()
                if runs[0].text.isEmpty { runs.removeFirst() }
            }
            while let last = runs.last, last.text.utf8.last == 0x0A, last.text.hasSuffix("\n") {
                runs[runs.count - 1].text.removeLast()
                if runs[runs.count - 1].text.isEmpty { runs.removeLast() }
            }
            return runs.map {
                TextRun(text: Sanitizer.clean($0.text, keepNewlines: true), bold: $0.bold, italic: $0.italic,
                        link: $0.link)
            }
        }
    }
}
