import CCurl
import Foundation

/// The thread of a `Fetcher` and its libcurl multi handle: starts transfers, stops the cancelled
/// and the timed out, runs libcurl (whose callbacks hand the bytes to the fetcher), and finishes
/// what libcurl finished; sleeps in `curl_multi_poll` (at most 50 ms, the timeouts' resolution)
/// until a socket is ready or `wake()` is called. It keeps the fetcher only weakly: a fetcher let
/// go stops its loop.
// @unchecked Sendable: the flags and running transfers are under `state`; the multi handle is used on its thread.
final class CurlLoop: @unchecked Sendable {
    private let multi: UnsafeMutableRawPointer
    private weak var fetcher: Fetcher?
    private let state = NSCondition()
    private var stopping = false
    private var stopped = false
    /// The transfers in the multi handle, only touched on the loop's thread.
    private var running: [Transfer] = []

    private static let global: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    private init?(fetcher: Fetcher) {
        guard CurlLoop.global, let multi = curl_multi_init() else { return nil }
        self.multi = multi
        self.fetcher = fetcher
    }

    /// The multi handle goes with the loop object, which its thread and its fetcher both hold:
    /// `wake()` and `stop` never reach a handle already cleaned up.
    deinit { curl_multi_cleanup(multi) }

    static func start(for fetcher: Fetcher) -> CurlLoop? {
        guard let loop = CurlLoop(fetcher: fetcher) else { return nil }
        let thread = Thread { loop.run() }
        thread.name = "liveblog.fetch"
        thread.start()
        return loop
    }

    /// Ends the loop (its transfers complete as cancelled); `wait`: until its thread is done.
    func stop(wait: Bool) {
        state.lock()
        stopping = true
        state.unlock()
        curl_multi_wakeup(multi)
        guard wait else { return }
        state.lock()
        let deadline = Date(timeIntervalSinceNow: 5)
        while !stopped, state.wait(until: deadline) {}
        state.unlock()
    }

    /// Wakes the loop from its poll (a new fetch, a cancel).
    func wake() { curl_multi_wakeup(multi) }

    private var shouldStop: Bool {
        state.lock()
        defer { state.unlock() }
        return stopping
    }

    private func run() {
        while !shouldStop {
            guard step() else { break }
            curl_multi_poll(multi, nil, 0, 50, nil)
        }
        for transfer in running {
            curl_multi_remove_handle(multi, transfer.handle?.easy)
            transfer.handle = nil
            if let fetcher = transfer.fetcher {
                if transfer.failure == nil { transfer.failure = .cancelled }
                _ = fetcher.hopEnded(transfer, transport: nil)
            }
        }
        running.removeAll()
        state.lock()
        stopped = true
        state.broadcast()
        state.unlock()
    }

    /// One round; false when the fetcher is gone.
    private func step() -> Bool {
        guard let fetcher else { return false }
        let (start, stop) = fetcher.transfersToStart(now: fetcher.elapsedSeconds())
        for transfer in stop {
            remove(transfer)
            if let next = fetcher.hopEnded(transfer, transport: nil) { add(next, fetcher) }
        }
        for transfer in start { add(transfer, fetcher) }
        var stillRunning: Int32 = 0
        curl_multi_perform(multi, &stillRunning)
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard lb_curl_msg_is_done(message) == 1, let easy = message.pointee.easy_handle,
                  let index = running.firstIndex(where: { $0.handle?.easy == easy }) else { continue }
            let transfer = running[index]
            let code = lb_curl_msg_result(message)
            let transport = transfer.handle?.failure(code, url: transfer.currentURL)
            remove(transfer)
            if let next = fetcher.hopEnded(transfer, transport: transport) { add(next, fetcher) }
        }
        return true
    }

    private func add(_ transfer: Transfer, _ fetcher: Fetcher) {
        guard let handle = CurlHandle(for: transfer, config: fetcher.config),
              curl_multi_add_handle(multi, handle.easy) == CURLM_OK else {
            return fetcher.failedToStart(transfer)
        }
        transfer.handle = handle
        running.append(transfer)
    }

    private func remove(_ transfer: Transfer) {
        guard let handle = transfer.handle else { return }
        curl_multi_remove_handle(multi, handle.easy)
        transfer.handle = nil
        running.removeAll { $0 === transfer }
    }
}
