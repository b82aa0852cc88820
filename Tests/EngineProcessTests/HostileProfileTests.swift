import CEngineGuard
@testable import Chromium
@testable import EngineProcess
import Foundation
import TestSupport
import XCTest

/// S1: the stale-profile clean-up is attacked as a local user would: a planted link, a raced
/// swap, someone else's directory, a link inside a profile. It removes only real directories of
/// ours, through descriptors, and follows no link. S3: the engine is not root.
final class HostileProfileTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "lb-hostile-tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() {
        // The test's own tree, removed without following links.
        let fd = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
        if fd >= 0 {
            _ = lb_remove_dir(fd, root)
            close(fd)
        }
        super.tearDown()
    }

    /// A victim folder with files, as /etc would be.
    private func victim(_ name: String) throws -> String {
        let dir = root + "/" + name
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        for f in ["passwd", "sub/shadow"] { try "precious\n".write(toFile: dir + "/" + f, atomically: false, encoding: .utf8) }
        // A dead owner, so that a clean-up that follows the link would empty it.
        try "\(Self.deadPid())\n".write(toFile: dir + "/owner.pid", atomically: false, encoding: .utf8)
        return dir
    }

    private func intact(_ dir: String, file: StaticString = #filePath, line: UInt = #line) {
        for f in ["passwd", "sub/shadow", "owner.pid"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/" + f), "\(dir)/\(f) was removed",
                          file: file, line: line)
        }
    }

    /// A pid that no process has (a child that has been reaped).
    static func deadPid() -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try? p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }

    /// A stale profile of ours: a real 0700 directory, a dead owner, some files.
    private func staleProfile(_ name: String) throws -> String {
        let dir = root + "/" + BrowserProcess.directoryPrefix + name
        try FileManager.default.createDirectory(atPath: dir + "/profile/Default", withIntermediateDirectories: true)
        chmod(dir, 0o700)
        try "x".write(toFile: dir + "/profile/Default/Cookies", atomically: false, encoding: .utf8)
        try "\(Self.deadPid())\n".write(toFile: dir + "/owner.pid", atomically: false, encoding: .utf8)
        return dir
    }

    func testS1_aPlantedLinkIsNeverFollowed() throws {
        let etc = try victim("etc")
        XCTAssertEqual(symlink(etc, root + "/" + BrowserProcess.directoryPrefix + "evil"), 0)
        BrowserProcess.removeStaleProfiles(in: root)
        intact(etc)
    }

    func testS1_aStaleProfileOfOursIsRemovedAndALinkInsideItOnlyUnlinked() throws {
        let etc = try victim("etc")
        let stale = try staleProfile("stale")
        XCTAssertEqual(symlink(etc, stale + "/profile/link-to-etc"), 0)
        XCTAssertEqual(symlink(etc + "/passwd", stale + "/owner-link"), 0)
        BrowserProcess.removeStaleProfiles(in: root)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale), "the stale profile is removed")
        intact(etc)
    }

    func testS1_someoneElsesOrAWritableDirectoryIsLeftAlone() throws {
        let theirs = try staleProfile("theirs")
        XCTAssertEqual(chown(theirs, 65534, 65534), 0)
        let open = try staleProfile("world-writable")
        chmod(open, 0o777)
        let linkedPid = try staleProfile("linked-pid")
        let etc = try victim("etc")
        try FileManager.default.removeItem(atPath: linkedPid + "/owner.pid")
        XCTAssertEqual(symlink(etc + "/owner.pid", linkedPid + "/owner.pid"), 0)
        BrowserProcess.removeStaleProfiles(in: root)
        for dir in [theirs, open, linkedPid] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/profile/Default/Cookies"), dir)
        }
        intact(etc)
        let live = try staleProfile("live")
        try "\(getpid())\n".write(toFile: live + "/owner.pid", atomically: false, encoding: .utf8)
        BrowserProcess.removeStaleProfiles(in: root)
        XCTAssertTrue(FileManager.default.fileExists(atPath: live + "/owner.pid"), "a live owner's profile stays")
    }

    /// The race: a stale directory with a dead owner is swapped for a link to the victim while
    /// the clean-up runs, over and over (the old clean-up read owner.pid, then removed the path).
    func testS1_aSwapRaceNeverEmptiesTheVictim() throws {
        let etc = try victim("etc")
        let name = root + "/" + BrowserProcess.directoryPrefix + "race"
        let stop = ManagedAtomicFlag()
        let dead = Self.deadPid()
        let swapper = Thread {
            var n = 0
            while !stop.isSet && n < 200_000 {
                n += 1
                let real = name + ".real"
                try? FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: false)
                chmod(real, 0o700)
                try? "\(dead)\n".write(toFile: real + "/owner.pid", atomically: false, encoding: .utf8)
                rename(real, name)
                let link = name + ".link"
                unlink(link)
                symlink(etc, link)
                // Exchange the directory for the link (the directory is left behind, emptied or not).
                rename(name, name + ".old-\(n)")
                rename(link, name)
                let fd = Glibc.open(name + ".old-\(n)", O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
                if fd >= 0 {
                    _ = lb_remove_dir(fd, name + ".old-\(n)")
                    close(fd)
                }
                unlink(name)
            }
        }
        swapper.start()
        for _ in 0..<300 {
            BrowserProcess.removeStaleProfiles(in: root)
            intact(etc)
        }
        stop.set()
        while !swapper.isFinished { usleep(1000) }
        intact(etc)
    }

    func testS1_S3_theRunDirectoryIsPrivateUnpredictableAndGoneAfterClose() throws {
        let browser = try EngineLaunch.launch()
        let run = browser.runDirectory
        var st = stat()
        XCTAssertEqual(lstat(run, &st), 0)
        XCTAssertEqual(st.st_mode & 0o022, 0, "nobody else writes into the run directory")
        XCTAssertEqual(st.st_uid, geteuid())
        let name = (run as NSString).lastPathComponent
        XCTAssertTrue(name.hasPrefix(BrowserProcess.directoryPrefix))
        XCTAssertGreaterThanOrEqual(name.count - BrowserProcess.directoryPrefix.count, 22, "16 random hex + mkdtemp's 6")
        XCTAssertEqual(lstat(browser.profileDirectory, &st), 0)
        XCTAssertEqual(st.st_mode & 0o077, 0, "the profile is its owner's alone")
        if geteuid() == 0 { XCTAssertNotEqual(st.st_uid, 0, "as root, the profile belongs to the engine's user") }
        browser.close()
        XCTAssertFalse(FileManager.default.fileExists(atPath: run))
    }

    /// S3: as root, a $TMPDIR only root can enter is no place for the engine's user's profile: the
    /// run directory goes to /tmp and the engine starts.
    func testS3_aTMPDIRClosedToTheEnginesUserIsPassedOver() throws {
        guard geteuid() == 0 else { return XCTAssertTrue(BrowserProcess.reachableByOthers("/tmp")) }
        let closed = root + "/closed"
        try FileManager.default.createDirectory(atPath: closed, withIntermediateDirectories: true)
        chmod(closed, 0o700)
        XCTAssertFalse(BrowserProcess.reachableByOthers(closed))
        let old = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", closed, 1)
        defer { if let old { setenv("TMPDIR", old, 1) } else { unsetenv("TMPDIR") } }
        let browser = try EngineLaunch.launch()
        defer { browser.close() }
        XCTAssertTrue(browser.runDirectory.hasPrefix("/tmp/liveblog-chromium-"), browser.runDirectory)
        let page = try browser.newPage(width: 400, height: 600, beginFrameControl: false)
        XCTAssertEqual(try page.call("Runtime.evaluate", .obj(("expression", .string("6 * 7")),
                                                             ("returnByValue", .bool(true))))["result"]?["value"]?.intValue, 42)
    }

    /// S3: the page's renderer is never root (as root the engine drops to `nobody`), and runs
    /// under the engine's seccomp sandbox (read from /proc during the run; CI runs as root).
    func testS3_asRootTheRendererIsUnprivilegedAndSandboxed() throws {
        let plan = EnginePrivileges.plan()
        let browser = try EngineLaunch.launch()
        defer { browser.close() }
        let page = try browser.newPage(width: 400, height: 600, beginFrameControl: false)
        _ = try page.call("Page.navigate", .obj(("url", .string("data:text/html,<p>hi</p>"))))
        _ = try page.call("Runtime.evaluate", .obj(("expression", .string("1 + 1"))))
        let group = EngineProcesses.inGroup(browser.pid)
        XCTAssertFalse(group.isEmpty)
        var renderers = 0
        for pid in group {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { continue }
            let uids = status.split(separator: "\n").first { $0.hasPrefix("Uid:") } ?? ""
            XCTAssertFalse(uids.split(whereSeparator: { $0 == "\t" || $0 == " " }).dropFirst().contains("0"),
                           "process \(pid) of the engine runs as root: \(uids)")
            let cmdline = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            guard cmdline.contains("--type=renderer") else { continue }
            renderers += 1
            XCTAssertFalse(cmdline.contains("--no-sandbox") && plan.sandbox, "the renderer runs with its sandbox")
            if plan.sandbox {
                let seccomp = status.split(separator: "\n").first { $0.hasPrefix("Seccomp:") } ?? ""
                XCTAssertTrue(seccomp.hasSuffix("2"), "the renderer runs under seccomp filtering: \(seccomp)")
            }
        }
        XCTAssertGreaterThan(renderers, 0, "a renderer was read")
        XCTAssertEqual(browser.privileges.userName, geteuid() == 0 ? "nobody" : nil)
    }

    func testS3_noUnprivilegedUserIsSaidAndMeansNoSandbox() {
        let p = EnginePrivileges.plan(environment: ["LIVEBLOG_ENGINE_USER": "no-such-user-here"], euid: 0)
        XCTAssertNil(p.user)
        XCTAssertFalse(p.sandbox)
        XCTAssertTrue(p.note?.contains("no unprivileged user 'no-such-user-here'") == true, p.note ?? "")
        XCTAssertTrue(LaunchOptions().arguments(userDataDir: "/x", sandbox: false).contains("--no-sandbox"))
        XCTAssertFalse(LaunchOptions().arguments(userDataDir: "/x", sandbox: true).contains("--no-sandbox"))
        let mine = EnginePrivileges.plan(environment: [:], euid: 1000)
        XCTAssertTrue(mine.sandbox)
        XCTAssertNil(mine.note)
    }
}

/// A flag one thread sets and another reads.
// @unchecked Sendable: the flag is set and read under its lock.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// S8: a message past liveblog's cap is said as such, not as the engine's pipe closing.
final class OversizedMessageTests: XCTestCase {
    func testS8_aMessageOverTheCapIsNamed() throws {
        var toUs: [Int32] = [0, 0], toThem: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&toUs), 0)
        XCTAssertEqual(pipe(&toThem), 0)
        defer { for fd in toUs + toThem { close(fd) } }
        let client = DevToolsClient(transport: PipeTransport(writeFD: toThem[1], readFD: toUs[0], cap: 2 << 20),
                                    commandTimeout: 5)
        client.exitInfo = { ("exit status 0", "") }
        // The engine's answer: 3 MiB without its NUL yet (a huge value the page made).
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 << 10)
        let engineEnd = toUs[1]
        let writer = Thread {
            for _ in 0..<48 { _ = chunk.withUnsafeBytes { write(engineEnd, $0.baseAddress!, $0.count) } }
        }
        writer.start()
        XCTAssertThrowsError(try client.call("Runtime.evaluate", doing: "reading the page's geometry")) { error in
            XCTAssertEqual("\(error)", "the engine sent a message larger than liveblog's cap of 2 MiB while reading the "
                           + "page's geometry (a page's huge value or console line); the run ends here")
        }
    }
}
