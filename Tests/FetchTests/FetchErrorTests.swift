import CCurl
import Foundation
import XCTest
@testable import Fetch

/// R6: every bad-network case gives the URL and what happened (R7: loopback only).
final class FetchErrorTests: FetchTestCase {
    override func config() -> FetchConfig {
        var config = FetchConfig()
        config.connectTimeout = 0.5
        config.idleTimeout = 0.5
        return config
    }

    func testR6_ClientAndServerErrorsCarryTheStatus() throws {
        let notFound = try failure("/status/404")
        XCTAssertEqual(notFound.kind, .status(404))
        XCTAssertTrue(notFound.description.contains("HTTP status 404"), notFound.description)
        XCTAssertEqual(try failure("/status/503").kind, .status(503))
    }

    func testR6_RefusedConnection() throws {
        let url = URL(string: "http://127.0.0.1:\(LoopbackPort.unused())/feed.json")!
        let id = fetcher.submit(FetchRequest(url: url))
        let completion = try XCTUnwrap(fetcher.wait(for: id, timeout: 10))
        XCTAssertThrowsError(try completion.result.get()) { error in
            XCTAssertEqual(error as? FetchError, FetchError(url: url, kind: .connectionRefused))
            XCTAssertEqual("\(error)", "\(url.absoluteString): connection refused")
        }
    }

    /// libcurl's "could not resolve host" becomes `unknownHost` (mapped, not looked up: a DNS
    /// query would leave the machine, R7).
    func testR6_UnknownHostNamed() {
        let url = URL(string: "https://liveblog.invalid/feed")!
        let kind = FetchError.kind(curlCode: CURLE_COULDNT_RESOLVE_HOST, detail: "", url: url)
        XCTAssertEqual(kind, .unknownHost("liveblog.invalid"))
        XCTAssertEqual(FetchError(url: url, kind: kind).description,
                       "https://liveblog.invalid/feed: unknown host liveblog.invalid")
    }

    func testR6_NotHTTPIsRefusedWithoutConnecting() throws {
        let url = URL(string: "ftp://127.0.0.1/x")!
        let completion = try XCTUnwrap(fetcher.wait(for: fetcher.submit(FetchRequest(url: url)), timeout: 5))
        XCTAssertThrowsError(try completion.result.get()) { error in
            XCTAssertEqual((error as? FetchError)?.kind, .unsupportedURL)
        }
    }

    func testR6_ServerThatNeverAnswersTimesOut() throws {
        let error = try failure("/stall-head")
        XCTAssertEqual(error.kind, .noAnswer(seconds: 0.5))
        XCTAssertTrue(error.description.hasSuffix("no answer within 0.5 s (connect timeout)"),
                      error.description)
    }

    func testR6_BodyThatStallsTimesOut() throws {
        let error = try failure("/stall-body")
        XCTAssertEqual(error.kind, .stalled(seconds: 0.5))
    }

    func testR6_TruncatedBodyNamed() throws {
        let error = try failure("/truncated")
        XCTAssertEqual(error.kind, .truncated(expected: 1000, received: 100))
        XCTAssertTrue(error.description.hasSuffix("truncated body: 100 of 1000 bytes"), error.description)
    }

    func testR6_BodyOverTheCapWithContentLength() throws {
        XCTAssertEqual(try failure("/big?n=200000", maxBodyBytes: 100_000).kind, .overCap(limit: 100_000))
    }

    func testR6_ChunkedBodyOverTheCapIsCut() throws {
        XCTAssertEqual(try failure("/big?n=2000000&chunked=1", maxBodyBytes: 100_000).kind,
                       .overCap(limit: 100_000))
        let fits = try fetch("/big?n=100000&chunked=1", maxBodyBytes: 100_000).result.get()
        XCTAssertEqual(fits.body.count, 100_000)
    }
}
