import Foundation
import XCTest
@testable import ImageDecoding

/// R2, B10: decodes queued on the worker come back as values, each once, failures included.
final class DecodeWorkerTests: XCTestCase {
    func testR2_WorkerDecodesEveryJobAndPollsValuesOnce() throws {
        let names = BadImageTests.all + ["animated.gif"]
        let worker = DecodeWorker<Int>(maxConcurrent: 2)
        var expected: [Int: Result<RGBAImage, ImageError>] = [:]
        for i in 0..<20 {
            let bytes = try Fixture.bytes(names[i % names.count])
            // Every fifth job is cut short: failures come back the same way.
            let data = i % 5 == 4 ? Array(bytes.prefix(bytes.count / 2)) : bytes
            expected[i] = ImageDecoder.decode(data: data)
            worker.submit(key: i, data: data)
        }
        XCTAssertTrue(worker.waitUntilIdle(timeout: 30))
        XCTAssertEqual(worker.pendingCount, 0)
        let done = worker.poll()
        XCTAssertEqual(Set(done.map(\.key)), Set(0..<20))
        XCTAssertEqual(done.count, 20)
        for item in done {
            XCTAssertEqual(item.result, expected[item.key], "job \(item.key)")
            XCTAssertGreaterThanOrEqual(item.seconds, 0)
        }
        XCTAssertTrue(worker.poll().isEmpty, "each result is delivered once")
    }
}
