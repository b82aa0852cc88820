import ExitStatus
import XCTest
@testable import QA
import LiveblogModel

/// Issue 43, A1: docs/applog.md's example output is a log the reader takes, and every line kind
/// and field it shows is one the Swift and Kotlin snippets above it write.
final class AppLogDocsTests: XCTestCase {
    var doc: String {
        (try? String(contentsOfFile: GoldenTraceTests.root.appendingPathComponent("docs/applog.md").path, encoding: .utf8)) ?? ""
    }

    func block(after marker: String, fence: String = "```") -> String? {
        guard let m = doc.range(of: marker), let open = doc.range(of: fence + "\n", range: m.upperBound..<doc.endIndex),
              let close = doc.range(of: "\n```", range: open.upperBound..<doc.endIndex) else { return nil }
        return String(doc[open.upperBound..<close.lowerBound])
    }

    func testA1_theDocumentedExampleIsAnAppLogTheSnippetsWrite() throws {
        let example = try XCTUnwrap(block(after: "<!-- app-log example -->"))
        let swift = try XCTUnwrap(block(after: "## Writing it from a UIKit app", fence: "```swift"))
        let kotlin = try XCTUnwrap(block(after: "## Writing it from an Android app", fence: "```kotlin"))
        let (lines, reader) = try AppLogReader.read(example)
        XCTAssertEqual(reader.geometry?.device, "iphone-15")
        XCTAssertEqual(Set(lines.map(\.kind)), ["hook", "host", "layout", "input", "frame"])
        XCTAssertEqual(reader.summary.duplicates, 0)
        XCTAssertEqual(reader.summary.reordered, 0)
        let raw = try example.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        for (name, source) in [("Swift", swift), ("Kotlin", kotlin)] {
            // The snippets write JSON inside string literals: `\"ev\":\"hook\"`.
            for l in lines {
                XCTAssertTrue(source.contains("\\\"ev\\\":\\\"\(l.kind)\\\""), "\(name) writes no \(l.kind) line")
            }
            for v in raw {
                for (field, x) in v.objectPairs ?? [] {
                    XCTAssertTrue(source.contains("\\\"\(field)\\\""), "\(name) writes no \"\(field)\"")
                    for (inner, _) in x.objectPairs ?? [] {
                        XCTAssertTrue(source.contains("\\\"\(inner)\\\""), "\(name) writes no \"\(field).\(inner)\"")
                    }
                }
            }
            XCTAssertTrue(source.contains("\\\"platform\\\":\\\"\(name == "Swift" ? "ios" : "android")\\\""), name)
        }
        // What the snippets' APIs are (issue 43).
        for api in ["WKScriptMessageHandler", "userContentController", "scrollViewWillBeginDragging", "CADisplayLink"] {
            XCTAssertTrue(swift.contains(api) || doc.contains(api), api)
        }
        for api in ["@JavascriptInterface", "onScrolled", "computeVerticalScrollOffset", "onScrollStateChanged",
                    "Choreographer"] {
            XCTAssertTrue(kotlin.contains(api), api)
        }
        // The example audits: the post without an id is the jump's.
        let r = try AppLogAudit.audit(example, expectations: try AppLogMaker.expect(
            "[{\"post\": \"jump-1\", \"landsAt\": 0, \"tolerance\": 16, \"by\": 1.2}]"))
        XCTAssertEqual(r.exitCode, .ok, r.result.error ?? "")
    }
}
