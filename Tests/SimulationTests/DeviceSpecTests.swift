import XCTest
import LiveblogModel
@testable import Simulation
@testable import Embed
@testable import Host

/// Devices (D1–D5, docs/emulation.md), through the whole World.
final class DeviceSpecTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let sample: Liveblog = try! LiveblogLoader.load(path: root.appendingPathComponent("Assets/liveblogs/sample.json").path)

    /// A world on `device` (nil: none) with its trace kept.
    func world(_ device: DeviceProfile?, platform: Platform? = nil, bridgeDelay: Int? = nil,
               cols: Int = 80, rows: Int = 24, network: NetworkProfile = .instant,
               liveblog: Liveblog = DeviceSpecTests.sample) -> (World, () -> [TraceRecord]) {
        var c = config(platform: platform ?? device?.platform ?? .ios, network: network, cols: cols, rows: rows)
        c.device = device
        c.bridgeDelay = bridgeDelay
        let w = World(liveblog: liveblog, config: c)
        var records: [TraceRecord] = []
        w.sink = { records.append($0) }
        w.advance(to: 30)
        return (w, { records })
    }

    func hooks(_ r: [TraceRecord]) -> [(tick: Int, top: Double)] {
        r.compactMap { if case let .hook(_, top, _, _, _) = $0.event { return ($0.tick, top) } else { return nil } }
    }

    func hosts(_ r: [TraceRecord]) -> [(tick: Int, action: HostAction)] {
        r.compactMap { if case let .host(a) = $0.event { return ($0.tick, a) } else { return nil } }
    }

    // MARK: D1

    func testD1_profilesAreCitedAndNamedAsTheCommandLineNamesThem() {
        XCTAssertEqual(DeviceProfile.names.first, "terminal")
        for d in DeviceProfile.all where !d.isTerminal {
            XCTAssertGreaterThan(d.width, 300, d.name)
            XCTAssertGreaterThan(d.viewportHeight, 500, d.name)
            XCTAssertGreaterThanOrEqual(d.density, 2, d.name)
            XCTAssertFalse(d.source.isEmpty, d.name)
        }
        XCTAssertEqual(Set(DeviceProfile.all.filter { !$0.isTerminal }.map(\.platform)), [.ios, .android])
        XCTAssertEqual(DeviceProfile.named("pixel-8")?.density, 2.625)
        XCTAssertNil(DeviceProfile.named("nokia-3310"))
    }

    func testD1_scenarioDeviceFieldSetsDeviceAndItsPlatformAndRejectsUnknownNames() throws {
        let dir = DeviceSpecTests.root.appendingPathComponent("Assets/scenarios").path
        func parse(_ s: String) throws -> Scenario { try Scenario.parse(try JSONParser.parse(s), file: "t.json", baseDirectory: dir) }
        let s = try parse(#"{"liveblog": "../liveblogs/sample.json", "device": "pixel-8", "bridgeDelay": 3}"#)
        XCTAssertEqual(s.config.device?.name, "pixel-8")
        XCTAssertEqual(s.config.platform, .android, "the device's own platform")
        XCTAssertEqual(s.config.bridgeDelay, 3)
        let named = try parse(#"{"liveblog": "../liveblogs/sample.json", "device": "pixel-8", "platform": "naive"}"#)
        XCTAssertEqual(named.config.platform, .naive, "a named platform wins")
        let back = try ScenarioWriter.roundTrip(s)
        XCTAssertEqual(back.config.device, s.config.device)
        XCTAssertEqual(back.config.bridgeDelay, 3)
        do {
            _ = try parse(#"{"liveblog": "../liveblogs/sample.json", "device": "iphone-16"}"#)
            XCTFail("accepted an unknown device")
        } catch let e as Scenario.Invalid {
            let text = "\(e)"
            XCTAssertTrue(text.contains("device") && text.contains("iphone-16"), text)
            for n in DeviceProfile.names { XCTAssertTrue(text.contains(n), "names \(n): \(text)") }
        }
    }

    func testD1_dKeyCyclesDevicesAndTracesTheSetting() {
        let (w, records) = world(nil)
        w.send(.key(.char("d")))
        XCTAssertEqual(w.config.device?.name, "iphone-se")
        XCTAssertEqual(w.emulatedPage!.width, 375)
        w.send(.key(.char("d")))
        XCTAssertEqual(w.config.device?.name, "iphone-15")
        XCTAssertTrue(records().contains { if case .setting("device", "iphone-15") = $0.event { return true } else { return false } })
    }

    // MARK: D2

    func testD1_D2_sameJumpOnIphoneAndPixelReportsEachWidthsLayoutTop() {
        var tops: [String: Double] = [:]
        for d in [DeviceProfile.iphone15, .pixel8] {
            // Offline: no image loads, so the layout is the page's first at that width.
            let (w, records) = world(d, cols: 200, rows: 60, network: .offline)
            XCTAssertEqual(w.emulatedPage!.width, d.width, "laid out at the device's width, not the terminal's")
            XCTAssertEqual(w.viewportHeight, d.viewportHeight)
            w.send(.jump(id: "ev-019", topOffset: nil))
            w.advance(to: w.tick + 120)
            guard let first = hooks(records()).first else { return XCTFail("no hook call on \(d.name)") }
            // The layout at that width, built on its own.
            var pc = w.config.page
            pc.url = nil
            let alone = Page(liveblog: DeviceSpecTests.sample, config: pc, width: d.width)
            XCTAssertEqual(first.top, alone.postTop(id: "ev-019"), d.name)
            tops[d.name] = first.top
        }
        XCTAssertNotEqual(tops["iphone-15"], tops["pixel-8"])
    }

    func testD2_headlessViewportIsTheDevicesWhateverTheTerminal() {
        let (small, _) = world(.iphone15, cols: 40, rows: 10)
        let (big, _) = world(.iphone15, cols: 200, rows: 60)
        XCTAssertEqual(small.viewportHeight, 852 - 59 - 34)
        XCTAssertEqual(small.scrollView.viewportHeight, big.scrollView.viewportHeight)
        XCTAssertEqual(small.page.contentHeight, big.page.contentHeight)
        XCTAssertEqual(small.viewRows, 48)
        XCTAssertEqual(small.hiddenRows(screenRows: 10), 38)
        small.send(.resize(cols: 100, rows: 30))
        XCTAssertEqual(small.emulatedPage!.width, 393, "a terminal resize does not change the device")
    }

    func testD2_noDeviceKeepsTheTerminalsWidthAndHeight() {
        let (w, _) = world(nil, cols: 100, rows: 30)
        XCTAssertEqual(w.emulatedPage!.width, 800)
        XCTAssertEqual(w.viewportHeight, 480)
        XCTAssertNil(w.emulatedPage!.imageCap)
        XCTAssertNil(w.scrollView.pixelScale)
    }
}
