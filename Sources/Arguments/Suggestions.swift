// "Did you mean" suggestions for mistyped subcommands, options and values.

extension ArgumentParser {
    // MARK: Suggestions

    /// `; did you mean 'x'?` when a candidate is close to `word`, else "".
    static func suggestion(_ word: String, _ candidates: [String]) -> String {
        closest(word, candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The candidate nearest to `word` by edit distance (dashes ignored), when close enough,
    /// or the only candidate that `word` is a prefix of.
    static func closest(_ word: String, _ candidates: [String]) -> String? {
        let w = Array(ParsedArguments.key(word).lowercased())
        guard !w.isEmpty else { return nil }
        var best: (String, Int)? = nil
        for c in candidates {
            let d = editDistance(w, Array(ParsedArguments.key(c).lowercased()))
            if best == nil || d < best!.1 { best = (c, d) }
        }
        if let (c, d) = best, d <= min(2, max(1, w.count / 3)) { return c }
        let prefixed = candidates.filter { ParsedArguments.key($0).lowercased().hasPrefix(String(w)) }
        return prefixed.count == 1 && w.count >= 3 ? prefixed[0] : nil
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = prev
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                cur[j] = Swift.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cur[j] = Swift.min(cur[j], prev2[j - 2] + 1)
                }
            }
            prev2 = prev
            prev = cur
        }
        return prev[b.count]
    }

}
