import Foundation
import XCTest
import LiveblogModel
import Simulation
import TerminalKit
@testable import TerminalUI

/// Issue 32, times a reader trusts: local time by the reader's zone with the zone marked, and the
/// day whenever the posts do not all fall on one day of that zone.
final class PostTimesTests: XCTestCase {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let utc = TimeZone(secondsFromGMT: 0)!

    private func unix(_ iso: String) -> Double {
        ISO8601DateFormatter().date(from: iso)!.timeIntervalSince1970
    }

    func testTimes_offsetInTheFeedReadsInTheReadersZoneMarked() {
        let t = unix("2024-01-15T10:38:00+01:00")
        XCTAssertEqual(PostClock(zone: berlin, span: (t, t)).text(t), "10:38 UTC+1")
        XCTAssertEqual(PostClock(zone: utc, span: (t, t)).text(t), "09:38 UTC")
        let summer = unix("2024-05-18T15:23:00Z")
        XCTAssertEqual(PostClock(zone: berlin, span: (summer, summer)).text(summer), "17:23 UTC+2", "daylight saving")
        let kolkata = TimeZone(identifier: "Asia/Kolkata")!
        XCTAssertEqual(PostClock(zone: kolkata, span: (t, t)).text(t), "15:08 UTC+5:30")
        XCTAssertEqual(PostClock(zone: TimeZone(identifier: "America/New_York")!, span: (t, t)).text(t), "04:38 UTC-5")
    }

    func testTimes_daysShowWhenPostsSpanDaysOrCrossMidnight() {
        let first = unix("2024-01-15T10:38:00+01:00"), last = unix("2024-01-24T19:00:00+01:00")
        let nine = PostClock(zone: berlin, span: (first, last))
        XCTAssertTrue(nine.withDate)
        XCTAssertEqual(nine.text(first), "Mon 15 Jan 10:38 UTC+1")
        XCTAssertEqual(nine.text(last), "Wed 24 Jan 19:00 UTC+1")
        // Two hours that cross midnight in Berlin (not in UTC): a day boundary shows the day.
        let late = unix("2024-03-01T23:30:00+01:00"), early = unix("2024-03-02T00:30:00+01:00")
        XCTAssertTrue(PostClock(zone: berlin, span: (late, early)).withDate)
        XCTAssertEqual(PostClock(zone: berlin, span: (late, early)).text(early), "Sat 2 Mar 00:30 UTC+1")
        XCTAssertFalse(PostClock(zone: utc, span: (late, early)).withDate, "one day in UTC")
        XCTAssertFalse(PostClock(zone: berlin, span: (late - 3600, late)).withDate)
        XCTAssertEqual(PostClock(zone: utc, span: (1e300, 1e300)).text(1e300), "00:00 UTC", "far values read as 1970")
        XCTAssertEqual(PostClock(zone: utc, span: (-86400, 0)).text(-86400), "Wed 31 Dec 00:00 UTC")
    }

    /// A nine-day feed in Berlin time at three sizes.
    func testTimes_multiDayFeedGoldenScreens() throws {
        let start = unix("2024-01-15T10:38:00+01:00")
        let posts = (0..<9).reversed().map { d in
            Post(id: "d\(d)", createdAt: start + Double(d) * 86400 + Double(d) * 1900,
                 blocks: [.text(RichText(plain: "Day \(d + 1) of the council's budget hearings."))])
        }
        let lb = Liveblog(id: "council", title: "Council budget hearings", posts: posts)
        for (c, r) in [(80, 24), (200, 60), (40, 12)] {
            let w = World(liveblog: lb, config: Fixture.config(cols: c, rows: r))
            w.advance(to: 0)
            w.advance(to: 60)
            var ui = UIState()
            ui.nativeRows = .source
            ui.timeZone = berlin
            let g = Fixture.draw(w, ui)
            assertGolden("multi-day-\(c)x\(r)", g)
            assertLightGolden("multi-day-\(c)x\(r)", w, ui)
            if r >= 24 { XCTAssertTrue(g.text().contains("Tue 23 Jan 14:51 UTC+1"), g.text()) }
        }
    }
}
