import XCTest
@testable import LiveblogModel

/// B3: the parallel loader gives exactly what the one-pass loader gives, or steps aside (nil).
final class ParallelLoadTests: XCTestCase {
    func parallel(_ text: String) -> Liveblog? {
        Array(text.utf8).withUnsafeBufferPointer { TickarooFormat.loadParallel(buffer: $0, name: "t.json", baseDirectory: nil) }
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
}
