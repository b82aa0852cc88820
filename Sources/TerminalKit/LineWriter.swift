import Foundation

/// Lines to a file descriptor through a small buffer, for plain-text output (issue 15): the
/// writer never holds more than `capacity` bytes, so a dump of any size streams. A closed pipe
/// (EPIPE, with SIGPIPE ignored) stops it quietly: `closed` turns true and every later write is
/// dropped, so `liveblog dump … | head` ends at once with exit 0. Any other write error is kept
/// in `failure` (errno) for the caller to report.
public final class LineWriter {
    public let fd: Int32
    public let capacity: Int
    public private(set) var closed = false
    public private(set) var failure: Int32?
    private var buffer: [UInt8] = []

    public init(fd: Int32 = STDOUT_FILENO, capacity: Int = 1 << 16) {
        self.fd = fd
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    /// Ignore SIGPIPE for the process, so that a closed pipe is an EPIPE from `write`, not death.
    public static func ignoreSIGPIPE() { signal(SIGPIPE, SIG_IGN) }

    /// Appends `line` and a newline; false once the output is closed or broken.
    @discardableResult
    public func line(_ line: String) -> Bool {
        write(line)
        return write("\n")
    }

    /// Appends text as is; false once the output is closed or broken.
    @discardableResult
    public func write(_ text: String) -> Bool {
        guard !closed, failure == nil else { return false }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= capacity { flush() }
        return !closed && failure == nil
    }

    /// Writes out the buffer (all of it, across short writes and EINTR).
    @discardableResult
    public func flush() -> Bool {
        guard !closed, failure == nil else {
            buffer.removeAll(keepingCapacity: true)
            return false
        }
        var done = 0
        while done < buffer.count {
            let n = buffer.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n > 0 {
                done += n
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EPIPE { closed = true } else { failure = n < 0 ? errno : EIO }
            break
        }
        buffer.removeAll(keepingCapacity: true)
        return !closed && failure == nil
    }

    /// The width for plain text on `fd`: the terminal's (TIOCGWINSZ) when it is one, else
    /// `$COLUMNS` (at most 10 000, as `--width`), else 80.
    public static func defaultWidth(
        fd: Int32 = STDOUT_FILENO, environment env: [String: String] = ProcessInfo.processInfo.environment
    ) -> Int {
        if isatty(fd) == 1 {
            var ws = winsize()
            if ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0 { return Int(ws.ws_col) }
        }
        let columns = env["COLUMNS"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        if let c = columns, c > 0 { return min(c, 10_000) }
        return 80
    }
}
