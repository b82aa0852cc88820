import ExitStatus
import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation
import Embed
import Host
import VirtualTime

/// Issue 43, A2 and A3: the emulation's own runs logged as an app would log them, by the
/// reference hosts (well-behaved apps) and by apps with one fault each.
final class AppLogAuditTests: XCTestCase {
    /// The expectations each test app is checked against: each names one fault.
    static let dragExpect = """
        {"expect": [{"name": "lands", "post": "ev-019", "landsAt": 0, "tolerance": 16, "by": 1.4},
                    {"name": "no pull-back", "noPullBackAfterDrag": true}]}
        """
    static let landingExpect = """
        {"expect": [{"name": "lands under the bar", "post": "ev-019", "landsAt": 0, "tolerance": 16, "by": 11.0},
                    {"name": "stays", "post": "ev-019", "stillFrom": 9.0, "until": 11.9, "tolerance": 16}]}
        """
    static let clampExpect = """
        {"expect": [{"name": "lands", "post": "ev-001", "landsAt": 0, "tolerance": 16, "by": 11.0},
                    {"name": "re-aimed", "count": {"ev": "host", "jumpId": 1, "action": "reaim"}, "min": 1}]}
        """

    func audit(_ scenario: String, _ device: DeviceProfile?, _ host: JumpHost? = nil, expect: String)
        throws -> AppLogAudit.Result {
        let s = try AppLogMaker.scenario(scenario, device: device)
        let (log, _) = AppLogMaker.log(s, host: host)
        return try AppLogAudit.audit(log, path: "\(scenario).log", expectations: try AppLogMaker.expect(expect))
    }

    func failed(_ r: AppLogAudit.Result) -> [String] { r.result.expectations.filter { !$0.passed }.map(\.id) }

    // MARK: Well-behaved apps: the reference hosts' own runs

    func testA2_A3_theReferenceHostsAsAppsPassAndStayWithinAPoint() throws {
        let cases: [(String, DeviceProfile?, String)] = [
            ("ios-drag-stops-corrections", .iphone15, Self.dragExpect),
            ("android-drag-stops-corrections", .pixel8, "[{\"noPullBackAfterDrag\": true}]"),
            ("ios-3g-landing", .iphone15, Self.landingExpect),
            ("ios-clamped-reaim", nil, Self.clampExpect),
            ("android-3g-landing", .pixel8, Self.landingExpect),
        ]
        for (name, device, expect) in cases {
            let r = try audit(name, device, expect: expect)
            XCTAssertNil(r.result.error, name)
            XCTAssertEqual(failed(r), [], name)
            XCTAssertEqual(r.exitCode, .ok, name)
            XCTAssertLessThanOrEqual(r.maxDistance, 1, "\(name): \(r.firstDivergence?.reason ?? "")")
            XCTAssertNil(r.firstDivergence, name)
            XCTAssertGreaterThan(r.framesCompared, 700, name)
        }
    }

    // MARK: Wrong apps: each fails the expectation that names its fault, and the replay says when

    func testA2_A3_anAppThatFollowsCorrectionsAfterADrag() throws {
        let r = try audit("ios-drag-stops-corrections", .iphone15, WrongIOSHost(.followsCorrectionsAfterDrag),
                          expect: Self.dragExpect)
        XCTAssertEqual(failed(r), ["no pull-back"])
        XCTAssertEqual(r.exitCode, .failure)
        let d = try XCTUnwrap(r.firstDivergence)
        // The run's first pull-back is the correction at 4.866 s; the next frame shows it.
        XCTAssertEqual(d.milliseconds, 4883)
        XCTAssertTrue(d.reason.hasPrefix("after the reader's drag at 1.516 s the reference host drops correction"),
                      d.reason)
        XCTAssertTrue(d.reason.contains("at 4.866 s"), d.reason)
        XCTAssertGreaterThan(r.maxDistance, 500)
    }

    func testA2_A3_anAndroidAppWithoutTheDragCounter() throws {
        let s = try AppLogMaker.scenario("android-drag-stops-corrections", device: .pixel8)
        let (log, runner) = AppLogMaker.log(s, host: NoDragCounterAndroidHost(density: DeviceProfile.pixel8.density))
        let pull = try XCTUnwrap(runner.pullBacks().first, "the wrong app pulls back")
        let r = try AppLogAudit.audit(log, expectations: try AppLogMaker.expect("[{\"noPullBackAfterDrag\": true}]"))
        XCTAssertEqual(r.exitCode, .failure)
        let d = try XCTUnwrap(r.firstDivergence)
        XCTAssertGreaterThanOrEqual(d.milliseconds, VirtualClock.milliseconds(pull))
        XCTAssertLessThanOrEqual(d.milliseconds, VirtualClock.milliseconds(pull + 2), "the frame of the pull-back or the next")
        XCTAssertTrue(d.reason.hasPrefix("after the reader's drag at"), d.reason)
        XCTAssertTrue(d.reason.contains("the reference host drops correction"), d.reason)
    }

    func testA2_A3_anAppThatDoesNotSubtractItsBars() throws {
        let r = try audit("ios-3g-landing", .iphone15, WrongIOSHost(.keepsBars), expect: Self.landingExpect)
        XCTAssertEqual(failed(r), ["lands under the bar"])
        let d = try XCTUnwrap(r.firstDivergence)
        // The jump at 0.2 s: its animation's first frames already part.
        XCTAssertLessThanOrEqual(d.milliseconds, 266)
        XCTAssertTrue(d.reason.contains("the reference host scrolls jump 1 to 6835 pt at 0.20 s"), d.reason)
        XCTAssertTrue(d.reason.contains("the app's last host line: scroll to 6867 pt"), d.reason)
        // The bars: 32 pt (the scenario's two rows).
        XCTAssertEqual(r.maxDistance, 32, accuracy: 0.5)
    }

    func testA2_A3_anAppThatDoesNotClamp() throws {
        // No native rows below the web row: the last posts can never reach the bar, the list's
        // end stops them.
        var s = try AppLogMaker.scenario("ios-clamped-reaim")
        s.config.footerRows = 0
        s.config.page.resizeLatency = 30
        let (good, runner) = AppLogMaker.log(s)
        // The reference clamps a correction to the list's end while the row is still short, and
        // re-aims once it has grown: the list's range until then is what the check holds.
        let hosts = runner.records.compactMap { r -> (tick: Int, a: HostAction)? in
            if case let .host(a) = r.event { return (r.tick, a) } else { return nil }
        }
        let clamp = try XCTUnwrap(hosts.first { $0.a.clamped == true })
        let grown = try XCTUnwrap(hosts.first { $0.a.kind == .reaim })
        let until = VirtualClock.stampSeconds(grown.tick) - 0.02
        let expect = try AppLogMaker.expect("""
            [{"name": "in range", "value": "offset", "from": 0, "until": \(until), "within": [-32, \(clamp.a.target!)]}]
            """)
        let ok = try AppLogAudit.audit(good, expectations: expect)
        XCTAssertEqual(ok.exitCode, .ok, ok.result.error ?? "")
        XCTAssertLessThanOrEqual(ok.maxDistance, 1)
        let (bad, _) = AppLogMaker.log(s, host: WrongIOSHost(.noClamp))
        let r = try AppLogAudit.audit(bad, expectations: expect)
        XCTAssertEqual(failed(r), ["in range"])
        let d = try XCTUnwrap(r.firstDivergence)
        // The clamped correction, and the next frame.
        XCTAssertEqual(d.milliseconds, VirtualClock.milliseconds(clamp.tick + 2))
        XCTAssertTrue(d.reason.contains("(clamped to the list's end) at \(JSONWriterShort.seconds(VirtualClock.stampSeconds(clamp.tick))) s"), d.reason)
    }

    func testA2_A3_anAppThatNeverReaims() throws {
        let r = try audit("ios-clamped-reaim", nil, WrongIOSHost(.neverReaims), expect: Self.clampExpect)
        XCTAssertEqual(failed(r), ["lands", "re-aimed"])
        let d = try XCTUnwrap(r.firstDivergence)
        XCTAssertEqual(d.milliseconds, 1783, "the frame after the row grew at 1.766 s")
        XCTAssertTrue(d.reason.contains("the reference host re-aims jump 1 at 11273 pt once the web view is"),
                      d.reason)
    }

    // MARK: Refusals (Q1, Q9 on an app log)

    func testA2_aLogWithNoHookCallRefusesItsExpectations() throws {
        var lines = ["{\"ev\":\"app\",\"t\":100,\"platform\":\"ios\",\"device\":\"iphone-15\"}"]
        for i in 0..<120 { lines.append("{\"t\":\(100 + Double(i) / 60),\"ev\":\"frame\",\"offset\":0}") }
        lines.append("{\"t\":101,\"ev\":\"input\",\"kind\":\"drag-begin\"}")
        let log = lines.joined(separator: "\n")
        for (expect, field) in [("{\"noPullBackAfterDrag\": true}", "noPullBackAfterDrag"),
                                ("{\"post\": \"ev-1\", \"landsAt\": 0, \"by\": 1}", "post"),
                                ("{\"noHost\": {\"jumpId\": 1}, \"after\": 0.5}", "noHost")] {
            let r = try AppLogAudit.audit(log, path: "x.log", expectations: try AppLogMaker.expect("[\(expect)]"))
            XCTAssertEqual(r.exitCode, .dataErr, expect)
            let e = try XCTUnwrap(r.result.error, expect)
            XCTAssertTrue(e.contains("expect[0].\(field)"), e)
            XCTAssertTrue(e.contains("no hook call") || e.contains("no jump") || e.contains("no host line"), e)
        }
        let r = try AppLogAudit.audit(log, path: "x.log",
                                      expectations: try AppLogMaker.expect("[{\"noPullBackAfterDrag\": true}]"))
        XCTAssertTrue(r.result.error?.contains("no hook call") ?? false, r.result.error ?? "")
    }

    /// Q13 in an audit: an expectation's `"xfailIn"` is read against the app's web view, its
    /// platform's engine (iOS: WebKit, Android: Chromium), and refused as `simulate` refuses it.
    func testA2_Q13_xfailInIsReadAgainstTheAppsWebView() throws {
        let expect = """
            [{"post": "ev-019", "landsAt": 500, "tolerance": 1, "by": 11.0,
              "xfail": "a known difference of WebKit's", "xfailIn": ["webkit"]}]
            """
        let ios = try audit("ios-3g-landing", .iphone15, expect: expect)
        XCTAssertEqual(ios.result.expectations.first?.xfail, "a known difference of WebKit's")
        XCTAssertEqual(ios.exitCode, .ok, "an expected failure in the iOS app's WebKit")
        let android = try audit("android-3g-landing", .pixel8, expect: expect)
        XCTAssertNil(android.result.expectations.first?.xfail, "not expected in the Android app's Chromium")
        XCTAssertEqual(android.exitCode, .failure)
        for bad in ["\"xfailIn\": [\"safari\"], \"xfail\": \"x\"", "\"xfailIn\": [\"webkit\"]"] {
            XCTAssertThrowsError(try AppLogMaker.expect("[{\"noPullBackAfterDrag\": true, \(bad)}]"), bad)
        }
    }

    func testA2_whatAnAppLogCannotShowIsRefused() throws {
        let s = try AppLogMaker.scenario("ios-3g-landing", device: .iphone15)
        let (log, _) = AppLogMaker.log(s)
        for (expect, words) in [("{\"holdEnds\": \"timeout\", \"by\": 10.3}", "no hold-end line"),
                                ("{\"value\": \"overscroll\", \"at\": 1, \"equals\": 0}", "no overscroll"),
                                ("{\"count\": {\"ev\": \"nav\"}, \"min\": 1}", "no \"nav\" lines"),
                                ("{\"post\": \"ev-019\", \"landsAt\": 0, \"by\": 13}", "after the log's end"),
                                ("{\"post\": \"ev-020\", \"landsAt\": 0, \"by\": 3}", "no frame of the log names"),
                                ("{\"post\": \"ev-019\", \"landsAt\": 0, \"tolerance\": 100000, \"by\": 3}",
                                 "wider than")] {
            let r = try AppLogAudit.audit(log, path: "x.log", expectations: try AppLogMaker.expect("[\(expect)]"))
            XCTAssertEqual(r.exitCode, .dataErr, expect)
            XCTAssertTrue(r.result.error?.contains(words) ?? false, "\(expect): \(r.result.error ?? "no error")")
        }
        // With the page's hold ends in the log, holdEnds is checked.
        let (withEnds, _) = AppLogMaker.log(s, holdEnds: true)
        let r = try AppLogAudit.audit(withEnds, expectations: try AppLogMaker.expect(
            "[{\"holdEnds\": \"timeout\", \"by\": 10.3}]"))
        XCTAssertEqual(r.exitCode, .ok, r.result.error ?? "")
    }

    func testA2_theReportsAreSimulatesReports() throws {
        let r = try audit("ios-drag-stops-corrections", .iphone15, WrongIOSHost(.followsCorrectionsAfterDrag),
                          expect: Self.dragExpect)
        let junit = ReportFormat.junit.render([r.result])
        XCTAssertTrue(junit.contains("<testcase name=\"no pull-back\""), junit)
        XCTAssertTrue(junit.contains("<failure"), junit)
        let text = ReportFormat.text.render([r.result])
        XCTAssertTrue(text.contains("FAIL  [no pull-back]"), text)
        XCTAssertTrue(text.contains("PASS  [lands]"), text)
    }

    func testA2_metricsAndPlotReadAnAppLogAsATrace() throws {
        let s = try AppLogMaker.scenario("ios-3g-landing", device: .iphone15)
        let (log, runner) = AppLogMaker.log(s)
        let fromLog = try TraceMetrics.compute(AppLogReader.read(log).lines, options: .init(post: "ev-019"))
        let fromTrace = try TraceMetrics.compute(TraceLine.lines(of: runner.records), options: .init(post: "ev-019"))
        // The log has no nav line: the jump counts from the first frame naming the post.
        XCTAssertEqual(fromLog.landed, fromTrace.landed)
        XCTAssertEqual(fromLog.settled, fromTrace.settled)
        XCTAssertEqual(fromLog.corrections, fromTrace.corrections)
        XCTAssertEqual(fromLog.jumpId, 1)
        let svg = SVGPlot.svg(JumpChart(trace: try AppLogReader.read(log).lines, metrics: fromLog))
        XCTAssertTrue(svg.contains("<svg"))
    }

    func testA3_theAuditPlotDrawsBothCurves() throws {
        let s = try AppLogMaker.scenario("ios-3g-landing", device: .iphone15)
        let (log, _) = AppLogMaker.log(s, host: WrongIOSHost(.keepsBars))
        var it = log.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        let (r, a) = try AppLogAudit.run(path: "x.log", expectations: nil, keepSamples: true) { it.next() }
        let svg = try XCTUnwrap(AuditPlot.svg(a, result: r))
        XCTAssertTrue(svg.contains("reference host"), svg)
        XCTAssertTrue(svg.contains("stroke=\"\(SVGPlot.seriesColour)\""), "the app's curve")
        XCTAssertTrue(svg.contains("stroke=\"\(SVGPlot.referenceColour)\" stroke-width=\"2\" stroke-dasharray"),
                      "the reference's curve")
    }
}
