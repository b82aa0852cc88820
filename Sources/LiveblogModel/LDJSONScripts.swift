import Foundation

/// The `<script type="application/ld+json">` blocks of a saved HTML page (L3).
enum LDJSONScripts {
    struct Block {
        var bytes: [UInt8]
        /// Line and column (1-based) in the page where the block's JSON starts.
        var line: Int
        var column: Int
    }

    static func extract(from b: [UInt8]) -> [Block] {
        var blocks: [Block] = []
        var i = 0
        func lower(_ x: UInt8) -> UInt8 { (0x41...0x5A).contains(x) ? x + 0x20 : x }
        func matches(_ word: String, at k: Int) -> Bool {
            let w = Array(word.utf8)
            guard k + w.count <= b.count else { return false }
            for j in 0..<w.count where lower(b[k + j]) != w[j] { return false }
            return true
        }
        func find(_ word: String, from: Int) -> Int? {
            var k = from
            while k < b.count {
                if b[k] == UInt8(ascii: "<"), matches(word, at: k) { return k }
                k += 1
            }
            return nil
        }
        while let start = find("<script", from: i) {
            // The opening tag, honouring quotes.
            var k = start + 7
            var quote: UInt8 = 0
            while k < b.count {
                let c = b[k]
                if quote != 0 { if c == quote { quote = 0 } } else if c == 0x22 || c == 0x27 { quote = c } else if c == UInt8(ascii: ">") { break }
                k += 1
            }
            guard k < b.count else { break }
            let tag = String(decoding: b[start..<k], as: UTF8.self).lowercased()
            let bodyStart = k + 1
            let bodyEnd = find("</script", from: bodyStart) ?? b.count
            if isLDJSON(tag) {
                var line = 1, col = 1
                // Position of the body start (computed from the previous block onwards would be
                // faster; pages hold few blocks).
                for j in 0..<bodyStart {
                    if b[j] == 0x0A { line += 1; col = 1 } else if b[j] & 0xC0 != 0x80 { col += 1 }
                }
                blocks.append(Block(bytes: Array(b[bodyStart..<bodyEnd]), line: line, column: col))
            }
            i = bodyEnd + 1
        }
        return blocks
    }

    private static func isLDJSON(_ tag: String) -> Bool {
        // type="application/ld+json", type='application/ld+json' or type=application/ld+json
        var search = tag[...]
        while let r = search.range(of: "type") {
            search = search[r.upperBound...]
            var rest = search.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard rest.first == "=" else { continue }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\"" || $0 == "'" }
            if rest.hasPrefix("application/ld+json") { return true }
        }
        return false
    }
}
