import Foundation
import XCTest
import LiveblogModel
@testable import Simulation

/// X1, X4: a scenario's engine fields read, checked and written back.
final class ScenarioEngineTests: XCTestCase {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/scenarios").path

    func parse(_ fields: String) throws -> Scenario {
        let text = "{\"liveblog\": \"../liveblogs/sample.json\", \"duration\": 1\(fields.isEmpty ? "" : ", " + fields)}"
        return try Scenario.parse(try JSONParser.parse(text), file: "s.json", baseDirectory: Self.scenarios)
    }

    func invalid(_ fields: String, place: String, message: String, line: UInt = #line) {
        do {
            _ = try parse(fields)
            XCTFail("expected invalid: \(fields)", line: line)
        } catch let e as Scenario.Invalid {
            XCTAssertEqual(e.place, place, e.description, line: line)
            XCTAssertTrue(e.message.contains(message), e.description, line: line)
        } catch {
            XCTFail("\(error)", line: line)
        }
    }

    func testX1_engineDefaultsToEmulatedAndReadsChromium() throws {
        XCTAssertEqual(try parse("").engine, PageEngine())
        XCTAssertEqual(try parse("\"engine\": \"chromium\"").engine.kind, .chromium)
        // X11: WebKit, and each platform's own engine.
        XCTAssertEqual(try parse("\"engine\": \"webkit\"").engine.kind, .webkit)
        XCTAssertEqual(try parse("\"engine\": \"platform\"").engine.kind, .platform)
        invalid("\"engine\": \"gecko\"", place: "engine", message: "emulated")
    }

    func testX4_aPageURLRunsInChromiumWithItsSelectors() throws {
        let s = try parse("\"pageURL\": \"http://127.0.0.1:8080/live.html\", \"pageElement\": \"my-blog\", "
                          + "\"postSelector\": \".post\", \"postIdAttribute\": \"data-id\"")
        XCTAssertEqual(s.engine.kind, .chromium, "a page URL alone means Chromium")
        XCTAssertEqual(s.engine.pageURL, "http://127.0.0.1:8080/live.html")
        XCTAssertEqual(s.engine.elementSelector, "my-blog")
        XCTAssertEqual(s.engine.postSelector, ".post")
        XCTAssertEqual(s.engine.postIdAttribute, "data-id")
    }

    /// L7, X4: the panels' selectors of a page of one's own, written back as read.
    func testX4_aPageURLsPanelSelectorsAreReadAndWritten() throws {
        let s = try parse("\"pageURL\": \"http://127.0.0.1:8080/live.html\", \"highlightSelector\": \".key\", "
                          + "\"chapterSelector\": \".key h3\", \"scorerSelector\": \".goal\"")
        XCTAssertEqual(s.engine.highlightSelector, ".key")
        XCTAssertEqual(s.engine.chapterSelector, ".key h3")
        XCTAssertEqual(s.engine.scorerSelector, ".goal")
        let written = s.engine.settings().map(\.0)
        XCTAssertEqual(written, ["engine", "pageURL", "highlightSelector", "chapterSelector", "scorerSelector"])
        invalid("\"scorerSelector\": \".goal\"", place: "scorerSelector", message: "needs \"pageURL\"")
    }

    func testX4_badEngineSettingsAreInvalidNamingTheField() {
        invalid("\"engine\": \"emulated\", \"pageURL\": \"https://example.com/\"", place: "pageURL",
                message: "runs only in a real engine")
        invalid("\"pageURL\": \"file:///etc/passwd\"", place: "pageURL", message: "http(s) URL")
        invalid("\"postSelector\": \".post\"", place: "postSelector", message: "needs \"pageURL\"")
        invalid("\"pageURL\": \"https://example.com/\", \"pageElement\": \" \"", place: "pageElement",
                message: "must not be empty")
    }

    func testX1_theWriterKeepsTheEngine() throws {
        let s = try parse("\"engine\": \"chromium\"")
        XCTAssertEqual(try ScenarioWriter.roundTrip(s).engine.kind, .chromium)
        XCTAssertEqual(PageEngine().settings(always: true).map(\.0), ["engine"], "the recorder's: always the engine")
        XCTAssertTrue(PageEngine().settings().isEmpty, "the emulated default is left out of a written scenario")
    }
}
