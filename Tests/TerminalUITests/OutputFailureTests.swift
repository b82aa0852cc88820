import Foundation
import TestSupport
import XCTest

/// Issue 31: outputs fail loudly. A trace, a plot or stdout that cannot be written (a full
/// device, the file size limit) is exit 74 with the system's reason, never a crash or exit 0;
/// `--report-file` takes a suite's combined report.
final class OutputFailureTests: XCTestCase {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/scenarios").path
    var scenario: String { Self.scenarios + "/device-iphone-15-deep-link.json" }
    var dir = ""

    override func setUpWithError() throws {
        try Self.requireTheFullDevice()
        dir = NSTemporaryDirectory() + "/lb-output-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// /dev/full must be the device (writes fail with ENOSPC). Before issue 31, `plot --out
    /// /dev/full` renamed a file over it (FileManager's atomic write), and the machine's /dev/full
    /// became a regular file that takes every write.
    static func requireTheFullDevice(file: StaticString = #filePath, line: UInt = #line) throws {
        var st = stat()
        guard stat("/dev/full", &st) == 0, (st.st_mode & S_IFMT) == S_IFCHR else {
            XCTFail("/dev/full is not the full device (a test or a build replaced it: "
                    + "rm /dev/full; mknod -m 666 /dev/full c 1 7)", file: file, line: line)
            throw Requirement.missing("the full device /dev/full")
        }
    }

    func sh(_ command: String) -> (code: Int32, out: String, err: String) {
        let r = Subprocess.output("/bin/sh", ["-c", command], timeout: 60)
        return (r.code, r.out, r.err)
    }

    func testC6_traceOnAFullDeviceExits74() throws {
        let r = Subprocess.output(try Requirement.liveblogBinary(), ["simulate", scenario, "--trace", "/dev/full"], timeout: 60)
        XCTAssertEqual(r.code, 74, r.err)
        XCTAssertTrue(r.err.contains("cannot write the trace to /dev/full: No space left on device"), r.err)
    }

    func testC6_traceOverTheFileSizeLimitExits74() throws {
        let prlimit = try Requirement.tool("prlimit", package: "util-linux")
        let trace = dir + "/t.jsonl"
        let r = Subprocess.output(prlimit, ["--fsize=4096", try Requirement.liveblogBinary(), "simulate", scenario,
                                                "--trace", trace], timeout: 60)
        XCTAssertEqual(r.code, 74, r.err)
        XCTAssertTrue(r.err.contains("cannot write the trace to \(trace): File too large"), r.err)
    }

    func testC6_plotOnAFullDeviceExits74() throws {
        let bin = try Requirement.liveblogBinary()
        let trace = dir + "/t.jsonl"
        XCTAssertEqual(Subprocess.output(bin, ["simulate", scenario, "--trace", trace], timeout: 60).code, 0)
        let r = Subprocess.output(bin, ["plot", trace, "--out", "/dev/full"], timeout: 60)
        try Self.requireTheFullDevice()
        XCTAssertEqual(r.code, 74, r.err)
        XCTAssertTrue(r.err.contains("cannot write /dev/full: No space left on device"), r.err)
    }

    func testC6_stdoutThatCannotBeWrittenExits74() throws {
        let bin = try Requirement.liveblogBinary()
        for command in ["simulate '\(scenario)'", "simulate '\(scenario)' --trace -", "simulate '\(scenario)' --report json",
                        "check '\(Self.scenarios)/../liveblogs/sample.json'", "generate --posts 50"] {
            let r = sh("'\(bin)' \(command) > /dev/full")
            XCTAssertEqual(r.code, 74, "\(command): \(r.err)")
            XCTAssertTrue(r.err.contains("No space left on device"), "\(command): \(r.err)")
        }
    }

    func testF7_reportFileTakesTheCombinedReportOfASuite() throws {
        let bin = try Requirement.liveblogBinary()
        let names = ["device-iphone-15-deep-link.json", "android-3g-landing.json"]
        let file = dir + "/report.xml"
        let r = Subprocess.output(bin, ["simulate"] + names.map { Self.scenarios + "/" + $0 }
                           + ["--report", "junit", "--report-file", file], timeout: 120)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertEqual(r.out, "", "the report goes to the file, not stdout")
        let report = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        for n in names { XCTAssertTrue(report.contains(n), "\(n) in the combined report:\n\(report)") }
        let full = Subprocess.output(bin, ["simulate"] + names.map { Self.scenarios + "/" + $0 } + ["--report-file", "/dev/full"],
                              timeout: 120)
        XCTAssertEqual(full.code, 74, full.err)
    }
}

/// Issue 31: inputs within the documented limits do not crash; past them, a clear message.
final class DocumentedLimitTests: XCTestCase {
    func testC5_generateAndBenchStopAtWhatRunsIn2GB() throws {
        let bin = try Requirement.liveblogBinary()
        for args in [["generate", "--posts", "1000000", "--profile", "heavy"], ["bench", "--posts", "1000000"]] {
            let r = Subprocess.output(bin, args, timeout: 30)
            XCTAssertEqual(r.code, 64, "\(args): \(r.err)")
            XCTAssertTrue(r.err.contains("--posts expects a whole number from"), r.err)
            XCTAssertTrue(r.err.contains("to 200000, got '1000000'"), r.err)
            let help = Subprocess.output(bin, [args[0], "--help"], timeout: 30).out
            XCTAssertTrue(help.contains("at most 200000"), help)
            XCTAssertTrue(help.contains("to 200000)"), "the help allows no more than runs: \(help)")
        }
    }

    func testQ5_metricsAndPlotRefuseATraceOverTheirLimitWithItsSize() throws {
        let bin = try Requirement.liveblogBinary()
        let path = NSTemporaryDirectory() + "/lb-big-trace-\(getpid()).jsonl"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        defer { unlink(path) }
        XCTAssertEqual(truncate(path, 1_200 << 20), 0, "a sparse 1.2 GB trace")
        for command in ["metrics", "plot"] {
            let r = Subprocess.output(bin, [command, path, "--out", path + ".svg"].prefix(command == "plot" ? 4 : 2).map { $0 },
                               timeout: 30)
            XCTAssertEqual(r.code, 65, r.err)
            XCTAssertTrue(r.err.contains("the trace is 1200 MiB; metrics and plot read traces of up to 128 MiB"), r.err)
        }
    }
}
