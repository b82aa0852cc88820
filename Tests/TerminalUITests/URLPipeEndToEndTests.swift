import Foundation
import TestSupport
import XCTest

/// Issue 32, pipes for URLs: `liveblog dump URL` and `view URL > file` print the URL's text, as
/// `dump FILE` and `view FILE > file` print a file's, against the loopback server of
/// RealSourceEndToEndTests; a URL that fails says why (R6) with exit 69.
extension RealSourceEndToEndTests {
    private var fixtures: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("RealSourcesTests/Fixtures").path
    }

    func testR1_dumpURLPrintsTheSameTextAsDumpOfTheFile() throws {
        let url = "\(server.origin)/files/tickaroo.json?type=application/json"
        let fromURL = Subprocess.output(Fixture.binary, ["dump", url, "--width", "60"])
        let fromFile = Subprocess.output(Fixture.binary, ["dump", fixtures + "/tickaroo.json", "--width", "60"])
        XCTAssertEqual(fromURL.code, 0)
        XCTAssertTrue(fromURL.out.contains("Second post"), fromURL.out)
        XCTAssertEqual(fromURL.out, fromFile.out, "the URL's text is the file's")
        let page = Subprocess.output(Fixture.binary, ["dump", "\(server.origin)/files/page.html?type=text/html"])
        XCTAssertEqual(page.code, 0)
        XCTAssertFalse(page.out.contains("\u{1B}"), "plain text")
        let missing = Subprocess.output(Fixture.binary, ["dump", "\(server.origin)/files/nothere.json?type=application/json"])
        XCTAssertEqual(missing.code, 69, "EX_UNAVAILABLE for a failed fetch")
    }

    func testR1_viewURLIntoAFilePrintsText() throws {
        let url = "\(server.origin)/files/tickaroo.json?type=application/json"
        let out = workDir + "/view.txt"
        let code = Subprocess.run(Fixture.binary, ["view", url], stdin: "/dev/null", stdout: out)
        XCTAssertEqual(code, 0, "view URL > file exits 0")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let file = Subprocess.output(Fixture.binary, ["dump", fixtures + "/tickaroo.json"])
        XCTAssertTrue(text.contains("Cup final") && text.contains("Kick-off"), text)
        XCTAssertEqual(text, file.out, "the text `view FILE > file` prints")
    }
}
