import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTP(S) GETs over the toolchain's URLSession (R1, R2, R6): redirects (at most 5, no loops),
/// gzip (URLSession decodes it), connect and idle timeouts, a body cap, conditional requests,
/// at most 6 at once started in submission order (page order). Completions are kept as values
/// until `poll()` takes them: the deterministic core polls once per tick and never waits.
public final class Fetcher: @unchecked Sendable {
    public let config: FetchConfig
    private let lock = NSCondition()
    private let epochNanoseconds = DispatchTime.now().uptimeNanoseconds
    private var nextID = 0
    private var waiting: [Transfer] = []
    private var active: [Int: Transfer] = [:]
    private var outbox: [FetchCompletion] = []
    private var chunks: [FetchChunk] = []
    private var peak = 0
    private var session: URLSession?
    private var watchdog: DispatchSourceTimer?

    public init(config: FetchConfig = FetchConfig()) {
        self.config = config
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpMaximumConnectionsPerHost = config.maxConcurrent
        // Backstops only: the watchdog below applies the connect and idle timeouts with clear names.
        configuration.timeoutIntervalForRequest = config.connectTimeout + config.idleTimeout
        configuration.timeoutIntervalForResource = 3600
        let delegate = SessionDelegate()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "liveblog.fetch"
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        delegate.fetcher = self
        startWatchdog()
    }

    deinit { invalidate() }

    /// Queues a GET; it starts when fewer than `maxConcurrent` run, in submission order.
    @discardableResult
    public func submit(_ request: FetchRequest) -> FetchID {
        lock.lock()
        defer { lock.unlock() }
        nextID += 1
        let cap = request.maxBodyBytes ?? config.maxBodyBytes
        let transfer = Transfer(id: FetchID(nextID), request: request, cap: cap,
                                timeouts: (config.connectTimeout, config.idleTimeout))
        waiting.append(transfer)
        startWaiting()
        return transfer.id
    }

    /// Stops a fetch; it completes with `cancelled` (unless it already completed).
    public func cancel(_ id: FetchID) {
        lock.lock()
        if let index = waiting.firstIndex(where: { $0.id == id }) {
            let transfer = waiting.remove(at: index)
            transfer.failure = .cancelled
            complete(transfer, error: nil)
            lock.unlock()
            return
        }
        let task = active.values.first { $0.id == id }.map { transfer -> URLSessionDataTask? in
            if transfer.failure == nil { transfer.failure = .cancelled }
            return transfer.task
        }
        lock.unlock()
        task??.cancel()
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

    /// Cancels everything and releases the session; the fetcher cannot be used afterwards.
    public func invalidate() {
        lock.lock()
        let current = session
        session = nil
        watchdog?.cancel()
        watchdog = nil
        lock.unlock()
        current?.invalidateAndCancel()
    }

    /// Seconds of the monotonic clock since this fetcher was created.
    func elapsedSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - epochNanoseconds) / 1e9
    }

    /// Runs `body` on the transfer of `task` under the lock with the current seconds.
    func withTransfer<T>(_ task: URLSessionTask, _ body: (Transfer, Double) -> T) -> T? {
        lock.lock()
        defer { lock.unlock() }
        guard let transfer = active[task.taskIdentifier] else { return nil }
        return body(transfer, elapsedSeconds())
    }

    /// The session delivered `data` for `task`: false when the transfer must stop (over the cap).
    func receive(_ data: Data, for task: URLSessionTask) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let transfer = active[task.taskIdentifier] else { return true }
        if let chunk = transfer.take(data, at: elapsedSeconds()) { chunks.append(chunk) }
        return transfer.failure == nil
    }

    /// The session finished `task`: its completion goes to the outbox, the next one starts.
    func finish(_ task: URLSessionTask, error: Error?) {
        lock.lock()
        defer { lock.unlock() }
        guard let transfer = active.removeValue(forKey: task.taskIdentifier) else { return }
        complete(transfer, error: error)
        startWaiting()
    }

    // MARK: - Under the lock

    private func complete(_ transfer: Transfer, error: Error?) {
        let timing = FetchTiming(startedSeconds: transfer.startedSeconds,
                                 firstAnswerSeconds: transfer.firstAnswerSeconds,
                                 endedSeconds: elapsedSeconds())
        outbox.append(FetchCompletion(id: transfer.id, request: transfer.request,
                                      result: transfer.result(error: error), timing: timing))
        lock.broadcast()
    }

    private func startWaiting() {
        while active.count < config.maxConcurrent, !waiting.isEmpty {
            let transfer = waiting.removeFirst()
            transfer.startedSeconds = elapsedSeconds()
            transfer.lastActivitySeconds = transfer.startedSeconds
            let scheme = transfer.request.url.scheme?.lowercased()
            guard let session, scheme == "http" || scheme == "https", transfer.request.url.host != nil else {
                transfer.failure = session == nil ? .cancelled : .unsupportedURL
                complete(transfer, error: nil)
                continue
            }
            let task = session.dataTask(with: transfer.urlRequest(config: config))
            transfer.task = task
            active[task.taskIdentifier] = transfer
            peak = max(peak, active.count)
            task.resume()
        }
    }

    /// Every 50 ms: fetches past their connect or idle timeout are cancelled with that reason.
    private func startWatchdog() {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + .milliseconds(50), repeating: .milliseconds(50))
        timer.setEventHandler { [weak self] in self?.checkTimeouts() }
        watchdog = timer
        timer.resume()
    }

    private func checkTimeouts() {
        lock.lock()
        let seconds = elapsedSeconds()
        var expired: [URLSessionDataTask] = []
        for transfer in active.values where transfer.failure == nil {
            if let timeout = transfer.timeout(at: seconds, config: config) {
                transfer.failure = timeout
                if let task = transfer.task { expired.append(task) }
            }
        }
        lock.unlock()
        for task in expired { task.cancel() }
    }
}
