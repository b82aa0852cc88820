import Foundation

/// Decodes images off the drawing thread (R2, B10): jobs run on background threads, at most
/// `maxConcurrent` at once, in submission order; results wait as values until `poll()` takes
/// them, so the run loop collects them once per tick and never blocks on a decode.
// @unchecked Sendable: the queue, the running count and the results are touched under `lock` only.
public final class DecodeWorker<Key: Hashable & Sendable>: @unchecked Sendable {
    /// One finished decode with the seconds it took (for the bench, never for the core).
    public struct Done: Sendable {
        public let key: Key
        public let result: Result<RGBAImage, ImageError>
        public let seconds: Double
    }

    private let queue = OperationQueue()
    private let lock = NSCondition()
    private let limits: DecodeLimits
    private var outbox: [Done] = []
    private var running = 0

    public init(maxConcurrent: Int = 2, limits: DecodeLimits = .standard) {
        self.limits = limits
        queue.maxConcurrentOperationCount = max(1, maxConcurrent)
        queue.qualityOfService = .utility
        queue.name = "liveblog.decode"
    }

    deinit { queue.cancelAllOperations() }

    /// Queues the decode of `data` under `key`.
    public func submit(key: Key, data: [UInt8]) {
        lock.lock()
        running += 1
        lock.unlock()
        let limits = self.limits
        queue.addOperation { [weak self] in
            let start = DispatchTime.now().uptimeNanoseconds
            let result = ImageDecoder.decode(data: data, limits: limits)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            self?.deliver(Done(key: key, result: result, seconds: seconds))
        }
    }

    /// The decodes finished since the last call, in the order they finished.
    public func poll() -> [Done] {
        lock.lock()
        defer { lock.unlock() }
        let done = outbox
        outbox.removeAll()
        return done
    }

    /// Decodes queued or running and not yet polled out.
    public var pendingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    /// Blocks until every submitted decode has finished or `seconds` pass (tests, bench).
    @discardableResult
    public func waitUntilIdle(timeout seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        lock.lock()
        defer { lock.unlock() }
        while running > 0 {
            if !lock.wait(until: deadline) { return false }
        }
        return true
    }

    private func deliver(_ done: Done) {
        lock.lock()
        outbox.append(done)
        running -= 1
        lock.broadcast()
        lock.unlock()
    }
}
