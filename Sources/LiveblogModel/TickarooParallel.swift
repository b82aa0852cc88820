import Foundation
import CSupport

// MARK: - Parallel loading of a large native file (B3)

extension TickarooFormat {
    /// The native shape `{"game": …, "events": [ … ]}` from a mapped file, with the events parsed
    /// on all cores: one quick pass finds where each event starts and ends (strings and nesting
    /// respected), then chunks of events are parsed and turned into posts in parallel, and each
    /// chunk's pages are handed back to the system once it is done (B6). The posts come out in
    /// file order, exactly as from one pass. nil for any other shape or any problem: the caller
    /// takes the one-pass path, which reports errors with their place.
    /// Throws only when a post is over `PostSizeLimit` (issue 31).
    static func loadParallel(buffer b: UnsafeBufferPointer<UInt8>, name: String, baseDirectory: String?,
                             release: (@Sendable (Int, Int) -> Void)? = nil) throws -> Liveblog? {
        guard let scan = EventScan(b) else { return nil }
        try PostSizeLimit.check(scan, count: b.count, name: name)
        // The document without its events: small, parsed the ordinary way for the game.
        var rest = [UInt8]()
        rest.reserveCapacity(scan.arrayStart + 2 + (b.count - scan.arrayEnd))
        rest.append(contentsOf: UnsafeBufferPointer(rebasing: b[0...scan.arrayStart]))
        rest.append(UInt8(ascii: "]"))
        rest.append(contentsOf: UnsafeBufferPointer(rebasing: b[(scan.arrayEnd + 1)...]))
        guard let gameDoc = try? JSONParser.parse(bytes: rest), case .object(let pairs) = gameDoc,
              let (id, title, scoreboard) = try? parseGame(JSONNode(.object(pairs), path: "", file: name), name: name)
        else { return nil }

        let ranges = scan.elements
        let n = ranges.count
        let chunks = max(1, min(n, 64))
        var results = [[Post]?](repeating: nil, count: chunks)
        let eventsPlace = JSONNode.Place.key(.root(""), "events")
        // The chunks read the mapped file and write disjoint slots of `results`, which outlive
        // `concurrentPerform`: the pointers cross into its closure unchecked on that ground.
        nonisolated(unsafe) let b = b
        results.withUnsafeMutableBufferPointer { out in
            nonisolated(unsafe) let slots = out.baseAddress! // disjoint slots, as above
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                let lo = n * c / chunks, hi = n * (c + 1) / chunks
                var posts: [Post] = []
                posts.reserveCapacity(hi - lo)
                for i in lo..<hi {
                    let r = ranges[i]
                    guard let v = try? JSONParser.parse(buffer: UnsafeBufferPointer(rebasing: b[r.0..<r.1])),
                          case .object = v else { return }
                    if isDeleted(v) { continue }
                    guard let post = try? parseEvent(JSONNode(v, place: .index(eventsPlace, i), file: name))
                    else { return }
                    posts.append(post)
                }
                slots[c] = posts
                if lo < hi { release?(ranges[lo].0, ranges[hi - 1].1) }
            }
        }
        var posts: [Post] = []
        posts.reserveCapacity(n)
        var seen = Set<String>()
        seen.reserveCapacity(n)
        for c in results.indices {
            // Each chunk is let go as soon as it is merged, so the posts are not held twice (B6).
            guard let chunk = results[c] else { return nil }
            results[c] = nil
            for p in chunk {
                guard seen.insert(p.id).inserted else { return nil }
                posts.append(p)
            }
        }
        return Liveblog(id: id, title: title, scoreboard: scoreboard, posts: LiveblogLoader.newestFirst(posts),
                        format: .tickaroo, baseDirectory: baseDirectory)
    }
}

/// Where the top-level `"events"` array and each of its elements start and end, found in one
/// byte pass that respects strings (with escapes) and nesting. Fails (nil) on anything unusual.
struct EventScan {
    var arrayStart = 0              // the "[" of events
    var arrayEnd = 0                // its "]"
    var elements: [(Int, Int)] = [] // [start, end) of each element

    init?(_ b: UnsafeBufferPointer<UInt8>) {
        var c = ByteCursor(b)
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { c.i = 3 }
        c.space()
        guard c.at(0x7B) else { return nil }
        c.i += 1
        var found = false
        while true {
            c.space()
            guard c.i < c.n else { return nil }
            if c.at(0x7D) { break }
            guard c.at(0x22) else { return nil }
            let keyStart = c.i + 1
            guard c.skipString() else { return nil }
            let isEvents = c.i - 1 - keyStart == 6 && Array(b[keyStart..<(c.i - 1)]) == Array("events".utf8)
            c.space()
            guard c.at(0x3A) else { return nil }
            c.i += 1
            c.space()
            if isEvents {
                guard !found, c.at(0x5B), scanEvents(&c) else { return nil }
                found = true
            } else {
                guard c.skipValue() else { return nil }
            }
            c.space()
            guard c.i < c.n else { return nil }
            if c.at(0x2C) {
                c.i += 1
                continue
            }
            guard c.at(0x7D) else { return nil }
            break
        }
        guard found else { return nil }
    }

    /// The events array from its "[": the bounds of each element; false when malformed.
    private mutating func scanEvents(_ c: inout ByteCursor) -> Bool {
        arrayStart = c.i
        c.i += 1
        c.space()
        if c.at(0x5D) {
            arrayEnd = c.i
            c.i += 1
            return true
        }
        while true {
            c.space()
            let s = c.i
            guard c.skipValue() else { return false }
            elements.append((s, c.i))
            c.space()
            guard c.i < c.n else { return false }
            if c.at(0x2C) {
                c.i += 1
                continue
            }
            guard c.at(0x5D) else { return false }
            arrayEnd = c.i
            c.i += 1
            return true
        }
    }
}

/// A position in a byte buffer with the skips a JSON scanner needs (no values are built).
struct ByteCursor {
    let b: UnsafeBufferPointer<UInt8>
    let n: Int
    var i = 0

    init(_ b: UnsafeBufferPointer<UInt8>) {
        self.b = b
        self.n = b.count
    }

    @inline(__always) func at(_ byte: UInt8) -> Bool { i < n && b[i] == byte }

    @inline(__always) mutating func space() {
        while i < n, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    /// Skips a string starting at b[i] == '"'; false when unterminated. The next quote is found
    /// with `memchr` (the long HTML strings of a heavy liveblog are most of its bytes: B7); it
    /// ends the string unless an odd run of backslashes stands before it, which is exactly where
    /// a byte-by-byte reading that skips the byte after each backslash would end it.
    @inline(__always) mutating func skipString() -> Bool {
        let start = i + 1
        var j = start
        guard let base = b.baseAddress else { return false }
        while j < n {
            guard let q = memchr(base + j, 0x22, n - j) else { return false }
            let at = UnsafePointer<UInt8>(q.assumingMemoryBound(to: UInt8.self)) - base
            var k = at
            while k > start, b[k - 1] == 0x5C { k -= 1 }
            if (at - k) % 2 == 0 {
                i = at + 1
                return true
            }
            j = at + 1
        }
        return false
    }

    /// Skips any value; false on a malformed one.
    mutating func skipValue() -> Bool {
        guard i < n else { return false }
        switch b[i] {
        case 0x22:
            return skipString()
        case 0x7B, 0x5B:
            var depth = 0
            while i < n {
                let c = b[i]
                if c == 0x22 {
                    if !skipString() { return false }
                    continue
                }
                if c == 0x7B || c == 0x5B {
                    depth += 1
                } else if c == 0x7D || c == 0x5D {
                    depth -= 1
                    if depth == 0 {
                        i += 1
                        return true
                    }
                }
                i += 1
            }
            return false
        default:
            let s = i
            while i < n, b[i] != 0x2C, b[i] != 0x7D, b[i] != 0x5D, b[i] > 0x20 { i += 1 }
            return i > s
        }
    }
}
