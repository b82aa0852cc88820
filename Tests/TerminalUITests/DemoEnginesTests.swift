import Foundation
import XCTest
import LiveblogModel
import Simulation
import TestSupport
@testable import TerminalUI

/// C3, X9: the demo's last step is the two engines side by side (`compare --engines
/// emulated,chromium`); without Chromium its line says it is skipped and why.
final class DemoEnginesTests: XCTestCase {
    func testC3_theDemosStepsEndWithTheEnginesSideBySide() throws {
        let tour = try DemoTourRig(cols: 100, rows: 30, step: 8)
        XCTAssertEqual(DemoTour.count, 9)
        XCTAssertTrue(tour.app.tour?.title.hasPrefix("Demo 9/9 · The two engines side by side") == true,
                      tour.app.tour?.title ?? "")
    }

    /// C9: each pane's captions fit its title row at 80 columns (a pane of 39, its title 37).
    func testC9_theEnginesPanesCaptionsFitAt80Columns() throws {
        let lb = try Fixture.sample()
        for engine in ["emulated", "chromium"] {
            let captions = DemoScript.enginesTour(liveblog: lb, engine: engine).steps.compactMap(\.caption)
            XCTAssertEqual(captions.count, 3)
            for c in captions { XCTAssertLessThanOrEqual(c.count, 37, c) }
        }
    }

    /// C8 in the engines' step (Chromium in real time: nothing to pause): q ends the demo, ← goes
    /// back to the tour, another key says so and the step goes on.
    func testC8_theEnginesStepsKeys() throws {
        let lb = try Fixture.sample()
        func pane() -> App {
            let app = App(world: World(liveblog: lb, config: Fixture.config(cols: 100, rows: 30)))
            app.demo = DemoScript.enginesTour(liveblog: lb, engine: "emulated")
            return app
        }
        let other = pane()
        other.handle(.key(.char(" ")))
        XCTAssertTrue(other.running)
        XCTAssertEqual(other.ui.message?.text, "Chromium runs in real time: no pause here · ← back · q end")
        let back = pane()
        back.handle(.key(.left))
        XCTAssertFalse(back.running)
        XCTAssertTrue(back.backToTour)
        XCTAssertFalse(back.endedByReader)
        let quit = pane()
        quit.handle(.key(.char("q")))
        XCTAssertFalse(quit.running)
        XCTAssertTrue(quit.endedByReader)
        XCTAssertFalse(quit.backToTour)
    }

    /// The step hands the terminal over when the engine starts, and says why it is skipped when not.
    func testC3_theEnginesStepHandsOverOrSaysWhyItIsSkipped() throws {
        let skipped = try DemoTourRig(cols: 100, rows: 30, step: 7,
                                      engines: "no Chromium (apt-get install chromium-headless-shell)")
        skipped.key(.right)
        XCTAssertEqual(skipped.app.tour?.event, "Skipped: no Chromium (apt-get install chromium-headless-shell)")
        XCTAssertTrue(skipped.app.running, "the demo goes on to its end")
        XCTAssertFalse(skipped.app.handsOverToEngines)

        let handing = try DemoTourRig(cols: 100, rows: 30, step: 7, engines: .some(nil))
        handing.run(8)
        XCTAssertTrue(handing.app.running, "Chromium starts behind step 8's end; the step plays on")
        XCTAssertEqual(handing.started, 1)
        handing.run(1.1)
        XCTAssertFalse(handing.app.running)
        XCTAssertTrue(handing.app.handsOverToEngines)
        XCTAssertEqual(handing.started, 1, "started once")
    }
}
