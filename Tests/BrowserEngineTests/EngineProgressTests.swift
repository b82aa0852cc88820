@testable import BrowserEngine
@testable import Chromium
import Foundation
import LiveblogModel
import TestSupport
import XCTest

/// W1 on a real engine: the navigation bar's progress line follows the engine's own load events
/// (every request from `Network.requestWillBeSent` to `loadingFinished`, the document to
/// `Page.loadEventFired`), not only the requests the network gate delays.
final class EngineProgressTests: EngineTestCase {
    private var server: LoopbackServer?
    private var dir = ""

    override func tearDown() {
        server?.stop()
        server = nil
        if !dir.isEmpty { try? FileManager.default.removeItem(atPath: dir) }
        super.tearDown()
    }

    /// A slow image from another origin, which the gate passes at once and never tracks: the
    /// progress drops below 1 while it loads (the gate is idle all the while) and reaches 1, with
    /// its trace report, once the engine has it.
    func testW1_theProgressFollowsTheEnginesOwnLoadsTheGateDoesNotKnow() throws {
        dir = NSTemporaryDirectory() + "/lb-progress-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(PNGWriter.write(width: 40, height: 30, rgba: [])).write(to: URL(fileURLWithPath: dir + "/slow.png"))
        let server = try LoopbackServer(serving: [dir])
        self.server = server
        let page = try open(engineFixture(12))
        try run(page, seconds: 0.5)
        XCTAssertEqual(page.estimatedProgress, 1, "the reference embed has loaded")
        let src = server.origin + "/files/slow.png?delay=1.5&type=image/png"
        try page.evaluate("(() => { const i = new Image(); i.src = \(JSONWriter.quote(src)); "
                          + "document.body.appendChild(i); })()", doing: "adding a slow image")
        try page.absorb(doing: "adding a slow image")
        let start = Date()
        var events = try run(page, seconds: 0.1)
        XCTAssertLessThan(page.estimatedProgress, 1, "the slow image is loading")
        XCTAssertFalse(page.isLoading, "the gate does not know of it")
        while page.estimatedProgress < 1, Date().timeIntervalSince(start) < 10 {
            Thread.sleep(forTimeInterval: 0.05)
            events += try run(page, seconds: 1.0 / 30)
            if Date().timeIntervalSince(start) < 1.2 { XCTAssertLessThan(page.estimatedProgress, 1) }
        }
        XCTAssertEqual(page.estimatedProgress, 1, "the image is in")
        XCTAssertGreaterThan(Date().timeIntervalSince(start), 1.4, "not before the server answered")
        let reports = events.compactMap { e -> Double? in
            if case let .page(.progress(v)) = e { return v }
            return nil
        }
        XCTAssertEqual(reports.first, 0, "the new load starts from 0: \(reports)")
        XCTAssertEqual(reports.last, 1, "and is reported when it ends: \(reports)")
    }

    /// The document counts until its `load` event: held images of the first page (3g) keep the
    /// progress below 1 after the page is ready, until the engine has loaded them.
    func testW1_theDocumentCountsUntilItsLoadEvent() throws {
        let page = try open(engineFixture(12, undeclaredEvery: 2, embedEvery: 0), page: pageConfig(network: .threeG))
        XCTAssertLessThan(page.estimatedProgress, 1, "ready, but its images are held")
        var events: [EngineEvent] = []
        for _ in 0..<60 where page.estimatedProgress < 1 { events += try run(page, seconds: 0.25) }
        XCTAssertEqual(page.estimatedProgress, 1)
        XCTAssertTrue(events.contains(.page(.progress(1))), "\(events)")
    }
}
