import Foundation
import Simulation
import TerminalKit

/// `view` and `demo` in the terminal's run loop (`TerminalRunLoop`, T7).
extension App: RunLoopClient {
    /// Runs until q; how the session ended (a recording that could not be written is a failure).
    public func run(on screen: NcursesScreen) -> SessionEnd { TerminalRunLoop.run(self, on: screen) }

    var focused: Bool { focus.focused }

    var isMoving: Bool {
        world.pan.isMoving || world.scrollView.isAnimating || demo != nil || choresWantFrames
            || (tour.map { !$0.paused && !$0.finished } ?? false)
            || ui.aids?.fingerFading(at: world.seconds) == true
    }

    /// A real engine's page (X7: `view` runs it in real time) has events to collect whenever it runs.
    var isWaiting: Bool {
        world.isBusy || ui.message != nil || tour?.hintUntil != nil || liveEvery != nil || world.liveFeed != nil || world.page.runsOnItsOwnClock
    }
    var hasPendingImages: Bool { renderer.hasPendingImages }
    var imageGeneration: Int { renderer.imageGeneration }

    func start(on screen: NcursesScreen) {
        screenCols = screen.cols
        terminalWrite = { [unowned screen] in screen.write($0) }
        if var t = tour {
            (t.config.cols, t.config.rows, t.wall) = (screen.cols, screen.rows, 0)
            tour = t
            return goToStep(t.index)
        }
        if world.config.cols != screen.cols || world.config.rows != screen.rows {
            world.send(.resize(cols: screen.cols, rows: screen.rows))
        }
    }

    func advance(to tick: Int) {
        if tour != nil { return advanceTour(toWall: tick) }
        world.advance(to: tick)
        recorder?.noteTime(world.tick)
    }

    /// The chores (live posts, the demo, a streaming body), then a message whose time is up goes.
    func turn() -> Bool {
        // X2: a page whose engine failed ends the session with its message.
        if world.page.failure != nil { running = false }
        chores()
        guard let m = ui.message, m.until <= world.seconds else { return false }
        ui.message = nil
        return true
    }

    func draw(on screen: Screen) { renderer.draw(world, ui, on: screen) }

    func finish() -> SessionEnd {
        let end = finishRecording()
        if let why = world.page.failure { return .pageFailed(why) }
        return end
    }

    /// `--record`: the session as a scenario (C7); a failure when it cannot be written.
    func finishRecording() -> SessionEnd {
        guard let r = recorder else { return .finished }
        do { try r.write(endTick: world.tick) } catch { return .outputFailed("\(error)") }
        return .finished
    }
}
