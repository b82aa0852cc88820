import XCTest
import LiveblogModel
@testable import Simulation
import Embed
import Host

/// T1, T4, Q8: the toolbar's jump status and the timeline's marks are kept by an observer of the
/// trace (`JumpBook`): the same records give the same status, whoever wrote them.
final class JumpBookTests: XCTestCase {
    private func record(_ tick: Int, _ e: TraceEvent) -> TraceRecord { TraceRecord(tick: tick, event: e) }

    func testT4_theBookReadsAJumpFromItsTraceLines() {
        let w = World(liveblog: fixture(10), config: config(network: .instant))
        var book = JumpBook()
        let lines: [TraceRecord] = [
            record(0, .input(kind: .key, detail: "j")),
            record(2, .hook(jumpId: 1, top: 400, correction: false, args: 2, threw: false)),
            record(2, .host(HostAction(jumpId: 1, kind: .scroll, target: 384, clamped: true))),
            record(6, .frame(values: [], postId: "p", postY: 12, scrollState: nil)),
            record(8, .input(kind: .dragBegin, detail: nil, drag: true)),
            record(10, .hook(jumpId: 1, top: 450, correction: true, args: 2, threw: false)),
            record(10, .host(HostAction(jumpId: 1, kind: .drop))),
            record(12, .host(HostAction(jumpId: 2, kind: .reaim))),
            record(14, .holdEnd(jumpId: 1, reason: .input)),
        ]
        for r in lines { book.observe(r, page: w.page) }
        let s = book.status
        XCTAssertEqual(s?.jumpId, 1)
        XCTAssertEqual(s?.startTick, 2)
        XCTAssertEqual(s?.calls, 2)
        XCTAssertEqual(s?.corrections, 1)
        XCTAssertEqual(s?.drops, 1)
        XCTAssertEqual(s?.lastTop, 450)
        XCTAssertEqual(s?.clamped, true)
        XCTAssertEqual(s?.endedTick, 14)
        XCTAssertEqual(book.marks.map(\.kind), [.jump, .input, .correction, .drop, .holdEnd],
                       "the input before the jump and another jump's re-aim are not this jump's")
        XCTAssertEqual(book.timeline.map(\.tick), [6])
        XCTAssertEqual(book.pullBackRecords.count, 7, "input, hook, host and nav lines; not frames or hold ends")
        book.forgetJump()
        XCTAssertNil(book.status)
        XCTAssertTrue(book.marks.isEmpty)
    }

    /// The World's own book is the one the trace feeds: its status after a jump is what a book
    /// reading the same trace says.
    func testT1_theWorldsStatusIsItsTracesReading() {
        let w = World(liveblog: fixture(40), config: config(network: .instant))
        var book = JumpBook()
        w.sink = { [unowned w] r in book.observe(r, page: w.page) }
        w.advance(to: 30)
        w.send(.jump(id: w.page.liveblog.posts[20].id, topOffset: nil))
        w.advance(to: 600)
        XCTAssertNotNil(w.jumpStatus)
        XCTAssertEqual(book.status, w.jumpStatus)
        XCTAssertEqual(book.marks, w.marks)
        XCTAssertEqual(book.timeline.map(\.tick), w.timeline.map(\.tick))
    }
}
