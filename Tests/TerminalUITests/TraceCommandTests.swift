import Foundation
import ImageDecoding
import XCTest
import LiveblogModel
@testable import Simulation
import TerminalKit

/// Q5 and Q8 through the real binary: `liveblog metrics` prints what TraceMetrics computes, and
/// `liveblog plot` writes an SVG that a real renderer (librsvg's rsvg-convert) draws into a
/// picture that is not blank and shows the post's line.
final class TraceCommandTests: XCTestCase {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ executable: String, _ args: [String]) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                   stderr: String(decoding: e, as: UTF8.self))
    }

    func liveblog(_ args: String...) throws -> Run {
        guard FileManager.default.isExecutableFile(atPath: Fixture.binary) else {
            throw XCTSkip("no binary at \(Fixture.binary): run `swift build` first")
        }
        return try TraceCommandTests.run(Fixture.binary, args)
    }

    func tempDir() throws -> String {
        let d = FileManager.default.temporaryDirectory
            .appendingPathComponent("liveblog-trace-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: d) }
        return d.path
    }

    /// Simulates a bundled scenario with `--trace` and returns the trace's path.
    func trace(_ scenario: String, in dir: String) throws -> String {
        let path = dir + "/" + scenario.replacingOccurrences(of: ".json", with: ".jsonl")
        let r = try liveblog("simulate", Fixture.repoRoot + "/Assets/scenarios/" + scenario, "--trace", path)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        return path
    }

    func testQ5_metricsPrintsWhatTheTraceSays() throws {
        let dir = try tempDir()
        for name in ["ios-3g-landing.json", "android-3g-landing.json"] {
            let path = try trace(name, in: dir)
            let expected = try TraceMetrics.compute(TraceReader.read(String(contentsOfFile: path, encoding: .utf8)))
            let json = try liveblog("metrics", path, "--json")
            XCTAssertEqual(json.status, 0, json.stderr)
            let v = try JSONParser.parse(json.stdout)
            XCTAssertEqual(v, expected.json, name)
            XCTAssertEqual(v["post"]?.stringValue, "ev-019")
            XCTAssertEqual(v["holdEnd"]?["reason"]?.stringValue, "timeout")
            XCTAssertNotNil(v["settleTime"]?.doubleValue, name)
            let text = try liveblog("metrics", path, "--post", "ev-019")
            XCTAssertEqual(text.status, 0, text.stderr)
            XCTAssertEqual(text.stdout, expected.text)
            for row in ["time to land", "settle time", "largest |y| after landing", "corrections", "pull-backs",
                        "overshoot", "hold end"] {
                XCTAssertTrue(text.stdout.contains(row), "\(name): \(row)\n\(text.stdout)")
            }
        }
    }

    func testQ5_Q8_badTracesExitWithTheirCodes() throws {
        let dir = try tempDir()
        XCTAssertEqual(try liveblog("metrics", dir + "/missing.jsonl").status, 66)
        try "{\"t\":0.0,\"ev\":\"frame\"}\nnot json\n".write(toFile: dir + "/bad.jsonl", atomically: true, encoding: .utf8)
        let bad = try liveblog("metrics", dir + "/bad.jsonl")
        XCTAssertEqual(bad.status, 65)
        XCTAssertTrue(bad.stderr.contains("bad.jsonl: line 2"), bad.stderr)
        let path = try trace("ios-3g-landing.json", in: dir)
        let unknown = try liveblog("plot", path, "--post", "nope", "--out", dir + "/x.svg")
        XCTAssertEqual(unknown.status, 65)
        XCTAssertTrue(unknown.stderr.contains("nope"), unknown.stderr)
        XCTAssertEqual(try liveblog("plot", path, "--out", dir + "/no/such/dir/x.svg").status, 73)
    }

    func testQ8_plotWritesAnSVGThatRendersToANonBlankPicture() throws {
        let rsvg = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let rsvg else { throw XCTSkip("rsvg-convert is missing (Debian librsvg2-bin)") }
        let dir = try tempDir()
        let path = try trace("android-3g-landing.json", in: dir)
        let plot = try liveblog("plot", path, "--out", dir + "/a.svg")
        XCTAssertEqual(plot.status, 0, plot.stderr)
        let svg = try String(contentsOfFile: dir + "/a.svg", encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<?xml"))
        XCTAssertTrue(svg.contains("post ev-019, jump #1"))
        let convert = try TraceCommandTests.run(rsvg, [dir + "/a.svg", "-o", dir + "/a.png"])
        XCTAssertEqual(convert.status, 0, "rsvg-convert: " + convert.stderr)
        let image: RGBAImage
        switch ImageDecoder.decode(file: dir + "/a.png") {
        case .success(let i): image = i
        case .failure(let e): return XCTFail("the PNG does not decode: \(e)")
        }
        XCTAssertGreaterThan(image.width, 800)
        XCTAssertGreaterThan(image.height, 500)
        var inked = 0, line = 0, settle = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if p.a > 0 && (p.r < 240 || p.g < 240 || p.b < 240) { inked += 1 }
                // The series colour #1f5fbf, and the settle mark's #2ca02c in its lane under the plot
                // (Android settles here; the legend's symbol is above the plot).
                if abs(Int(p.r) - 0x1f) < 24 && abs(Int(p.g) - 0x5f) < 24 && abs(Int(p.b) - 0xbf) < 24 { line += 1 }
                let green = abs(Int(p.r) - 0x2c) < 24 && abs(Int(p.g) - 0xa0) < 24 && abs(Int(p.b) - 0x2c) < 24
                if green && Double(y) > SVGPlot.lanesTop { settle += 1 }
            }
        }
        let total = image.width * image.height
        XCTAssertGreaterThan(inked, total / 50, "the picture has ink: \(inked) of \(total) pixels")
        XCTAssertLessThan(inked, total / 2, "and is mostly white background")
        XCTAssertGreaterThan(line, 500, "the post's y line is drawn (\(line) pixels)")
        XCTAssertGreaterThan(settle, 20, "the settle mark is drawn (\(settle) pixels)")
    }
}
