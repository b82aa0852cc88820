import Foundation

/// The DevTools pipe (`--remote-debugging-pipe`): NUL-terminated JSON messages, written to the
/// engine's fd 3 and read from its fd 4 (the WebKit helper's JSON lines: `delimiter` a newline). Both our ends are non-blocking; every wait is bounded
/// by poll(2).
package final class PipeTransport {
    private let writeFD: Int32
    private let readFD: Int32
    private var buffer: [UInt8] = []
    /// Where the next search for a NUL starts (bytes before it have none).
    private var scanned = 0
    /// Where the first unread message starts.
    private var head = 0
    package private(set) var closed = false
    /// The largest message we accept (a screenshot of a tall page is several MB).
    static let maxMessage = 256 << 20
    /// This transport's cap (tests lower it).
    package let cap: Int
    /// The engine sent a message larger than `maxMessage` (S8: said as such, not as a closed pipe).
    package private(set) var oversized = false
    /// What ends a message: NUL for DevTools, a newline for the WebKit helper's JSON lines.
    let delimiter: UInt8

    package enum ReadResult {
        case message([UInt8])
        case timedOut
        case closed
    }

    package init(writeFD: Int32, readFD: Int32, cap: Int = PipeTransport.maxMessage, delimiter: UInt8 = 0) {
        self.cap = cap
        self.delimiter = delimiter
        self.writeFD = writeFD
        self.readFD = readFD
        _ = fcntl(writeFD, F_SETFL, fcntl(writeFD, F_GETFL) | O_NONBLOCK)
        _ = fcntl(readFD, F_SETFL, fcntl(readFD, F_GETFL) | O_NONBLOCK)
    }

    /// Writes one message and its NUL; false when the engine is gone or does not read for
    /// `timeout` seconds.
    package func write(_ text: String, timeout: Double) -> Bool {
        var bytes = Array(text.utf8)
        bytes.append(delimiter)
        var offset = 0
        let deadline = Date().addingTimeInterval(timeout)
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(writeFD, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 {
                offset += n
                continue
            }
            if n < 0 && errno == EINTR { continue }
            guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK else { return false }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, wait(fd: writeFD, events: Int16(POLLOUT), seconds: left) else { return false }
        }
        return true
    }

    /// The next message, waiting up to `timeout` seconds (0: only what has arrived).
    package func read(timeout: Double) -> ReadResult {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let m = takeMessage() { return .message(m) }
            if closed { return .closed }
            if fill() { continue }
            if closed { return .closed }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return .timedOut }
            _ = wait(fd: readFD, events: Int16(POLLIN), seconds: left)
        }
    }

    private func takeMessage() -> [UInt8]? {
        guard let nul = buffer[scanned...].firstIndex(of: delimiter) else {
            scanned = buffer.count
            return nil
        }
        let message = Array(buffer[head..<nul])
        head = nul + 1
        scanned = head
        if head == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            head = 0
            scanned = 0
        } else if head > 1 << 16, head * 2 > buffer.count {
            buffer.removeFirst(head)
            scanned -= head
            head = 0
        }
        return message
    }

    /// Reads what is there; true when bytes arrived.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var got = false
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(readFD, $0.baseAddress!, $0.count) }
            if n > 0 {
                buffer += chunk[..<n]
                got = true
                if buffer.count > cap {
                    closed = true
                    oversized = true
                }
                continue
            }
            if n == 0 { closed = true }
            if n < 0 && errno == EINTR { continue }
            return got
        }
    }

    private func wait(fd: Int32, events: Int16, seconds: Double) -> Bool {
        var p = pollfd(fd: fd, events: events, revents: 0)
        let ms = Int32(min(max(seconds * 1000, 0), 3_600_000).rounded(.up))
        let r = poll(&p, 1, ms)
        return r > 0
    }
}
