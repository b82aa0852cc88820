import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation
import Embed
import Host

/// F6: `simulate --compare`'s columns, each by its definition (CompareTable.swift).
final class CompareTableTests: XCTestCase {
    func frame(_ tick: Int, _ y: Double?, post: String = "p3") -> TraceRecord {
        TraceRecord(tick: tick, event: .frame(values: Scenario.ValueKind.allCases.map { $0 == .webHeight ? 100 : 0 }, postId: post, postY: y, scrollState: nil))
    }

    /// A hand-made trace: an earlier jump, then the jump to p3 at tick 120; y 300, 100, 10 (the
    /// landing, 0.05 s after the nav line), 20, −25, 0; two corrections (and one that threw),
    /// one drop.
    func testF6_columnsFollowTheirDefinitions() {
        let records: [TraceRecord] = [
            TraceRecord(tick: 0, event: .nav(id: "p9", result: "found", via: "jump")),
            frame(2, 5, post: "p9"),
            TraceRecord(tick: 120, event: .nav(id: "p3", result: "found", via: "jump")),
            TraceRecord(tick: 120, event: .hook(jumpId: 2, top: 500, correction: false, args: 2, threw: false)),
            frame(122, 300), frame(124, 100), frame(126, 10),
            TraceRecord(tick: 127, event: .hook(jumpId: 2, top: 510, correction: true, args: 2, threw: false)),
            TraceRecord(tick: 127, event: .hook(jumpId: 2, top: 511, correction: true, args: 2, threw: true)),
            frame(128, 20),
            TraceRecord(tick: 129, event: .hook(jumpId: 2, top: 520, correction: true, args: 2, threw: false)),
            TraceRecord(tick: 129, event: .host(HostAction(jumpId: 2, kind: .drop))),
            frame(130, -25), frame(132, 0),
        ]
        var row = CompareRow(platform: .android)
        row.measure(records)
        XCTAssertEqual(row.post, "p3")
        XCTAssertEqual(row.landedAfter!, 6.0 / 120, accuracy: 1e-9)
        XCTAssertEqual(row.largestAfterLanding, 25)
        XCTAssertEqual(row.corrections, 2)
        XCTAssertEqual(row.dropped, 1)
        XCTAssertEqual(row.followed, 1)
        XCTAssertEqual(row.finalY, 0)
    }

    /// Never within the tolerance: "never", and no largest |y| after landing.
    func testF6_neverLanded() {
        var row = CompareRow(platform: .ios)
        row.measure([TraceRecord(tick: 0, event: .nav(id: "p3", result: "found", via: "jump")),
                     frame(2, 400), frame(4, 17), frame(6, nil)])
        XCTAssertNil(row.landedAfter)
        XCTAssertNil(row.largestAfterLanding)
        XCTAssertNil(row.finalY)
        XCTAssertTrue(CompareTable.text([row]).contains("never"))
    }

    /// A 3g jump on each platform: one row each, the same post, every platform lands it.
    func testF6_compareTableForA3gJump() {
        var events = [Scenario.TimedEvent(at: 0.2, event: .jump(id: "p25", topOffset: nil))]
        events.append(.init(at: 6, event: .key(KeyName("j")!)))
        let s = Scenario(liveblog: fixture(40), config: config(network: .threeG), duration: 12, events: events,
                         expectations: [.landsAt(post: "p25", y: 0, tolerance: 16, by: 5)], name: "3g")
        let rows = CompareTable.rows(s, platforms: [.ios, .android, .naive])
        XCTAssertEqual(rows.map(\.platform), [.ios, .android, .naive])
        for r in rows {
            XCTAssertEqual(r.post, "p25")
            XCTAssertNotNil(r.landedAfter, "\(r.platform)")
            XCTAssertEqual(r.expectations, 1)
        }
        let text = CompareTable.text(rows)
        XCTAssertEqual(text.split(separator: "\n").count, 4, text)
        XCTAssertTrue(text.hasPrefix("platform  post"))
    }
}
