import Foundation
import XCTest
@testable import Fetch

/// B9: a streamed body is handed out while it arrives, before its fetch completes.
final class StreamingTests: FetchTestCase {
    func testB9_StreamedBodyArrivesInPiecesBeforeTheEnd() throws {
        let request = FetchRequest(url: server.url("/drip?n=5&gap=0.2"), streamsBody: true)
        let id = fetcher.submit(request)
        var chunks: [FetchChunk] = []
        var completion: FetchCompletion?
        var chunksBeforeEnd = 0
        let deadline = Date(timeIntervalSinceNow: 20)
        while completion == nil, Date() < deadline {
            let polled = fetcher.pollStreaming()
            chunks += polled.chunks
            completion = polled.completions.first
            if completion == nil { chunksBeforeEnd = chunks.count }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let done = try XCTUnwrap(completion)
        XCTAssertEqual(done.id, id)
        let response = try done.result.get()
        XCTAssertEqual(response.body, Data(), "a streamed body is not kept twice")
        XCTAssertGreaterThanOrEqual(chunksBeforeEnd, 3, "pieces came out while the body was arriving")
        var body = Data()
        for chunk in chunks {
            XCTAssertEqual(chunk.offset, body.count, "contiguous")
            body += chunk.data
        }
        let expected = ["a", "b", "c", "d", "e"].map { String(repeating: $0, count: 1000) }.joined()
        XCTAssertEqual(String(decoding: body, as: UTF8.self), expected)
        XCTAssertLessThan(chunks[0].seconds, done.timing.endedSeconds - 0.5)
    }

    func testB9_StreamedErrorBodyIsNotHandedOut() throws {
        let id = fetcher.submit(FetchRequest(url: server.url("/status/500"), streamsBody: true))
        let done = try XCTUnwrap(fetcher.wait(for: id, timeout: 20))
        XCTAssertEqual(fetcher.pollStreaming().chunks, [])
        XCTAssertThrowsError(try done.result.get())
    }

    func testR6_StreamedBodyStillCapped() throws {
        let request = FetchRequest(url: server.url("/big?n=2000000&chunked=1"), maxBodyBytes: 100_000,
                                   streamsBody: true)
        let done = try XCTUnwrap(fetcher.wait(for: fetcher.submit(request), timeout: 20))
        XCTAssertThrowsError(try done.result.get()) { error in
            XCTAssertEqual((error as? FetchError)?.kind, .overCap(limit: 100_000))
        }
        XCTAssertLessThanOrEqual(fetcher.pollStreaming().chunks.reduce(0) { $0 + $1.data.count }, 100_000)
    }
}
