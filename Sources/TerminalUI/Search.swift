import LiveblogModel
import TerminalKit
import TextCells

/// Issue 32, reader keys: `/` searches the text of the posts, as less does: Enter goes to the
/// first post that matches at or below the reading position, `n` to the next one down, `N` to
/// the previous one, the matches highlighted in the text, the count in the toolbar; Esc ends the
/// search (V2: `n` and `N` then say there is no search). Phrases with spaces (V3). An exact post id
/// still jumps to the post (L6).
struct SearchState: Equatable {
    let query: String
    /// The posts that match, in page order (newest first).
    let ids: [String]
    /// The match the reader is at.
    var current: Int

    /// Posts whose headline, text or quotes contain `query`, ignoring case, in page order.
    static func matches(_ query: String, in lb: Liveblog) -> [String] {
        let q = fold(query)
        guard !q.isEmpty else { return [] }
        return lb.posts.filter { p in
            if let h = p.headline, fold(h).contains(q) { return true }
            return p.blocks.contains { b in
                switch b {
                case .text(let t), .quote(let t, _): return fold(t.plainText).contains(q)
                default: return false
                }
            }
        }.map(\.id)
    }

    /// V3: text as a search compares it: lower case, each run of white space one space (a phrase
    /// matches across a line break or a double space).
    static func fold(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The first match at or below the post at `index` of the page (the reading position), else
    /// the first one.
    static func start(_ ids: [String], from index: Int?, in lb: Liveblog) -> Int {
        guard let index else { return 0 }
        return ids.firstIndex { id in (lb.index(ofPost: id) ?? 0) >= index } ?? 0
    }

    mutating func next() { current = ids.isEmpty ? 0 : (current + 1) % ids.count }
    mutating func previous() { current = ids.isEmpty ? 0 : (current - 1 + ids.count) % ids.count }

    var id: String? { current < ids.count ? ids[current] : nil }

    /// "/goal 2/7": the toolbar's part.
    var label: String { "/\(query) \(current + 1)/\(ids.count)" }

    /// The display columns of each occurrence of `query` in `line` (ignoring case), from its left.
    static func columns(of query: String, in line: String) -> [(col: Int, width: Int)] {
        let q = Array(fold(query)), chars = Array(line)
        guard !q.isEmpty, chars.count >= q.count else { return [] }
        let lower = chars.map { Character($0.lowercased()) }
        var out: [(Int, Int)] = []
        var i = 0, col = 0
        while i <= lower.count - q.count {
            if Array(lower[i..<(i + q.count)]) == q {
                let text = String(chars[i..<(i + q.count)])
                out.append((col, TextWidth.width(text)))
                col += TextWidth.width(text)
                i += q.count
            } else {
                col += TextWidth.width(chars[i])
                i += 1
            }
        }
        return out
    }
}

extension FrameContext {
    /// Issue 32: the matches of the search's text `q` in a row of text drawn from `col`, over what
    /// was drawn (`drawPostText` calls it while a search is active).
    func highlightMatches(of q: String, _ r: Int, _ col: Int, _ runs: [TextRun]) {
        let line = theme.ascii(runs.map(\.text).joined())
        let chars = Array(line)
        for m in SearchState.columns(of: q, in: line) where col + m.col < cols - 1 {
            // The matched text itself, redrawn in the match style.
            var c = 0, text = ""
            for ch in chars {
                let w = TextWidth.width(ch)
                if c >= m.col && c < m.col + m.width { text.append(ch) }
                c += w
            }
            let room = cols - 1 - col - m.col
            screen.put(row: r, col: col + m.col, truncateCells(text, room), theme.searchMatch)
        }
    }
}

