import Foundation
import TestSupport
import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation
import Host

/// Issue 43 through the real binary: `liveblog audit` exits 0, 1 and 65 as `simulate` does, its
/// `--json` gives `maxDistance` and `firstDivergence`, `--plot` writes both curves, `metrics`
/// reads an app log, and JSON or JUnit on stdout never mixes with the replay's lines.
final class AuditCommandLineTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        _ = try Requirement.liveblogBinary()
        let d = FileManager.default.temporaryDirectory
            .appendingPathComponent("liveblog-audit-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        dir = d.path
        addTeardownBlock { try? FileManager.default.removeItem(at: d) }
    }

    func run(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
        try QACommandLineTests.liveblog(args)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func logs() throws -> (good: String, bad: String, expect: String) {
        let s = try AppLogMaker.scenario("ios-drag-stops-corrections", device: .iphone15)
        return (try write("good.jsonl", AppLogMaker.log(s).log),
                try write("bad.jsonl", AppLogMaker.log(s, host: WrongIOSHost(.followsCorrectionsAfterDrag)).log),
                try write("expect.json", AppLogAuditTests.dragExpect))
    }

    func testA2_A3_auditExits0And1AsSimulateAndSaysWhereTheAppLeavesTheReference() throws {
        let (good, bad, expect) = try logs()
        let ok = try run(["audit", good, "--expect", expect])
        XCTAssertEqual(ok.status, 0, ok.err)
        XCTAssertTrue(ok.out.contains("good.jsonl: 2 passed, 0 failed"), ok.out)
        XCTAssertTrue(ok.out.contains("no divergence over 1 pt"), ok.out)
        let svg = dir + "/bad.svg"
        let fail = try run(["audit", bad, "--expect", expect, "--json", "--plot", svg])
        XCTAssertEqual(fail.status, 1, fail.err)
        let json = try JSONParser.parse(fail.out)
        let replay = try XCTUnwrap(json["replay"])
        XCTAssertGreaterThan(replay["maxDistance"]?.doubleValue ?? 0, 500)
        XCTAssertEqual(replay["firstDivergence"]?["t"]?.doubleValue, 4.883)
        XCTAssertTrue(replay["firstDivergence"]?["reason"]?.stringValue?.contains("drops correction") ?? false)
        XCTAssertEqual(json["report"]?["failures"]?.doubleValue, 1)
        XCTAssertTrue((try? String(contentsOfFile: svg, encoding: .utf8))?.contains("reference host") ?? false)
        // A JUnit report on stdout goes alone; the replay's lines go to stderr.
        let junit = try run(["audit", bad, "--expect", expect, "--report", "junit"])
        XCTAssertTrue(junit.out.hasPrefix("<?xml"), junit.out)
        XCTAssertFalse(junit.out.contains("replay on the reference host"))
        XCTAssertTrue(junit.err.contains("first divergence at t=4.883 s"), junit.err)
        XCTAssertEqual(try run(["audit", bad, "--json", "--report", "junit"]).status, 64)
    }

    func testA1_A2_aBrokenLineAnUnknownPlatformAndAVacuousExpectationExit65() throws {
        let broken = try write("broken.jsonl", """
            {"ev":"app","platform":"ios","device":"iphone-15"}
            {"t":1,"ev":"frame","offset":0}
            {"t":1.1,"ev":"hook","jumpId":1,"top":"x","correction":false}
            """)
        let r = try run(["audit", broken])
        XCTAssertEqual(r.status, 65)
        XCTAssertTrue(r.err.contains("line 3: field \"top\": expected a number"), r.err)
        let windows = try write("windows.jsonl", "{\"ev\":\"app\",\"platform\":\"windows\",\"device\":\"iphone-15\"}\n")
        let w = try run(["audit", windows])
        XCTAssertEqual(w.status, 65)
        XCTAssertTrue(w.err.contains("unknown platform \"windows\""), w.err)
        let noHook = try write("nohook.jsonl", "{\"ev\":\"app\",\"platform\":\"ios\",\"device\":\"iphone-15\"}\n"
                                + "{\"t\":1,\"ev\":\"frame\",\"offset\":0}\n{\"t\":2,\"ev\":\"frame\",\"offset\":0}\n")
        let expect = try write("pull.json", "{\"expect\": [{\"noPullBackAfterDrag\": true}]}")
        let v = try run(["audit", noHook, "--expect", expect])
        XCTAssertEqual(v.status, 65)
        XCTAssertTrue(v.err.contains("expect[0].noPullBackAfterDrag: the log has no hook call"), v.err)
        XCTAssertEqual(try run(["audit", dir + "/missing.jsonl"]).status, 66)
    }

    func testA3_compareLogShowsTheAppBesideTheReferenceHost() throws {
        let (_, bad, _) = try logs()
        let c = try run(["compare", "--log", bad])
        XCTAssertEqual(c.status, 0, c.err)
        let lines = c.out.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].contains("the app (ios, iphone-15)") && lines[0].contains("the reference host"), lines[0])
        let drop = try XCTUnwrap(lines.firstIndex { $0.contains("drops correction 1 of jump 1") })
        XCTAssertTrue(lines[drop].hasPrefix("         │"), "beside the app's correction at 4.866 s: \(lines[drop])")
        XCTAssertTrue(lines[drop - 1].contains("4.866") && lines[drop - 1].contains("hook: correction for jump 1"))
        XCTAssertTrue(lines.contains { $0.contains("4.883") && $0.hasSuffix("5.3  ← first divergence") }, c.out)
        XCTAssertEqual(try run(["compare", "--log", dir + "/missing.jsonl"]).status, 66)
    }

    func testA2_metricsReadsAnAppLog() throws {
        let (_, bad, _) = try logs()
        let m = try run(["metrics", bad, "--json"])
        XCTAssertEqual(m.status, 0, m.err)
        let json = try JSONParser.parse(m.out)
        XCTAssertEqual(json["post"]?.stringValue, "ev-019")
        XCTAssertEqual(json["pullBacks"]?.arrayValue?.count ?? json["pullBacks"]?.doubleValue.map(Int.init), 4)
    }
}
