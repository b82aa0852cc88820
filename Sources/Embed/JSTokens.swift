/// The tokens of a piece of JavaScript source, as much of ECMAScript's lexical grammar as a
/// hook's body needs read right (Q10): comments (line and block) and whitespace dropped,
/// strings, template literals (with `${…}` read as code to its matching brace) and regular
/// expression literals each one token, so a `throw` inside any of them is no keyword; a
/// template's `${…}` substitutions follow its token as parenthesised groups of their own tokens
/// (code that runs when the template does: an immediately called function there can throw, Q17). A `/`
/// starts a regular expression where an expression may begin (after an operator, `(`, `,`, a
/// keyword such as `return`, or at the start), and is division after a value; a "regular
/// expression" that does not close on its line is division after all.
struct JSTokens {
    enum Kind: Equatable { case word, punct, string, template, regex, number }

    struct Token: Equatable {
        var kind: Kind
        /// The word, the punctuator, or a literal's raw text between its delimiters.
        var text: String
    }

    private(set) var tokens: [Token] = []
    private let c: [Character]
    private var i = 0

    /// Words after which a `/` begins a regular expression (an expression follows them).
    static let expressionKeywords: Set<String> = ["return", "typeof", "instanceof", "in", "of", "new", "delete",
                                                  "void", "throw", "case", "do", "else", "yield", "await"]

    init(_ source: String) {
        c = Array(source)
        lex(untilBrace: false)
    }

    private func at(_ k: Int) -> Character? { k < c.count ? c[k] : nil }

    private static func isWordChar(_ ch: Character) -> Bool {
        ch.isLetter || ch.isNumber || ch == "_" || ch == "$" || ch == "\\"
    }

    /// Reads tokens to the end, or (in a template's `${`) to the `}` that closes it.
    private mutating func lex(untilBrace: Bool) {
        var depth = 0
        while i < c.count {
            let ch = c[i]
            if ch.isWhitespace { i += 1; continue }
            if ch == "/" && at(i + 1) == "/" {
                while i < c.count && !c[i].isNewline { i += 1 }
                continue
            }
            if ch == "/" && at(i + 1) == "*" {
                i += 2
                while i < c.count && !(c[i] == "*" && at(i + 1) == "/") { i += 1 }
                i = min(c.count, i + 2)
                continue
            }
            if untilBrace {
                if ch == "{" { depth += 1 }
                if ch == "}" {
                    if depth == 0 { i += 1; return }
                    depth -= 1
                }
            }
            if ch == "`" {
                // The template, then each substitution's code as a group (Q17).
                let (token, substitutions) = template()
                tokens.append(token)
                for sub in substitutions {
                    tokens.append(Token(kind: .punct, text: "("))
                    tokens += sub
                    tokens.append(Token(kind: .punct, text: ")"))
                }
                continue
            }
            tokens.append(next(ch))
        }
    }

    private mutating func next(_ ch: Character) -> Token {
        if ch == "\"" || ch == "'" { return quoted(ch) }
        if ch == "/", regexMayStart, let r = regex() { return r }
        if ch.isNumber || (ch == "." && at(i + 1)?.isNumber == true) {
            let start = i
            while i < c.count && (JSTokens.isWordChar(c[i]) || c[i] == ".") { i += 1 }
            return Token(kind: .number, text: String(c[start..<i]))
        }
        if JSTokens.isWordChar(ch) {
            let start = i
            while i < c.count && JSTokens.isWordChar(c[i]) { i += 1 }
            return Token(kind: .word, text: String(c[start..<i]))
        }
        for p in ["=>", "?.", "..."] where String(c[i..<min(c.count, i + p.count)]) == p {
            i += p.count
            return Token(kind: .punct, text: p)
        }
        i += 1
        return Token(kind: .punct, text: String(ch))
    }

    /// A `'…'` or `"…"` string: escapes kept as written; it ends at its quote or its line.
    private mutating func quoted(_ q: Character) -> Token {
        i += 1
        let start = i
        while i < c.count && c[i] != q && !c[i].isNewline {
            i += c[i] == "\\" ? 2 : 1
        }
        let end = min(i, c.count)
        if i < c.count && c[i] == q { i += 1 }
        return Token(kind: .string, text: String(c[start..<end]))
    }

    /// A template literal; each `${…}` inside is code, read to its closing brace: its tokens.
    private mutating func template() -> (Token, [[Token]]) {
        i += 1
        let start = i
        var substitutions: [[Token]] = []
        while i < c.count && c[i] != "`" {
            if c[i] == "\\" {
                i += 2
            } else if c[i] == "$" && at(i + 1) == "{" {
                i += 2
                var inner = JSTokens(sub: c, from: i)
                inner.lex(untilBrace: true)
                i = inner.i
                substitutions.append(inner.tokens)
            } else {
                i += 1
            }
        }
        let end = min(i, c.count)
        if i < c.count { i += 1 }
        return (Token(kind: .template, text: String(c[start..<end])), substitutions)
    }

    private init(sub: [Character], from: Int) {
        c = sub
        i = from
    }

    private var regexMayStart: Bool {
        guard let prev = tokens.last else { return true }
        switch prev.kind {
        case .word: return JSTokens.expressionKeywords.contains(prev.text)
        case .number, .string, .template, .regex: return false
        case .punct: return ![")", "]"].contains(prev.text)
        }
    }

    /// `/body/flags`, with `[…]` classes and escapes; nil (division) when it does not close on
    /// its line.
    private mutating func regex() -> Token? {
        var k = i + 1
        var inClass = false
        while k < c.count && !c[k].isNewline {
            let ch = c[k]
            if ch == "\\" {
                k += 2
                continue
            }
            if ch == "[" { inClass = true }
            if ch == "]" { inClass = false }
            if ch == "/" && !inClass {
                let body = String(c[(i + 1)..<k])
                k += 1
                while k < c.count && JSTokens.isWordChar(c[k]) { k += 1 }
                i = k
                return Token(kind: .regex, text: body)
            }
            k += 1
        }
        return nil
    }
}
