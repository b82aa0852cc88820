import Foundation
import XCTest
import LiveblogModel
@testable import Simulation
import Embed
import Host

/// Bad scenario files (Scenario.load → Invalid naming the file and the place) and bad PNGs
/// through the page and the world (I2: a broken-image marker of the same size, no crash).
final class BadInputTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus").path

    func expectInvalid(_ name: String, place: String, message: String, file: StaticString = #filePath, line: UInt = #line) {
        let p = BadInputTests.corpus + "/" + name
        XCTAssertTrue(FileManager.default.fileExists(atPath: p), "missing corpus file \(name)", file: file, line: line)
        do {
            _ = try Scenario.load(path: p)
            XCTFail("\(name): expected Scenario.Invalid", file: file, line: line)
        } catch let e as Scenario.Invalid {
            XCTAssertEqual(e.file, p, file: file, line: line)
            XCTAssertEqual(e.place, place, e.description, file: file, line: line)
            XCTAssertTrue(e.message.contains(message), "\"\(e.message)\" should contain \"\(message)\"", file: file, line: line)
            XCTAssertTrue(e.description.hasPrefix("\(p): \(place): "), e.description, file: file, line: line)
        } catch {
            XCTFail("\(name): unexpected \(error)", file: file, line: line)
        }
    }

    // MARK: Scenario files (C2: exit 65)

    func testC2_scenarioWrongTypes() { expectInvalid("scenario-wrong-types.json", place: "duration", message: "expected a number, found a string") }
    func testC2_scenarioWrongEventType() { expectInvalid("scenario-wrong-event-type.json", place: "events[0].jump", message: "expected a post id") }
    func testC2_scenarioUnknownEvent() { expectInvalid("scenario-unknown-event.json", place: "events[0].explode", message: "unknown field \"explode\"") }
    func testC2_scenarioUnknownKey() { expectInvalid("scenario-unknown-key.json", place: "events[0].key", message: "unknown key \"F13\"") }
    func testC2_scenarioEventsNotArray() { expectInvalid("scenario-events-not-array.json", place: "events", message: "expected an array, found an object") }
    func testC2_scenarioTruncated() { expectInvalid("scenario-truncated.json", place: "line 1, column 56", message: "truncated") }
    func testC2_scenarioMissingLiveblog() { expectInvalid("scenario-missing-liveblog.json", place: "liveblog", message: "no such file") }
    func testC2_scenarioBadLiveblog() { expectInvalid("scenario-bad-liveblog.json", place: "liveblog", message: "events[2].local_id: duplicate post id") }
    func testC2_scenarioUnknownField() { expectInvalid("scenario-unknown-field.json", place: "modes", message: "unknown field \"modes\"") }

    // MARK: PNGs through the page (I2)

    func tempDir() throws -> String {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("liveblog-badpng-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: d) }
        return d.path
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func header(width: UInt32, height: UInt32) -> [UInt8] {
        let sig: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let data = be32(width) + be32(height) + [8, 6, 0, 0, 0]
        let typed = Array("IHDR".utf8) + data
        return sig + be32(13) + typed + be32(PNGWriter.crc32(typed))
    }

    func testI2_badPNGsBecomeBrokenMarkersOfTheSameSizeWithoutCrash() throws {
        let dir = try tempDir()
        let good = PNGWriter.write(width: 4, height: 2, rgba: [UInt8](repeating: 128, count: 32))
        let files: [(String, [UInt8]?, String)] = [
            ("empty.png", [], "not a PNG"),
            ("text.png", Array("GIF89a".utf8), "not a PNG"),
            ("signature-only.png", Array(good.prefix(8)), "corrupt PNG"),
            ("zero-size.png", BadInputTests.header(width: 0, height: 0), "corrupt PNG"),
            ("enormous.png", BadInputTests.header(width: 100_000, height: 100_000), "image too large (100000×100000 pixels)"),
            ("tall.png", BadInputTests.header(width: 1, height: 16_000_000), ""),   // 16 Mpx: loads, height capped
            ("missing.png", nil, "missing file"),
            ("good.png", good, ""),
        ]
        var media: [Media] = []
        for (name, bytes, _) in files {
            if let b = bytes { XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(b))) }
            media.append(Media(id: name, url: dir + "/" + name, alt: "alt of \(name)"))
        }
        // One declared size too: the broken marker keeps it (L5, I2).
        media.append(Media(id: "declared-broken", width: 800, height: 400, url: dir + "/empty.png"))
        let posts = [Post(id: "a", createdAt: 2, blocks: [.text(RichText(plain: "above"))]),
                     Post(id: "b", createdAt: 1, blocks: [.media(media)])]
        var c = WorldConfig()
        c.page.networkProfile = .fast
        let w = World(liveblog: Liveblog(id: "x", title: "PNGs", posts: posts), config: c)
        let declaredBefore = w.page.items(from: 0, to: 1e9).first { if case .media(let m, _) = $0.kind { return m.id == "declared-broken" }; return false }?.height
        w.advance(to: 120 * 3)
        for (name, _, why) in files {
            let state = w.emulatedPage!.mediaStates[name]
            if why.isEmpty {
                guard case .loaded = state else { XCTFail("\(name): \(String(describing: state))"); continue }
            } else {
                XCTAssertEqual(state, .failed(why), name)
            }
        }
        XCTAssertEqual(w.emulatedPage!.mediaStates["declared-broken"], .failed("not a PNG"))
        let declaredAfter = w.page.items(from: 0, to: 1e9).first { if case .media(let m, _) = $0.kind { return m.id == "declared-broken" }; return false }?.height
        XCTAssertEqual(declaredBefore, declaredAfter, "a broken image keeps its declared size")
        // Every height finite and capped; the jump still lands.
        XCTAssertTrue(w.page.contentHeight.isFinite)
        XCTAssertLessThanOrEqual(w.page.postHeight(index: 1), Double(files.count + 2) * Page.maxBlockHeight + 1000)
        w.send(.jump(id: "b", topOffset: nil))
        w.advance(to: 120 * 5)
        XCTAssertEqual(w.postY("b") ?? -1, 0, accuracy: 1)
    }

    func testI2_enormousDeclaredSizesStayFinite() {
        let m = Media(id: "m", width: 1e-300, height: 1e300, url: "https://img.example.com/m.png")
        let e = WebEmbed(id: "e", url: "https://x.example.com", declaredHeight: 1e300)
        let posts = [Post(id: "a", createdAt: 1e300, blocks: [.media([m]), .embed(e)]), Post(id: "b", createdAt: -1e300, blocks: [])]
        let w = World(liveblog: Liveblog(id: "x", title: "big", posts: posts), config: WorldConfig())
        w.advance(to: 240)
        w.send(.jump(id: "b", topOffset: nil))
        w.advance(to: 600)
        XCTAssertTrue(w.page.contentHeight.isFinite)
        XCTAssertLessThanOrEqual(w.page.contentHeight, 2 * Page.maxBlockHeight + 10_000)
        XCTAssertTrue(w.scrollView.offset.isFinite)
    }
}
