import Foundation
import XCTest
@testable import Fetch

/// R1, R2, R3: GETs against a loopback server (R7).
final class FetchTests: FetchTestCase {
    func testR1_GetDeliversBodyStatusHeadersAndTiming() throws {
        let completion = try fetch("/text")
        let response = try completion.result.get()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "hello")
        XCTAssertEqual(response.contentType, "text/plain")
        XCTAssertEqual(response.redirects, [])
        let t = completion.timing
        let first = try XCTUnwrap(t.firstAnswerSeconds)
        XCTAssertLessThanOrEqual(t.startedSeconds, first)
        XCTAssertLessThanOrEqual(first, t.endedSeconds)
    }

    func testR1_FollowsFiveRedirects() throws {
        let response = try fetch("/redirect/5").result.get()
        XCTAssertEqual(response.redirects.count, 5)
        XCTAssertEqual(response.finalURL.path, "/text")
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "hello")
    }

    func testR1_SixRedirectsAreTooMany() throws {
        let error = try failure("/redirect/6")
        XCTAssertEqual(error.kind, .tooManyRedirects(limit: 5))
        XCTAssertEqual(error.description,
                       "\(server.url("/redirect/6").absoluteString): too many redirects (more than 5)")
    }

    func testR6_RedirectLoopNamed() throws {
        let error = try failure("/loop/a")
        XCTAssertEqual(error.kind, .redirectLoop(server.url("/loop/a")))
        XCTAssertTrue(error.description.contains("redirect loop back to"), error.description)
    }

    func testR1_GzipBodyDecoded() throws {
        let response = try fetch("/gzip").result.get()
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self),
                       String(repeating: "compressed hello ", count: 100))
    }

    func testR3_ETagMakesTheNextRequestConditional() throws {
        let first = try fetch("/etag").result.get()
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.validators.etag, "\"v1\"")
        let second = try fetch("/etag", validators: first.validators).result.get()
        XCTAssertTrue(second.isNotModified)
        XCTAssertEqual(second.body, Data())
        let stale = try fetch("/etag", validators: Validators(etag: "\"v0\"")).result.get()
        XCTAssertEqual(stale.status, 200)
    }

    func testR3_LastModifiedMakesTheNextRequestConditional() throws {
        let first = try fetch("/lastmod").result.get()
        XCTAssertEqual(first.validators.lastModified, "Mon, 30 Nov 2026 12:00:00 GMT")
        XCTAssertNil(first.validators.etag)
        XCTAssertTrue(try fetch("/lastmod", validators: first.validators).result.get().isNotModified)
    }

    func testR2_AtMostSixAtOnceStartedInPageOrder() throws {
        let ids = (0..<12).map { i in fetcher.submit(FetchRequest(url: server.url("/slow/\(i)?delay=0.3"))) }
        var completions: [FetchCompletion] = []
        for id in ids { completions.append(try XCTUnwrap(fetcher.wait(for: id, timeout: 20))) }
        for (i, completion) in completions.enumerated() {
            XCTAssertEqual(String(decoding: try completion.result.get().body, as: UTF8.self), "\(i)")
        }
        XCTAssertEqual(fetcher.peakConcurrent, 6)
        let starts = completions.map(\.timing.startedSeconds)
        XCTAssertEqual(starts, starts.sorted(), "started in submission (page) order")
        XCTAssertGreaterThan(starts[6], completions[0..<6].map(\.timing.endedSeconds).min()! - 0.001,
                             "the seventh waits for a slot")
        let stats = try fetch("/stats").result.get().body
        let inFlight = try XCTUnwrap(JSONSerialization.jsonObject(with: stats) as? [String: Int])
        XCTAssertEqual(inFlight["max_in_flight"], 6, "the server never saw more than 6 at once")
    }

    func testR4_CompletionsArePolledAsValuesOnce() throws {
        let id = fetcher.submit(FetchRequest(url: server.url("/text")))
        var polled: [FetchCompletion] = []
        let deadline = Date(timeIntervalSinceNow: 20)
        while polled.isEmpty, Date() < deadline {
            polled = fetcher.poll()
            if polled.isEmpty { Thread.sleep(forTimeInterval: 0.01) }
        }
        XCTAssertEqual(polled.map(\.id), [id])
        XCTAssertEqual(fetcher.poll().count, 0)
        XCTAssertEqual(fetcher.pendingCount, 0)
    }

    func testR6_CancelledFetchSaysSo() throws {
        let id = fetcher.submit(FetchRequest(url: server.url("/stall-head")))
        Thread.sleep(forTimeInterval: 0.2)
        fetcher.cancel(id)
        let completion = try XCTUnwrap(fetcher.wait(for: id, timeout: 10))
        XCTAssertThrowsError(try completion.result.get()) { error in
            XCTAssertEqual((error as? FetchError)?.kind, .cancelled)
        }
    }
}
