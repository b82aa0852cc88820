import XCTest
import LiveblogModel
@testable import Embed

/// I1, I2, L6, L8 through the `ResourceLoader` protocol.
final class ResourceLoaderTests: XCTestCase {
    /// I2: a completion carries the resource id and the decoded size and file (or why it failed).
    func testI2_simulatedCompletionsCarryIdAndDecodedSize() {
        let dir = PNGDir()
        let path = dir.png("wide.png", width: 200, height: 100)
        var loader = SimulatedLoader(profile: .instant, seed: 7, baseDirectory: dir.path)
        loader.request(.media(Media(id: "a", url: "wide.png")), tick: 0)
        loader.request(.media(Media(id: "b", url: "gone.png")), tick: 0)
        loader.request(.embed(id: "e"), tick: 0)
        loader.request(.page(1), tick: 0)
        let done = loader.completions(tick: 0)
        XCTAssertEqual(done.count, 4)
        XCTAssertTrue(done.contains(.media(id: "a", .loaded(pixelWidth: 200, pixelHeight: 100, path: path))))
        XCTAssertTrue(done.contains(.media(id: "b", .failed("missing file"))))
        XCTAssertTrue(done.contains(.page(1)))
        let embedHeights = done.compactMap { c -> Double? in if case .embed("e", let h) = c { return h }; return nil }
        XCTAssertEqual(embedHeights.count, 1)
        XCTAssertTrue((120...480).contains(embedHeights[0]), "L6: a seeded height of 120–480 pt")
        XCTAssertTrue(loader.isIdle)
    }

    /// I1: offline, nothing completes until forced; a forced load completes at once.
    func testI1_offlineCompletesOnlyWhenForced() {
        var loader = SimulatedLoader(profile: .offline, seed: 1, baseDirectory: nil)
        let m = Media(id: "m", width: 1600, height: 900, url: "https://x.example/m.png")
        loader.request(.media(m), tick: 0)
        XCTAssertEqual(loader.completions(tick: 10_000), [])
        XCTAssertFalse(loader.isIdle)
        XCTAssertEqual(loader.force(.media(m), tick: 10_002), .media(id: "m", .loaded(pixelWidth: 1600, pixelHeight: 900, path: nil)))
        XCTAssertTrue(loader.isIdle)
    }

    /// A loader that completes every image at the next frame with a fixed size: any
    /// implementation of the protocol drives the page's layout.
    private struct FixedSizeLoader: ResourceLoader {
        var waiting: [ResourceCompletion] = []
        var isIdle: Bool { waiting.isEmpty }
        var networkProfile: NetworkProfile { .instant }
        mutating func setNetworkProfile(_ p: NetworkProfile, tick: Int) {}
        mutating func request(_ r: ResourceRequest, tick: Int) { waiting.append(complete(r)) }
        mutating func completions(tick: Int) -> [ResourceCompletion] {
            defer { waiting = [] }
            return waiting
        }
        mutating func force(_ r: ResourceRequest, tick: Int) -> ResourceCompletion { complete(r) }
        private func complete(_ r: ResourceRequest) -> ResourceCompletion {
            switch r {
            case .media(let m): return .media(id: m.id, .loaded(pixelWidth: 100, pixelHeight: 50, path: nil))
            case .embed(let id): return .embed(id: id, height: 200)
            case .page(let n): return .page(n)
            }
        }
    }

    /// I2, L6: the page lays out what its loader reports, whichever loader it is.
    func testI2_pageUsesTheLoaderItIsGiven() {
        let lb = liveblog(2, extra: [0: [.media([Media(id: "m0", url: "https://x.example/a.png")])],
                                     1: [.embed(WebEmbed(id: "e1", url: "https://x.example/e"))]])
        let page = Page(liveblog: lb, config: pageConfig(), width: pageWidth, loader: FixedSizeLoader())
        XCTAssertTrue(page.isLoading)
        XCTAssertEqual(page.postHeight(index: 0), 48 + 16, "one-line placeholder before the load")
        page.frame(tick: 2)
        XCTAssertEqual(page.mediaStates["m0"], .loaded(pixelWidth: 100, pixelHeight: 50, path: nil))
        XCTAssertEqual(page.postHeight(index: 0), 48 + imageWidth / 2)
        XCTAssertEqual(page.postHeight(index: 1), 48 + 200)
        XCTAssertFalse(page.isLoading)
    }
}
