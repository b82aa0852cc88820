import LiveblogModel
import TextCells

/// The app's `window.tickarooLiveblogScrollTo`, given as JavaScript source (E5).
/// The embed reads its `Function.length` when a jump starts: the number of parameters before
/// the first one with a default value or the rest parameter. Two or more: a two-parameter hook;
/// zero or one: a one-parameter hook. A body that throws (a `throw` statement it runs, Q10:
/// `HookBody`) makes every call throw (E13); we emulate only that much of JavaScript.
public struct HookSignature: Sendable, Equatable, CustomStringConvertible {
    public let source: String
    /// JavaScript's Function.length.
    public let functionLength: Int
    /// The message thrown by the body, when it throws.
    public let throwsMessage: String?

    /// Two-parameter hooks get (top, info); one-parameter hooks get top alone.
    public var arity: Int { functionLength >= 2 ? 2 : 1 }
    public var description: String { source }

    public struct ParseError: Error, CustomStringConvertible, Sendable {
        public let message: String
        public var description: String { message }
    }

    public init(parsing text: String) throws {
        let src = text.trimmingCharacters(in: .whitespacesAndNewlines)
        source = src
        let (params, body) = try HookSignature.split(src)
        functionLength = HookSignature.functionLength(params)
        throwsMessage = HookSignature.thrownMessage(body)
    }

    /// A character of a JavaScript identifier (ASCII view: letters, digits, `_`, `$`).
    static func isIdentifierChar(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_" || c == "$"
    }

    /// Splits source into the parameter list text and the body text.
    static func split(_ s: String) throws -> (params: String, body: String) {
        var rest = Substring(s)
        func dropWord(_ w: String) -> Bool {
            if rest.hasPrefix(w), rest.dropFirst(w.count).first.map({ !isIdentifierChar($0) }) ?? true {
                rest = rest.dropFirst(w.count).drop(while: { $0.isWhitespace })
                return true
            }
            return false
        }
        _ = dropWord("async")
        if dropWord("function") {
            if rest.first == "*" { rest = rest.dropFirst().drop(while: { $0.isWhitespace }) }
            // optional name
            rest = rest.drop(while: isIdentifierChar).drop(while: { $0.isWhitespace })
            guard rest.first == "(" else {
                throw ParseError(message: "expected '(' after 'function' in hook \"\(s)\"")
            }
            let (params, after) = try balanced(rest)
            return (params, String(after))
        }
        if rest.first == "(" {
            let (params, after) = try balanced(rest)
            let tail = after.drop(while: { $0.isWhitespace })
            guard tail.hasPrefix("=>") else {
                throw ParseError(message: "expected '=>' after the parameters in hook \"\(s)\"")
            }
            return (params, String(tail.dropFirst(2)))
        }
        // Single bare parameter arrow: x => ...
        let name = rest.prefix(while: isIdentifierChar)
        let tail = rest.dropFirst(name.count).drop(while: { $0.isWhitespace })
        if !name.isEmpty, tail.hasPrefix("=>") { return (String(name), String(tail.dropFirst(2))) }
        let example = "function (top, info) {}"
        throw ParseError(message: "not a JavaScript function: \"\(s)\" (expected e.g. \"\(example)\")")
    }

    /// Returns the text inside the parentheses starting at s.first == "(" and what follows them.
    static func balanced(_ s: Substring) throws -> (String, Substring) {
        var depth = 0
        var quote: Character? = nil
        var i = s.startIndex
        var escaped = false
        while i < s.endIndex {
            let c = s[i]
            if let q = quote {
                if escaped {
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                } else if c == q {
                    quote = nil
                }
            } else if c == "\"" || c == "'" || c == "`" {
                quote = c
            } else if c == "(" || c == "[" || c == "{" {
                depth += 1
            } else if c == ")" || c == "]" || c == "}" {
                depth -= 1
                if depth == 0 {
                    let inner = s[s.index(after: s.startIndex)..<i]
                    return (String(inner), s[s.index(after: i)...])
                }
            }
            i = s.index(after: i)
        }
        throw ParseError(message: "unbalanced parentheses in hook \"\(String(s))\"")
    }

    /// Function.length: parameters before the first with a default value or the rest parameter.
    static func functionLength(_ rawParams: String) -> Int {
        let params = stripComments(rawParams)
        var parts: [String] = []
        var depth = 0
        var current = ""
        var quote: Character? = nil
        for c in params {
            if let q = quote {
                current.append(c)
                if c == q { quote = nil }
                continue
            }
            switch c {
            case "\"", "'", "`": quote = c
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "," where depth == 0:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(c)
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { parts.append(current) }
        var n = 0
        for p in parts {
            let t = p.trimmingCharacters(in: .whitespacesAndNewlines)
            if t.isEmpty { continue } // trailing comma
            if t.hasPrefix("...") { break }
            if hasTopLevelDefault(t) { break }
            n += 1
        }
        return n
    }

    /// Removes `/* … */` and `// …` comments outside string literals (JavaScript ignores them, so
    /// `(top /*, info */)` has one parameter).
    static func stripComments(_ s: String) -> String {
        var out = ""
        let c = Array(s)
        var i = 0
        var quote: Character? = nil
        while i < c.count {
            let ch = c[i]
            if let q = quote {
                out.append(ch)
                if ch == "\\", i + 1 < c.count {
                    out.append(c[i + 1])
                    i += 2
                    continue
                }
                if ch == q { quote = nil }
                i += 1
            } else if ch == "\"" || ch == "'" || ch == "`" {
                quote = ch
                out.append(ch)
                i += 1
            } else if ch == "/", i + 1 < c.count, c[i + 1] == "*" {
                i += 2
                while i < c.count, !(c[i] == "*" && i + 1 < c.count && c[i + 1] == "/") { i += 1 }
                i += 2
                out.append(" ")
            } else if ch == "/", i + 1 < c.count, c[i + 1] == "/" {
                while i < c.count, c[i] != "\n" { i += 1 }
            } else {
                out.append(ch)
                i += 1
            }
        }
        return out
    }

    private static func hasTopLevelDefault(_ p: String) -> Bool {
        var depth = 0
        var prev: Character = " "
        let chars = Array(p)
        for (i, c) in chars.enumerated() {
            switch c {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "=" where depth == 0:
                let next: Character = i + 1 < chars.count ? chars[i + 1] : " "
                let compared = ["=", "!", "<", ">"].contains(prev) || next == "=" || next == ">"
                if !compared { return true }
            default: break
            }
            prev = c
        }
        return false
    }

    /// The message of the `throw` statement the body runs (Q10: `HookBody`, not a word search).
    static func thrownMessage(_ body: String) -> String? {
        HookBody.thrownMessage(body).map { Sanitizer.clean($0) }
    }
}

import Foundation
