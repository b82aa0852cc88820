@testable import BrowserEngine
@testable import Chromium
import Embed
@testable import EngineProcess
import LiveblogModel
import TestSupport
import XCTest

/// X2, X7, X10 for the page: a browser killed mid-run gives the message and leaves no process;
/// the same stepped session gives the same events on every run; the engine's own events.
final class EngineRunTests: EngineTestCase {
    func testX2_browserKilledMidRunGivesTheMessageAndNoProcess() throws {
        let page = try open(engineFixture(), page: pageConfig(network: .threeG))
        try run(page, seconds: 0.5)
        let pgid = browser.pid
        kill(-pgid, SIGKILL)
        let started = Date()
        XCTAssertThrowsError(try page.frame(tick: page.tick + 2)) { error in
            guard case .engineExited(let doing, _, _)? = error as? EngineError else { return XCTFail("\(error)") }
            XCTAssertEqual(doing, "stepping the page to tick 62 (0.517 s)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "bounded: no hang")
        guard case .engine(.crash(let message))? = page.outbox.last else { return XCTFail("\(page.outbox)") }
        XCTAssertTrue(message.hasPrefix("the browser engine ended (killed by signal 9) while stepping the page"), message)
        XCTAssertThrowsError(try page.navigate(to: "p1", topOffset: nil), "a failed engine stays failed")
        page.close()
        browser.close()
        XCTAssertEqual(EngineProcesses.waitUntilGone(pgid), [])
    }

    func testX2_silentBrowserMidRunGivesTheMessage() throws {
        browser.close()
        var options = LaunchOptions()
        options.commandTimeout = 1
        browser = try Browser.launch(options)
        let page = try open(engineFixture(), page: pageConfig(network: .offline))
        try run(page, seconds: 0.1)
        kill(-browser.pid, SIGSTOP)
        XCTAssertThrowsError(try page.frame(tick: page.tick + 2)) { error in
            XCTAssertTrue("\(error)".hasPrefix("the browser engine did not answer within 1 s while stepping the page "
                                               + "to tick 14 (0.117 s)"), "\(error)")
        }
        kill(-browser.pid, SIGCONT)
    }

    /// A session with everything that has timing: a deep link at load under 3g, pages, late
    /// images and embeds, a tap, a wheel turn, a key, a new jump, live posts, a resize.
    private func session(armedFlush: Bool = true, armed: ((_ answers: Int, _ fallbacks: Int) -> Void)? = nil) throws -> [String] {
        var pc = pageConfig(network: .threeG, pageSize: 12, url: "https://www.example.com/lb.html#tickaroo_event_id=p20")
        pc.deepLinkLimit = 0
        let page = try open(engineFixture(40, declaredEvery: 4), page: pc, armedFlush: armedFlush)
        defer { armed?(page.armedAnswers, page.armedFallbacks) }
        var out: [String] = []
        // Each frame's events, then the posts' boxes the World would read after it.
        func record(_ seconds: Double) throws {
            out += take(page).map { "\(page.tick) \($0)" }
            let end = page.tick + Int((seconds * 120).rounded())
            while page.tick < end {
                try page.frame(tick: page.tick + 2)
                out += take(page).map { "\(page.tick) \($0)" }
                out.append("\(page.tick) geometry \(try page.geometry())")
            }
        }
        try record(2.5)
        try page.tap(x: 50, y: 200)
        try record(0.3)
        try page.navigate(to: "p5", topOffset: 20)
        try record(1)
        try page.wheel(x: 50, y: 200, deltaY: 30)
        try record(0.3)
        try page.navigate(to: "p9", topOffset: nil)
        try page.insertPostsAtTop([Post(id: "live1", createdAt: 1_700_000_100, blocks: [
            .text(RichText(plain: "A live post")), .media([Media(id: "lm", url: "https://img.example.com/live.png")])])])
        try record(1)
        try page.key("a")
        try page.setWidth(360)
        try page.navigate(to: "p30", topOffset: nil)
        try record(2)
        out.append("ids \(try page.postIds().joined(separator: ","))")
        page.close()
        return out
    }

    func testX7_theSameSessionGivesTheSameEventsOnEveryRun() throws {
        var started = Date()
        let first = try session()
        print("X7 session: \(Date().timeIntervalSince(started)) s real time")
        XCTAssertGreaterThan(first.count, 40)
        XCTAssertTrue(first.contains { $0.contains("correction: true") }, "the session has corrections")
        XCTAssertTrue(first.contains { $0.contains("holdEnd") }, "and hold ends")
        XCTAssertEqual(first.filter { $0.contains("note(") }, [], "nothing came late")
        for run in 2...3 {
            started = Date()
            let again = try session()
            print("X7 session: \(Date().timeIntervalSince(started)) s real time")
            if let i = zip(first, again).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                XCTFail("run \(run) differs at event \(i): \(first[i]) | \(again[i])")
            }
            XCTAssertEqual(again.count, first.count, "run \(run)")
        }
    }

    /// B12: the flush armed in the page and asked with the begin frame gives the events, their
    /// frames and the posts' boxes the round trip after the begin frame gives.
    func testB12_theArmedFlushGivesWhatTheRoundTripAfterTheFrameGives() throws {
        var used: [(answers: Int, fallbacks: Int)] = []
        let armed = try session(armedFlush: true) { used.append(($0, $1)) }
        let after = try session(armedFlush: false) { used.append(($0, $1)) }
        XCTAssertEqual(used.count, 2)
        XCTAssertGreaterThan(used.first?.answers ?? 0, 400, "most frames of the armed session answered armed")
        XCTAssertLessThanOrEqual(used.first?.fallbacks ?? 99, 2, "and hardly any fell back")
        XCTAssertEqual(used.last?.answers, 0, "the other session never armed")
        XCTAssertGreaterThan(armed.count, 40)
        if let i = zip(armed, after).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            XCTFail("the armed session differs at event \(i): \(armed[i]) | \(after[i])")
        }
        XCTAssertEqual(armed.count, after.count)
    }

    func testX10_theEnginesOwnEvents() throws {
        let page = try open(page: pageConfig(url: "https://www.example.com/liveblog.html"))
        let load = take(page)
        XCTAssertEqual(load.first, .engine(.start(product: browser.product)))
        XCTAssertTrue(load.contains(.engine(.navigation(url: "https://www.example.com/liveblog.html"))))
        XCTAssertEqual(EngineNotice.start(product: "X/1").traceFields.map(\.0), ["kind", "product"])
    }

    func testX7_aPageInRealTimeNeedsAnEngineThatDrawsItsOwnFrames() throws {
        XCTAssertThrowsError(try open(time: .realTime)) { error in
            XCTAssertTrue("\(error)".contains("without begin-frame control"), "\(error)")
        }
    }

    func testX7_realTimeForTheView() throws {
        // The view's engine runs its own frames: no begin-frame control.
        browser.close()
        var options = LaunchOptions()
        options.deterministic = false
        browser = try Browser.launch(options)
        let page = try open(engineFixture(), page: pageConfig(network: .fast), time: .realTime)
        try page.navigate(to: "p20", topOffset: nil)
        var events = take(page)
        let start = Date()
        var tick = page.tick
        // The view's loop: a frame every 1/60 s of real time, events polled each frame, until a
        // correction came (at most 15 s: a busy machine loads the fast profile's images late).
        while !events.hooks.contains(where: \.correction), Date().timeIntervalSince(start) < 15 {
            usleep(16_667)
            tick += 2
            try page.frame(tick: tick)
            events += take(page)
        }
        XCTAssertEqual(events.hooks.first?.correction, false)
        XCTAssertGreaterThan(events.hooks.filter(\.correction).count, 0, "corrections as images arrive in real time")
    }
}
