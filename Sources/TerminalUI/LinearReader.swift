import Foundation
import LiveblogModel
import TerminalCaps
import TerminalKit

/// The linear reading mode (issue 15): for screen readers and terminals without cursor
/// addressing (`TERM=dumb`). One post after another, each as the plain text of `liveblog dump`
/// (time, highlight, text; T8-safe), no decorative characters, no animation, and no escape
/// sequences at all: only text and newlines are written, so it works on any terminal. The post
/// being read is the last thing written, without a newline after it, so the cursor stays on its
/// last line. Keys are read one at a time with the tty in non-canonical mode (termios), not
/// through ncurses: space, j or Enter the next (older) post; k or b the previous one (written
/// again); q (or end of input) quits; ? repeats the keys.
public final class LinearReader {
    public enum Command: Equatable, Sendable { case next, previous, help, quit, none }

    public let liveblog: Liveblog
    public let width: Int
    /// The post being read.
    public private(set) var index: Int
    private var started = false
    /// V6: the zone post times are read in (`TZ`; nil: UTC, as the dump's tests read them).
    public var zone: TimeZone?

    public static let keysLine = "Keys: space or j next post, k or b previous post, q quit, ? keys."

    public init(liveblog: Liveblog, start: Int = 0, width: Int) {
        self.liveblog = liveblog
        self.index = min(max(0, start), max(0, liveblog.posts.count - 1))
        self.width = max(1, width)
    }

    /// The command for one key byte.
    public static func command(for byte: UInt8) -> Command {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "j"), UInt8(ascii: "J"), 0x0A, 0x0D: return .next
        case UInt8(ascii: "k"), UInt8(ascii: "K"), UInt8(ascii: "b"), UInt8(ascii: "B"): return .previous
        case UInt8(ascii: "?"), UInt8(ascii: "h"): return .help
        case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x04: return .quit
        default: return .none
        }
    }

    /// What to write first: the header, the keys, and the first post.
    public func opening() -> String {
        started = true
        var lines = PlainText.header(liveblog, width: width, from: index)
        lines += TextLayout.wrap(plain: LinearReader.keysLine, columns: width)
        guard !liveblog.posts.isEmpty else { return lines.joined(separator: "\n") + "\n\nNo posts." }
        return lines.joined(separator: "\n") + "\n\n" + postText(index)
    }

    /// What to write for a command (a new paragraph, starting after the line being read); nil
    /// for nothing. Moving past either end says so instead of moving.
    public func respond(to command: Command) -> String? {
        if !started { return opening() }
        switch command {
        case .none: return nil
        case .quit: return "\n"
        case .help:
            let keys = TextLayout.wrap(plain: LinearReader.keysLine, columns: width)
            return "\n\n" + keys.joined(separator: "\n")
        case .next:
            guard index + 1 < liveblog.posts.count else { return "\n\nEnd: no older posts." }
            index += 1
        case .previous:
            guard index > 0, !liveblog.posts.isEmpty else { return "\n\nStart: this is the newest post." }
            index -= 1
        }
        return "\n\n" + postText(index)
    }

    /// A post's lines; the last one has no newline, so the cursor stays on the post.
    func postText(_ i: Int) -> String {
        PlainText.post(liveblog.posts[i], width: width, zone: zone).joined(separator: "\n")
    }

    /// Reads keys from `input` (a tty, put in non-canonical no-echo mode and restored on return,
    /// on INT/TERM/HUP and on crash signals) and writes to `output`. A reader that goes away
    /// (a closed pipe) ends it quietly; a write that fails (a full disk) is `.outputFailed`.
    public func run(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> SessionEnd {
        let out = LineWriter(fd: output)
        let isTTY = isatty(input) == 1
        if isTTY {
            TerminalRestorer.saveTerminalModes()
            TerminalRestorer.install(restoreSequence: "")
        }
        let mode = NonCanonicalMode(input, minBytes: 1)
        defer {
            mode.restore()
            if isTTY { TerminalRestorer.uninstall() }
        }
        out.write(opening())
        guard out.flush() else { return Self.end(out) }
        var byte: UInt8 = 0
        while true {
            let n = read(input, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            let cmd: Command = n == 1 ? LinearReader.command(for: byte) : .quit
            guard let text = respond(to: cmd) else { continue }
            out.write(text)
            guard out.flush(), cmd != .quit else { break }
        }
        return Self.end(out)
    }

    /// How the output ended: closed by the reader, or failed with the system's reason.
    static func end(_ out: LineWriter) -> SessionEnd {
        guard let e = out.failure else { return .finished }
        return .outputFailed("cannot write the text: \(String(cString: strerror(e)))")
    }
}
