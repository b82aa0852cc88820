/// Splits source text into code, comments and string literals, so that the repository's checks
/// read each for what it is: braces and `;` count only in code, behaviour ids only in prose
/// (comments and strings), test names only in code.
///
/// It knows Swift's lexical forms that matter here: `//` and nested `/* */` comments, `"…"`,
/// `"""…"""`, raw strings (`#"…"#`, `##"…"##`, also multi-line) and interpolation `\( … )`,
/// whose code may hold strings of its own. With `cLike` (C headers), `'…'` is a character
/// literal and block comments do not nest.
struct SourceLexer {
    enum Kind: UInt8 { case code, comment, string }

    /// One kind per UTF-8 byte of the text.
    let kinds: [Kind]
    let bytes: [UInt8]

    init(_ text: String, cLike: Bool = false) {
        bytes = Array(text.utf8)
        var scanner = Scanner(bytes: bytes, cLike: cLike)
        scanner.run()
        kinds = scanner.kinds
    }

    /// The text with everything but code blanked (newlines kept, so line numbers hold).
    var code: String { masked { $0 == .code } }
    /// The text with code blanked: comments and string literals (with their quotes).
    var prose: String { masked { $0 != .code } }

    private func masked(_ keep: (Kind) -> Bool) -> String {
        var out = bytes
        for i in out.indices where out[i] != 0x0A && !keep(kinds[i]) { out[i] = 0x20 }
        return String(decoding: out, as: UTF8.self)
    }
}

private let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\"")
private let hash = UInt8(ascii: "#"), backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")
private let openParen = UInt8(ascii: "("), closeParen = UInt8(ascii: ")"), apostrophe = UInt8(ascii: "'")

/// The lexer's state machine. `parens` holds, for each interpolation we are inside, the depth of
/// parentheses opened in its code, so the `)` that closes it returns to the string.
private struct Scanner {
    let bytes: [UInt8]
    let cLike: Bool
    var kinds: [SourceLexer.Kind]
    var i = 0
    var parens: [Int] = []

    init(bytes: [UInt8], cLike: Bool) {
        self.bytes = bytes
        self.cLike = cLike
        kinds = Array(repeating: .code, count: bytes.count)
    }

    func at(_ k: Int) -> UInt8? { k < bytes.count ? bytes[k] : nil }

    mutating func mark(_ n: Int, _ kind: SourceLexer.Kind) {
        let end = min(i + n, bytes.count)
        while i < end {
            kinds[i] = kind
            i += 1
        }
    }

    mutating func run() {
        while i < bytes.count { codeStep() }
    }

    /// One step in code: a comment, a string, an interpolation's end, or one byte of code.
    mutating func codeStep() {
        let c = bytes[i]
        if c == slash, at(i + 1) == slash {
            while i < bytes.count, bytes[i] != newline { mark(1, .comment) }
        } else if c == slash, at(i + 1) == star {
            blockComment()
        } else if c == quote || (c == hash && !cLike && rawOpening() != nil) {
            stringLiteral()
        } else if c == apostrophe, cLike {
            characterLiteral()
        } else if !parens.isEmpty, c == openParen {
            parens[parens.count - 1] += 1
            mark(1, .code)
        } else if !parens.isEmpty, c == closeParen {
            if parens[parens.count - 1] == 0 {
                parens.removeLast()
                mark(1, .string)
                stringBody(hashes: 0, multiLine: pendingMultiLine.removeLast())
            } else {
                parens[parens.count - 1] -= 1
                mark(1, .code)
            }
        } else {
            mark(1, .code)
        }
    }

    /// Whether each open interpolation's string is multi-line, innermost last.
    var pendingMultiLine: [Bool] = []

    mutating func blockComment() {
        var depth = 0
        repeat {
            if bytes[i] == slash, at(i + 1) == star, depth == 0 || !cLike {
                depth += 1
                mark(2, .comment)
            } else if bytes[i] == star, at(i + 1) == slash {
                depth -= 1
                mark(2, .comment)
            } else {
                mark(1, .comment)
            }
        } while i < bytes.count && depth > 0
    }

    /// How many `#` open a raw string here (`#"`, `##"` …), nil when this is no raw string.
    func rawOpening() -> Int? {
        var k = i
        while k < bytes.count, bytes[k] == hash { k += 1 }
        return k > i && at(k) == quote ? k - i : nil
    }

    mutating func stringLiteral() {
        let hashes = rawOpening() ?? 0
        mark(hashes, .string)
        let multiLine = at(i) == quote && at(i + 1) == quote && at(i + 2) == quote
        mark(multiLine ? 3 : 1, .string)
        stringBody(hashes: hashes, multiLine: multiLine)
    }

    /// The inside of a string up to its closing delimiter, or up to an interpolation's `\(`,
    /// where code resumes until the matching `)`.
    mutating func stringBody(hashes: Int, multiLine: Bool) {
        while i < bytes.count {
            let c = bytes[i]
            if c == backslash, hashes == 0, !cLike, at(i + 1) == openParen {
                mark(2, .string)
                parens.append(0)
                pendingMultiLine.append(multiLine)
                return
            }
            if c == backslash, hashes == 0 {
                mark(2, .string)
                continue
            }
            if c == newline, !multiLine { return }
            if c == quote, closes(hashes: hashes, multiLine: multiLine) {
                mark((multiLine ? 3 : 1) + hashes, .string)
                return
            }
            mark(1, .string)
        }
    }

    func closes(hashes: Int, multiLine: Bool) -> Bool {
        let quotes = multiLine ? 3 : 1
        for k in 0 ..< quotes where at(i + k) != quote { return false }
        for k in 0 ..< hashes where at(i + quotes + k) != hash { return false }
        return true
    }

    mutating func characterLiteral() {
        mark(1, .string)
        while i < bytes.count, bytes[i] != apostrophe, bytes[i] != newline {
            mark(bytes[i] == backslash ? 2 : 1, .string)
        }
        if i < bytes.count, bytes[i] == apostrophe { mark(1, .string) }
    }
}
