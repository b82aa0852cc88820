import Foundation
import XCTest
import TestSupport

/// A test of a page of one's own in Chromium: a folder of its files, served by the test's own
/// loopback server (stopped, and the folder removed, after each test).
class ServedPageTestCase: XCTestCase {
    var server: LoopbackServer?
    var dir = ""

    override func setUpWithError() throws {
        try Requirement.browserEngine()
        dir = NSTemporaryDirectory() + "served-page-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        server = try LoopbackServer(serving: [dir])
    }

    override func tearDown() {
        server?.stop()
        server = nil
        try? FileManager.default.removeItem(atPath: dir)
        super.tearDown()
    }

    /// A hostile page's body (S3–S8): three posts in `my-blog` whose `navigateToEventId` runs
    /// `jump`, and `script` at load; written into the served directory, its URL returned.
    func threePostPage(_ name: String, jump: String, script: String = "") throws -> String {
        let html = """
            <!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Hostile</title></head>
            <body style="margin:0"><my-blog>
            <div class="post" data-post-id="a3" style="height:400px">Third</div>
            <div class="post" data-post-id="a2" style="height:600px">Second</div>
            <div class="post" data-post-id="a1" style="height:500px">First</div></my-blog>
            <script>
            document.querySelector("my-blog").navigateToEventId = function (id) { \(jump); return Promise.resolve(true); };
            \(script)
            </script></body></html>
            """
        try html.write(toFile: dir + "/" + name + ".html", atomically: true, encoding: .utf8)
        return try XCTUnwrap(server).origin + "/files/\(name).html?type=text/html"
    }
}
