import CSupport
import Foundation
import TerminalCaps

/// The terminal side of a pseudo-terminal (G7): it reads what the program writes and answers
/// the capability queries as a chosen terminal would, or not at all.
final class FakeTerminal: @unchecked Sendable {
    enum Profile {
        /// kitty: graphics OK, 2026/1016/1004 settable, cell 10×20 px.
        case kitty
        /// xterm -ti vt340: sixel in DA1, XTVERSION, no 2026, 1016 and 1004 settable, no kitty reply.
        case xtermSixel
        /// An old terminal: DA1 without attributes, every mode unknown.
        case unsupported
        /// Answers nothing at all.
        case silent
    }

    let master: Int32
    let slave: Int32
    let profile: Profile
    private let lock = NSLock()
    private var received: [UInt8] = []
    private var stopped = false
    private var thread: Thread?

    init?(_ profile: Profile, rows: Int = 40, cols: Int = 120) {
        var m: Int32 = -1, s: Int32 = -1
        guard lb_openpty(&m, &s, Int32(rows), Int32(cols)) == 0 else { return nil }
        master = m
        slave = s
        self.profile = profile
        let t = Thread { [unowned self] in self.loop() }
        thread = t
        t.start()
    }

    /// Everything the program wrote so far.
    var output: [UInt8] { lock.withLock { received } }
    var outputText: String { String(decoding: output, as: UTF8.self) }

    func close() {
        lock.withLock { stopped = true }
        usleep(30_000)
        Glibc.close(slave)
        Glibc.close(master)
    }

    static func reply(_ p: Profile) -> String {
        let e = "\u{1B}"
        switch p {
        case .kitty:
            return e + "_Gi=31;OK" + e + "\\" + e + "P>|kitty(0.31.0)" + e + "\\" + e + "[?2026;2$y" + e + "[?1016;2$y"
                + e + "[?1004;2$y" + e + "[4;800;1200t" + e + "[6;20;10t" + e + "[?62;22;52c"
        case .xtermSixel:
            return e + "P>|XTerm(379)" + e + "\\" + e + "[?2026;0$y" + e + "[?1016;2$y" + e + "[?1004;2$y"
                + e + "[6;13;6t" + e + "[?63;1;2;4;6;9;15;16;17;18;21;22;28;29c"
        case .unsupported:
            return e + "[?2026;0$y" + e + "[?1016;0$y" + e + "[?1004;0$y" + e + "[?1;2c"
        case .silent:
            return ""
        }
    }

    private func loop() {
        var buf = [UInt8](repeating: 0, count: 65_536)
        var answered = false
        while !lock.withLock({ stopped }) {
            var p = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 10) > 0 else { continue }
            let n = buf.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            let all: [UInt8] = lock.withLock {
                received += buf[0..<n]
                return received
            }
            // Answer once, when the DA1 query (the last) has come.
            if !answered, String(decoding: all, as: UTF8.self).contains("\u{1B}[c") {
                answered = true
                TTYWriter.write(master, Self.reply(profile))
            }
        }
    }
}
