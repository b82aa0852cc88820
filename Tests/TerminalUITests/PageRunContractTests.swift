import Foundation
import XCTest
import TestSupport

/// The QA contract, round three, on a team's own page served by the test (Q15, Q16, Q18, Q21):
/// one dead page never costs the suite's report, the page's own failed requests fail its scenario
/// unless allowed, the aids agree with the verdict, and messages name the cause.
final class PageRunContractTests: ServedPageTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: dir + "/suite", withIntermediateDirectories: true)
    }

    /// A customer-style page: posts marked `data-event-id`, its own element and jumps, `extra`
    /// markup inside the first post.
    private func page(_ name: String, extra: String = "") throws -> String {
        let html = """
            <!doctype html><html><head><meta name="viewport" content="width=device-width"></head>
            <body style="margin:0"><h1>My own liveblog</h1><my-blog>
            <div class="post" data-event-id="a3" style="min-height:400px">Third \(extra)</div>
            <div class="post" data-event-id="a2" style="height:600px">Second</div>
            <div class="post" data-event-id="a1" style="height:500px">First</div></my-blog>
            <script>
            let nextJump = 1;
            const blog = document.querySelector("my-blog");
            blog.navigateToEventId = function (id) {
              const el = document.querySelector('[data-event-id="' + id + '"]');
              if (!el) return Promise.resolve(false);
              const top = el.getBoundingClientRect().top + window.scrollY;
              window.tickarooLiveblogScrollTo(top, { jumpId: nextJump++, correction: false });
              return Promise.resolve(true);
            };
            const atLoad = /tickaroo_event_id=([^&]+)/.exec(location.hash);
            if (atLoad) blog.navigateToEventId(atLoad[1]);
            addEventListener("hashchange", () => {
              const m = /tickaroo_event_id=([^&]+)/.exec(location.hash); if (m) blog.navigateToEventId(m[1]); });
            </script></body></html>
            """
        try html.write(toFile: dir + "/" + name + ".html", atomically: true, encoding: .utf8)
        return try XCTUnwrap(server).origin + "/files/\(name).html?type=text/html"
    }

    private func scenario(_ file: String, url: String, events: String = #"{"at": 0.5, "jump": "a1"}"#,
                          expect: String = #"{"post": "a1", "landsAt": 0, "tolerance": 16, "by": 2.5}"#,
                          extra: String = "") throws -> String {
        let path = dir + "/" + file
        try (#"{"name": "\#(file)", "pageURL": "\#(url)", "platform": "android", "device": "pixel-8", "duration": 3, "#
             + #""pageElement": "my-blog"\#(extra), "events": [\#(events)], "expect": [\#(expect)]}"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func liveblog(_ args: [String]) throws -> Subprocess.Result {
        Subprocess.output(try Requirement.liveblogBinary(), args, timeout: 120)
    }

    private let selectors = ["--post-selector", ".post", "--post-id-attribute", "data-event-id"]

    /// A port on 127.0.0.1 where nothing listens (bound, then closed).
    private func deadPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &a) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
        }
        return Int(UInt16(bigEndian: a.sin_port))
    }

    // MARK: - Q15

    func testQ15_aSuiteWithADeadAndAHealthyPageWritesEveryReportAndTrace() throws {
        let healthy = try page("healthy")
        _ = try scenario("suite/a-healthy.json", url: healthy)
        _ = try scenario("suite/b-dead.json", url: "http://127.0.0.1:\(deadPort())/gone.html")
        _ = try scenario("suite/c-healthy.json", url: healthy)
        let report = dir + "/report.xml", traces = dir + "/traces"
        let r = try liveblog(["simulate", dir + "/suite", "--report", "junit", "--report-file", report,
                              "--trace-dir", traces, "--jobs", "1"] + selectors)
        XCTAssertEqual(r.code, 65, r.err)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        XCTAssertTrue(xml.contains("<testsuites"), xml)
        XCTAssertEqual(xml.components(separatedBy: "<error ").count, 2, "one error: the dead page's\n\(xml)")
        XCTAssertTrue(xml.contains("ERR_CONNECTION_REFUSED"), xml)
        XCTAssertEqual(xml.components(separatedBy: "<testsuite ").count, 4, "all three scenarios reported")
        for name in ["a-healthy", "c-healthy"] {
            let trace = try String(contentsOfFile: traces + "/\(name).jsonl", encoding: .utf8)
            XCTAssertTrue(trace.contains("{\"t\":3.0,\"ev\":\"frame\""), "\(name)'s trace is whole")
        }
        XCTAssertTrue(r.err.contains("b-dead.json") && r.err.contains("ERR_CONNECTION_REFUSED"), "stderr names it: \(r.err)")
    }

    // MARK: - Q16

    func testQ16_failedAndStalledRequestsOfThePageAreTracedAndFailItsScenarioUnlessAllowed() throws {
        let origin = try XCTUnwrap(server).origin
        let url = try page("failing", extra: "<img src=\"\(origin)/status/404\"><img src=\"http://127.0.0.1:\(deadPort())/x.png\">"
                           + "<img src=\"\(origin)/stall-head?img\">")
        let file = try scenario("failing.json", url: url)
        let trace = dir + "/failing.jsonl"
        let r = try liveblog(["simulate", file, "--trace", trace] + selectors)
        XCTAssertEqual(r.code, 1, r.out + r.err)
        let lines = try String(contentsOfFile: trace, encoding: .utf8)
        XCTAssertTrue(lines.contains("\"ev\":\"resource\",\"url\":\"\(origin)/status/404\",\"status\":404"), lines)
        XCTAssertTrue(lines.contains("\"error\":\"net::ERR_CONNECTION_REFUSED\""), lines)
        XCTAssertTrue(lines.contains("/stall-head?img\",\"error\":\"stalled: no response within"), lines)
        XCTAssertTrue(r.out.contains("FAIL  [page-resources] the page's own requests succeed (Q16): 3 of the page's requests failed"),
                      r.out)
        XCTAssertTrue(r.out.contains("PASS  post a1 lands"), "the jump itself passes: \(r.out)")
        // Allowed by URL parts: the scenario passes and says what it allowed (a page without the
        // stall, which costs its 10 s each run).
        let two = try page("two-failing", extra: "<img src=\"\(origin)/status/404\"><img src=\"http://127.0.0.1:\(deadPort())/x.png\">")
        let allowed = try scenario("allowed.json", url: two, extra: #", "allowResourceFailures": ["/status/404", "/x.png"]"#)
        let ok = try liveblog(["simulate", allowed] + selectors)
        XCTAssertEqual(ok.code, 0, ok.out + ok.err)
        XCTAssertTrue(ok.out.contains("2 failed requests, each allowed by allowResourceFailures"), ok.out)
        let partly = try scenario("partly.json", url: two, extra: #", "allowResourceFailures": ["/x.png"]"#)
        XCTAssertEqual(try liveblog(["simulate", partly] + selectors).code, 1, "one of the two is not allowed")
        // Or counted by the scenario itself.
        let counted = try scenario("counted.json", url: two, expect: #"{"count": {"ev": "resource"}, "min": 2, "max": 2}"#)
        let c = try liveblog(["simulate", counted] + selectors)
        XCTAssertEqual(c.code, 0, c.out + c.err)
        XCTAssertFalse(c.out.contains("page-resources"), c.out)
    }

    func testQ16_Q21_aPageAnswering404FailsSayingSoNotWithARefusal() throws {
        let url = try XCTUnwrap(server).origin + "/status/404"
        let r = try liveblog(["simulate", try scenario("gone.json", url: url)] + selectors)
        XCTAssertEqual(r.code, 1, "a failure, not invalid input: \(r.out + r.err)")
        XCTAssertTrue(r.out.contains("/status/404 (HTTP 404)"), r.out)
        XCTAssertFalse(r.out.contains("tolerance") || r.err.contains("tolerance"), r.out + r.err)
    }

    // MARK: - Q18

    /// The page calls the hook inside navigateToEventId, before its Promise settles: the trace
    /// still tells the nav first; a fragment jump names its post; metrics reads the same jump.
    func testQ18_theNavLinePrecedesItsHookAndMetricsReadsThePageTrace() throws {
        let url = try page("own")
        let file = try scenario("own.json", url: url, events: #"{"at": 0.5, "jump": "a1"}, {"at": 1.5, "fragment": "a2"}"#,
                                expect: #"{"post": "a2", "landsAt": 0, "tolerance": 16, "by": 2.9}"#)
        let trace = dir + "/own.jsonl"
        let r = try liveblog(["simulate", file, "--trace", trace] + selectors)
        XCTAssertEqual(r.code, 0, r.out + r.err)
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        for (id, jump, via) in [("a1", 1, "api"), ("a2", 2, "fragment")] {
            let nav = try XCTUnwrap(lines.firstIndex { $0.contains("\"ev\":\"nav\",\"id\":\"\(id)\",\"result\":\"found\",\"via\":\"\(via)\"") },
                                    lines.joined(separator: "\n"))
            let hook = try XCTUnwrap(lines.firstIndex { $0.contains("\"ev\":\"hook\",\"jumpId\":\(jump),") })
            XCTAssertLessThan(nav, hook, "the nav line of \(id) comes before its hook line")
        }
        let m = try liveblog(["metrics", trace, "--json"])
        XCTAssertEqual(m.code, 0, m.err)
        XCTAssertTrue(m.out.contains("\"post\" : \"a2\"") || m.out.contains("\"post\": \"a2\""), m.out)
        XCTAssertTrue(m.out.contains("\"navResult\" : \"found\"") || m.out.contains("\"navResult\": \"found\""), m.out)
        XCTAssertFalse(m.out.contains("\"timeToLand\" : null") || m.out.contains("\"timeToLand\": null"),
                       "metrics sees the landing the report passed: \(m.out)")
    }

    // MARK: - Q19

    /// A deep link at load on a page of one's own: the scenario's `url` fragment (also when
    /// `--page-url` comes from the command line); the trace names the jump.
    func testQ19_aPageURLDeepLinksAtLoadWithTheScenariosFragment() throws {
        let url = try page("deep")
        let file = try scenario("deep.json", url: url, events: "",
                                expect: #"{"post": "a1", "landsAt": 0, "tolerance": 16, "by": 2}"#,
                                extra: #", "url": "https://www.example.com/live#tickaroo_event_id=a1""#)
        for extra in [[], ["--page-url", url]] {
            let trace = dir + "/deep.jsonl"
            let r = try liveblog(["simulate", file, "--trace", trace] + selectors + extra)
            XCTAssertEqual(r.code, 0, "\(extra): \(r.out + r.err)")
            let lines = try String(contentsOfFile: trace, encoding: .utf8)
            XCTAssertTrue(lines.contains("{\"t\":0.0,\"ev\":\"nav\",\"id\":\"a1\",\"result\":\"found\",\"via\":\"fragment\"}"),
                          lines)
        }
    }

    /// `--compare` runs the scenario's page (here a page of one's own in Chromium) on each platform.
    func testQ19_compareRunsThePageOfOnesOwnOnEachPlatform() throws {
        let url = try page("compared")
        let r = try liveblog(["simulate", try scenario("compared.json", url: url), "--compare", "ios,android"] + selectors)
        XCTAssertEqual(r.code, 0, r.out + r.err)
        let rows = r.out.split(separator: "\n")
        for platform in ["ios", "android"] {
            let row = rows.first { $0.hasPrefix(platform + " ") }
            XCTAssertTrue(row?.contains(" a1 ") == true && row?.contains("1/1 pass") == true, r.out)
        }
        let engines = try liveblog(["simulate", try scenario("e.json", url: url), "--compare-engines"] + selectors)
        XCTAssertEqual(engines.code, 64)
        XCTAssertTrue(engines.err.contains("the emulated page cannot load a page of your own"), engines.err)
    }

    // MARK: - Q20

    /// A page whose server delays each image 0.3–2.5 s: the requests are fetched ahead, in
    /// parallel (the server sees them in flight at once), and released by the profile in virtual
    /// time, so the trace is the one an instant server gives, byte for byte.
    func testQ20_aSlowServersResponsesAreFetchedAheadInParallelAndLandAsAnInstantOnes() throws {
        let image = try XCTUnwrap(FileManager.default.contents(atPath: TestPaths.root + "/Assets/images/pitch.png"))
        _ = FileManager.default.createFile(atPath: dir + "/img.png", contents: image)
        let delays = [0.3, 2.5, 0.8, 1.9, 1.2, 0.5, 2.2, 1.5, 0.9, 1.7]
        func images(slow: Bool) -> String {
            delays.enumerated().map { i, d in
                "<img style=\"display:block;width:100%\" src=\"/files/img.png?type=image/png&n=\(i)&delay=\(slow ? d : 0)\">"
            }.joined()
        }
        var traces: [String] = []
        for slow in [true, false] {
            let url = try page(slow ? "slow" : "instant", extra: images(slow: slow))
            let file = try scenario(slow ? "slow.json" : "instant.json", url: url,
                                    expect: #"{"count": {"ev": "layout", "cause": "image"}, "min": 3}"#,
                                    extra: #", "network": {"profile": "3g", "seed": 3}"#)
            let trace = dir + "/\(slow).jsonl"
            let r = try liveblog(["simulate", file, "--trace", trace] + selectors)
            XCTAssertEqual(r.code, 0, r.out + r.err)
            traces.append(try String(contentsOfFile: trace, encoding: .utf8)
                .replacingOccurrences(of: "/files/slow.html", with: "/files/instant.html")
                .replacingOccurrences(of: #"delay=[0-9.]+"#, with: "delay", options: .regularExpression))
        }
        XCTAssertEqual(traces[0], traces[1], "the same trace whatever the server's delays")
        XCTAssertTrue(traces[0].contains("\"cause\":\"image\""), "the images grew the page")
        let stats = try XCTUnwrap(try JSONSerialization.jsonObject(
            with: try Data(contentsOf: URL(string: try XCTUnwrap(server).origin + "/stats")!)) as? [String: Any])
        XCTAssertGreaterThanOrEqual(stats["max_in_flight"] as? Int ?? 0, 5, "fetched ahead, in parallel: \(stats)")
    }

    /// Recorded once from the server, replayed offline with the server gone: the same trace.
    func testQ20_aPagesResponsesRecordedOnceReplayOfflineToTheSameTrace() throws {
        let image = try XCTUnwrap(FileManager.default.contents(atPath: TestPaths.root + "/Assets/images/pitch.png"))
        _ = FileManager.default.createFile(atPath: dir + "/img.png", contents: image)
        let url = try page("captured", extra: (0..<4).map {
            "<img style=\"display:block;width:100%\" src=\"/files/img.png?type=image/png&delay=0.5&n=\($0)\">"
        }.joined())
        let file = try scenario("captured.json", url: url, expect: #"{"count": {"ev": "layout", "cause": "image"}, "min": 1}"#,
                                extra: #", "network": {"profile": "3g", "seed": 3}"#)
        let capture = dir + "/captured.capture.json"
        let recorded = try liveblog(["simulate", file, "--trace", dir + "/recorded.jsonl", "--page-capture", capture] + selectors)
        XCTAssertEqual(recorded.code, 0, recorded.out + recorded.err)
        let text = try String(contentsOfFile: capture, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("{\"capture\":1"), text.prefix(80).description)
        XCTAssertTrue(text.contains("\"kind\":\"page\""), "every response of the page is kept")
        server?.stop()
        server = nil
        let replayed = try liveblog(["simulate", file, "--trace", dir + "/replayed.jsonl", "--page-capture", capture] + selectors)
        XCTAssertEqual(replayed.code, 0, "offline: \(replayed.out + replayed.err)")
        XCTAssertEqual(try String(contentsOfFile: dir + "/replayed.jsonl", encoding: .utf8),
                       try String(contentsOfFile: dir + "/recorded.jsonl", encoding: .utf8), "the same trace, offline")
    }

    // MARK: - Q21

    func testQ21_aPostSelectorThatMatchesNothingIsNamedWithWhatThePageMarks() throws {
        let url = try page("marks")
        let r = try liveblog(["simulate", try scenario("marks.json", url: url)])
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.out.contains("the post is not laid out"), r.out)
        XCTAssertTrue(r.out.contains("--post-selector (postSelector) [data-post-id] matches nothing on the page once it has loaded: "
                                     + "the page marks elements with [data-event-id] (3 elements)"), r.out)
    }
}
