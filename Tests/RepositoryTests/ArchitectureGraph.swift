import Foundation

/// The module graph docs/architecture.md shows in its section "The layers": the tree's arrows
/// (a branch `├─► B` under the module A it hangs from, and inline `A ─► B, C`) and the tables'
/// rows (`` | `A`, `B` | X, Y | … | ``: those targets, each depending on X and Y; `—` or
/// `system` for none).
struct ArchitectureGraph {
    struct Edge: Hashable, CustomStringConvertible {
        let from: String
        let to: String
        let line: Int
        var description: String { "\(from) ─► \(to) (line \(line))" }
    }

    struct Row {
        let targets: [String]
        let dependencies: [String]
        let line: Int
    }

    var edges: [Edge] = []
    var rows: [Row] = []
    /// Every word of the tree (module names among them).
    var treeWords: Set<String> = []

    /// Reads the section `## The layers` of `markdown` (up to the next `##`/`###` heading); line
    /// numbers are the file's.
    init(markdown: String) {
        let lines = markdown.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "## The layers") else { return }
        var fence = 0
        var tree: [(String, Int)] = []
        for n in (start + 1)..<lines.count {
            let line = lines[n]
            if line.hasPrefix("## ") || line.hasPrefix("### ") { break }
            if line.hasPrefix("```") {
                fence += 1
                continue
            }
            if fence == 1 { tree.append((line, n + 1)) }
            if fence != 1, let row = ArchitectureGraph.row(line, number: n + 1) { rows.append(row) }
        }
        readTree(tree)
    }

    static func words(_ s: Substring) -> [(word: String, column: Int)] {
        var out: [(String, Int)] = []
        var current = "", startColumn = 0
        for (i, c) in s.enumerated() {
            if c.isLetter || c.isNumber {
                if current.isEmpty { startColumn = i }
                current.append(c)
            } else if !current.isEmpty {
                out.append((current, startColumn))
                current = ""
            }
        }
        if !current.isEmpty { out.append((current, startColumn)) }
        return out
    }

    /// The module list right after an arrow: `B` or `B, C, D` (a gap of two spaces ends it).
    static func list(after rest: Substring) -> [String] {
        var out: [String] = []
        var text = rest.drop { $0 == " " }
        while let w = words(text).first, w.column == 0 {
            out.append(w.word)
            text = text.dropFirst(w.word.count)
            guard text.hasPrefix(", ") else { break }
            text = text.dropFirst(2)
        }
        return out
    }

    private mutating func readTree(_ tree: [(String, Int)]) {
        // Per line: its first word's column (the module a branch below may hang from).
        var leading: [(word: String, column: Int)?] = []
        for (index, (text, number)) in tree.enumerated() {
            let chars = Array(text)
            let first = ArchitectureGraph.words(Substring(text)).first
            leading.append(first)
            for w in ArchitectureGraph.words(Substring(text)) { treeWords.insert(w.word) }
            var i = 0
            while i + 1 < chars.count {
                guard chars[i] == "─", chars[i + 1] == "►" else {
                    i += 1
                    continue
                }
                let targets = ArchitectureGraph.list(after: Substring(String(chars[(i + 2)...])))
                let before = String(chars[..<i])
                if let branch = before.lastIndex(where: { $0 == "├" || $0 == "└" }),
                   before[before.index(after: branch)...].allSatisfy({ $0 == "─" }) {
                    let column = before.distance(from: before.startIndex, to: branch)
                    let parent = leading[..<index].last { ($0?.column ?? Int.max) < column }
                    if let parent = parent ?? nil, let child = targets.first {
                        edges.append(Edge(from: parent.word, to: child, line: number))
                    }
                } else if let from = ArchitectureGraph.words(Substring(before)).last?.word {
                    for t in targets { edges.append(Edge(from: from, to: t, line: number)) }
                }
                i += 2
            }
        }
    }

    /// `` | `A`, `B` | X, Y | … | `` → a row; nil for another line.
    static func row(_ line: String, number: Int) -> Row? {
        guard line.hasPrefix("| `") else { return nil }
        let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard cells.count >= 3 else { return nil }
        let targets = cells[1].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        let deps = cells[2] == "—" || cells[2] == "system" ? [] : words(Substring(cells[2])).map(\.word)
        return Row(targets: targets, dependencies: deps, line: number)
    }
}
