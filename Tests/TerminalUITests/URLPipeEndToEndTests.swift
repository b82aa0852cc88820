import Foundation
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
        let url = "http://127.0.0.1:\(port)/files/tickaroo.json"
        let fromURL = Fixture.output(Fixture.binary, ["dump", url, "--width", "60"], in: workDir)
        let fromFile = Fixture.output(Fixture.binary, ["dump", fixtures + "/tickaroo.json", "--width", "60"], in: workDir)
        XCTAssertEqual(fromURL.status, 0)
        XCTAssertTrue(fromURL.out.contains("Second post"), fromURL.out)
        XCTAssertEqual(fromURL.out, fromFile.out, "the URL's text is the file's")
        let page = Fixture.output(Fixture.binary, ["dump", "http://127.0.0.1:\(port)/files/page.html"], in: workDir)
        XCTAssertEqual(page.status, 0)
        XCTAssertFalse(page.out.contains("\u{1B}"), "plain text")
        let missing = Fixture.output(Fixture.binary, ["dump", "http://127.0.0.1:\(port)/files/nothere.json"], in: workDir)
        XCTAssertEqual(missing.status, 69, "EX_UNAVAILABLE for a failed fetch")
    }

    func testR1_viewURLIntoAFilePrintsText() throws {
        let url = "http://127.0.0.1:\(port)/files/tickaroo.json"
        let out = workDir + "/view.txt"
        let r = Fixture.output("/bin/sh", ["-c", "'\(Fixture.binary)' view '\(url)' > '\(out)' < /dev/null; echo $?"],
                               in: workDir)
        XCTAssertEqual(r.out.trimmingCharacters(in: .whitespacesAndNewlines), "0", "view URL > file exits 0")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let file = Fixture.output(Fixture.binary, ["dump", fixtures + "/tickaroo.json"], in: workDir)
        XCTAssertTrue(text.contains("Cup final") && text.contains("Kick-off"), text)
        XCTAssertEqual(text, file.out, "the text `view FILE > file` prints")
    }
}
