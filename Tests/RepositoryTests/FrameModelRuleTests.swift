import Foundation
import XCTest

/// Issue 25: the drawing side reads the World in one place. In TerminalUI, only the frame
/// model's builder and the controller (the App and its input, the run loop, compare, the demo,
/// the recorder, the streaming chores) name the World in code; every widget draws from the
/// frame's model, so a rename in the World touches the builder alone.
final class FrameModelRuleTests: XCTestCase {
    static let readers: Set<String> = [
        "FrameModel.swift", "App.swift", "AppModern.swift", "AppMouse.swift", "AppRunLoop.swift",
        "CompareApp.swift", "RunLoop.swift", "Demo.swift", "DemoEngines.swift", "Recorder.swift",
        "StreamingChores.swift",
    ]

    func testIssue25_onlyTheBuilderAndTheControllerReadTheWorld() throws {
        let word = try NSRegularExpression(pattern: "\\b(World|world)\\b")
        var offenders: [String] = []
        for file in Repository.files(under: "Sources/TerminalUI") where file.isSwift {
            let name = (file.path as NSString).lastPathComponent
            guard !Self.readers.contains(name) else { continue }
            let code = SourceLexer(file.text).code
            for (i, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let s = String(line)
                if word.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil {
                    offenders.append("\(file.path):\(i + 1): \(s.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        XCTAssertTrue(offenders.isEmpty, "widgets reading the World:\n" + offenders.joined(separator: "\n"))
    }
}
