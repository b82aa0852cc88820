import XCTest
@testable import LiveblogModel

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

    func testPNGWriterOutputReadBackByPNGHeader() throws {
        let w = 37, h = 21
        let rgba = LiveblogGenerator.imagePixels(width: w, height: h, seed: 3)
        for compressed in [true, false] {
            let png = PNGWriter.write(width: w, height: h, rgba: rgba, compressed: compressed)
            guard case .success(let size) = PNGHeader.size(ofBytes: png) else { return XCTFail("not readable") }
            XCTAssertEqual(size.width, w); XCTAssertEqual(size.height, h)
            let chunks = try PNGTestReader.chunks(png)
            XCTAssertEqual(chunks.map(\.type), ["IHDR", "IDAT", "IEND"])
            for c in chunks { XCTAssertEqual(c.crc, PNGWriter.crc32(Array(c.type.utf8) + c.data), "CRC of \(c.type)") }
            let raw = try PNGTestReader.inflateZlib(chunks[1].data)
            XCTAssertEqual(raw.count, (w * 4 + 1) * h)
            var pixels: [UInt8] = []
            let rowBytes: Int = w * 4 + 1
            for y in 0..<h {
                let start: Int = y * rowBytes
                XCTAssertEqual(raw[start], 0, "filter byte")
                pixels += raw[(start + 1)..<(start + rowBytes)]
            }
            XCTAssertEqual(pixels, rgba, "compressed: \(compressed)")
        }
        XCTAssertLessThan(PNGWriter.write(width: 160, height: 90, rgba: LiveblogGenerator.imagePixels(width: 160, height: 90, seed: 1)).count, 160 * 90 * 4 / 3,
                          "flat procedural images compress")
        XCTAssertEqual(PNGWriter.adler32(Array("Wikipedia".utf8)), 0x11E6_0398)
        XCTAssertEqual(PNGWriter.crc32(Array("123456789".utf8)), 0xCBF4_3926)
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

/// Reads PNG chunks and inflates zlib streams (stored and fixed-Huffman blocks) to check PNGWriter.
enum PNGTestReader {
    struct Failure: Error {}
    struct Chunk { var type: String; var data: [UInt8]; var crc: UInt32 }

    static func chunks(_ b: [UInt8]) throws -> [Chunk] {
        var out: [Chunk] = []
        var i = 8
        func be(_ k: Int) -> UInt32 { UInt32(b[k]) << 24 | UInt32(b[k + 1]) << 16 | UInt32(b[k + 2]) << 8 | UInt32(b[k + 3]) }
        while i + 12 <= b.count {
            let n = Int(be(i))
            guard i + 12 + n <= b.count else { throw Failure() }
            out.append(Chunk(type: String(decoding: b[i + 4..<i + 8], as: UTF8.self), data: Array(b[i + 8..<i + 8 + n]), crc: be(i + 8 + n)))
            i += 12 + n
        }
        guard i == b.count else { throw Failure() }
        return out
    }

    static func inflateZlib(_ z: [UInt8]) throws -> [UInt8] {
        guard z.count >= 6, (UInt32(z[0]) << 8 | UInt32(z[1])) % 31 == 0, z[0] & 0x0F == 8 else { throw Failure() }
        var pos = 2 * 8  // bit position
        func bit() throws -> UInt32 {
            guard pos / 8 < z.count else { throw Failure() }
            let v = UInt32(z[pos / 8] >> (pos % 8)) & 1; pos += 1; return v
        }
        func bits(_ n: Int) throws -> UInt32 { var v: UInt32 = 0; for k in 0..<n { v |= try bit() << k }; return v }
        func code(_ n: Int) throws -> UInt32 { var v: UInt32 = 0; for _ in 0..<n { v = v << 1 | (try bit()) }; return v }
        let lb = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        let le = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        let db = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
        let de = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
        var out: [UInt8] = []
        var final: UInt32 = 0
        repeat {
            final = try bits(1)
            let type = try bits(2)
            if type == 0 {
                pos = (pos + 7) / 8 * 8
                let i = pos / 8
                guard i + 4 <= z.count else { throw Failure() }
                let n = Int(z[i]) | Int(z[i + 1]) << 8
                guard Int(z[i + 2]) | Int(z[i + 3]) << 8 == n ^ 0xFFFF, i + 4 + n <= z.count else { throw Failure() }
                out += z[i + 4..<i + 4 + n]
                pos = (i + 4 + n) * 8
            } else if type == 1 {
                while true {
                    var c = try code(7)
                    var sym: Int
                    if c <= 0x17 { sym = Int(c) + 256 } else {
                        c = c << 1 | (try bit())
                        if (0x30...0xBF).contains(c) { sym = Int(c) - 0x30 } else if (0xC0...0xC7).contains(c) { sym = Int(c) - 0xC0 + 280 } else {
                            c = c << 1 | (try bit()); sym = Int(c) - 0x190 + 144
                        }
                    }
                    if sym < 256 { out.append(UInt8(sym)); continue }
                    if sym == 256 { break }
                    let li = sym - 257
                    guard li < lb.count else { throw Failure() }
                    let len = lb[li] + Int(try bits(le[li]))
                    let di = Int(try code(5))
                    guard di < db.count else { throw Failure() }
                    let dist = db[di] + Int(try bits(de[di]))
                    guard dist <= out.count else { throw Failure() }
                    for _ in 0..<len { out.append(out[out.count - dist]) }
                }
            } else { throw Failure() }
        } while final == 0
        let end = (pos + 7) / 8
        guard end + 4 == z.count else { throw Failure() }
        let adler = UInt32(z[end]) << 24 | UInt32(z[end + 1]) << 16 | UInt32(z[end + 2]) << 8 | UInt32(z[end + 3])
        guard adler == PNGWriter.adler32(out) else { throw Failure() }
        return out
    }
}
