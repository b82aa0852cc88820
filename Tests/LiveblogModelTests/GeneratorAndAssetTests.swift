import XCTest
@testable import LiveblogModel
import ImageDecoding

final class GeneratorAndAssetTests: XCTestCase {
    /// C5: generator is deterministic per seed
    func testC5_generatorIsDeterministicPerSeed() {
        let a = LiveblogGenerator.generate(posts: 300, seed: 42)
        let b = LiveblogGenerator.generate(posts: 300, seed: 42)
        let c = LiveblogGenerator.generate(posts: 300, seed: 43)
        XCTAssertEqual(a.posts, b.posts)
        XCTAssertEqual(NativeWriter.encode(a), NativeWriter.encode(b))
        XCTAssertNotEqual(a.posts, c.posts)
        XCTAssertEqual(LiveblogGenerator.generate(posts: 0, seed: 1).posts.count, 0)
    }

    /// C5: generator mix is plausible
    func testC5_generatorMixIsPlausible() {
        let lb = LiveblogGenerator.generate(posts: 2000, seed: 7, imageEvery: 5)
        XCTAssertEqual(lb.posts.count, 2000)
        XCTAssertEqual(Set(lb.posts.map(\.id)).count, 2000, "ids are unique")
        XCTAssertTrue(zip(lb.posts, lb.posts.dropFirst()).allSatisfy { $0.createdAt >= $1.createdAt }, "newest first")
        let c = LiveblogSummary.counts(lb)
        XCTAssertEqual(c.mediaItems, 400, "a media item on every 5th post")
        XCTAssertGreaterThan(c.mediaUndeclared, 20)
        XCTAssertGreaterThan(c.mediaDeclared, c.mediaUndeclared * 2)
        XCTAssertTrue((20...120).contains(c.chapters), "about 3 % milestones: \(c.chapters)")
        XCTAssertTrue((40...140).contains(c.scorers), "about 4 % goals: \(c.scorers)")
        XCTAssertTrue((100...400).contains(c.highlights), "\(c.highlights)")
        XCTAssertGreaterThan(c.embeds, 20)
        XCTAssertGreaterThan(c.embedsWithHeight, 0)
        XCTAssertLessThan(c.embedsWithHeight, c.embeds)
        XCTAssertGreaterThan(c.quotes, 20)
        XCTAssertEqual(lb.scoreboard.map { $0.homeScore + $0.awayScore }, c.scorers)
        let lengths = lb.posts.compactMap { $0.texts.last?.plainText.count }
        XCTAssertLessThan(lengths.min() ?? 0, 60)
        XCTAssertGreaterThan(lengths.max() ?? 0, 250)
        XCTAssertTrue(lb.posts.contains { $0.texts.contains { $0.runs.contains { $0.link?.hasPrefix("#tickaroo_event_id=") == true } } })
        XCTAssertTrue(lb.posts.contains { $0.texts.contains { $0.runs.contains { $0.bold } } })
        XCTAssertEqual(LiveblogSummary.counts(LiveblogGenerator.generate(posts: 100, seed: 7, imageEvery: 0)).mediaItems, 0)
    }

    /// C5: generator round trips through native writer
    func testC5_generatorRoundTripsThroughNativeWriter() throws {
        let lb = LiveblogGenerator.generate(posts: 1500, seed: 99, imageEvery: 3)
        for pretty in [true, false] {
            let text = NativeWriter.encode(lb, pretty: pretty)
            let back = try LiveblogLoader.load(bytes: Array(text.utf8), name: "gen.json")
            XCTAssertEqual(back.format, .tickaroo)
            XCTAssertEqual(back.id, lb.id)
            XCTAssertEqual(back.title, lb.title)
            XCTAssertEqual(back.scoreboard, lb.scoreboard)
            XCTAssertEqual(back.posts.count, lb.posts.count)
            for (x, y) in zip(back.posts, lb.posts) where x != y {
                XCTFail("post \(y.id) differs:\n\(x)\n\(y)"); break
            }
        }
    }

    /// C5: native writer round trips every block kind
    func testC5_nativeWriterRoundTripsEveryBlockKind() throws {
        let runs: [TextRun] = [TextRun(text: "a < b & c"), TextRun(text: " bold\nnext", bold: true),
                               TextRun(text: "li", italic: true, link: "https://x.example/?a=1&b=\"2\"")]
        let video = Media(id: "m1", kind: .video, width: 3, height: 4, url: "v.mp4", alt: "alt")
        var blocks: [Block] = [.text(RichText(runs: runs))]
        blocks.append(.media([video, Media(id: "m2", url: "i.png")]))
        blocks.append(.media([video]))
        blocks.append(.embed(WebEmbed(id: "e", url: "https://e.example", declaredHeight: 210)))
        blocks.append(.quote(text: RichText(plain: "q"), author: nil))
        blocks.append(.emoji("🎉"))
        blocks.append(.unknown(type: "Tik::Other"))
        let post = Post(id: "p<1>&\"", createdAt: 12.5, highlight: .stickyNoHighlight, headline: "H & <h>", blocks: blocks, sportEvent: SportEvent(eventType: "goal", title: nil, team: "T", players: ["A", "B"], timeOfPlay: "90+2'"))
        let lb = Liveblog(id: "x", title: "t", posts: [post])
        let back = try LiveblogLoader.load(bytes: Array(NativeWriter.encode(lb).utf8), name: "w.json")
        XCTAssertEqual(back.posts, [post])
    }

    /// The PNG writer goes through libpng (issue 10): its output is read back by libpng's
    /// simplified read API pixel for pixel, and by our header reader.
    func testPNGWriterOutputReadBackByLibpng() throws {
        let w = 37, h = 21
        let rgba = LiveblogGenerator.imagePixels(width: w, height: h, seed: 3)
        let png = PNGWriter.write(width: w, height: h, rgba: rgba)
        guard case .success(let size) = PNGHeader.size(ofBytes: png) else { return XCTFail("not readable") }
        XCTAssertEqual(size.width, w)
        XCTAssertEqual(size.height, h)
        XCTAssertEqual(try PNGTestReader.decode(png), rgba)
        // Short input is padded with transparent black; sizes below 1 are 1.
        XCTAssertEqual(try PNGTestReader.decode(PNGWriter.write(width: 2, height: 1, rgba: [1, 2, 3, 4])),
                       [1, 2, 3, 4, 0, 0, 0, 0])
        XCTAssertEqual(try PNGTestReader.decode(PNGWriter.write(width: 0, height: -3, rgba: [])), [0, 0, 0, 0])
        XCTAssertLessThan(PNGWriter.write(width: 160, height: 90, rgba: LiveblogGenerator.imagePixels(width: 160, height: 90, seed: 1)).count, 160 * 90 * 4 / 3,
                          "flat procedural images compress")
        XCTAssertEqual(PNGWriter.crc32(Array("123456789".utf8)), 0xCBF4_3926)
        let chunk = PNGWriter.chunk("IEND", [])
        XCTAssertEqual(chunk, [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    /// C5: write images for generated liveblog
    func testC5_writeImagesForGeneratedLiveblog() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lbimg-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lb = LiveblogGenerator.generate(posts: 20, seed: 5, imageEvery: 4, imageDirectory: "img")
        XCTAssertEqual(try LiveblogGenerator.writeImages(for: lb, directory: dir), 5)
        for p in lb.posts { for m in p.media {
            XCTAssertTrue(m.url.hasPrefix("img/"))
            guard case .success(let s) = PNGHeader.size(ofFile: dir + "/" + (m.url as NSString).lastPathComponent) else { XCTFail("no file for \(m.url)"); continue }
            if let mw = m.width, let mh = m.height { XCTAssertEqual(Double(s.width) / Double(s.height), mw / mh, accuracy: 0.05) }
        } }
    }

    /// L7: highlights chapters scorers
    func testL7_highlightsChaptersScorers() throws {
        let lb = try Fixture.load(Fixture.ticker([
            Fixture.event("k", 10, #""highlight": "milestone", "headline": "Kick-off""#),
            Fixture.event("m2", 20, #""highlight": "milestone""#),
            Fixture.event("s", 30, #""highlight": "sticky""#),
            Fixture.event("n", 40, #""highlight": "stickyNoHighlight""#),
            Fixture.event("g1", 50, #""highlight": "inplace", "sport_event": {"event_type": "goal", "players": ["Okafor"], "time_of_play": 23}"#),
            Fixture.event("c", 60, #""sport_event": {"event_type": "yellow_card", "players": ["X"]}"#),
            Fixture.event("g2", 70, #""sport_event": {"event_type": "Goal", "players": [{"name": "Mensah"}], "time_of_play": "88'"}"#),
        ]))
        XCTAssertEqual(lb.highlights.map(\.id), ["g1", "s", "m2", "k"])
        XCTAssertEqual(lb.chapters.map(\.id), ["k"])
        XCTAssertEqual(lb.scorers.map(\.id), ["g2", "g1"])
        XCTAssertEqual(lb.scorers.map { $0.sportEvent?.timeOfPlay }, ["88'", "23'"])
        XCTAssertEqual(lb.scorers.map { $0.sportEvent?.players.first }, ["Mensah", "Okafor"])
        let summary = LiveblogSummary.describe(lb)
        XCTAssertTrue(summary.contains("highlights: 4"), summary)
        XCTAssertTrue(summary.contains("chapters: 1"), summary)
        XCTAssertTrue(summary.contains("scorers: 2"), summary)
        XCTAssertTrue(summary.contains("23' Okafor"), summary)
    }

    // MARK: - Bundled assets

    func testAssets_sampleLoadsWith60PostsAndScorers() throws {
        let lb = try LiveblogLoader.load(path: Fixture.asset("liveblogs/sample.json"))
        XCTAssertEqual(lb.format, .tickaroo)
        XCTAssertGreaterThanOrEqual(lb.posts.count, 65)
        XCTAssertGreaterThanOrEqual(lb.scorers.count, 3)
        XCTAssertEqual(lb.scoreboard.map { $0.homeScore + $0.awayScore }, lb.scorers.count)
        XCTAssertEqual(lb.chapters.compactMap(\.headline).reversed(), ["Kick-off", "Half-time", "Second half", "Final quarter", "Full-time"])
        XCTAssertGreaterThanOrEqual(lb.highlights.filter { $0.highlight == .sticky }.count, 2)
        XCTAssertGreaterThanOrEqual(lb.highlights.filter { $0.highlight == .inplace }.count, 3)
        let c = LiveblogSummary.counts(lb)
        XCTAssertGreaterThan(c.mediaDeclared, 3); XCTAssertGreaterThan(c.mediaUndeclared, 2)
        XCTAssertGreaterThan(c.embedsWithHeight, 0); XCTAssertGreaterThan(c.embeds, c.embedsWithHeight)
        XCTAssertGreaterThan(c.quotes, 1); XCTAssertGreaterThan(c.emoji, 3)
        XCTAssertEqual(c.unknownBlocks, 1)

        // Internal links point at posts that exist; external ones exist too.
        let links = lb.posts.flatMap { $0.texts.flatMap { $0.runs.compactMap(\.link) } }
        let internalLinks = links.filter { $0.hasPrefix("#tickaroo_event_id=") }
        XCTAssertGreaterThanOrEqual(internalLinks.count, 3)
        for l in internalLinks { XCTAssertNotNil(lb.index(ofPost: String(l.dropFirst("#tickaroo_event_id=".count))), l) }
        XCTAssertTrue(links.contains { $0.hasPrefix("https://") })

        // Every image resolves to a readable PNG, except one missing file and one corrupt file.
        var missing = 0, corrupt = 0, good = 0
        for p in lb.posts { for m in p.media {
            guard let path = lb.localPath(forURL: m.url) else { return XCTFail("sample media are local: \(m.url)") }
            switch PNGHeader.size(ofFile: path) {
            case .success(let s):
                good += 1
                if let w = m.width, let h = m.height { XCTAssertEqual(Double(s.width) / Double(s.height), w / h, accuracy: 0.01, m.id) }
            case .failure(.missing): missing += 1
            case .failure: corrupt += 1
            }
        } }
        XCTAssertEqual(missing, 1); XCTAssertEqual(corrupt, 1); XCTAssertGreaterThan(good, 8)
    }

    func testAssets_everyBundledLiveblogLoads() throws {
        let dir = Fixture.asset("liveblogs")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".json") || $0.hasSuffix(".html") }.sorted()
        XCTAssertEqual(files, ["sample-feed.json", "sample-jsonld.html", "sample.json"])
        var formats: [Liveblog.Format] = []
        for f in files {
            let lb = try LiveblogLoader.load(path: dir + "/" + f)
            formats.append(lb.format)
            XCTAssertFalse(lb.title.isEmpty, f)
            XCTAssertGreaterThanOrEqual(lb.posts.count, 10, f)
            XCTAssertTrue(zip(lb.posts, lb.posts.dropFirst()).allSatisfy { $0.createdAt >= $1.createdAt }, f)
            XCTAssertFalse(LiveblogSummary.describe(lb).isEmpty)
        }
        XCTAssertEqual(formats, [.jsonFeed, .jsonLD, .tickaroo])
        let page = try LiveblogLoader.load(path: dir + "/sample-jsonld.html")
        XCTAssertTrue(page.posts.contains { $0.media.contains { $0.hasDeclaredSize } })
    }
}

/// Decodes PNG bytes with the one PNG decoder (ImageDecoding, libpng's simplified API), into RGBA8.
enum PNGTestReader {
    static func decode(_ png: [UInt8]) throws -> [UInt8] {
        try ImageDecoder.decode(data: png).get().pixels
    }
}
