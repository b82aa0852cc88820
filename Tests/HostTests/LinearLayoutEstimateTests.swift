import XCTest
@testable import Host

/// F8: LinearLayoutManager's smooth-scrollbar estimate (AOSP ScrollbarHelper), by hand.
///
/// The list of HostSpecTests: 6 header rows of 16 pt (positions 0–5), a web row of 2000 pt
/// (position 6), 20 footer rows of 16 pt (positions 7–26): 27 items, 2416 pt. The RecyclerView is
/// 384 px tall with padding 32 (top bar) and 16 (bottom bar): startAfterPadding 32,
/// endAfterPadding 368, totalSpace 336. Android offset = our offset + 32; the real maximum is
/// 2416 − 336 = 2080. Row tops in the RecyclerView: 32 + (row's y in the content) − Android offset.
/// Values in Java float, as the helper computes them.
final class LinearLayoutEstimateTests: XCTestCase {

    private func list(offset: Double, web: Double = 2000) -> NativeList {
        let sv = ScrollView(viewportHeight: 384, insetTop: 32, insetBottom: 16)
        var l = NativeList(headerRows: 6, footerRows: 20, webRowHeight: web, scrollView: sv)
        l.scrollView.offset = offset
        return l
    }

    /// F8: first row visible: the offset is exact, the range an estimate from the visible rows
    func testF8_estimate_firstRowVisible_offsetExactRangeEstimated() {
        // Android offset 10: header 0 at 22…38 (visible: 38 > 32), the web row at 118…2118, no
        // footer laid out (the next row would start at 2118 > 384).
        let e = list(offset: -22).linearLayoutEstimate()
        XCTAssertEqual(e.rows.map(\.position), [0, 1, 2, 3, 4, 5, 6])
        XCTAssertEqual(e.firstVisible, LaidOutRow(position: 0, top: 22, bottom: 38))
        XCTAssertEqual(e.lastVisible, LaidOutRow(position: 6, top: 118, bottom: 2118))
        // itemsBefore 0: offset = 0 · avg + (32 − 22) = 10, the real offset.
        XCTAssertEqual(e.verticalScrollOffset, 10)
        // extent = min(336, 2118 − 22 = 2096) = 336.
        XCTAssertEqual(e.verticalScrollExtent, 336)
        // range = (int) (2096 / 7 · 27) = (int) 8084.57 = 8084 (the real one is 2416).
        XCTAssertEqual(e.verticalScrollRange, 8084)
        XCTAssertEqual(e.maxScrollOffset, 7748, "the real maximum is 2080")
    }

    /// F8: neither end visible: offset and range both from the average visible row
    func testF8_estimate_neitherEndVisible_bothFromTheAverageRow() {
        // Android offset 1032: only the web row (−904…1096) meets the RecyclerView.
        let onlyWeb = list(offset: 1000).linearLayoutEstimate()
        XCTAssertEqual(onlyWeb.rows, [LaidOutRow(position: 6, top: -904, bottom: 1096)])
        // avg = 2000 / 1; offset = round(6 · 2000 + (32 + 904)) = 12936; range = 2000 · 27.
        XCTAssertEqual(onlyWeb.verticalScrollOffset, 12936)
        XCTAssertEqual(onlyWeb.verticalScrollExtent, 336)
        XCTAssertEqual(onlyWeb.verticalScrollRange, 54000)

        // Android offset 1932: the web row at −1804…196, footers from 196 every 16 px; the last
        // visible is footer 10 (position 17) at 356…372 (356 < 368); footer 11 (372…388) is laid
        // out under the bottom bar but not visible.
        let e = list(offset: 1900).linearLayoutEstimate()
        XCTAssertEqual(e.rows.last, LaidOutRow(position: 18, top: 372, bottom: 388))
        XCTAssertEqual(e.firstVisible, LaidOutRow(position: 6, top: -1804, bottom: 196))
        XCTAssertEqual(e.lastVisible, LaidOutRow(position: 17, top: 356, bottom: 372))
        // laidOutArea = 372 + 1804 = 2176 over 12 positions: avg 181.33;
        // offset = round(6 · 181.33 + (32 + 1804)) = round(2924.0) = 2924 (real 1932);
        // range = (int) (181.33 · 27) = 4896; extent 336: max 4560 (real 2080).
        XCTAssertEqual(e.verticalScrollOffset, 2924)
        XCTAssertEqual(e.verticalScrollExtent, 336)
        XCTAssertEqual(e.verticalScrollRange, 4896)
        XCTAssertEqual(e.maxScrollOffset - e.verticalScrollOffset, 1636, "room left, estimated; really 148")
    }

    /// F8: last row visible: the room left to the end is exact to within rounding
    func testF8_estimate_lastRowVisible_roomLeftExactWithinRounding() {
        // Android offset 2072: the web row at −1944…56, footer 19 (position 26) at 360…376.
        let e = list(offset: 2040).linearLayoutEstimate()
        XCTAssertEqual(e.firstVisible, LaidOutRow(position: 6, top: -1944, bottom: 56))
        XCTAssertEqual(e.lastVisible, LaidOutRow(position: 26, top: 360, bottom: 376))
        // laidOutArea = 376 + 1944 = 2320 over 21 positions: avg 110.476;
        // offset = round(6 · 110.476 + 32 + 1944) = round(2638.86) = 2639;
        // range = (int) (110.476 · 27) = (int) 2982.86 = 2982; extent 336: max 2646.
        XCTAssertEqual(e.verticalScrollOffset, 2639)
        XCTAssertEqual(e.verticalScrollExtent, 336)
        XCTAssertEqual(e.verticalScrollRange, 2982)
        // Room left: 2646 − 2639 = 7; really 376 − 368 = 8 (round up vs. truncate).
        XCTAssertEqual(e.maxScrollOffset - e.verticalScrollOffset, 7)
        // At the real end (Android 2080): 2647 against a maximum of 2646.
        let end = list(offset: 2048).linearLayoutEstimate()
        XCTAssertEqual(end.lastVisible, LaidOutRow(position: 26, top: 352, bottom: 368))
        XCTAssertEqual(end.verticalScrollOffset, 2647)
        XCTAssertEqual(end.maxScrollOffset, 2646)
    }

    /// F8: every row visible: the estimate is the exact range
    func testF8_estimate_everyRowVisible_isExact() {
        let sv = ScrollView(viewportHeight: 384, insetTop: 32, insetBottom: 16)
        let l = NativeList(headerRows: 2, footerRows: 2, webRowHeight: 100.4, scrollView: sv)
        let e = l.linearLayoutEstimate()
        // 32 + 100 + 32 = 164 px laid out from 32: offset 0, extent 164, range 164.
        XCTAssertEqual(e.verticalScrollOffset, 0)
        XCTAssertEqual(e.verticalScrollExtent, 164)
        XCTAssertEqual(e.verticalScrollRange, 164)
        XCTAssertEqual(e.maxScrollOffset, 0)
        let exact = AndroidScrollRange.of(l, mode: .exact)
        XCTAssertEqual(max(exact.maxOffset, 0), max(e.maxScrollOffset, 0))
    }

    /// F8: ScrollbarHelper returns 0 without a visible child
    func testF8_estimate_noVisibleChild_isZero() {
        // The list scrolled past its content (naive's overscroll): nothing between the bars.
        let e = list(offset: 5000).linearLayoutEstimate()
        XCTAssertNil(e.firstVisible)
        XCTAssertEqual(e.verticalScrollOffset, 0)
        XCTAssertEqual(e.verticalScrollExtent, 0)
        XCTAssertEqual(e.verticalScrollRange, 0)
    }

    /// F8: the range the host reports in each mode
    func testF8_androidScrollRange_exactAndEstimated() {
        let l = list(offset: 1900)
        XCTAssertEqual(AndroidScrollRange.of(l, mode: .exact),
                       AndroidScrollRange(mode: .exact, offset: 1932, extent: 384, range: 2464))
        XCTAssertEqual(AndroidScrollRange.of(l, mode: .exact).maxOffset, 2080)
        XCTAssertEqual(AndroidScrollRange.of(l, mode: .estimated),
                       AndroidScrollRange(mode: .estimated, offset: 2924, extent: 336, range: 4896))
        XCTAssertEqual(AndroidRangeMode.default, .estimated)
    }

    /// F8: how far off the estimate is for the bundled sample at 80x24 (the note's numbers)
    func testF8_estimate_bundledSampleAt80x24() {
        // sample.json at 80 columns, every image loaded: a web row of 12346 pt between 6 header and
        // 20 footer rows: 12762 pt, an exact maximum of 12762 − 336 = 12426 (UIKit 12394).
        func at(_ y: Double) -> (offset: Int, max: Int) {
            let e = list(offset: y, web: 12346).linearLayoutEstimate()
            return (e.verticalScrollOffset, e.maxScrollOffset)
        }
        // The top: header row 0 visible, the offset exact, the maximum 35228 pt too far.
        XCTAssertTrue(at(-32) == (0, 47654))
        // Header row 0 under the top bar (UIKit 0, Android 32): already 4932 pt off.
        XCTAssertTrue(at(0) == (4964, 66678))
        // Only the web row visible (Android 5032): avg = 12346, offset 6 · 12346 + …
        XCTAssertTrue(at(5000) == (79012, 333006))
        // 40 pt before the end, footers 0–17 visible: 1337 pt of room estimated for 40.
        XCTAssertTrue(at(12354) == (16280, 17617))
        // At the end: the room left is exact (−1 by rounding), the offset 3523 pt off.
        XCTAssertTrue(at(12394) == (15949, 15948))
    }
}
