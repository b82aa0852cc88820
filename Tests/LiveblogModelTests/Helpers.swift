import Foundation
import XCTest
@testable import LiveblogModel

enum Fixture {
    /// The repository root, found from this file's path.
    static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func asset(_ rel: String) -> String { root.appendingPathComponent("Assets").appendingPathComponent(rel).path }

    static func load(_ text: String, name: String = "test.json") throws -> Liveblog {
        try LiveblogLoader.load(bytes: Array(text.utf8), name: name)
    }

    /// The error thrown by loading `text`, or a test failure.
    static func error(_ text: String, name: String = "test.json", file: StaticString = #filePath, line: UInt = #line) -> LiveblogError? {
        do {
            _ = try load(text, name: name)
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch let e as LiveblogError {
            return e
        } catch {
            XCTFail("unexpected error type \(error)", file: file, line: line)
            return nil
        }
    }

    static func event(_ id: String, _ t: Int, _ extra: String = "") -> String {
        "{\"local_id\": \"\(id)\", \"created_at\": \(t), \"contents\": [{\"_type\": \"Tik::ApiModel::Text::RichTextContentBlock\", \"text\": \"post \(id)\"}]\(extra.isEmpty ? "" : ", " + extra)}"
    }

    static func ticker(_ events: [String]) -> String {
        "{\"game\": {\"local_id\": \"G\", \"meta_info\": {\"title\": \"T\"}}, \"events\": [\(events.joined(separator: ","))]}"
    }
}

extension Post {
    var texts: [RichText] { blocks.compactMap { if case .text(let t) = $0 { return t }; return nil } }
    var media: [Media] { blocks.flatMap { b -> [Media] in if case .media(let m) = b { return m }; return [] } }
}
