import Foundation
import XCTest
import LiveblogModel
import TestSupport

/// Issue 31 in a real terminal (tmux): Ctrl-\ (SIGQUIT), the file size limit (SIGXFSZ) and
/// Ctrl-Z then `fg` leave a usable terminal, as q and the other signals do (T6).
extension TerminalHygieneTests {
    /// Ctrl-\ typed among random bytes: SIGQUIT restores the terminal (no crash reporter on the
    /// tty), exit 131.
    func testT6_ctrlBackslashAmongRandomBytesRestoresTheTerminal() throws {
        let files = try start()
        // Swift's crash reporter was told not to prompt on the terminal (it reads SWIFT_BACKTRACE at start).
        var pid: Int32?
        XCTAssertTrue(waitFor("the viewer's pid") { pid = viewerPid(); return pid != nil })
        let environ = pid.flatMap { FileManager.default.contents(atPath: "/proc/\($0)/environ") } ?? Data()
        XCTAssertTrue(environ.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "SWIFT_BACKTRACE=interactive=no" },
                      "the viewer runs with SWIFT_BACKTRACE=interactive=no")
        var rng = SeededRandom(seed: 31)
        // Bytes that are no key liveblog acts on (no q, no Ctrl-C/Z/\, no ESC) then Ctrl-\.
        let noise = (0..<64).map { _ in UInt8(truncatingIfNeeded: rng.next()) }.filter { ![0x03, 0x1A, 0x1C, 0x1B, 0x71].contains($0) }
        term.bytes(noise)
        usleep(300_000)
        tmux("send-keys", "-t", session, "C-\\")
        assertRestored(files, expectCode: "131")
        XCTAssertFalse(capture().contains("Crashed thread"), "no crash report on the terminal:\n\(capture())")
        XCTAssertFalse(capture().lowercased().contains("(y/n)"), "no debugger prompt:\n\(capture())")
    }

    /// A recording past the file size limit (`prlimit --fsize`): the session goes on, q restores
    /// the terminal and exits 74 naming the file, and no half-written recording replaces the old
    /// one. A SIGXFSZ sent from outside does not end the viewer.
    func testT6_fileSizeLimitLeavesTheTerminalAndTheOldRecording() throws {
        _ = try Requirement.tool("prlimit", package: "util-linux")
        let rec = dir + "/rec.json"
        try "OLD RECORDING\n".write(toFile: rec, atomically: false, encoding: .utf8)
        let files = try start(["--record", "'\(rec)'", "2>'\(dir)/err'"], prefix: "prlimit --fsize=200")
        tmux("send-keys", "-t", session, "j")
        tmux("send-keys", "-t", session, "j")
        var pid: Int32?
        XCTAssertTrue(waitFor("the viewer's pid") { pid = viewerPid(); return pid != nil })
        if let pid { kill(pid, SIGXFSZ) }
        usleep(300_000)
        XCTAssertNotNil(viewerPid(), "SIGXFSZ from outside did not end the viewer")
        tmux("send-keys", "-t", session, "q")
        assertRestored(files, expectCode: "74")
        XCTAssertEqual(read(rec), "OLD RECORDING\n", "the old recording is whole")
        XCTAssertTrue(read(dir + "/err").contains("cannot write the recording to \(rec)"), read(dir + "/err"))
        let left = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        XCTAssertFalse(left.contains { $0.hasSuffix(".tmp") }, "no temporary file left: \(left)")
    }

    /// Ctrl-Z in a shell with job control: the terminal is the shell's while stopped; `fg` brings
    /// the screen back with drag tracking as mode 1002 (ncurses alone turned on 1000).
    func testT6_ctrlZThenFgBringsDragTrackingBackAs1002() throws {
        let bin = try Requirement.liveblogBinary()
        let file = writeFixture()
        tmux("-f", "/dev/null", "new-session", "-d", "-s", session, "-x", "100", "-y", "30", "env", "PS1=$ ", "sh", "-i")
        tmux("set-option", "-t", session, "-g", "window-size", "manual")
        tmux("send-keys", "-t", session, "-l", "'\(bin)' view '\(file)'")
        tmux("send-keys", "-t", session, "Enter")
        XCTAssertTrue(waitFor("the first frame") { capture().contains("HYGIENE") }, capture())
        XCTAssertEqual(format("#{mouse_button_flag}"), "1", "1002 while running")
        tmux("send-keys", "-t", session, "C-z")
        XCTAssertTrue(waitFor("the shell's screen") { format("#{alternate_on}") == "0" }, capture())
        XCTAssertEqual(format("#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}"), "000",
                       "no mouse reports while stopped")
        // The rest of a list is dropped when its job stops, so the status is echoed after fg.
        tmux("send-keys", "-t", session, "-l", "fg; echo \"rc=$?\"")
        tmux("send-keys", "-t", session, "Enter")
        XCTAssertTrue(waitFor("the viewer's screen again") { format("#{alternate_on}") == "1" }, capture())
        XCTAssertTrue(waitFor("1002 again") { format("#{mouse_button_flag}") == "1" },
                      "button \(format("#{mouse_button_flag}")) standard \(format("#{mouse_standard_flag}"))")
        XCTAssertEqual(format("#{mouse_standard_flag}"), "0", "not mode 1000")
        tmux("send-keys", "-t", session, "q")
        XCTAssertTrue(waitFor("the shell after the viewer") { capture().contains("rc=0") }, capture())
        XCTAssertEqual(format("#{alternate_on}"), "0", "alternate screen left")
        XCTAssertEqual(format("#{cursor_flag}"), "1", "cursor visible")
        XCTAssertEqual(format("#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}"), "000", "mouse off")
    }
}
