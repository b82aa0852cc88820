import Foundation
import Simulation
import TerminalKit

extension CompareApp {
    /// Runs until q, as `App.run` does (T7: sleeps in input while nothing moves in any pane, up to
    /// 60 frames a second while something does, one doupdate a frame), with every pane advanced
    /// to the same wall-clock tick before each input and each frame.
    public func run(on screen: NcursesScreen) -> SessionEnd {
        var loop = RunLoopState(lastImageGeneration: imageGeneration)
        defer { loop.close() }
        layout(cols: screen.cols, rows: screen.rows)
        var lastResize: UInt64?
        while running {
            let timeout = inputTimeout(&loop)
            loop.settleResize(&lastResize, on: screen)
            if let ev = screen.waitInput(timeoutMs: timeout) {
                if case .resize = ev { lastResize = DispatchTime.now().uptimeNanoseconds }
                take(ev, &loop)
                var burst = 0
                while burst < 64, let more = screen.readInput(timeoutMs: 0) {
                    take(more, &loop)
                    burst += 1
                }
            }
            advance(to: loop.elapsedTicks())
            expireMessages(&loop)
            drawIfDue(screen, &loop)
        }
        return .finished
    }

    private func take(_ ev: InputEvent, _ loop: inout RunLoopState) {
        advance(to: loop.elapsedTicks())
        handle(ev)
        loop.dirty = true
    }

    private var imageGeneration: Int { panes.reduce(0) { $0 + $1.renderer.imageGeneration } }

    private var isMoving: Bool { panes.contains { $0.world.pan.isMoving || $0.world.listView.isAnimating } }

    private func expireMessages(_ loop: inout RunLoopState) {
        for p in panes {
            if let m = p.ui.message, m.until <= p.world.seconds {
                p.ui.message = nil
                loop.dirty = true
            }
        }
        let generation = imageGeneration
        if generation != loop.lastImageGeneration {
            loop.lastImageGeneration = generation
            loop.dirty = true
        }
    }

    /// Until the next frame while something moves; ten frames a second while something waits
    /// (spinners, a message, images being decoded); else until input comes.
    private func inputTimeout(_ loop: inout RunLoopState) -> Int {
        let pendingImages = panes.contains { $0.renderer.hasPendingImages }
        loop.waiting = panes.contains { $0.world.isBusy || $0.ui.message != nil } || pendingImages
        let since = loop.lastDraw.map { loop.nanoseconds() - $0 } ?? .max
        let period = RunLoopState.framePeriod
        if loop.dirty || isMoving { return since >= period ? 0 : Int((period - since) / 1_000_000) }
        if loop.waiting { return pendingImages ? 16 : 100 }
        return -1
    }

    private func drawIfDue(_ screen: NcursesScreen, _ loop: inout RunLoopState) {
        let start = loop.nanoseconds()
        let sinceDraw = loop.lastDraw.map { start - $0 } ?? .max
        let frameDue = sinceDraw >= RunLoopState.framePeriod - 500_000
        let due = ((loop.dirty || isMoving) && frameDue) || (loop.waiting && sinceDraw > 90_000_000)
        guard due else { return }
        draw(on: screen)
        screen.present()
        loop.lastDraw = start
        loop.dirty = false
    }
}
