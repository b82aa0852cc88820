/// Q10, E13: does a hook's body throw when it is called, as JavaScript would run it? It throws
/// when a `throw` statement runs: a `throw` among the body's own statements, not the word in a
/// comment, a string, a template literal or a regular expression (`JSTokens` drops or keeps
/// those whole), not one inside a nested function, arrow function, method or class (defined,
/// never called by the call, unless called at once: `(function () { … })()`, `(() => { … })()`,
/// also inside a group or a template's `${…}`, Q17: as the engine runs it), not one inside a
/// `try` block that has a `catch`, and not one after
/// an unconditional `return` of the body (ASI: `return` then a new line is `return;`). Object
/// literals and parenthesised expressions hold no statements. We do not run the body: a `throw`
/// behind an `if` counts as thrown, as the embed's hook is called with a real `top`; a named
/// function the body defines and calls later is not followed.
enum HookBody {
    /// The message of the first `throw` statement the body runs, nil when it runs none.
    /// `body` is the text after the parameter list: `{ … }` for a function, or an arrow's
    /// `{ … }` or expression (which can hold no statement).
    static func thrownMessage(_ body: String) -> String? {
        let scan = Scan(JSTokens(body).tokens)
        guard let first = scan.t.first, first.kind == .punct, first.text == "{", let end = scan.match[0] else {
            return nil
        }
        guard let at = scan.escaping(1, end, functionBody: true) else { return nil }
        return scan.message(after: at)
    }

    struct Scan {
        let t: [JSTokens.Token]
        /// For each bracket, the index of its partner.
        let match: [Int?]

        init(_ tokens: [JSTokens.Token]) {
            t = tokens
            var m = [Int?](repeating: nil, count: tokens.count)
            var stack: [Int] = []
            for (k, tok) in tokens.enumerated() where tok.kind == .punct {
                if ["(", "[", "{"].contains(tok.text) {
                    stack.append(k)
                } else if [")", "]", "}"].contains(tok.text), let open = stack.popLast() {
                    m[open] = k
                    m[k] = open
                }
            }
            match = m
        }

        func isPunct(_ k: Int, _ s: String) -> Bool { isToken(k, .punct, s) }
        func isWord(_ k: Int, _ s: String) -> Bool { isToken(k, .word, s) }
        func isToken(_ k: Int, _ kind: JSTokens.Kind, _ s: String) -> Bool {
            k >= 0 && k < t.count && t[k].kind == kind && t[k].text == s
        }
        /// Past the group opening at `k` (to its partner + 1; the end when it never closes).
        func past(_ k: Int) -> Int { (match[k] ?? (t.count - 1)) + 1 }

        /// The first `throw` statement that escapes when `t[lo..<hi]` run as statements.
        func escaping(_ lo: Int, _ hi: Int, functionBody: Bool) -> Int? {
            var k = lo
            var depth = 0
            while k < hi {
                let tok = t[k]
                switch (tok.kind, tok.text) {
                case (.word, "function"): k = pastFunction(k)
                case (.word, "class"): k = pastClass(k, hi)
                case (.punct, "=>"): k = isPunct(k + 1, "{") ? past(k + 1) : k + 1
                case (.punct, "("), (.punct, "["):
                    if let x = calledFunction(k) ?? inExpression(k + 1, match[k] ?? t.count) { return x }
                    k = past(k)
                case (.punct, "{"):
                    if isBlockStart(k, lo) {
                        depth += 1
                        k += 1
                    } else {
                        k = past(k)
                    }
                case (.punct, "}"):
                    depth -= 1
                    k += 1
                case (.word, "try") where isPunct(k + 1, "{"):
                    let (found, next) = tryStatement(k)
                    if let found { return found }
                    k = next
                case (.word, "throw") where isThrowStatement(k): return k
                case (.word, "return") where functionBody && depth == 0 && isUnconditional(k, lo): return nil
                default: k += 1
                }
            }
            return nil
        }

        /// Q17: `( function … { … } )( … )`, `( ( … ) => { … } )( … )`, `( x => { … } )( … )`: a
        /// function called at once runs its body; the throw that escapes it.
        func calledFunction(_ k: Int) -> Int? {
            guard isPunct(k, "("), let end = match[k], isPunct(end + 1, "(") else { return nil }
            var j = k + 1
            if isWord(j, "async") { j += 1 }
            if isWord(j, "function") {
                var b = j + 1
                if isPunct(b, "*") { b += 1 }
                if b < t.count, t[b].kind == .word { b += 1 }
                guard isPunct(b, "(") else { return nil }
                b = past(b)
                guard isPunct(b, "{"), let close = match[b], close < end else { return nil }
                return escaping(b + 1, close, functionBody: true)
            }
            if isPunct(j, "(") {
                j = past(j)
            } else if j < t.count, t[j].kind == .word {
                j += 1
            } else {
                return nil
            }
            guard isPunct(j, "=>"), isPunct(j + 1, "{"), let close = match[j + 1], close < end else { return nil }
            return escaping(j + 2, close, functionBody: true)
        }

        /// The functions an expression calls at once (in its groups, a template's substitutions):
        /// the first throw that escapes one. Functions it only defines are passed over.
        func inExpression(_ lo: Int, _ hi: Int) -> Int? {
            var k = lo
            while k < hi {
                switch (t[k].kind, t[k].text) {
                case (.punct, "("):
                    if let x = calledFunction(k) { return x }
                    k += 1
                case (.word, "function"): k = pastFunction(k)
                case (.word, "class"): k = pastClass(k, hi)
                case (.punct, "=>"): k = isPunct(k + 1, "{") ? past(k + 1) : k + 1
                default: k += 1
                }
            }
            return nil
        }

        /// `try { A } catch (e) { B } finally { C }`: A's throws are caught when there is a catch;
        /// B's and C's escape. The throw found, and the index past the statement.
        func tryStatement(_ k: Int) -> (Int?, Int) {
            let tryEnd = past(k + 1)
            var blocks: [(Int, Int)] = []
            var j = tryEnd
            let caught = isWord(j, "catch")
            if !caught { blocks.append((k + 2, tryEnd - 1)) }
            if caught {
                j += 1
                if isPunct(j, "(") { j = past(j) }
                if isPunct(j, "{") {
                    blocks.append((j + 1, past(j) - 1))
                    j = past(j)
                }
            }
            if isWord(j, "finally"), isPunct(j + 1, "{") {
                blocks.append((j + 2, past(j + 1) - 1))
                j = past(j + 1)
            }
            for (a, b) in blocks {
                if let x = escaping(a, min(b, t.count), functionBody: false) { return (x, j) }
            }
            return (nil, j)
        }

        /// `function [*] [name] (…) {…}`: past its body.
        func pastFunction(_ k: Int) -> Int {
            var j = k + 1
            if isPunct(j, "*") { j += 1 }
            if j < t.count, t[j].kind == .word { j += 1 }
            guard isPunct(j, "(") else { return k + 1 }
            j = past(j)
            return isPunct(j, "{") ? past(j) : j
        }

        /// `class [name] [extends …] {…}`: past its body.
        func pastClass(_ k: Int, _ hi: Int) -> Int {
            var j = k + 1
            while j < hi, !isPunct(j, "{") { j = isPunct(j, "(") || isPunct(j, "[") ? past(j) : j + 1 }
            return j < hi ? past(j) : j
        }

        /// A `{` that opens a block (a statement), not an object literal (an expression).
        func isBlockStart(_ k: Int, _ lo: Int) -> Bool {
            guard k > lo else { return true }
            let p = t[k - 1]
            if p.kind == .punct { return [";", "{", "}", ")", ":"].contains(p.text) }
            return p.kind == .word && ["else", "do", "try", "finally"].contains(p.text)
        }

        /// `throw` the statement, not a property (`a.throw`, `a?.throw`), an object key
        /// (`{throw: 1}`) or a method named so (`throw() {}`).
        func isThrowStatement(_ k: Int) -> Bool {
            if isPunct(k - 1, ".") || isPunct(k - 1, "?.") || isPunct(k + 1, ":") { return false }
            if isPunct(k + 1, "("), isPunct(past(k + 1), "{") { return false }
            return true
        }

        /// A `return` that always runs when reached: not the body of an `if`, `else`, loop or
        /// `with` (it follows a `;`, a block's end, or a new line after a call).
        func isUnconditional(_ k: Int, _ lo: Int) -> Bool {
            guard k > lo else { return true }
            let p = t[k - 1]
            if p.kind == .punct && (p.text == ";" || p.text == "}") { return true }
            if p.kind == .punct && p.text == ")", let open = match[k - 1] {
                return !(["if", "while", "for", "with"].contains { isWord(open - 1, $0) })
            }
            return false
        }

        /// The thrown value's message: the first string or template literal of the statement,
        /// else "Error".
        func message(after k: Int) -> String {
            var j = k + 1
            while j < t.count, !isPunct(j, ";"), !(isPunct(j, "}") && (match[j] ?? t.count) < k) {
                if t[j].kind == .string || t[j].kind == .template { return t[j].text }
                j += 1
            }
            return "Error"
        }
    }
}
