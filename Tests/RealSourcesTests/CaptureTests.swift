import Fetch
import Foundation
import TestSupport
import XCTest
@testable import RealSources

/// R4: a capture written, read back, and replayed offline at the recorded ticks.
final class CaptureTests: XCTestCase {
    func completion(_ url: String, body: Data, status: Int = 200) -> FetchCompletion {
        let u = URL(string: url)!
        return FetchCompletion(id: FetchID(1), request: FetchRequest(url: u),
                               result: .success(FetchResponse(url: u, finalURL: u, status: status,
                                                              headers: ["etag": "\"a\""], body: body,
                                                              redirects: [])),
                               timing: FetchTiming(startedSeconds: 1, firstAnswerSeconds: 1.25, endedSeconds: 2))
    }

    func testR4_CaptureRoundTripWithSidecarBodies() throws {
        let dir = NSTemporaryDirectory() + "capture-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let recorder = CaptureRecorder(source: "http://127.0.0.1:1/live")
        recorder.record(completion("http://127.0.0.1:1/live", body: Data("{}".utf8)), kind: .liveblog,
                        startedTick: 0, endedTick: 120)
        let big = Data(repeating: 7, count: Capture.inlineLimit + 1)
        recorder.record(completion("http://127.0.0.1:1/a.jpg", body: big), kind: .image, startedTick: 3, endedTick: 40)
        let failed = FetchCompletion(id: FetchID(2), request: FetchRequest(url: URL(string: "http://127.0.0.1:1/b")!),
                                     result: .failure(FetchError(url: URL(string: "http://127.0.0.1:1/b")!,
                                                                 kind: .stalled(seconds: 15))),
                                     timing: FetchTiming(startedSeconds: 0, firstAnswerSeconds: nil, endedSeconds: 15))
        recorder.record(failed, kind: .image, startedTick: 5, endedTick: 1805)
        let scenario = dir + "/session.json"
        let path = CaptureRecorder.capturePath(forScenario: scenario)
        XCTAssertEqual(path, dir + "/session.capture.json")
        try recorder.write(to: path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/session.capture/1.bin"))
        let read = try CaptureReader.read(path: path)
        XCTAssertEqual(read, recorder.snapshot)
        XCTAssertEqual(read.responses[0].firstAnswerTick, 0 + 30, "0.25 s after the start")
        XCTAssertEqual(read.responses[2].error?.fetchKind, .stalled(seconds: 15))
    }

    func testR4_ReplayAnswersAtTheRecordedTicksOffline() throws {
        let server = try LoopbackServer(serving: [Fixtures.directory])
        defer { server.stop() }
        let recorder = CaptureRecorder(source: server.url("/files/tickaroo.json").absoluteString)
        let real = RealNetwork(recorder: recorder)
        defer { real.fetcher.invalidate() }
        let urls = ["/files/tickaroo.json", "/files/quadrants.jpg", "/status/404"].map(server.url)
        let kinds: [CapturedResponse.Kind] = [.liveblog, .image, .poll]
        var ids: [FetchID] = []
        for (url, kind) in zip(urls, kinds) { ids.append(real.submit(FetchRequest(url: url), kind: kind, atTick: 2)) }
        var ended: [FetchID: (Int, FetchCompletion)] = [:]
        var tick = 2
        while ended.count < 3, tick < 2000 {
            tick += 1
            for c in real.poll(atTick: tick) { ended[c.id] = (tick, c) }
            Thread.sleep(forTimeInterval: 0.01)
        }
        XCTAssertEqual(ended.count, 3)
        XCTAssertEqual(recorder.snapshot.responses.count, 2, "images are recorded by the image feed")

        let replay = ReplayNetwork(capture: recorder.snapshot)
        let replayIDs = [urls[0], urls[2]].enumerated().map { i, url in
            replay.submit(FetchRequest(url: url), kind: i == 0 ? .liveblog : .poll, atTick: 2)
        }
        var replayed: [Int: Int] = [:]
        for t in 2...tick { for c in replay.poll(atTick: t) { replayed[c.id.value] = t } }
        XCTAssertEqual(replayed[replayIDs[0].value], ended[ids[0]]?.0, "the document at the same tick")
        XCTAssertEqual(replayed[replayIDs[1].value], ended[ids[2]]?.0, "the 404 at the same tick")
        let missing = replay.submit(FetchRequest(url: URL(string: "http://127.0.0.1:1/other")!), kind: .image, atTick: 9)
        let answer = replay.poll(atTick: 9).first { $0.id == missing }
        guard case let .failure(error)? = answer?.result else { return XCTFail("a request not captured fails") }
        XCTAssertEqual(error.description, "http://127.0.0.1:1/other: not in the capture")
    }
}
