import Foundation
import XCTest

/// Issue 26: scripts/setup, run against stand-ins for dpkg-query, apt-get and sudo (its
/// LIVEBLOG_SETUP_* overrides), so no test touches the machine's packages. The stand-in dpkg-query
/// reports as not installed the packages named in the `missing` file; the stand-in apt-get logs
/// its arguments, fails when an `apt-fails` file exists and otherwise installs (empties `missing`);
/// the stand-in sudo logs, answers `-n true` only when `sudo-nopasswd` exists, and runs the rest.
final class SetupScriptTests: XCTestCase {
    var fake: URL!

    override func setUpWithError() throws {
        fake = FileManager.default.temporaryDirectory
            .appendingPathComponent("liveblog-setup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fake, withIntermediateDirectories: true)
        try stub("dpkg-query", """
            shift 2
            for p in "$@"; do
              if grep -qxF "$p" "$FAKE/missing" 2>/dev/null; then echo "un  $p"; else echo "ii  $p"; fi
            done
            """)
        try stub("apt-get", """
            echo "$*" >> "$FAKE/apt.log"
            [ -e "$FAKE/apt-fails" ] && exit 100
            [ "$1" = install ] && : > "$FAKE/missing"
            exit 0
            """)
        try stub("sudo", """
            echo "$*" >> "$FAKE/sudo.log"
            if [ "$1" = -n ]; then [ -e "$FAKE/sudo-nopasswd" ]; exit; fi
            exec "$@"
            """)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: fake)
    }

    func stub(_ name: String, _ body: String) throws {
        let url = fake.appendingPathComponent(name)
        try ("#!/usr/bin/env bash\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    func write(_ name: String, _ text: String) throws {
        try text.write(to: fake.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func log(_ name: String) -> String {
        (try? String(contentsOf: fake.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// scripts/setup with `args`, stdin /dev/null (no terminal), as user `uid`, sudo the stand-in
    /// (or none when `sudo` is false), with `extra` over the stand-ins' variables.
    func setup(_ args: [String], uid: Int = 1000, sudo: Bool = true,
               extra: [String: String] = [:]) throws -> Outcome {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["bash", Repository.root.appendingPathComponent("scripts/setup").path] + args
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LIVEBLOG_SETUP_") }
        env["FAKE"] = fake.path
        env["LIVEBLOG_SETUP_DPKG_QUERY"] = fake.appendingPathComponent("dpkg-query").path
        env["LIVEBLOG_SETUP_APT_GET"] = fake.appendingPathComponent("apt-get").path
        env["LIVEBLOG_SETUP_SUDO"] = sudo ? fake.appendingPathComponent("sudo").path : ""
        env["LIVEBLOG_SETUP_UID"] = String(uid)
        env.merge(extra) { $1 }
        p.environment = env
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Outcome(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                       stderr: String(decoding: e, as: UTF8.self))
    }

    func testSetup_everythingInstalledIsASilentNoOp() throws {
        for set in ["run", "test"] {
            let r = try setup([set])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stdout + r.stderr, "", "\(set): nothing to say")
        }
        XCTAssertEqual(log("apt.log") + log("sudo.log"), "", "neither apt-get nor sudo runs")
    }

    func testSetup_missingWithoutRootOrSudoNamesThemAndTheCommandAndFails() throws {
        try write("missing", "libpng-dev\ntmux\n")
        let r = try setup(["test"], sudo: false)
        XCTAssertEqual(r.status, 69)
        XCTAssertEqual(r.stdout, "", "messages go to stderr")
        XCTAssertTrue(r.stderr.contains("not root, and there is no sudo"), r.stderr)
        XCTAssertTrue(r.stderr.contains("missing Debian packages (2): libpng-dev tmux"), r.stderr)
        let command = "apt-get update && apt-get install -y --no-install-recommends libpng-dev tmux"
        XCTAssertTrue(r.stderr.contains("install them as root with:\n  " + command + "\n"), r.stderr)
        XCTAssertEqual(log("apt.log"), "")
    }

    func testSetup_runSetLeavesTheTestsToolsAlone() throws {
        try write("missing", "tmux\nchromium-headless-shell\n")
        let r = try setup(["run"], sudo: false)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout + r.stderr, "")
        let t = try setup(["test"], sudo: false)
        XCTAssertEqual(t.status, 69)
        XCTAssertTrue(t.stderr.contains("(2): tmux chromium-headless-shell"), t.stderr)
    }

    func testSetup_asRootInstallsOnlyWhatIsMissingThenIsQuiet() throws {
        try write("missing", "libchafa-dev\nxterm\n")
        let r = try setup(["test"], uid: 0)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(r.stderr.contains("installing the missing Debian packages (2): libchafa-dev xterm"),
                      r.stderr)
        XCTAssertEqual(log("apt.log"),
                       "update -qq\ninstall -y -q --no-install-recommends libchafa-dev xterm\n")
        XCTAssertEqual(log("sudo.log"), "", "root needs no sudo")
        let again = try setup(["test"], uid: 0)
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(again.stderr, "", "installed: a no-op")
        XCTAssertEqual(log("apt.log").split(separator: "\n").count, 2)
    }

    func testSetup_throughSudoWhenItNeedsNoPassword() throws {
        try write("missing", "libgif-dev\n")
        try write("sudo-nopasswd", "")
        let r = try setup(["run"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("(through sudo)"), r.stderr)
        let sudoLog = log("sudo.log").split(separator: "\n")
        XCTAssertEqual(sudoLog.first, "-n true")
        XCTAssertTrue(sudoLog.dropFirst().allSatisfy { $0.hasPrefix("env DEBIAN_FRONTEND=noninteractive ") })
        XCTAssertEqual(log("apt.log"), "update -qq\ninstall -y -q --no-install-recommends libgif-dev\n")
    }

    func testSetup_sudoWantingAPasswordWithNoTerminalFailsWithTheCommand() throws {
        try write("missing", "libwebp-dev\n")
        let r = try setup(["run"])
        XCTAssertEqual(r.status, 69)
        XCTAssertTrue(r.stderr.contains("sudo needs a password but there is no terminal"), r.stderr)
        let command = "sudo apt-get update && sudo apt-get install -y --no-install-recommends libwebp-dev"
        XCTAssertTrue(r.stderr.contains("install them with:\n  " + command + "\n"), r.stderr)
        XCTAssertEqual(log("apt.log"), "")
    }

    func testSetup_aptFailingNamesWhatIsStillMissing() throws {
        try write("missing", "libturbojpeg0-dev\n")
        try write("apt-fails", "")
        let r = try setup(["run"], uid: 0)
        XCTAssertEqual(r.status, 69)
        XCTAssertTrue(r.stderr.contains("apt-get update failed"), r.stderr)
        XCTAssertTrue(r.stderr.contains("(1): libturbojpeg0-dev"), r.stderr)
        XCTAssertTrue(r.stderr.contains("\n  apt-get update && apt-get install -y --no-install-recommends "
                                        + "libturbojpeg0-dev\n"), "root: no sudo in the command")
    }

    func testSetup_usageAndABadListLineAreUsageErrors() throws {
        XCTAssertEqual(try setup([]).status, 64)
        XCTAssertEqual(try setup(["all"]).status, 64)
        try write("list", "# c\nrun a why\nboth b why\n")
        func list(_ name: String) -> [String: String] {
            ["LIVEBLOG_SETUP_PACKAGES": fake.appendingPathComponent(name).path]
        }
        let r = try setup(["run"], extra: list("list"))
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("line 3: the set is 'run' or 'test', not 'both'"), r.stderr)
        try write("list2", "run lonely\n")
        let lonely = try setup(["run"], extra: list("list2"))
        XCTAssertEqual(lonely.status, 64)
    }

    func testSetup_withoutDpkgSaysSoAndLeavesTheBuildToSwift() throws {
        let r = try setup(["run"], extra: ["LIVEBLOG_SETUP_DPKG_QUERY": "/nonexistent/dpkg-query"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(r.stderr.contains("no dpkg here") && r.stderr.contains("brew install"), r.stderr)
    }
}
