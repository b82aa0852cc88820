import Fetch
import Foundation
import ImageDecoding

/// Real images for a real source (R2): fetched (at most 6 at once, in request order, i.e. page
/// order) or read from files, then decoded off the drawing thread by the library of their type.
/// Nothing blocks: `poll()` moves finished fetches to the decoders and returns what has fully
/// arrived, as values, once per tick.
// @unchecked Sendable: its fetches and decodes in flight are under `lock` only.
public final class ImagePipeline: @unchecked Sendable {
    /// A decode job: the request and, for a fetch, its timing.
    struct Job: Hashable, Sendable {
        let key: String
        let source: ImageSource
        let timing: FetchTiming?
    }

    private let fetcher: Fetcher
    private let decoder: DecodeWorker<Job>
    private let files = OperationQueue()
    private let lock = NSLock()
    private var fetching: [FetchID: (key: String, source: ImageSource)] = [:]
    private var failedFiles: [ImageArrival] = []
    private var filesReading = 0
    private let maxImageBytes: Int

    /// `fetch.maxBodyBytes` caps each image's bytes, for files as well.
    public init(fetch: FetchConfig = FetchConfig(), decodeConcurrency: Int = 2,
                limits: DecodeLimits = .standard) {
        fetcher = Fetcher(config: fetch)
        decoder = DecodeWorker(maxConcurrent: decodeConcurrency, limits: limits)
        maxImageBytes = fetch.maxBodyBytes
        files.maxConcurrentOperationCount = 2
        files.name = "liveblog.image-files"
    }

    deinit { fetcher.invalidate() }

    /// Starts loading `source` under `key`.
    public func request(key: String, source: ImageSource) {
        switch source {
        case let .url(url):
            let id = fetcher.submit(FetchRequest(url: url, headers: ["Accept": "image/*"]))
            lock.lock()
            fetching[id] = (key, source)
            lock.unlock()
        case let .file(path):
            lock.lock()
            filesReading += 1
            lock.unlock()
            let cap = maxImageBytes
            files.addOperation { [weak self] in self?.read(key: key, path: path, source: source, cap: cap) }
        }
    }

    /// The images that arrived (or failed) since the last call.
    public func poll() -> [ImageArrival] {
        var arrivals: [ImageArrival] = []
        for completion in fetcher.poll() {
            lock.lock()
            let request = fetching.removeValue(forKey: completion.id)
            lock.unlock()
            guard let (key, source) = request else { continue }
            switch completion.result {
            case let .success(response):
                decoder.submit(key: Job(key: key, source: source, timing: completion.timing),
                               data: [UInt8](response.body))
            case let .failure(error):
                let failure = ImageLoadError(source: source, cause: .fetch(error))
                arrivals.append(ImageArrival(key: key, source: source, result: .failure(failure),
                                             timing: completion.timing, decodeSeconds: nil))
            }
        }
        for done in decoder.poll() {
            let job = done.key
            let result = done.result.mapError { ImageLoadError(source: job.source, cause: .image($0)) }
            arrivals.append(ImageArrival(key: job.key, source: job.source, result: result,
                                         timing: job.timing, decodeSeconds: done.seconds))
        }
        lock.lock()
        arrivals += failedFiles
        failedFiles.removeAll()
        lock.unlock()
        return arrivals
    }

    /// Requests not yet returned by `poll()`.
    public var pendingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return fetching.count + filesReading + failedFiles.count + decoder.pendingCount
    }

    /// Reads a file in the background (capped), then queues its decode.
    private func read(key: String, path: String, source: ImageSource, cap: Int) {
        let bytes = ImageFile.read(path: path, cap: cap)
        lock.lock()
        defer { lock.unlock() }
        filesReading -= 1
        switch bytes {
        case let .success(data):
            decoder.submit(key: Job(key: key, source: source, timing: nil), data: data)
        case let .failure(failure):
            let error = ImageLoadError(source: source, cause: .file(failure.reason))
            failedFiles.append(ImageArrival(key: key, source: source, result: .failure(error),
                                            timing: nil, decodeSeconds: nil))
        }
    }
}
