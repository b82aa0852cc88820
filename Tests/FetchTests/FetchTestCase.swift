import Foundation
import TestSupport
import XCTest
@testable import Fetch

/// A test with its own loopback server and fetcher, both stopped in tearDown.
class FetchTestCase: XCTestCase {
    var server: LoopbackServer!
    var fetcher: Fetcher!

    override func setUpWithError() throws {
        server = try LoopbackServer()
        fetcher = Fetcher(config: config())
    }

    override func tearDown() {
        fetcher?.invalidate()
        server?.stop()
        fetcher = nil
        server = nil
    }

    /// The fetcher's limits for this test case.
    func config() -> FetchConfig {
        var config = FetchConfig()
        config.connectTimeout = 5
        config.idleTimeout = 5
        return config
    }

    /// Fetches `path` on the loopback server and waits (bounded) for the completion.
    func fetch(_ path: String, validators: Validators? = nil, maxBodyBytes: Int? = nil,
               file: StaticString = #filePath, line: UInt = #line) throws -> FetchCompletion {
        let request = FetchRequest(url: server.url(path), validators: validators, maxBodyBytes: maxBodyBytes)
        let id = fetcher.submit(request)
        return try XCTUnwrap(fetcher.wait(for: id, timeout: 20), "no completion for \(path)",
                             file: file, line: line)
    }

    /// The error of a fetch that must fail.
    func failure(_ path: String, maxBodyBytes: Int? = nil,
                 file: StaticString = #filePath, line: UInt = #line) throws -> FetchError {
        let completion = try fetch(path, maxBodyBytes: maxBodyBytes, file: file, line: line)
        switch completion.result {
        case let .success(response):
            XCTFail("\(path) succeeded with \(response.status)", file: file, line: line)
            throw FetchError(url: server.url(path), kind: .transport("unexpected success"))
        case let .failure(error):
            XCTAssertEqual(error.url, server.url(path), "the error names the URL", file: file, line: line)
            XCTAssertTrue(error.description.hasPrefix(server.url(path).absoluteString),
                          file: file, line: line)
            return error
        }
    }
}
