import Foundation
import TestSupport
import XCTest

/// X12's scroll anchoring, through the binary: a web view that scrolls itself (nested mode, no
/// hook: the page scrolls to the post, E12), its hold ended by a tap at 0.5 s, while 3g images
/// above the post load until 3.8 s. Blink's CSS scroll anchoring holds the post; WebKit as iOS 26
/// and earlier have it (no scroll anchoring) lets it drift down by what loads above; WebKit with
/// its `CSSScrollAnchoring` feature on (`LIVEBLOG_WEBKIT_SCROLL_ANCHORING=1`) holds it as Blink does.
final class WebKitScrollAnchoringTests: XCTestCase {
    static let scenario = """
        { "name": "nested mode, no hook: a tap ends the hold while 3g images above the post load",
          "liveblog": "\(TestPaths.root)/Assets/liveblogs/sample.json",
          "device": "iphone-15", "terminal": {"cols": 80, "rows": 24},
          "mode": "nested", "platform": "ios", "hook": "none",
          "native": {"headerRows": 6, "footerRows": 20},
          "network": {"profile": "3g", "seed": 7},
          "duration": 6.0,
          "events": [ {"at": 0.2, "jump": "ev-019"}, {"at": 0.5, "tap": {"row": 10, "col": 30}} ],
          "expect": [ {"holdEnds": "input", "by": 0.6},
                      {"post": "ev-019", "stillFrom": 0.3, "until": 6.0, "tolerance": 16} ] }
        """

    func testX12_aSelfScrollingViewDriftsInWebKitAsOnIOSAndHoldsInChromiumAndWithAnchoringOn() throws {
        try Requirement.browserEngine()
        try WebKitPageTests.requireWebKit()
        let path = NSTemporaryDirectory() + "liveblog-anchoring-\(getpid()).json"
        try Self.scenario.write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let chromium = try drift(path, engine: "chromium")
        XCTAssertLessThan(chromium, 1, "Blink's scroll anchoring holds the post")
        let webkit = try drift(path, engine: "webkit")
        XCTAssertGreaterThan(webkit, 1000, "no scroll anchoring, as iOS 26 and earlier: the post drifts")
        let anchored = try drift(path, engine: "webkit", env: ["LIVEBLOG_WEBKIT_SCROLL_ANCHORING": "1"])
        XCTAssertLessThan(anchored, 1, "WebKit's CSSScrollAnchoring on holds the post as Blink does")
    }

    /// How far the post moved on screen (the `still` expectation's "moved at most").
    private func drift(_ path: String, engine: String, env: [String: String] = [:]) throws -> Double {
        let trace = path + ".\(engine).jsonl"
        defer { unlink(trace) }
        let r = Subprocess.output(try Requirement.liveblogBinary(), ["simulate", path, "--engine", engine, "--trace", trace],
                                  env: env, timeout: 180)
        XCTAssertFalse(r.err.contains("Fatal error"), r.err)
        let line = try XCTUnwrap(r.out.split(separator: "\n").first { $0.contains("post ev-019 still") }, "\(engine): \(r.out) \(r.err)")
        let moved = try XCTUnwrap(line.range(of: "moved at most ").map { line[$0.upperBound...] }, String(line))
        let anchoring = (try? String(contentsOfFile: trace, encoding: .utf8))?.contains("CSS scroll anchoring is") ?? false
        if engine == "webkit" { XCTAssertTrue(anchoring, "an engine note says how WebKit's scroll anchoring is set") }
        return try XCTUnwrap(Double(moved.prefix { $0 != " " }), String(line))
    }
}
