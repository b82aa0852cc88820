import Foundation
import ImageDecoding
import TestSupport
import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation
import TerminalKit

/// Q5 and Q8 through the real binary: `liveblog metrics` prints what TraceMetrics computes, and
/// `liveblog plot` writes an SVG that a real renderer (librsvg's rsvg-convert) draws into a
/// picture that is not blank and shows the post's line. Issue 30: the plot explains a bug (the
/// ±tolerance band, a lane of loads, pull-backs ringed, the reader's drags shaded, a second panel
/// zoomed to ±200 pt), and `simulate --compare`, `metrics` and `plot` print the same value for each
/// metric, computed once (Q14).
final class TraceCommandTests: XCTestCase {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ executable: String, _ args: [String]) throws -> Run {
        let r = Subprocess.output(executable, args, timeout: 300)
        return Run(status: r.code, stdout: r.out, stderr: r.err)
    }

    func liveblog(_ args: String...) throws -> Run {
        try TraceCommandTests.run(try Requirement.liveblogBinary(), args)
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
        let rsvg = try Requirement.tool("rsvg-convert", package: "librsvg2-bin")
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

    // MARK: issue 30: Q8's plot explains a bug, Q14 one computation per metric

    /// The metrics JSON the plot carries in its `<metadata>`.
    static func plotMetrics(_ svg: String) throws -> JSONValue {
        let open = try XCTUnwrap(svg.range(of: "<metadata id=\"metrics\">"))
        let close = try XCTUnwrap(svg.range(of: "</metadata>", range: open.upperBound..<svg.endIndex))
        let text = String(svg[open.upperBound..<close.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        return try JSONParser.parse(text)
    }

    func testQ14_compareMetricsAndPlotPrintTheSameValueForEachMetric() throws {
        let dir = try tempDir()
        var landings = 0, dropped = 0.0
        for (name, platform) in [("ios-3g-landing.json", "ios"), ("android-drag-stops-corrections.json", "android"),
                                 ("android-3g-landing.json", "android"), ("ios-drag-stops-corrections.json", "ios"),
                                 ("naive-pullback.json", "naive")] {
            let path = try trace(name, in: dir)
            let compare = try liveblog("simulate", Fixture.repoRoot + "/Assets/scenarios/" + name, "--compare", platform,
                                       "--report", "json")
            XCTAssertEqual(compare.status, 0, compare.stderr)
            let row = try XCTUnwrap(try JSONParser.parse(compare.stdout)["platforms"]?.arrayValue?.first)
            let metrics = try JSONParser.parse(try liveblog("metrics", path, "--json").stdout)
            XCTAssertEqual(try liveblog("plot", path, "--out", dir + "/p.svg").status, 0)
            let plot = try TraceCommandTests.plotMetrics(try String(contentsOfFile: dir + "/p.svg", encoding: .utf8))
            XCTAssertEqual(plot, metrics, "\(name): the plot's metrics are liveblog metrics'")
            let pairs: [(String, JSONValue?, JSONValue?)] = [
                ("time to land", row["landedAfter"], metrics["timeToLand"]),
                ("settle time", row["settledAfter"], metrics["settleTime"]),
                ("largest |y| after landing", row["largestAfterLanding"], metrics["largestAfterLanding"]?["distance"]
                    ?? .null),
                ("corrections", row["corrections"], metrics["corrections"]),
                ("followed", row["followed"], metrics["followed"]),
                ("dropped", row["dropped"], metrics["dropped"]),
                ("pull-backs", row["pullBacks"], metrics["pullBacks"]?.arrayValue.map { .number(Double($0.count)) }),
                ("final y", row["finalY"], metrics["settled"]?["y"] ?? .null),
            ]
            for (what, fromCompare, fromMetrics) in pairs {
                XCTAssertEqual(fromCompare, fromMetrics, "\(name): \(what)")
            }
            dropped += metrics["dropped"]?.doubleValue ?? 0
            guard let landed = metrics["timeToLand"]?.doubleValue else { continue }
            landings += 1
            let text = try liveblog("metrics", path).stdout
            XCTAssertTrue(text.contains("time to land               \(JSONWriter.number(landed)) s"), text)
            XCTAssertTrue(try String(contentsOfFile: dir + "/p.svg", encoding: .utf8)
                .contains("landed \(JSONWriter.number(landed)) s after the jump"), "the plot's summary line")
        }
        XCTAssertGreaterThanOrEqual(landings, 3, "the jumps land: the times compared are numbers")
        XCTAssertGreaterThan(dropped, 0, "and some drop corrections")
    }

    func testQ8_thePlotExplainsABug() throws {
        let rsvg = try Requirement.tool("rsvg-convert", package: "librsvg2-bin")
        let dir = try tempDir()
        // naive pulls the reader back to ev-019 after the drag: two pull-backs, loads under them.
        let path = try trace("naive-pullback.json", in: dir)
        XCTAssertEqual(try liveblog("plot", path, "--post", "ev-019", "--out", dir + "/n.svg").status, 0)
        let svg = try String(contentsOfFile: dir + "/n.svg", encoding: .utf8)
        let lines = try TraceReader.read(String(contentsOfFile: path, encoding: .utf8))
        let chart = JumpChart(trace: lines, metrics: try TraceMetrics.compute(lines, options: .init(post: "ev-019")))
        XCTAssertEqual(chart.marks.filter { $0.kind == .pullBack }.count, 2)
        XCTAssertGreaterThan(chart.marks.filter { $0.kind == .load }.count, 0, "the loads that moved the post")
        XCTAssertEqual(chart.drags.count, 1)
        XCTAssertTrue(svg.contains("zoom: ±200 pt around the target"))
        XCTAssertTrue(svg.contains("clip-path=\"url(#zoom)\""), "the zoomed panel draws the curve")
        XCTAssertTrue(svg.contains("± tolerance") && svg.contains("reader drag") && svg.contains("pull-back"))
        let convert = try TraceCommandTests.run(rsvg, [dir + "/n.svg", "-o", dir + "/n.png"])
        XCTAssertEqual(convert.status, 0, "rsvg-convert: " + convert.stderr)
        guard case .success(let image) = ImageDecoder.decode(file: dir + "/n.png") else { return XCTFail("no PNG") }
        typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
        func count(in rows: ClosedRange<Double>, _ match: (Pixel) -> Bool) -> Int {
            var n = 0
            for y in max(0, Int(rows.lowerBound))..<min(image.height, Int(rows.upperBound)) {
                for x in Int(SVGPlot.left)..<Int(SVGPlot.left + SVGPlot.plotWidth) where match(image.pixel(x: x, y: y)) {
                    n += 1
                }
            }
            return n
        }
        func near(_ p: Pixel, _ r: Int, _ g: Int, _ b: Int, _ d: Int = 24) -> Bool {
            abs(Int(p.r) - r) < d && abs(Int(p.g) - g) < d && abs(Int(p.b) - b) < d
        }
        let zoom = SVGPlot.zoomTop...(SVGPlot.zoomTop + SVGPlot.zoomHeight)
        let lane = (SVGPlot.laneY(.pullBack) - 8)...(SVGPlot.laneY(.pullBack) + 8)
        let series = count(in: zoom) { near($0, 0x1f, 0x5f, 0xbf) }
        let band = count(in: zoom) { near($0, 250, 229, 229, 10) }
        let drag = count(in: SVGPlot.top...(SVGPlot.top + SVGPlot.plotHeight)) { near($0, 213, 238, 242, 10) }
        let rings = count(in: lane) { near($0, 0xd6, 0x27, 0x28) }
        XCTAssertGreaterThan(series, 300, "the zoomed panel shows the post's motion near 0 (\(series) px)")
        XCTAssertGreaterThan(band, 1000, "the ±16 pt band (\(band) px)")
        XCTAssertGreaterThan(drag, 1000, "the drag's span (\(drag) px)")
        XCTAssertGreaterThan(rings, 40, "the pull-backs in their lane (\(rings) px)")
    }
}
