import Foundation

/// Behaviour ids (`E10`, `H3`, `B5` …): where the code and tests cite them, where docs/ defines
/// them, and which ones docs/ids.md lists.
///
/// An id is a family letter and a number from 1 to 99. The families are the sections of docs/ids.md:
/// U units, L data, E embed, H host, P pan and inertia, M modes, I loading, T terminal,
/// C command line, B performance, R real sources, F platform scrolling, G modern terminals,
/// D devices, Q the QA contract, W the web-view wrapper, A the app's own log, X the real page,
/// S the hostile page, V the screen a person sees.
enum BehaviourIds {
    static let families = "ULEHPMITCBRFGDQWAXSV"

    /// One id, sorted by family (in docs/ids.md's order) and number.
    struct Id: Hashable, Comparable, CustomStringConvertible {
        let family: Character
        let number: Int
        var description: String { "\(family)\(number)" }

        init?(_ text: Substring) {
            guard let f = text.first, BehaviourIds.families.contains(f),
                  let n = Int(text.dropFirst()), (1...99).contains(n),
                  !text.dropFirst().hasPrefix("0") else { return nil }
            family = f
            number = n
        }

        static func < (a: Id, b: Id) -> Bool {
            let fa = BehaviourIds.families.firstIndex(of: a.family)!
            let fb = BehaviourIds.families.firstIndex(of: b.family)!
            return fa != fb ? fa < fb : a.number < b.number
        }
    }

    /// A citation: which id, and where (`path:line`).
    struct Citation: Hashable {
        let id: Id
        let place: String
    }

    // MARK: - Citations in code and tests

    /// Every id a source file cites: in its comments and string literals (prose), and in the
    /// names of its test functions (`testE10_…`, `testFuzz_T8_…`).
    static func citations(in file: Repository.File) -> [Citation] {
        let lexer = SourceLexer(file.text, cLike: file.isC)
        var out: [Citation] = []
        let prose = lexer.prose.split(separator: "\n", omittingEmptySubsequences: false)
        let code = lexer.code.split(separator: "\n", omittingEmptySubsequences: false)
        for n in prose.indices {
            let place = "\(file.path):\(n + 1)"
            let found = ids(inProse: String(prose[n])) + ids(inTestNames: String(code[n]))
            out += found.map { Citation(id: $0, place: place) }
        }
        return out
    }

    /// Notations in prose that look like ids but are not citations. Each is blanked before ids
    /// are read, so only what is left counts.
    static let notCitations: [NSRegularExpression] = [
        // A short value in quotes is data, not a citation: `"local_id": "G1"`, `key \"F13\"`.
        #"\\?"[A-Z][0-9]{1,2}\\?""#,
        // Function keys: `F1…F12`, `F5 key`.
        #"\bF[0-9]{1,2}\s*(?:…|\.\.\.)\s*F[0-9]{1,2}\b"#,
        #"\bF[0-9]{1,2}(?= keys?\b)"#,
        // Control-character sets: `C0 and C1 controls`, `C0, DEL, C1`, `C1 controls`.
        #"\bC0\b[ ,A-Za-z]{0,12}\bC1\b"#,
        #"\bC1(?= controls?\b)"#,
        // UTF-8 bytes written in hex: `C2 80–9F`, `E2 80 AA`, `E2 81 A6–A9` (the whole run of bytes).
        #"\b(?:[0-9A-F]{2} ){1,3}[0-9A-F]{2}(?:[–-][0-9A-F]{2})?\b"#,
        #"\b[0-9A-F]{2}(?= [0-9][0-9A-F]\b)"#,
        // Names that are not ids: Samsung's Galaxy S24, Google's V8 (the JavaScript engine).
        #"\bGalaxy S[0-9]{1,2}\b"#,
        #"\bV8(?=[ ,.;:)'’s]|$)"#,
    ].map(regex)

    /// An id in prose: not glued to a word, an escape (`\u{1B}P1`), a member access or a sign.
    static let idPattern = regex(#"(?<![A-Za-z0-9_\\}$#.+%])([A-Z])([1-9][0-9]?)(?![A-Za-z0-9_])"#)
    /// A range such as `E3–E13` or `C2-C5` (the same family at both ends).
    static let rangePattern = regex(
        #"(?<![A-Za-z0-9_\\}$#.+%])([A-Z])([1-9][0-9]?)\s*[–-]\s*\1?([1-9][0-9]?)(?![A-Za-z0-9_])"#)

    /// The ids cited in a line of prose, ranges expanded.
    static func ids(inProse line: String) -> [Id] {
        var text = line
        for pattern in notCitations { text = blank(pattern, in: text) }
        var out: [Id] = []
        for m in matches(rangePattern, in: text) {
            let family = m[1], from = Int(m[2])!, to = Int(m[3])!
            guard from < to, to - from <= 30 else { continue }
            out += (from...to).compactMap { Id(Substring(family + String($0))) }
        }
        text = blank(rangePattern, in: text, onlyOrderedRanges: true)
        for m in matches(idPattern, in: text) {
            if let id = Id(Substring(m[1] + m[2])) { out.append(id) }
        }
        return out
    }

    /// The ids a test function's name cites: the name after `test`, split at `_`, each part that
    /// is made of ids alone (`testE10_…` → E10; `testC1_T6_…` → C1, T6; `testRFC3339…` → none).
    static func ids(inTestNames line: String) -> [Id] {
        var out: [Id] = []
        for m in matches(testName, in: line) {
            for part in m[1].split(separator: "_") {
                let ids = matches(idInName, in: String(part)).map { $0[0] }
                guard !ids.isEmpty, ids.joined() == part else { continue }
                out += ids.compactMap { Id(Substring($0)) }
            }
        }
        return out
    }

    // MARK: - Definitions in docs/ and the ids docs/ids.md lists

    /// A definition in docs/: a heading `### E10 — corrections` followed by its text.
    struct Definition {
        let id: Id
        let place: String
        let text: String
    }

    /// Every `### ID — title` heading in the given Markdown files, with the text up to the next
    /// heading.
    static func definitions(in files: [Repository.File]) -> [Definition] {
        var out: [Definition] = []
        for file in files {
            var current: (id: Id, place: String, text: String)?
            for (n, line) in file.lines.enumerated() {
                if line.hasPrefix("#") {
                    if let c = current { out.append(Definition(id: c.id, place: c.place, text: c.text)) }
                    current = nil
                    if let m = matches(definitionHeading, in: String(line)).first,
                       let id = Id(Substring(m[1])) {
                        current = (id, "\(file.path):\(n + 1)", "")
                    }
                } else if current != nil {
                    current!.text += line + "\n"
                }
            }
            if let c = current { out.append(Definition(id: c.id, place: c.place, text: c.text)) }
        }
        return out
    }

    /// The ids a list holds (docs/ids.md): each is a list item starting with its id (`- E10 …`).
    static func specIds(_ spec: String) -> Set<Id> {
        var out: Set<Id> = []
        for line in spec.split(separator: "\n") {
            if let m = matches(specItem, in: String(line)).first, let id = Id(Substring(m[1])) {
                out.insert(id)
            }
        }
        return out
    }

    // MARK: - Regular expressions

    static let testName = regex(#"\bfunc\s+test([A-Za-z0-9_]*)"#)
    static let idInName = regex("[A-Z][1-9][0-9]?")
    static let definitionHeading = regex(#"^###\s+([A-Z][0-9]{1,2})\s+—\s+\S"#)
    static let specItem = regex(#"^- ([A-Z][0-9]{1,2}) "#)

    static func regex(_ pattern: String) -> NSRegularExpression { try! NSRegularExpression(pattern: pattern) }

    /// Each match's groups (group 0 the whole match); a group that did not take part is "".
    static func matches(_ re: NSRegularExpression, in text: String) -> [[String]] {
        let ns = text as NSString
        return re.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { m in
            (0 ..< m.numberOfRanges).map { k in
                m.range(at: k).location == NSNotFound ? "" : ns.substring(with: m.range(at: k))
            }
        }
    }

    /// The text with each match of `pattern` replaced by spaces of the same length. With
    /// `onlyOrderedRanges`, only ranges that were expanded (from < to) are blanked.
    static func blank(_ re: NSRegularExpression, in text: String, onlyOrderedRanges: Bool = false) -> String {
        let ns = NSMutableString(string: text)
        for m in re.matches(in: text, range: NSRange(location: 0, length: ns.length)).reversed() {
            if onlyOrderedRanges {
                let from = Int(ns.substring(with: m.range(at: 2)))!
                let to = Int(ns.substring(with: m.range(at: 3)))!
                guard from < to, to - from <= 30 else { continue }
            }
            ns.replaceCharacters(in: m.range, with: String(repeating: " ", count: m.range.length))
        }
        return ns as String
    }
}
