import XCTest
@testable import LiveblogModel

/// B3: the parallel loader gives exactly what the one-pass loader gives, or steps aside (nil).
final class ParallelLoadTests: XCTestCase {
    func parallel(_ text: String) -> Liveblog? {
        Array(text.utf8).withUnsafeBufferPointer { try? TickarooFormat.loadParallel(buffer: $0, name: "t.json", baseDirectory: nil) } ?? nil
    }

    func testB3_parallelLoadMatchesOnePass() throws {
        let lb = LiveblogGenerator.generate(posts: 3000, seed: 11)
        for pretty in [false, true] {
            let text = NativeWriter.encode(lb, pretty: pretty)
            let one = try LiveblogLoader.load(bytes: Array(text.utf8), name: "t.json", baseDirectory: nil)
            let par = try XCTUnwrap(parallel(text))
            XCTAssertEqual(par.posts, one.posts)
            XCTAssertEqual(par.title, one.title)
            XCTAssertEqual(par.scoreboard, one.scoreboard)
            XCTAssertEqual(par.id, one.id)
        }
    }

    func testB3_scanRespectsStringsAndNesting() throws {
        let text = #"""
        { "events" : [ {"local_id": "a]\"}", "created_at": 2, "contents": [{"_type": "Tik::RichTextContentBlock", "text": "[{x}]"}]},
                       {"local_id": "b", "created_at": 1, "contents": []} ],
          "game": {"local_id": "g", "meta_info": {"title": "Brackets } in ] strings"}} }
        """#
        let lb = try XCTUnwrap(parallel(text))
        XCTAssertEqual(lb.posts.map(\.id), ["a]\"}", "b"])
        XCTAssertEqual(lb.title, "Brackets } in ] strings")
        XCTAssertEqual(try XCTUnwrap(parallel(#"{"game": {"local_id": "g"}, "events": []}"#)).posts.count, 0)
    }

    func testB3_anythingUnusualStepsAside() {
        XCTAssertNil(parallel(#"{"game": {"local_id": "g"}, "events": [{"local_id": "a", "contents": []}, {"local_id": "a", "contents": []}]}"#), "duplicate ids: the one-pass path reports them")
        XCTAssertNil(parallel(#"{"game": {"local_id": "g"}, "events": [{"local_id": "a", "contents": []}"#), "truncated")
        XCTAssertNil(parallel(#"{"data": {"game": {}, "events": []}}"#), "wrapped shape")
        XCTAssertNil(parallel(#"[1, 2]"#))
        XCTAssertNil(parallel(#"{"game": {"local_id": "g"}, "events": [{"local_id": {"x": 1}, "contents": []}]}"#), "an id of the wrong type")
        XCTAssertNil(parallel(#"{"game": {"local_id": "g"}, "events": [3]}"#))
    }

    /// B6: every chunk's bytes are handed back once parsed: the released ranges cover the events
    /// from the first to the last, without overlap (the mapped file does not stay resident).
    func testB6_parsedChunksAreHandedBack() throws {
        let text = NativeWriter.encode(LiveblogGenerator.generate(posts: 2000, seed: 4), pretty: false)
        nonisolated(unsafe) var ranges: [(Int, Int)] = [] // appended under the lock
        let lock = NSLock()
        let lb = try Array(text.utf8).withUnsafeBufferPointer {
            try TickarooFormat.loadParallel(buffer: $0, name: "t.json", baseDirectory: nil, release: { lo, hi in
                lock.lock(); ranges.append((lo, hi)); lock.unlock()
            })
        }
        XCTAssertEqual(try XCTUnwrap(lb).posts.count, 2000)
        ranges.sort { $0.0 < $1.0 }
        XCTAssertGreaterThan(ranges.count, 1)
        let scan = try XCTUnwrap(Array(text.utf8).withUnsafeBufferPointer { EventScan($0) })
        XCTAssertEqual(ranges.first?.0, scan.elements.first?.0)
        XCTAssertEqual(ranges.last?.1, scan.elements.last?.1)
        for (a, b) in zip(ranges, ranges.dropFirst()) { XCTAssertLessThanOrEqual(a.1, b.0, "chunks do not overlap") }
    }
}

/// B7: the event scan finds a string's closing quote with `memchr`, counting the backslashes
/// before it; it must end every string where reading byte by byte (a backslash skips the next
/// byte) ends it, and fail on the same unterminated ones.
final class ByteCursorStringTests: XCTestCase {
    private func reference(_ b: [UInt8]) -> Int? {
        var i = 1
        while i < b.count {
            if b[i] == 0x5C { i += 2; continue }
            i += 1
            if b[i - 1] == 0x22 { return i }
        }
        return nil
    }

    func testB7_skipStringEndsWhereTheByteReadingEnds() {
        var rng = SeededRandom(seed: 3)
        let alphabet: [UInt8] = [0x22, 0x5C, 0x5C, 0x5C, 0x61, 0x62, 0x20, 0x7B, 0x7D, 0xC3, 0xA9]
        var ended = 0
        for _ in 0..<20000 {
            var b: [UInt8] = [0x22]
            for _ in 0..<Int.random(in: 0...24, using: &rng) { b.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]) }
            let expected = reference(b)
            let got: Int? = b.withUnsafeBufferPointer { buf in
                var c = ByteCursor(buf)
                return c.skipString() ? c.i : nil
            }
            XCTAssertEqual(got, expected, "\(b)")
            if expected != nil { ended += 1 }
        }
        XCTAssertGreaterThan(ended, 5000)
    }
}
