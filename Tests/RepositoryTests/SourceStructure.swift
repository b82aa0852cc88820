import Foundation

/// The code rules of issue 10, measured: file length, function length and `;`-joined
/// statements. Function length follows /work/wt/longfuncs.py (the check helpers run by hand):
/// a line that declares a function, an initialiser, a subscript or a computed property starts a
/// body at its first `{` (within five lines); the body ends where the braces balance again; its
/// length is the lines from the declaration to the closing brace, both included. Unlike the
/// script, braces and declarations count only in code: strings and comments are blanked first
/// (`SourceLexer`), so a `{` in a string or a `func` in a comment changes nothing.
enum SourceStructure {
    struct LongFunction: CustomStringConvertible {
        let path: String
        let line: Int
        let length: Int
        let declaration: String
        var description: String { "\(path):\(line): \(length) lines: \(declaration)" }
    }

    static let declarationPattern = try! NSRegularExpression(
        pattern: #"\b(func\s+\w|init\s*[(<?]|subscript|var\s+\w+\s*:[^=]*\{\s*$)"#)

    /// Every function body in `text` (Swift) with its length in lines.
    static func functions(in text: String, path: String) -> [LongFunction] {
        let original = text.split(separator: "\n", omittingEmptySubsequences: false)
        let code = SourceLexer(text).code.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [LongFunction] = []
        for i in code.indices {
            let line = String(code[i])
            let range = NSRange(location: 0, length: (line as NSString).length)
            guard declarationPattern.firstMatch(in: line, range: range) != nil,
                  let end = bodyEnd(code, from: i) else { continue }
            let declaration = original[i].trimmingCharacters(in: .whitespaces)
            out.append(LongFunction(path: path, line: i + 1, length: end - i + 1,
                                    declaration: String(declaration.prefix(80))))
        }
        return out
    }

    /// The index of the line that closes the body opened at or after `start`, nil when no body
    /// opens within five lines (a protocol requirement) or the braces close before one opens.
    static func bodyEnd(_ lines: [Substring], from start: Int) -> Int? {
        var depth = 0
        var started = false
        var j = start
        while j < lines.count {
            for c in lines[j] {
                if c == "{" {
                    depth += 1
                    started = true
                } else if c == "}" {
                    depth -= 1
                }
                if !started && depth < 0 { return nil }
            }
            if started && depth <= 0 { return j }
            if !started && j > start + 5 { return nil }
            j += 1
        }
        return started ? lines.count - 1 : nil
    }

    /// Lines of code (strings and comments blanked) that hold a `;`: statements joined on a line.
    static func semicolonLines(in text: String) -> [Int] {
        let code = SourceLexer(text).code.split(separator: "\n", omittingEmptySubsequences: false)
        return code.indices.filter { code[$0].contains(";") }.map { $0 + 1 }
    }

    /// The number of lines of a file as `wc -l` counts them (a last line without a newline
    /// counts too).
    static func lineCount(_ text: String) -> Int {
        let newlines = text.utf8.filter { $0 == 0x0A }.count
        return text.hasSuffix("\n") || text.isEmpty ? newlines : newlines + 1
    }
}
