import Fetch
import Foundation
import VirtualTime

/// Collects the responses of a real session into a `Capture` (R4) and writes it.
// @unchecked Sendable: the recorded responses are appended and read under `lock` only.
public final class CaptureRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var capture: Capture

    public init(source: String, pollSeconds: Double? = nil) {
        capture = Capture(source: source, pollSeconds: pollSeconds)
    }

    public var snapshot: Capture {
        lock.lock()
        defer { lock.unlock() }
        return capture
    }

    /// Records `completion`, which the session saw start at `startedTick` and end at
    /// `endedTick`; the first answer is placed between them from the real timing.
    public func record(_ completion: FetchCompletion, kind: CapturedResponse.Kind, startedTick: Int,
                       endedTick: Int) {
        let timing = completion.timing
        let firstAnswerTick = timing.firstAnswerSeconds.map { seconds in
            min(endedTick, startedTick + VirtualClock.ticks(max(0, seconds - timing.startedSeconds)))
        }
        var entry = CapturedResponse(kind: kind, url: completion.request.url.redacted,
                                     startedTick: startedTick, firstAnswerTick: firstAnswerTick,
                                     endedTick: max(startedTick, endedTick))
        switch completion.result {
        case let .success(response):
            entry.finalURL = response.finalURL.redacted
            entry.status = response.status
            entry.headers = response.headers
            entry.bodyBase64 = response.body.base64EncodedString()
        case let .failure(error):
            entry.error = CapturedError(error.kind)
        }
        lock.lock()
        capture.responses.append(entry)
        lock.unlock()
    }

    /// Writes the capture to `path`; bodies over `Capture.inlineLimit` go to sidecar files in
    /// the directory `path` without `.json` (e.g. `S.capture/`), named `N.bin`.
    public func write(to path: String) throws {
        var out = snapshot
        let sidecar = path.hasSuffix(".json") ? String(path.dropLast(5)) : path + ".d"
        let sidecarName = (sidecar as NSString).lastPathComponent
        for i in out.responses.indices {
            guard let base64 = out.responses[i].bodyBase64, let body = Data(base64Encoded: base64),
                  body.count > Capture.inlineLimit else { continue }
            try FileManager.default.createDirectory(atPath: sidecar, withIntermediateDirectories: true)
            try body.write(to: URL(fileURLWithPath: sidecar + "/\(i).bin"))
            out.responses[i].bodyBase64 = nil
            out.responses[i].bodyFile = sidecarName + "/\(i).bin"
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        try encoder.encode(out).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The capture path beside scenario `scenarioPath`: `S.json` → `S.capture.json`.
    public static func capturePath(forScenario scenarioPath: String) -> String {
        let stem = scenarioPath.hasSuffix(".json") ? String(scenarioPath.dropLast(5)) : scenarioPath
        return stem + ".capture.json"
    }
}
