import Foundation
import XCTest
import LiveblogModel
import Simulation
import TerminalKit
@testable import TerminalUI

/// C11: `liveblog demo` in process, in virtual time, into the off-screen cell grid: the run loop's
/// wall clock is a counter the test moves (a frame = 2 ticks), the keys go through `App.handle`.
/// The tour's settings are `DemoCommand.run`'s (3g, a phone where it fits, images capped).
final class DemoTourRig {
    let app: App
    let cols: Int, rows: Int
    var wall = 0
    /// How often the engines' step asked for Chromium.
    var started = 0

    /// `engines`: what starting Chromium says (nil: it started); unset: this session cannot.
    init(cols: Int, rows: Int, step: Int = 0, loop: Bool = false, engines: String?? = .none) throws {
        (self.cols, self.rows) = (cols, rows)
        var c = WorldConfig()
        (c.cols, c.rows) = (cols, rows)
        c.page.networkProfile = .threeG
        c.device = DemoScript.device(screenCols: cols)
        c.imageCapShare = DemoScript.imageCapShare
        let lb = try Fixture.sample()
        app = App(world: World(liveblog: lb, config: c))
        app.screenCols = cols
        app.renderer.synchronousImages = true
        if let why = engines {
            app.enginesTour = { [unowned self] in
                self.started += 1
                return why
            }
        }
        var t = DemoTour(liveblog: lb, config: c)
        t.loop = loop
        app.play(t, from: step)
    }

    /// `seconds` of the terminal's clock, a frame at a time, as the run loop turns.
    func run(_ seconds: Double) {
        let end = wall + Int((seconds * 120).rounded())
        while wall < end, app.running {
            wall += 2
            app.advance(to: wall)
            _ = app.turn()
        }
    }

    /// Runs until the world's clock (the step's) is at `seconds`.
    func runStep(to seconds: Double) {
        while app.world.seconds < seconds - 1e-9, app.running { run(1.0 / 60) }
    }

    func key(_ k: Key) { app.handle(.key(k)) }

    func grid() -> CellGrid { Fixture.draw(app.world, app.ui, renderer: app.renderer, cols: cols, rows: rows) }
    func lines() -> [String] { grid().text().components(separatedBy: "\n") }
    func text() -> String { grid().text() }
}
