import Foundation
import XCTest
import LiveblogModel
import Simulation
import TestSupport
@testable import TerminalUI

/// C3, X9: the demo's last step is the two engines side by side (`compare --engines
/// emulated,chromium`); without Chromium its caption says it is skipped and why.
final class DemoEnginesTests: XCTestCase {
    private func sample() throws -> Liveblog { try LiveblogLoader.load(path: Fixture.samplePath) }

    func testC3_theDemosStepsEndWithTheEnginesSideBySideBeforeItsEnd() throws {
        let d = DemoScript(liveblog: try sample())
        let captions = d.steps.compactMap(\.caption)
        XCTAssertEqual(captions.filter { $0.hasPrefix("Demo ") && $0.contains("/9 ·") }.count, 9, "\(captions)")
        XCTAssertTrue(captions.dropLast().last?.hasPrefix("Demo 9/9 · the two engines side by side") == true,
                      "\(captions)")
        XCTAssertEqual(captions.last, "Demo over — press any key")
        XCTAssertFalse(captions.contains { $0.contains("/8 ·") }, "\(captions)")
    }

    /// The step hands the terminal over when the engine starts, and says why it is skipped when not.
    func testC3_theEnginesStepHandsOverOrSaysWhyItIsSkipped() throws {
        let lb = try sample()
        let skipped = App(world: World(liveblog: lb, config: Fixture.config(cols: 100, rows: 30)))
        skipped.enginesTour = { "no Chromium (apt-get install chromium-headless-shell)" }
        skipped.startEnginesTour(step: 9)
        XCTAssertEqual(skipped.ui.caption, "Demo 9/9 · skipped: no Chromium (apt-get install chromium-headless-shell)")
        XCTAssertTrue(skipped.running, "the demo goes on to its end")
        XCTAssertFalse(skipped.handsOverToEngines)

        let handing = App(world: World(liveblog: lb, config: Fixture.config(cols: 100, rows: 30)))
        handing.enginesTour = { nil }
        handing.startEnginesTour(step: 9)
        XCTAssertFalse(handing.running)
        XCTAssertTrue(handing.handsOverToEngines)
    }
}
