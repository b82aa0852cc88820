import Foundation
import TestSupport
import XCTest
@testable import QA
@testable import Simulation

/// Issue 31, F7: a scenario file whose name is not UTF-8 is not skipped (the suite passing
/// without it): the suite fails, naming it with its bytes escaped.
final class ScenarioNameTests: XCTestCase {
    func testF7_aScenarioNameThatIsNotUTF8FailsTheSuiteNamingIt() throws {
        let dir = NSTemporaryDirectory() + "/lb-names-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sample = Fixture.samplePath
        let body = "{\"liveblog\": \"\(sample)\", \"expect\": [{\"post\": \"nope\", \"landsAt\": 0, \"by\": 1}]}"
        _ = FileManager.default.createFile(atPath: dir + "/good.json", contents: Data("{\"liveblog\": \"\(sample)\"}".utf8))
        // "bad\xFF.json": raw bytes, not UTF-8 (Latin-1 "ÿ" as written by an old tool).
        let name: [UInt8] = Array("\(dir)/bad".utf8) + [0xFF] + Array(".json".utf8) + [0]
        let fd = name.withUnsafeBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { open($0, O_WRONLY | O_CREAT, 0o644) }
        }
        XCTAssertGreaterThanOrEqual(fd, 0)
        _ = body.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        XCTAssertThrowsError(try ScenarioSuite.collect([dir])) { error in
            XCTAssertEqual("\(error)", "\(dir)/bad\\xFF.json: the file name is not UTF-8, so the scenario cannot be run; rename it")
        }
        let r = Subprocess.output(try Requirement.liveblogBinary(), ["simulate", dir], timeout: 60)
        XCTAssertEqual(r.code, 66, r.err)
        XCTAssertTrue(r.err.contains("bad\\xFF.json: the file name is not UTF-8"), r.err)
    }
}
