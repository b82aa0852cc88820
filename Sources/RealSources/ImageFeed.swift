import Fetch
import Foundation
import ImageDecoding
import ImageLoading

/// An image for the page: its pixels or why not (R2, R6), keyed by the media id.
public struct ImageDelivery: Sendable {
    public let key: String
    public let result: Result<RGBAImage, ImageLoadError>
}

/// The images of a real session (R2): fetched through the session's network (real: at most 6
/// at once, in page order; replay: at the captured times), decoded off the drawing thread by
/// the library of their type, handed to the page by `poll(atTick:)` once per tick. In replay
/// the decode runs at once, so an image reaches the page at the tick it did when recorded; when
/// recording, an image is recorded at the tick it reached the page (R4).
public final class ImageFeed {
    struct Job: Hashable, Sendable {
        let key: String
        let source: ImageSource
        let fetch: FetchID?
    }

    private let network: SessionNetwork
    private let recorder: CaptureRecorder?
    private let decoder: DecodeWorker<Job>
    private let limits: DecodeLimits
    private let decodesInline: Bool
    private var fetching: [FetchID: (key: String, url: URL)] = [:]
    private var completions: [FetchID: FetchCompletion] = [:]
    private var ready: [ImageDelivery] = []
    private let maxFileBytes: Int

    public init(network: SessionNetwork, recorder: CaptureRecorder? = nil, decodesInline: Bool = false,
                limits: DecodeLimits = .standard, maxFileBytes: Int = 64 << 20) {
        self.network = network
        self.recorder = recorder
        self.decodesInline = decodesInline
        self.limits = limits
        self.maxFileBytes = maxFileBytes
        decoder = DecodeWorker(maxConcurrent: 2, limits: limits)
    }

    /// Starts loading `source` for media `key`.
    public func request(key: String, source: ImageSource, atTick tick: Int) {
        switch source {
        case let .url(url):
            let request = FetchRequest(url: url, headers: ["Accept": "image/*"])
            let id = network.submit(request, kind: .image, atTick: tick)
            fetching[id] = (key, url)
        case let .file(path):
            switch ImageFile.read(path: path, cap: maxFileBytes) {
            case let .success(bytes):
                decode(Job(key: key, source: source, fetch: nil), bytes: bytes)
            case let .failure(failure):
                let error = ImageLoadError(source: source, cause: .file(failure.reason))
                ready.append(ImageDelivery(key: key, result: .failure(error)))
            }
        }
    }

    /// The images that reached the page by `tick`.
    public func poll(atTick tick: Int) -> [ImageDelivery] {
        for completion in network.poll(atTick: tick) {
            guard let (key, url) = fetching.removeValue(forKey: completion.id) else { continue }
            let job = Job(key: key, source: .url(url), fetch: completion.id)
            switch completion.result {
            case let .success(response):
                completions[completion.id] = completion
                decode(job, bytes: [UInt8](response.body))
            case let .failure(error):
                record(completion, atTick: tick)
                let failure = ImageLoadError(source: job.source, cause: .fetch(error))
                ready.append(ImageDelivery(key: key, result: .failure(failure)))
            }
        }
        for done in decoder.poll() { deliver(done.key, done.result, atTick: tick) }
        let out = ready
        ready.removeAll()
        return out
    }

    public var pendingCount: Int { fetching.count + decoder.pendingCount + ready.count }

    private func decode(_ job: Job, bytes: [UInt8]) {
        if decodesInline {
            deliver(job, ImageDecoder.decode(data: bytes, limits: limits), atTick: nil)
        } else {
            decoder.submit(key: job, data: bytes)
        }
    }

    private func deliver(_ job: Job, _ result: Result<RGBAImage, ImageError>, atTick tick: Int?) {
        if let id = job.fetch, let completion = completions.removeValue(forKey: id) {
            record(completion, atTick: tick)
        }
        let mapped = result.mapError { ImageLoadError(source: job.source, cause: .image($0)) }
        ready.append(ImageDelivery(key: job.key, result: mapped))
    }

    private func record(_ completion: FetchCompletion, atTick tick: Int?) {
        guard let recorder, let tick, let started = network.startTick(of: completion.id) else { return }
        recorder.record(completion, kind: .image, startedTick: started, endedTick: tick)
    }
}
