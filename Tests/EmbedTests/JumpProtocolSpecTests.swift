import XCTest
import Foundation
import LiveblogModel
@testable import Embed

/// E3–E13: navigateToEventId, fragments, the hook's signature, its calls and the hold.
/// Header 48 pt (blank, title, rule); every post 48 pt: post i's top is 48 + 48·i.
final class JumpProtocolSpecTests: XCTestCase {

    private func top(_ i: Int) -> Double { 48 + 48 * Double(i) }

    private func page(_ n: Int = 20, hookSource: String? = twoParam, sticky: Double = 0, network: NetworkProfile = .offline,
                      extra: [Int: [Block]] = [:], dir: PNGDir? = nil) -> Page {
        let p = Page(liveblog: liveblog(n, extra: extra, baseDirectory: dir?.path), config: pageConfig(sticky: sticky, network: network),
                     width: pageWidth)
        if let h = hookSource { p.setHook(hook(h)) }
        return p
    }

    /// A post above the target carrying a local image whose load grows the layout by exactly `grow` pt
    /// (placeholder 16 pt → 16 + grow pt at 624 pt wide).
    private func grower(_ dir: PNGDir, _ id: String, grow: Int) -> Block {
        dir.png("\(id).png", width: Int(imageWidth), height: 16 + grow)
        return .media([Media(id: id, url: "\(id).png")])
    }

    // MARK: E3

    /// E3: navigate found calls hook not found moves nothing
    func testE3_navigateFoundCallsHook_notFoundMovesNothing() {
        let p = page()
        p.navigate(to: "p3", topOffset: nil)
        var ev = p.drain()
        XCTAssertEqual(navs(ev).map { "\($0.0) \($0.1)" }, ["p3 found"])
        XCTAssertEqual(hookCalls(ev), [HookCall(jumpId: 1, top: top(3), correction: false, args: 2, threw: false)])
        p.navigate(to: "nope", topOffset: nil)
        ev = p.drain()
        XCTAssertEqual(navs(ev).map { "\($0.0) \($0.1)" }, ["nope not-found"])
        XCTAssertTrue(hookCalls(ev).isEmpty)
        XCTAssertEqual(p.held?.jumpId, 1, "a not-found navigation leaves the held jump alone")
    }

    /// E3: post not loaded is loaded page by page after network delays
    func testE3_postNotLoadedIsLoadedPageByPageAfterNetworkDelays() {
        let p = Page(liveblog: liveblog(20), config: pageConfig(pageSize: 5, network: .threeG), width: pageWidth)
        p.setHook(hook(twoParam))
        p.navigate(to: "p12", topOffset: nil)
        XCTAssertTrue(navs(p.drain()).isEmpty, "no result until the post is loaded")
        let ev = runFrames(p, from: 2, to: 1200)
        let pages = ev.filter { if case .layout(_, "page") = $0.event { return true }; return false }.map(\.tick)
        XCTAssertEqual(pages.count, 2, "two pages (p5–p9, p10–p14) to reach p12")
        XCTAssertGreaterThanOrEqual(pages[0], VirtualClock.ticks(0.3))
        XCTAssertGreaterThanOrEqual(pages[1] - pages[0], VirtualClock.ticks(0.3), "the second page after its own network delay")
        XCTAssertEqual(p.loadedCount, 15)
        let nav = ev.filter { if case .nav("p12", .found, _) = $0.event { return true }; return false }
        XCTAssertEqual(nav.map(\.tick), [pages[1]])
        let calls = ev.filter { if case .hook = $0.event { return true }; return false }
        XCTAssertEqual(calls.first?.tick, pages[1])
        XCTAssertEqual(hookCalls(calls.map(\.event)).first, HookCall(jumpId: 1, top: top(12), correction: false, args: 2, threw: false))
    }

    /// E3: deep link limit boundary past it not found and nothing moves
    func testE3_deepLinkLimitBoundary_pastItNotFoundAndNothingMoves() {
        // p12 with 5 loaded needs 8 posts beyond the loaded ones (p5…p12).
        let past = Page(liveblog: liveblog(20), config: pageConfig(pageSize: 5, deepLinkLimit: 7), width: pageWidth)
        past.setHook(hook(twoParam))
        let h = past.contentHeight
        past.navigate(to: "p12", topOffset: nil)
        var ev = past.drain() + runFrames(past, from: 2, to: 600).map(\.event)
        XCTAssertEqual(navs(ev).map { "\($0.0) \($0.1)" }, ["p12 not-found"])
        XCTAssertTrue(hookCalls(ev).isEmpty)
        XCTAssertNil(past.held)
        XCTAssertEqual(past.loadedCount, 5)
        XCTAssertEqual(past.contentHeight, h)
        XCTAssertTrue(layouts(ev).isEmpty)

        let within = Page(liveblog: liveblog(20), config: pageConfig(pageSize: 5, deepLinkLimit: 8), width: pageWidth)
        within.setHook(hook(twoParam))
        within.navigate(to: "p12", topOffset: nil)
        ev = within.drain() + runFrames(within, from: 2, to: 10).map(\.event)
        XCTAssertEqual(navs(ev).map { "\($0.0) \($0.1)" }, ["p12 found"])
        XCTAssertEqual(hookCalls(ev).map(\.top), [top(12)])
    }

    // MARK: E4

    /// E4: fragment at init jumps
    func testE4_fragmentAtInitJumps() {
        let p = Page(liveblog: liveblog(10), config: pageConfig(url: "https://www.example.com/live#tickaroo_event_id=p3"), width: pageWidth)
        p.setHook(hook(twoParam))
        XCTAssertEqual(p.fragment, "p3")
        p.start()
        let ev = p.drain()
        XCTAssertEqual(navs(ev).map { "\($0.0) \($0.1) \($0.2)" }, ["p3 found fragment"])
        XCTAssertEqual(hookCalls(ev), [HookCall(jumpId: 1, top: top(3), correction: false, args: 2, threw: false)])
    }

    /// E4: fragment change jumps only to findable post and reports nothing else
    func testE4_fragmentChangeJumpsOnlyToFindablePost_andReportsNothingElse() {
        let p = page(10)
        p.setFragment("p2")
        var ev = p.drain()
        XCTAssertEqual(hookCalls(ev).map(\.top), [top(2)])
        // Nothing but the jump itself (the trace's nav line, the hook call and the bridge call the
        // app's shim makes of it): no result, no other event.
        XCTAssertTrue(ev.allSatisfy {
            switch $0 {
            case .hook, .nav, .bridge: return true
            default: return false
            }
        }, "\(ev)")
        p.setFragment("no-such-post")
        ev = p.drain()
        XCTAssertTrue(hookCalls(ev).isEmpty)
        XCTAssertTrue(navs(ev).isEmpty, "an unfindable fragment reports nothing")
        XCTAssertTrue(holdEnds(ev).isEmpty)
        XCTAssertEqual(p.held?.postId, "p2", "the earlier jump is still held")
        // The same fragment again is no change: no new jump.
        p.setFragment("p5"); _ = p.drain()
        p.setFragment("p5")
        XCTAssertTrue(hookCalls(p.drain()).isEmpty)
    }

    // MARK: E5

    /// E5: function length of hook signatures
    func testE5_functionLengthOfHookSignatures() throws {
        let cases: [(String, Int, Int)] = [
            ("function (top, info) {}", 2, 2),
            ("function (top, info = {}) {}", 1, 1),
            ("(top, ...rest) => {}", 1, 1),
            ("function(top) {}", 1, 1),
            ("() => {}", 0, 1),
            ("async function f(a, b, c) {}", 3, 2),
            ("(a, b = [1,2], c) => {}", 1, 1),
            ("(a, b = f(1, 2), c) => {}", 1, 1),
            ("(a, {x, y}, c = 1) => {}", 2, 2),
            ("top => {}", 1, 1),
            ("function (top, info,) {}", 2, 2),
        ]
        for (src, length, arity) in cases {
            let h = try HookSignature(parsing: src)
            XCTAssertEqual(h.functionLength, length, src)
            XCTAssertEqual(h.arity, arity, src)
        }
        XCTAssertThrowsError(try HookSignature(parsing: "not a function"))
    }

    /// E5, F5: arity is decided when the jump starts; a hook replaced mid-hold keeps the hold
    func testE5_F5_arityIsDecidedWhenTheJumpStarts_replacedHookKeepsTheHold() {
        let dir = PNGDir()
        let p = page(10, extra: [0: [grower(dir, "g0", grow: 20)]], dir: dir)
        p.navigate(to: "p3", topOffset: nil)
        XCTAssertEqual(hookCalls(p.drain()).map(\.args), [2])
        // F5: replaced while held by a hook of another arity: the hold goes on, and the new
        // function gets the jump's shape (two arguments), as `args` says.
        p.setHook(hook(oneParam))
        XCTAssertEqual(holdEnds(p.drain()).count, 0)
        p.forceLoad("g0")
        p.frame(tick: 2)
        XCTAssertEqual(hookCalls(p.drain()).map { "\($0.args) \($0.correction)" }, ["2 true"])
        XCTAssertNotNil(p.held)
        p.navigate(to: "p4", topOffset: nil)
        XCTAssertEqual(hookCalls(p.drain()).map(\.args), [1], "the next jump reads the new signature")
    }

    // MARK: E6

    /// E6: top is post top minus top offset default sticky header else zero explicit wins
    func testE6_topIsPostTopMinusTopOffset_defaultStickyHeaderElseZero_explicitWins() {
        let plain = page()
        plain.navigate(to: "p2", topOffset: nil)
        XCTAssertEqual(hookCalls(plain.drain()).map(\.top), [top(2)])
        plain.navigate(to: "p2", topOffset: 30)
        XCTAssertEqual(hookCalls(plain.drain()).map(\.top), [top(2) - 30])

        let sticky = page(sticky: 40)
        XCTAssertEqual(sticky.postTop(id: "p2"), 40 + top(2))
        sticky.navigate(to: "p2", topOffset: nil)
        XCTAssertEqual(hookCalls(sticky.drain()).map(\.top), [top(2)], "default top offset = sticky header height")
        sticky.navigate(to: "p2", topOffset: 10)
        XCTAssertEqual(hookCalls(sticky.drain()).map(\.top), [40 + top(2) - 10])
        sticky.navigate(to: "p2", topOffset: 0)
        XCTAssertEqual(hookCalls(sticky.drain()).map(\.top), [40 + top(2)], "an explicit 0 wins over the header")
    }

    /// E6: self scrolling page top includes scroll position
    func testE6_selfScrollingPage_topIncludesScrollPosition() {
        let p = page()
        p.selfScrolling = true
        p.viewportHeight = 300
        p.scrollY = 100
        p.navigate(to: "p5", topOffset: nil)
        // scroll 100 + rect top (288 − 100) − 0
        XCTAssertEqual(hookCalls(p.drain()).map(\.top), [top(5)])
    }

    // MARK: E7, E8

    /// E7: two parameter hook gets first call even when in place
    func testE7_twoParameterHookGetsFirstCallEvenWhenInPlace() {
        let p = page()
        p.navigate(to: "p0", topOffset: 48)   // the post's top is exactly at the top offset
        XCTAssertEqual(hookCalls(p.drain()), [HookCall(jumpId: 1, top: 0, correction: false, args: 2, threw: false)])
    }

    /// E8: one parameter hook gets one argument jump call skipped within5pt
    func testE8_oneParameterHookGetsOneArgument_jumpCallSkippedWithin5pt() {
        let p = page(hookSource: oneParam)
        p.navigate(to: "p0", topOffset: 48)          // 0 pt away: skipped
        XCTAssertTrue(hookCalls(p.drain()).isEmpty)
        XCTAssertNotNil(p.held, "a skipped call still holds the jump")
        p.navigate(to: "p0", topOffset: 43)          // exactly 5 pt: skipped
        XCTAssertTrue(hookCalls(p.drain()).isEmpty)
        p.navigate(to: "p0", topOffset: 53)          // −5 pt: skipped
        XCTAssertTrue(hookCalls(p.drain()).isEmpty)
        p.navigate(to: "p0", topOffset: 42)          // 6 pt: called, with one argument
        XCTAssertEqual(hookCalls(p.drain()).map { "\($0.top) \($0.args) \($0.correction)" }, ["6.0 1 false"])
        p.navigate(to: "p3", topOffset: nil)
        XCTAssertEqual(hookCalls(p.drain()).map(\.args), [1])
    }

    // MARK: E9

    /// E9: jump id same within ajump increasing across jumps
    func testE9_jumpIdSameWithinAJump_increasingAcrossJumps() {
        let dir = PNGDir()
        let p = page(extra: [0: [grower(dir, "a", grow: 10)], 1: [grower(dir, "b", grow: 10)]], dir: dir)
        p.navigate(to: "p5", topOffset: nil)
        p.forceLoad("a"); p.frame(tick: 2)
        p.navigate(to: "p6", topOffset: nil)
        p.forceLoad("b"); p.frame(tick: 4)
        p.navigate(to: "p7", topOffset: nil)
        let calls = hookCalls(p.drain())
        XCTAssertEqual(calls.map { "\($0.jumpId) \($0.correction)" }, ["1 false", "1 true", "2 false", "2 true", "3 false"])
    }

    // MARK: E10

    /// E10: correction sent when top moves more than5pt none at exactly5
    func testE10_correctionSentWhenTopMovesMoreThan5pt_noneAtExactly5() {
        let dir = PNGDir()
        let p = page(extra: [0: [grower(dir, "g5", grow: 5)], 1: [grower(dir, "g1", grow: 1)],
                             2: [grower(dir, "g6a", grow: 6)], 3: [grower(dir, "g6b", grow: 6)]], dir: dir)
        // Posts 0–3 are 64 pt (image placeholder), so p6's top is 48 + 4·64 + 2·48.
        let t0 = 48.0 + 4 * 64 + 2 * 48
        p.navigate(to: "p6", topOffset: nil)
        XCTAssertEqual(hookCalls(p.drain()).map(\.top), [t0])
        p.forceLoad("g5"); p.frame(tick: 2)
        XCTAssertTrue(hookCalls(p.drain()).isEmpty, "exactly 5 pt: no correction")
        p.forceLoad("g1"); p.frame(tick: 4)
        XCTAssertEqual(hookCalls(p.drain()), [HookCall(jumpId: 1, top: t0 + 6, correction: true, args: 2, threw: false)],
                       "6 pt since the last value sent")
        p.frame(tick: 6)
        XCTAssertTrue(hookCalls(p.drain()).isEmpty)
        // Two changes within one frame: one call, with the latest top.
        p.forceLoad("g6a"); p.forceLoad("g6b"); p.frame(tick: 8)
        XCTAssertEqual(hookCalls(p.drain()), [HookCall(jumpId: 1, top: t0 + 18, correction: true, args: 2, threw: false)])
    }

    /// E10: upward moves are corrected too one parameter hook gets top alone
    func testE10_upwardMovesAreCorrectedToo_oneParameterHookGetsTopAlone() {
        let p = page(10, hookSource: oneParam)
        p.navigate(to: "p9", topOffset: nil)
        _ = p.drain()
        p.insertPostsAtTop(LivePostSource.next(1, for: p))
        p.frame(tick: 2)
        let c = hookCalls(p.drain())
        XCTAssertEqual(c.count, 1)
        XCTAssertEqual(c.first?.args, 1)
        XCTAssertEqual(c.first?.top, top(9) + p.postHeight(index: 0))
    }

    // MARK: E11

    private func heldPage(_ hookSource: String = twoParam, dir: PNGDir) -> Page {
        var extra: [Int: [Block]] = [:]
        for i in 0..<4 { extra[i] = [grower(dir, "g\(i)", grow: 20)] }
        let p = page(hookSource: hookSource, extra: extra, dir: dir)
        p.frame(tick: 0)
        p.navigate(to: "p8", topOffset: nil)
        _ = p.drain()
        return p
    }

    /// After a hold ended: a layout change and ten seconds of frames call nothing.
    private func assertNothingAfter(_ p: Page, from tick: Int, file: StaticString = #filePath, line: UInt = #line) {
        p.forceLoad("g3")
        let ev = runFrames(p, from: tick, to: tick + 1200).map(\.event)
        XCTAssertTrue(hookCalls(ev).isEmpty, "called after the hold ended: \(hookCalls(ev))", file: file, line: line)
        XCTAssertTrue(holdEnds(ev).isEmpty, file: file, line: line)
        XCTAssertNil(p.held, file: file, line: line)
    }

    /// E11: hold ends at timeout10s corrections until then
    func testE11_holdEndsAtTimeout10s_correctionsUntilThen() {
        let dir = PNGDir()
        let p = heldPage(dir: dir)
        p.forceLoad("g0")
        var ev = runFrames(p, from: 2, to: 1198)
        XCTAssertEqual(hookCalls(ev.map(\.event)).map(\.correction), [true])
        p.forceLoad("g1")
        ev = runFrames(p, from: 1198, to: 1198)
        XCTAssertEqual(hookCalls(ev.map(\.event)).count, 1, "a correction 9.98 s after the jump is still sent")
        ev = runFrames(p, from: 1200, to: 1200)
        XCTAssertEqual(holdEnds(ev.map(\.event)).map { "\($0.0) \($0.1.rawValue)" }, ["1 timeout"])
        assertNothingAfter(p, from: 1202)
    }

    /// E11: hold ends at new jump no call for old jump after new first call
    func testE11_holdEndsAtNewJump_noCallForOldJumpAfterNewFirstCall() {
        let dir = PNGDir()
        let p = heldPage(dir: dir)
        p.navigate(to: "p9", topOffset: nil)
        var ev = p.drain()
        XCTAssertEqual(holdEnds(ev).map { "\($0.0) \($0.1.rawValue)" }, ["1 new-jump"])
        XCTAssertEqual(hookCalls(ev).map(\.jumpId), [2])
        p.forceLoad("g0")
        ev = runFrames(p, from: 2, to: 200).map(\.event)
        XCTAssertEqual(hookCalls(ev).map { "\($0.jumpId) \($0.correction)" }, ["2 true"])
    }

    /// E11: hold ends at reader input
    func testE11_holdEndsAtReaderInput() {
        let dir = PNGDir()
        let p = heldPage(dir: dir)
        p.input(.tap(x: 0, y: 0))
        XCTAssertEqual(holdEnds(p.drain()).map { $0.1 }, [.input])
        assertNothingAfter(p, from: 2)
    }

    /// E11: hold ends when liveblog removed
    func testE11_holdEndsWhenLiveblogRemoved() {
        let dir = PNGDir()
        let p = heldPage(dir: dir)
        p.remove()
        XCTAssertEqual(holdEnds(p.drain()).map { $0.1 }, [.removed])
        assertNothingAfter(p, from: 2)
    }

    /// E11: one parameter hook hold ends idle1s after last call
    func testE11_oneParameterHookHoldEndsIdle1sAfterLastCall() {
        let dir = PNGDir()
        let p = heldPage(oneParam, dir: dir)     // jump call at tick 0
        p.forceLoad("g0")
        var ev = runFrames(p, from: 60, to: 60)   // a correction at 0.5 s restarts the idle second
        XCTAssertEqual(hookCalls(ev.map(\.event)).count, 1)
        ev = runFrames(p, from: 62, to: 178)
        XCTAssertTrue(holdEnds(ev.map(\.event)).isEmpty, "still held 1 s after the jump call (0.98 s after the correction)")
        ev = runFrames(p, from: 180, to: 180)
        XCTAssertEqual(holdEnds(ev.map(\.event)).map { $0.1 }, [.idle])
        assertNothingAfter(p, from: 182)
    }

    /// E11: two parameter hook has no idle end
    func testE11_twoParameterHookHasNoIdleEnd() {
        let dir = PNGDir()
        let p = heldPage(dir: dir)
        let ev = runFrames(p, from: 2, to: 600).map(\.event)
        XCTAssertTrue(holdEnds(ev).isEmpty)
        XCTAssertNotNil(p.held)
    }

    /// E11: hold ends when hook removed
    func testE11_holdEndsWhenHookRemoved() {
        let dir = PNGDir()
        let p = heldPage(dir: dir)
        p.setHook(nil)
        XCTAssertEqual(holdEnds(p.drain()).map { $0.1 }, [.hookRemoved])
        assertNothingAfter(p, from: 2)
    }

    // MARK: E12

    /// E12: no hook content sized page does not move
    func testE12_noHookContentSizedPageDoesNotMove() {
        let p = page(hookSource: nil)
        p.navigate(to: "p5", topOffset: nil)
        let ev = p.drain()
        XCTAssertEqual(navs(ev).map(\.1), ["found"])
        XCTAssertTrue(hookCalls(ev).isEmpty)
        XCTAssertEqual(p.scrollY, 0)
        XCTAssertNotNil(p.held)
        XCTAssertNil(p.held?.arity)
    }

    /// E12: no hook self scrolling page scrolls to post and keeps it in place late hook gets new jump
    func testE12_noHookSelfScrollingPageScrollsToPostAndKeepsItInPlace_lateHookGetsNewJump() {
        let dir = PNGDir()
        let p = page(hookSource: nil, extra: [0: [grower(dir, "g0", grow: 100)]], dir: dir)
        p.selfScrolling = true
        p.viewportHeight = 300
        p.navigate(to: "p8", topOffset: nil)
        XCTAssertTrue(hookCalls(p.drain()).isEmpty)
        let t8 = 48.0 + 64 + 7 * 48
        XCTAssertEqual(p.scrollY, t8)
        p.forceLoad("g0")
        p.frame(tick: 2)
        XCTAssertEqual(p.scrollY, t8 + 100, "the page keeps the post in place as a browser does")
        XCTAssertEqual(p.postTop(id: "p8")! - p.scrollY, 0)
        // A hook defined while that jump is held: a new jump with a new jumpId.
        p.setHook(hook(twoParam))
        let ev = p.drain()
        XCTAssertEqual(holdEnds(ev).map { "\($0.0) \($0.1.rawValue)" }, ["1 new-jump"])
        XCTAssertEqual(hookCalls(ev), [HookCall(jumpId: 2, top: t8 + 100, correction: false, args: 2, threw: false)])
    }

    // MARK: E13

    /// E13: throwing hook logs error hold continues corrections still sent
    func testE13_throwingHookLogsErrorHoldContinuesCorrectionsStillSent() {
        let dir = PNGDir()
        let p = heldPage("function (top, info) { throw new Error(\"boom\") }", dir: dir)
        XCTAssertTrue(p.console.contains { $0.hasPrefix("[error]") && $0.contains("boom") }, "\(p.console)")
        XCTAssertNotNil(p.held)
        p.forceLoad("g0")
        p.frame(tick: 2)
        let ev = p.drain()
        XCTAssertEqual(hookCalls(ev).map { "\($0.correction) \($0.threw)" }, ["true true"])
        XCTAssertTrue(ev.contains { if case .console("error", let m) = $0 { return m.contains("boom") }; return false })
        XCTAssertNotNil(p.held)
    }
}

/// E5 edge cases: comments inside the parameter list are not parameters (JavaScript ignores them).
final class HookSignatureCommentTests: XCTestCase {
    /// E5: comments in parameter list do not count
    func testE5_commentsInParameterListDoNotCount() throws {
        XCTAssertEqual(try HookSignature(parsing: "function (top /*, info */) {}").functionLength, 1)
        XCTAssertEqual(try HookSignature(parsing: "function (top /* = 0 */, info) {}").functionLength, 2)
        XCTAssertEqual(try HookSignature(parsing: "function (top, // the y\n info) {}").functionLength, 2)
        XCTAssertEqual(try HookSignature(parsing: "(top, s = \"/*\", info) => {}").functionLength, 1)
    }
}

/// The prefix sums the layout (E1) and B2's O(log n) relayout rest on.
final class HeightIndexPrefixSumTests: XCTestCase {
    /// B2: height index agrees with naive sums through updates inserts and zero heights
    func testB2_heightIndexAgreesWithNaiveSumsThroughUpdatesInsertsAndZeroHeights() {
        var rng = SeededRandom(seed: 99)
        var values = (0..<257).map { _ in Double(rng.int(0, 5) * 16) }
        var idx = HeightIndex(heights: values)
        func check(_ line: UInt = #line) {
            var sum = 0.0
            XCTAssertEqual(idx.count, values.count, line: line)
            for i in 0...values.count {
                XCTAssertEqual(idx.prefix(i), sum, "prefix(\(i))", line: line)
                if i < values.count {
                    if values[i] > 0 {
                        XCTAssertEqual(idx.index(containing: sum), i, "start of \(i)", line: line)
                        XCTAssertEqual(idx.index(containing: sum + values[i] - 0.5), i, "end of \(i)", line: line)
                    }
                    sum += values[i]
                }
            }
            XCTAssertEqual(idx.total, sum, line: line)
            XCTAssertEqual(idx.index(containing: sum + 100), values.count - 1, line: line)
            XCTAssertEqual(idx.index(containing: -5), 0, line: line)
        }
        check()
        for _ in 0..<50 {
            let i = rng.int(0, values.count - 1), h = Double(rng.int(0, 40)) * 8
            values[i] = h; idx.set(i, h)
        }
        check()
        values.insert(contentsOf: [16, 0, 32], at: 0); idx.insert(contentsOf: [16, 0, 32], at: 0)
        values.append(contentsOf: [48, 0]); idx.append(contentsOf: [48, 0])
        check()
        XCTAssertNil(HeightIndex().index(containing: 0))
    }
}
