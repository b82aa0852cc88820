import Foundation
import Embed
import LiveblogModel
import Simulation
import TerminalKit
import TextCells

/// The run loop's clock and drawing state (T7): the only place that reads the wall clock.
struct RunLoopState {
    let clockStart = DispatchTime.now().uptimeNanoseconds
    /// 60 frames a second.
    static let framePeriod: UInt64 = 16_666_667
    var dirty = true
    var lastImageGeneration: Int
    var lastDraw: UInt64?
    /// Anything that needs a frame now and then (spinners, the indicator's fade, a message).
    var waiting = false
    let fpsLog: UnsafeMutablePointer<FILE>?

    init(lastImageGeneration: Int) {
        self.lastImageGeneration = lastImageGeneration
        fpsLog = ProcessInfo.processInfo.environment["LIVEBLOG_FPS_LOG"].flatMap { fopen($0, "w") }
    }

    func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds - clockStart }
    /// Wall-clock time as world ticks (120 Hz).
    func elapsedTicks() -> Int { Int(nanoseconds() / UInt64(1_000_000_000 / VirtualClock.ticksPerSecond)) }
    func close() { if let f = fpsLog { fclose(f) } }

    /// 250 ms after the last resize of a storm, the whole screen once more (T5): what a resize
    /// left half-drawn is drawn again.
    mutating func settleResize(_ lastResize: inout UInt64?, on screen: NcursesScreen) {
        guard let r = lastResize, DispatchTime.now().uptimeNanoseconds &- r > 250_000_000 else { return }
        lastResize = nil
        screen.repaintAll()
        dirty = true
    }
}

extension App {
    /// Runs until q. Sleeps in input while nothing moves; draws at most 60 frames a second while
    /// something does (frames paced to 16.7 ms deadlines, not to a fixed sleep after each draw), each
    /// frame one doupdate. `LIVEBLOG_FPS_LOG=path` writes each frame's start (s) and cost (ms) to `path`.
    /// Returns how the session ended (a recording that could not be written is a failure).
    public func run(on screen: NcursesScreen) -> SessionEnd {
        var loop = RunLoopState(lastImageGeneration: renderer.imageGeneration)
        defer { loop.close() }
        screenCols = screen.cols
        terminalWrite = { [unowned screen] in screen.write($0) }
        if world.config.cols != screen.cols || world.config.rows != screen.rows {
            world.send(.resize(cols: screen.cols, rows: screen.rows))
        }
        while running {
            let timeout = inputTimeout(&loop)
            loop.settleResize(&lastResize, on: screen)
            takeInput(screen, timeout: timeout, &loop)
            world.advance(to: loop.elapsedTicks())
            chores()
            if let m = ui.message, m.until <= world.seconds {
                ui.message = nil
                loop.dirty = true
            }
            let generation = renderer.imageGeneration
            if generation != loop.lastImageGeneration {
                loop.lastImageGeneration = generation
                loop.dirty = true
            }
            drawIfDue(screen, &loop)
        }
        return finishRecording()
    }

    private var isMoving: Bool {
        world.pan.isMoving || world.listView.isAnimating || demo != nil || choresWantFrames
    }

    /// How long to wait for input (ms, -1 = until some comes): until the next frame is due while
    /// something moves, about ten frames a second while something waits.
    private func inputTimeout(_ loop: inout RunLoopState) -> Int {
        let pendingImages = renderer.hasPendingImages
        loop.waiting = world.isBusy || ui.message != nil || liveEvery != nil || pendingImages || lastResize != nil
            || world.liveFeed != nil
        let since = loop.lastDraw.map { loop.nanoseconds() - $0 } ?? .max
        let period = RunLoopState.framePeriod
        if !focus.focused {
            // G6: unfocused, nothing is drawn; live posts and loads are looked at once a second.
            return loop.waiting || isMoving ? FocusState.unfocusedTimeoutMs : -1
        }
        if loop.dirty || isMoving {
            // Wait for input until the next frame is due.
            return since >= period ? 0 : Int((period - since) / 1_000_000)
        } else if loop.waiting {
            // Spinners and the indicator's fade: about ten frames a second; a decode: soon.
            return pendingImages ? 16 : 100
        }
        return -1
    }

    /// One input, then everything already queued (drags arrive in bursts), each at its tick.
    private func takeInput(_ screen: NcursesScreen, timeout: Int, _ loop: inout RunLoopState) {
        guard let ev = screen.waitInput(timeoutMs: timeout) else { return }
        world.advance(to: loop.elapsedTicks())
        handle(ev)
        loop.dirty = true
        var burst = 0
        while burst < 64, let more = screen.readInput(timeoutMs: 0) {
            world.advance(to: loop.elapsedTicks())
            handle(more)
            burst += 1
        }
    }

    private func drawIfDue(_ screen: NcursesScreen, _ loop: inout RunLoopState) {
        let start = loop.nanoseconds()
        let sinceDraw = loop.lastDraw.map { start - $0 } ?? .max
        let frameDue = sinceDraw >= RunLoopState.framePeriod - 500_000
        guard focus.focused else { return }
        guard ((loop.dirty || isMoving) && frameDue) || (loop.waiting && sinceDraw > 90_000_000) else { return }
        renderer.draw(world, ui, on: screen)
        screen.present()
        if let f = loop.fpsLog {
            // Frame start (s) and the time its draw and doupdate took (ms).
            fputs(String(format: "%.6f %.2f\n", Double(start) / 1e9, Double(loop.nanoseconds() - start) / 1e6), f)
            fflush(f)
        }
        loop.lastDraw = start
        loop.dirty = false
    }

    /// `--record`: the session as a scenario (C7); a failure when it cannot be written.
    func finishRecording() -> SessionEnd {
        guard let r = recorder else { return .finished }
        do { try r.write(endTick: world.tick) } catch { return .outputFailed("\(error)") }
        return .finished
    }
}
