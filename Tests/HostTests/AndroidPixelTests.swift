import XCTest
import Foundation
import VirtualTime
import ScrollPhysics
@testable import Host

/// F8, F9, D3 on the android host, against tables computed from AndroidX's ScrollbarHelper and
/// LinearLayoutManager and RecyclerView's ViewFlinger (Tests/HostTests/Fixtures,
/// Tests/ScrollPhysicsTests/Fixtures; the code that built them is not in this repository).
final class AndroidPixelTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    func load(_ path: String) -> [[String: Any]] {
        guard let data = try? Data(contentsOf: Self.fixtures.appendingPathComponent(path)),
              let rows = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return rows
    }

    func num(_ c: [String: Any], _ k: String) -> Double { (c[k] as? NSNumber)?.doubleValue ?? .nan }

    /// A phone's list: its viewport (DeviceProfile: screen less the system bars), the 2-row and
    /// 1-row bars, 6 header rows, the web row, 20 footer rows; offsets on the px grid (D3).
    func phoneList(_ device: String, web: Double) -> (ListRig, Double) {
        let d = device == "pixel-8" ? DeviceProfile.pixel8 : DeviceProfile.galaxyS24
        var sv = ScrollView(viewportHeight: d.viewportHeight, insetTop: 32, insetBottom: 16)
        sv.pixelScale = d.density
        return (ListRig(list: NativeList(headerRows: 6, footerRows: 20, webRowHeight: web, scrollView: sv)), d.density)
    }

    /// F9 F8: the estimated range over offsets crossing the first and last row boundaries is
    /// LinearLayoutManager's on the rows' px bounds, on both phones
    func testF9_estimatedRangeAcrossFirstAndLastRowBoundariesInDevicePixels() {
        let cases = load("HostTests/Fixtures/android-scrollbar-estimate.json")
        XCTAssertEqual(cases.count, 4)
        for c in cases {
            let device = c["device"] as? String ?? ""
            let (rig, d) = phoneList(device, web: num(c, "webCss"))
            let layout = AndroidListLayout(rig.list, density: d)
            XCTAssertEqual(layout.height, Int(num(c, "height")), device)
            XCTAssertEqual(layout.paddingTop, Int(num(c, "paddingTop")))
            XCTAssertEqual(layout.paddingBottom, Int(num(c, "paddingBottom")))
            XCTAssertEqual(layout.rowHeights[6], Int(num(c, "webPx")), "AwLayoutSizer's web row")
            XCTAssertEqual(layout.rowHeights[0], Int(num(c, "linePx")))
            for row in (c["rows"] as? [[NSNumber]]) ?? [] {
                let o = row[0].intValue
                rig.sv.offset = Double(o) / d - rig.sv.insetTop
                let r = AndroidScrollRange.of(rig.list, mode: .estimated, density: d)
                XCTAssertEqual(AndroidListLayout(rig.list, density: d).offset, o)
                XCTAssertEqual([r.offset, r.extent, r.range], [row[1].intValue, row[2].intValue, row[3].intValue],
                               "\(device) css \(num(c, "webCss")) offset \(o) px")
            }
        }
    }

    /// The pixel-8 smooth scroll of 2877 px at 120 Hz from frame 0 (android-smooth-scroll.json).
    func pixel8Scroll() -> [String: Any]? {
        load("ScrollPhysicsTests/Fixtures/android-smooth-scroll.json").first {
            $0["device"] as? String == "pixel-8" && num($0, "dy") == 2877 && num($0, "rate") == 120
                && num($0, "startFrame") == 0
        }
    }

    /// F9 H3: the jump's smoothScrollBy moves the list frame by frame as RecyclerView's, and goes IDLE
    /// on the frame it reaches its target; a correction arriving just after is an instant scrollBy
    func testF9_correctionJustAfterTheScrollReachedItsTargetIsAnInstantScrollByOnAPixel8() {
        guard let table = pixel8Scroll() else { return XCTFail("no table") }
        let positions = (table["positions"] as? [NSNumber])?.map(\.intValue) ?? []
        let idle = Int(num(table, "idleFrame"))
        let (rig, d) = phoneList("pixel-8", web: 5000)
        let host = rig.attach(AndroidJumpHost(rangeMode: .exact, density: d))
        // web row top 84 + 6 · 42 = 336 px; top 1000 dp → 2625 px; less the 84 px bar: 2877 px.
        rig.scrollRequest(host, top: 1000, correction: false, jumpId: 1, now: 0)
        XCTAssertEqual(rig.actions.last?.pixels?.scrollBy, 2877)
        XCTAssertEqual(rig.sv.state, .settling)
        var seen: [Int] = []
        for tick in 1...idle {
            rig.sv.step(now: tick)
            if rig.sv.state == .settling, !rig.sv.isAnimating { rig.sv.state = .idle }
            seen.append(Java.round((rig.sv.offset + rig.sv.insetTop) * d))
            if tick < idle { XCTAssertEqual(rig.sv.state, .settling, "tick \(tick)") }
        }
        let sv = rig.sv
        XCTAssertEqual(seen, positions, "px per frame as ViewFlinger's")
        XCTAssertEqual(sv.state, .idle, "IDLE at frame \(idle) (\(AndroidClock.millis(tick: idle)) ms), not at 690 ms")
        XCTAssertLessThan(AndroidClock.millis(tick: idle), Int(num(table, "durationMs")))
        // The next frame (the old code was still SETTLING until 690 ms): the page's correction.
        rig.frame(host, now: idle + 1)
        rig.scrollRequest(host, top: 1010, correction: true, jumpId: 1, now: idle + 1)
        XCTAssertEqual(rig.actions.last?.animated, false, "the sample's scrollTo sees IDLE and scrollBy's it")
        XCTAssertFalse(rig.sv.isAnimating)
        XCTAssertEqual(Java.round((rig.sv.offset + sv.insetTop) * d), 2877 + HostPixels.dpToPxRounded(1010, density: d)
                       - HostPixels.dpToPxRounded(1000, density: d))
    }
}
