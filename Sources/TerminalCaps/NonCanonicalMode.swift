import Foundation

/// A tty in non-canonical, no-echo mode (bytes come as they are typed, and are not echoed),
/// until `restore()`: the capability probe reads the terminal's replies so (VMIN 0, nothing
/// waits), the linear reader its keys (VMIN 1, a read waits for one). Nothing happens on a file
/// descriptor that is no terminal.
public struct NonCanonicalMode {
    private let fd: Int32
    private let saved: termios?

    /// Switches `fd` to the mode; `minBytes` is VMIN (0: a read returns at once).
    public init(_ fd: Int32, minBytes: UInt8) {
        self.fd = fd
        var original = termios()
        guard tcgetattr(fd, &original) == 0 else {
            saved = nil
            return
        }
        saved = original
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = minBytes
            cc[Int(VTIME)] = 0
        }
        tcsetattr(fd, TCSANOW, &raw)
    }

    /// Whether `fd` is a terminal (and so was switched).
    public var isTTY: Bool { saved != nil }

    /// The modes as they were.
    public func restore() {
        guard var original = saved else { return }
        tcsetattr(fd, TCSANOW, &original)
    }
}
