import Foundation

/// Asks the terminal on a tty what it offers (G1): writes `CapabilityQueries`, reads the replies
/// until the DA1 reply (every terminal answers DA1, and answers in order) or a short timeout,
/// and never waits longer than that timeout for a silent terminal.
public struct CapabilityProbe {
    /// How long a silent terminal is waited for.
    public var timeoutMs: Int
    public var input: Int32
    public var output: Int32
    /// The clock the timeout is measured on, in nanoseconds (a test gives a virtual one).
    var now: () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
    /// Waits up to `ms` for input on `fd`; whether some came (a test advances its clock here).
    var waitForInput: (_ fd: Int32, _ ms: Int32) -> Bool = { fd, ms in
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, ms) > 0
    }

    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, timeoutMs: Int = 150) {
        self.input = input
        self.output = output
        self.timeoutMs = timeoutMs
    }

    /// Sends the queries and collects the replies. The tty is put in non-canonical, no-echo mode
    /// for the exchange (the replies must neither wait for a newline nor be echoed) and restored.
    /// Inside tmux with pass-through allowed, the kitty query is wrapped for the outer terminal;
    /// inside tmux without it, it is not sent (tmux takes an APC string for the pane's title).
    public func run(passthrough: Bool = false, insideTmux: Bool = false) -> TerminalReplies {
        let mode = NonCanonicalMode(input, minBytes: 0)
        defer { mode.restore() }
        let kitty = passthrough ? TmuxPassthrough.wrap(CapabilityQueries.kitty)
            : insideTmux ? "" : CapabilityQueries.kitty
        TTYWriter.write(output, CapabilityQueries.all(kittyQuery: kitty))
        var replies = ReplyParser.parse(collect())
        replies.winsizePixels = Self.winsizePixels(output)
        return replies
    }

    /// The text area's pixels from TIOCGWINSZ, when the terminal set them.
    public static func winsizePixels(_ fd: Int32) -> CellPixelSize? {
        var ws = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_xpixel > 0, ws.ws_ypixel > 0 else { return nil }
        return CellPixelSize(width: Int(ws.ws_xpixel), height: Int(ws.ws_ypixel))
    }

    /// Reads until the DA1 reply is complete or the deadline passes.
    func collect() -> [UInt8] {
        var bytes: [UInt8] = []
        let start = now()
        let deadline = start + UInt64(max(0, timeoutMs)) * 1_000_000
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let now = now()
            if now >= deadline { break }
            let waitMs = Int32(clamping: (deadline - now + 999_999) / 1_000_000)
            if !waitForInput(input, waitMs) { continue }
            let n = buf.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes.append(contentsOf: buf[0..<n])
            if ReplyParser.hasDA1(bytes) { break }
        }
        return bytes
    }
}

/// Writes all of a string to a file descriptor (retrying short writes).
public enum TTYWriter {
    public static func write(_ fd: Int32, _ s: String) {
        write(fd, Array(s.utf8))
    }

    public static func write(_ fd: Int32, _ bytes: [UInt8]) {
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeBytes { b in Glibc.write(fd, b.baseAddress! + off, b.count - off) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            off += n
        }
    }
}
