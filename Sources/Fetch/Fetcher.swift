import CCurl
import Dispatch
import Foundation

/// HTTP(S) GETs over libcurl's multi interface (R1, R2, R6): redirects (at most 5, no loops),
/// gzip and the other encodings libcurl decodes, connect and idle timeouts and an overall
/// deadline, a body cap on the decoded bytes, conditional requests, at most 6 at once started
/// in submission order (page order). One thread of its own drives the transfers; completions
/// are kept as values until `poll()` takes them: the deterministic core polls once per tick and
/// never waits.
///
/// Issue 31: libcurl hands the decoded body to a callback on that thread, which counts it
/// against the cap and stops the transfer there and then (FoundationNetworking queued every
/// piece for its delegate, so a gzip bomb or an endless body filled memory before a cancel
/// landed); the thread, not a delegate queue, holds what arrives, so memory stays near the cap.
// @unchecked Sendable: every transfer's state is under `lock`; libcurl's handles stay on the loop's thread.
public final class Fetcher: @unchecked Sendable {
    public let config: FetchConfig
    let lock = NSCondition()
    private let epochNanoseconds = DispatchTime.now().uptimeNanoseconds
    private var nextID = 0
    private var waiting: [Transfer] = []
    private var active: [FetchID: Transfer] = [:]
    private var outbox: [FetchCompletion] = []
    private var chunks: [FetchChunk] = []
    private var peak = 0
    private var loop: CurlLoop?

    public init(config: FetchConfig = FetchConfig()) {
        self.config = config
        loop = CurlLoop.start(for: self)
    }

    deinit { loop?.stop(wait: false) }

    /// Queues a GET; it starts when fewer than `maxConcurrent` run, in submission order.
    @discardableResult
    public func submit(_ request: FetchRequest) -> FetchID {
        lock.lock()
        nextID += 1
        let cap = request.maxBodyBytes ?? config.maxBodyBytes
        let transfer = Transfer(id: FetchID(nextID), request: request, cap: cap)
        transfer.fetcher = self
        let current = loop
        if current == nil {
            transfer.failure = .cancelled
            complete(transfer, transport: nil)
        } else {
            waiting.append(transfer)
        }
        lock.unlock()
        current?.wake()
        return transfer.id
    }

    /// Stops a fetch; it completes with `cancelled` (unless it already completed).
    public func cancel(_ id: FetchID) {
        lock.lock()
        if let index = waiting.firstIndex(where: { $0.id == id }) {
            let transfer = waiting.remove(at: index)
            transfer.failure = .cancelled
            complete(transfer, transport: nil)
        } else if let transfer = active[id], transfer.failure == nil {
            transfer.failure = .cancelled
        }
        let current = loop
        lock.unlock()
        current?.wake()
    }

    /// The fetches completed since the last call, in the order they completed.
    public func poll() -> [FetchCompletion] {
        lock.lock()
        defer { lock.unlock() }
        let done = outbox
        outbox.removeAll()
        return done
    }

    /// The pieces of streamed bodies received since the last call, in arrival order (B9), and
    /// the completions, taken together: a fetch's chunks all come out before or with its
    /// completion.
    public func pollStreaming() -> (chunks: [FetchChunk], completions: [FetchCompletion]) {
        lock.lock()
        defer { lock.unlock() }
        let received = (chunks, outbox)
        chunks.removeAll()
        outbox.removeAll()
        return received
    }

    /// Blocks until `id` completes or `seconds` pass (for command-line checks and tests, never
    /// for the drawing thread); takes that completion out of the ones `poll()` returns.
    public func wait(for id: FetchID, timeout seconds: Double) -> FetchCompletion? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let index = outbox.firstIndex(where: { $0.id == id }) { return outbox.remove(at: index) }
            if !lock.wait(until: deadline) { return nil }
        }
    }

    /// Fetches queued or running.
    public var pendingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return waiting.count + active.count
    }

    /// The most fetches that ever ran at once (R2: never above `maxConcurrent`).
    public var peakConcurrent: Int {
        lock.lock()
        defer { lock.unlock() }
        return peak
    }

    /// Cancels everything and stops the fetcher's thread; the fetcher cannot be used afterwards.
    public func invalidate() {
        lock.lock()
        let current = loop
        loop = nil
        for transfer in waiting {
            transfer.failure = .cancelled
            complete(transfer, transport: nil)
        }
        waiting.removeAll()
        for transfer in active.values where transfer.failure == nil { transfer.failure = .cancelled }
        lock.unlock()
        current?.stop(wait: true)
    }

    /// Seconds of the monotonic clock since this fetcher was created.
    func elapsedSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - epochNanoseconds) / 1e9
    }

    // MARK: - libcurl's callbacks (on the loop's thread)

    /// Decoded body bytes for `transfer`: false when the transfer must stop (over the cap).
    func receive(_ bytes: UnsafeRawBufferPointer, for transfer: Transfer) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let chunk = transfer.take(bytes, at: elapsedSeconds()) { chunks.append(chunk) }
        return transfer.failure == nil
    }

    /// A header line for `transfer`: false when the transfer must stop.
    func receiveHeader(_ line: String, for transfer: Transfer) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard transfer.failure == nil else { return false }
        return transfer.takeHeader(line, at: elapsedSeconds())
    }

    // MARK: - The loop's steps (on its thread)

    /// Starts what may start; the transfers to stop (cancelled or past a timeout).
    func transfersToStart(now seconds: Double) -> (start: [Transfer], stop: [Transfer]) {
        lock.lock()
        defer { lock.unlock() }
        var start: [Transfer] = []
        while active.count < config.maxConcurrent, !waiting.isEmpty {
            let transfer = waiting.removeFirst()
            transfer.startedSeconds = seconds
            transfer.lastActivitySeconds = seconds
            let scheme = transfer.request.url.scheme?.lowercased()
            guard scheme == "http" || scheme == "https", transfer.request.url.host != nil else {
                transfer.failure = .unsupportedURL
                complete(transfer, transport: nil)
                continue
            }
            active[transfer.id] = transfer
            peak = max(peak, active.count)
            start.append(transfer)
        }
        var stop: [Transfer] = []
        for transfer in active.values {
            if transfer.failure == nil, let timeout = transfer.timeout(at: seconds, config: config) {
                transfer.failure = timeout
            }
            if transfer.failure != nil, transfer.handle != nil { stop.append(transfer) }
        }
        return (start, stop)
    }

    /// A hop of `transfer` ended (libcurl's `transport` error, if any): its next hop (a
    /// redirect followed) to start, or nil once it completed.
    func hopEnded(_ transfer: Transfer, transport: FetchError.Kind?) -> Transfer? {
        lock.lock()
        defer { lock.unlock() }
        if transport == nil, transfer.followRedirect(limit: config.maxRedirects) != nil {
            transfer.lastActivitySeconds = elapsedSeconds()
            return transfer
        }
        active.removeValue(forKey: transfer.id)
        complete(transfer, transport: transport)
        return nil
    }

    /// A transfer that could not be started (no easy handle).
    func failedToStart(_ transfer: Transfer) {
        lock.lock()
        defer { lock.unlock() }
        active.removeValue(forKey: transfer.id)
        if transfer.failure == nil { transfer.failure = .transport("libcurl could not start the transfer") }
        complete(transfer, transport: nil)
    }

    /// Under the lock: the completion goes to the outbox.
    private func complete(_ transfer: Transfer, transport: FetchError.Kind?) {
        let timing = FetchTiming(startedSeconds: transfer.startedSeconds,
                                 firstAnswerSeconds: transfer.firstAnswerSeconds,
                                 endedSeconds: elapsedSeconds())
        outbox.append(FetchCompletion(id: transfer.id, request: transfer.request,
                                      result: transfer.result(transport: transport), timing: timing))
        lock.broadcast()
    }
}
