import Foundation
import XCTest
@testable import LiveblogModel

/// B9: the native shape parsed as its bytes arrive gives exactly the posts of the whole parse,
/// for every way of cutting the body into pieces (inside strings, escapes, UTF-8 sequences,
/// numbers, white space); a broken or cut body emits the posts before the defect and leaves the
/// error to the whole parse. Counts and values, no clocks.
final class LiveblogStreamTests: XCTestCase {
    struct Body {
        var bytes: [UInt8]
        /// Where each event's bytes end (after its closing brace).
        var eventEnds: [Int]
    }

    /// A body built from posts, with its events' ends; `extra` events (raw JSON) go first.
    func body(_ lb: Liveblog, extra: [String] = [], pretty: Bool = false, bom: Bool = false,
              trailing: String = "") -> Body {
        var text = (bom ? "\u{FEFF}" : "") + (pretty ? "{\n  \"game\": " : "{\"game\":")
        let game = NativeWriter.json(lb)["game"] ?? .null
        text += (pretty ? JSONWriter.pretty(game) : JSONWriter.write(game)) + (pretty ? ",\n  \"events\": [\n  " : ",\"events\":[")
        var ends: [Int] = []
        let events = extra + lb.posts.map { e -> String in
            let v = NativeWriter.event(e)
            return pretty ? JSONWriter.pretty(v) : JSONWriter.write(v)
        }
        for (i, e) in events.enumerated() {
            if i > 0 { text += pretty ? " ,\n\t" : "," }
            text += e
            ends.append(text.utf8.count)
        }
        text += (pretty ? "\n  ]\r\n}\n" : "]}") + trailing
        return Body(bytes: Array(text.utf8), eventEnds: ends)
    }

    /// Events that stress the scanner: escapes (quotes, backslashes, \u sequences, a lone
    /// closing brace in a string), multi-byte UTF-8, nested arrays, a deleted event.
    let tricky = [
        #"{"local_id":"q1","created_at":1716049999,"headline":"He said \"}\" and \\ left","#
            + #""contents":[{"_type":"Tik::ApiModel::Text::RichTextContentBlock","text":"é ü 😀 \u00e9\u20ac \n ]["}]}"#,
        #"{"local_id":"gone","created_at":1716049998,"local_status":100,"contents":[]}"#,
        #"{ "local_id" : "q2" , "created_at" : 1.716049997e9 , "highlight" : "sticky" , "contents" : [ ] }"#,
    ]

    func liveblog(_ n: Int, seed: UInt64) -> Liveblog {
        LiveblogGenerator.generate(posts: n, seed: seed, imageDirectory: "https://media.example.com/img")
    }

    /// Feeds `bytes` cut at `cuts` (sorted offsets); the posts emitted and the parser.
    func feed(_ bytes: [UInt8], cuts: [Int]) -> ([Post], LiveblogStreamParser) {
        let parser = LiveblogStreamParser(name: "body.json")
        var emitted: [Post] = []
        var last = 0
        for c in cuts + [bytes.count] where c >= last {
            emitted += parser.feed(bytes[last..<c])
            last = c
        }
        return (emitted, parser)
    }

    func assertSame(_ a: Liveblog?, _ b: Liveblog, file: StaticString = #filePath, line: UInt = #line) {
        guard let a else { return XCTFail("the stream did not go through", file: file, line: line) }
        XCTAssertEqual(a.id, b.id, file: file, line: line)
        XCTAssertEqual(a.title, b.title, file: file, line: line)
        XCTAssertEqual(a.scoreboard, b.scoreboard, file: file, line: line)
        XCTAssertEqual(a.format, b.format, file: file, line: line)
        XCTAssertEqual(a.posts, b.posts, file: file, line: line)
    }

    func testB9_everySplitGivesTheWholeParsesPosts() throws {
        var rng = SystemRandomNumberGenerator()
        var bodies: [Body] = []
        for seed in 1...6 as ClosedRange<UInt64> {
            let lb = liveblog(Int(seed) * 7, seed: seed)
            bodies.append(body(lb, extra: seed % 2 == 0 ? tricky : [], pretty: seed % 3 == 0, bom: seed == 4,
                               trailing: seed == 5 ? " \n" : ""))
        }
        bodies.append(body(liveblog(0, seed: 9)))
        var chunkings = 0
        for b in bodies {
            let whole = try LiveblogLoader.load(bytes: b.bytes, name: "body.json")
            for round in 0..<100 {
                // One byte at a time, then random cuts of every density.
                let cuts = round == 0 ? Array(0..<b.bytes.count)
                    : (0..<Int.random(in: 1...max(1, b.bytes.count / (round % 7 + 1)), using: &rng))
                        .map { _ in Int.random(in: 0...b.bytes.count, using: &rng) }.sorted()
                let (emitted, parser) = feed(b.bytes, cuts: cuts)
                XCTAssertEqual(LiveblogLoader.sortedNewestFirst(emitted), whole.posts)
                assertSame(parser.finish(), whole)
                chunkings += 1
            }
        }
        XCTAssertEqual(chunkings, 100 * bodies.count)
    }

    func testB9_postsComeOutAsSoonAsTheirBytesAreIn() throws {
        let b = body(liveblog(5, seed: 3), extra: tricky)
        let whole = try LiveblogLoader.load(bytes: b.bytes, name: "body.json")
        let inFileOrder = try LiveblogLoader.load(bytes: b.bytes, name: "body.json").posts.count
        XCTAssertEqual(inFileOrder, b.eventEnds.count - 1, "one tricky event is deleted")
        for k in 0...b.bytes.count {
            let (emitted, parser) = feed(Array(b.bytes[..<k]), cuts: [])
            // Every event whose closing brace is in, except the deleted one, and nothing else.
            let complete = b.eventEnds.filter { $0 <= k }.count
            XCTAssertEqual(emitted.count, complete >= 2 ? complete - 1 : complete, "cut at \(k)")
            if k >= b.eventEnds[0] { XCTAssertEqual(parser.header?.title, whole.title) }
            if k < b.bytes.count {
                XCTAssertNil(parser.finish(), "a cut body is for the whole parse to name")
                XCTAssertThrowsError(try LiveblogLoader.load(bytes: Array(b.bytes[..<k]), name: "body.json"))
            }
        }
    }

    func testB9_aBrokenEventStopsTheStreamAndKeepsThePostsBefore() throws {
        let lb = liveblog(10, seed: 5)
        let good = body(lb)
        let broken = [
            #"{"local_id":"x1","created_at":}"#,           // a syntax error inside an event
            #"{"local_id":"x2","created_at":"yesterday"}"#, // a bad value
            "17",                                            // not an object
            JSONWriter.write(NativeWriter.event(lb.posts[0])), // a duplicate id
        ]
        for bad in broken {
            var events = lb.posts.map { JSONWriter.write(NativeWriter.event($0)) }
            events.insert(bad, at: 4)
            let text = #"{"game":{"local_id":"g","meta_info":{"title":"T"}},"events":["#
                + events.joined(separator: ",") + "]}"
            let bytes = Array(text.utf8)
            for cuts in [[], Array(stride(from: 0, to: bytes.count, by: 3))] {
                let (emitted, parser) = feed(bytes, cuts: cuts)
                XCTAssertEqual(emitted, Array(lb.posts[..<4]), bad)
                XCTAssertFalse(parser.isStreaming)
                XCTAssertNil(parser.finish())
                XCTAssertThrowsError(try LiveblogLoader.load(bytes: bytes, name: "body.json"), bad)
            }
        }
        XCTAssertEqual(feed(good.bytes, cuts: []).0.count, 10)
    }

    func testB9_otherShapesAreLeftToTheWholeParse() throws {
        let shapes = [
            #"{"data":{"game":{},"events":[{"local_id":"a","created_at":1}]}}"#,
            #"{"version":"https://jsonfeed.org/version/1.1","items":[],"title":"F"}"#,
            #"{"items":[],"version":"https://jsonfeed.org/version/1.1","items":[{"id":"a"}]}"#,
            #"{"version":"https://jsonfeed.org/version/1.1","game":{},"items":[{"id":"a"}]}"#,
            "<html><script type=\"application/ld+json\">{}</script></html>",
            #"{"game":{},"events":[{"local_id":"a","created_at":1}]} trailing"#,
            #"{"game":{},"events":[{"local_id":"a","created_at":1}],"game":{"local_id":"b"}}"#,
            #"{"events":[{"local_id":"a","created_at":1}],"extra":tru}"#,
        ]
        for s in shapes {
            let (_, parser) = feed(Array(s.utf8), cuts: [5, 9])
            XCTAssertNil(parser.finish(), s)
        }
    }
}

/// B9 for JSON Feed 1.1: its items stream in as the native events do, when `version` comes
/// before them; exactly the whole parse's feed for every split.
final class JSONFeedStreamTests: XCTestCase {
    func item(_ i: Int) -> String {
        let text = #"Post \#(i) — é ü 😀 \"quoted\" \\ back\nslash \u00e9"#
        var fields = [#""id":"item-\#(i)""#, #""content_text":"\#(text)""#, #""date_published":\#(1_716_044_400 + i * 37 % 500)"#]
        if i % 3 == 0 { fields.append(#""title":"Headline \#(i)""#) }
        if i % 4 == 0 { fields.append(#""content_html":"<p>Some <b>bold</b> {text} ]</p>""#) }
        if i % 5 == 0 { fields.append(#""attachments":[{"url":"img/\#(i).jpg","mime_type":"image/jpeg"}]"#) }
        return "{" + fields.joined(separator: i % 2 == 0 ? "," : " ,\n ") + "}"
    }

    func feedBody(_ n: Int, versionFirst: Bool = true) -> [UInt8] {
        let version = #""version":"https://jsonfeed.org/version/1.1""#
        let items = #""items":["# + (0..<n).map(item).joined(separator: ",") + "]"
        let head = #"{"title":"Feed \"F\"","home_page_url":"https://news.example/live","#
        return Array((head + (versionFirst ? version + "," + items : items + "," + version) + "}").utf8)
    }

    func testB9_aJSONFeedStreamsItsItemsForEverySplit() throws {
        var rng = SystemRandomNumberGenerator()
        for n in [0, 1, 9, 30] {
            let bytes = feedBody(n)
            let whole = try LiveblogLoader.load(bytes: bytes, name: "feed.json")
            XCTAssertEqual(whole.format, .jsonFeed)
            for round in 0..<60 {
                let cuts = round == 0 ? Array(0..<bytes.count)
                    : (0..<Int.random(in: 1...max(1, bytes.count / 40), using: &rng))
                        .map { _ in Int.random(in: 0...bytes.count, using: &rng) }.sorted()
                let parser = LiveblogStreamParser(name: "feed.json")
                var emitted: [Post] = []
                var last = 0
                for c in cuts + [bytes.count] where c >= last {
                    emitted += parser.feed(bytes[last..<c])
                    last = c
                }
                XCTAssertEqual(emitted.count, n)
                XCTAssertEqual(LiveblogLoader.sortedNewestFirst(emitted), whole.posts)
                let streamed = try XCTUnwrap(parser.finish())
                XCTAssertEqual(streamed.format, .jsonFeed)
                XCTAssertEqual(streamed.id, whole.id)
                XCTAssertEqual(streamed.title, whole.title)
                XCTAssertEqual(streamed.posts, whole.posts)
            }
        }
    }

    func testB9_aFeedWhoseVersionComesAfterItsItemsIsReadWhole() throws {
        let bytes = feedBody(5, versionFirst: false)
        XCTAssertEqual(try LiveblogLoader.load(bytes: bytes, name: "feed.json").posts.count, 5)
        let parser = LiveblogStreamParser(name: "feed.json")
        XCTAssertEqual(parser.feed(bytes).count, 0, "not known to be a feed while its items arrive")
        XCTAssertNil(parser.finish())
    }

    func testB9_aBrokenItemStopsTheFeedAndKeepsTheItemsBefore() {
        var text = String(decoding: feedBody(6), as: UTF8.self)
        text = text.replacingOccurrences(of: #""id":"item-3""#, with: #""id":17.5e"#)
        let parser = LiveblogStreamParser(name: "feed.json")
        XCTAssertEqual(parser.feed(Array(text.utf8)).map(\.id), ["item-0", "item-1", "item-2"])
        XCTAssertNil(parser.finish())
        XCTAssertThrowsError(try LiveblogLoader.load(bytes: Array(text.utf8), name: "feed.json"))
    }
}
