import Foundation
import Simulation
import TerminalKit
import VirtualTime

/// What the terminal's run loop drives: `view`'s App, or `compare`'s panes (issue 25: one loop
/// for both). The client owns its worlds and its drawing; the loop owns the clock.
protocol RunLoopClient: AnyObject {
    var running: Bool { get }
    /// G6: the terminal has focus; without it nothing is drawn and the loop wakes seldom.
    var focused: Bool { get }
    /// Something moves (a pan, an animation, the demo): a frame every 16.7 ms.
    var isMoving: Bool { get }
    /// Something waits (spinners, the indicator's fade, a message, live posts): ten frames a second.
    var isWaiting: Bool { get }
    /// Images being decoded off the drawing path, and a count that moves when one is done.
    var hasPendingImages: Bool { get }
    var imageGeneration: Int { get }
    /// Sizes the worlds to the screen and takes the screen's writes (OSC 52).
    func start(on screen: NcursesScreen)
    /// Advances the worlds to `tick` (before each input, so it arrives at its moment).
    func advance(to tick: Int)
    func handle(_ event: InputEvent)
    /// The loop turn's work after the worlds advanced (chores, messages that expired); true when
    /// the screen changed.
    func turn() -> Bool
    func draw(on screen: Screen)
    /// After the last turn (a recording written).
    func finish() -> SessionEnd
}

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
    /// When the terminal last changed size: 250 ms after the last resize of a storm the whole
    /// screen is painted again, since a terminal resized while we wrote (tmux reflowing a pane) can
    /// keep stale cells ncurses believes current (seen after a storm of resizes: part of the
    /// toolbar blank).
    var lastResize: UInt64?
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
    mutating func settleResize(on screen: NcursesScreen) {
        guard let r = lastResize, DispatchTime.now().uptimeNanoseconds &- r > 250_000_000 else { return }
        lastResize = nil
        screen.repaintAll()
        dirty = true
    }
}

/// The terminal's run loop (T7), for `view`, `demo` and `compare`: sleeps in input while nothing
/// moves; draws at most 60 frames a second while something does (frames paced to 16.7 ms
/// deadlines, not to a fixed sleep after each draw), each frame one doupdate; every input
/// arrives at its wall-clock tick. `LIVEBLOG_FPS_LOG=path` writes each frame's start (s) and
/// cost (ms) to `path`.
enum TerminalRunLoop {
    static func run(_ client: RunLoopClient, on screen: NcursesScreen) -> SessionEnd {
        var loop = RunLoopState(lastImageGeneration: client.imageGeneration)
        defer { loop.close() }
        client.start(on: screen)
        while client.running {
            let timeout = inputTimeout(client, &loop)
            loop.settleResize(on: screen)
            takeInput(client, screen, timeout: timeout, &loop)
            client.advance(to: loop.elapsedTicks())
            if client.turn() { loop.dirty = true }
            let generation = client.imageGeneration
            if generation != loop.lastImageGeneration {
                loop.lastImageGeneration = generation
                loop.dirty = true
            }
            drawIfDue(client, screen, &loop)
        }
        return client.finish()
    }

    /// How long to wait for input (ms, -1 = until some comes): until the next frame is due while
    /// something moves, about ten frames a second while something waits.
    static func inputTimeout(_ client: RunLoopClient, _ loop: inout RunLoopState) -> Int {
        let pendingImages = client.hasPendingImages
        loop.waiting = client.isWaiting || pendingImages || loop.lastResize != nil
        let since = loop.lastDraw.map { loop.nanoseconds() - $0 } ?? .max
        let period = RunLoopState.framePeriod
        if !client.focused {
            // G6: unfocused, nothing is drawn; live posts and loads are looked at once a second.
            return loop.waiting || client.isMoving ? FocusState.unfocusedTimeoutMs : -1
        }
        if loop.dirty || client.isMoving {
            // Wait for input until the next frame is due.
            return since >= period ? 0 : Int((period - since) / 1_000_000)
        } else if loop.waiting {
            // Spinners and the indicator's fade: about ten frames a second; a decode: soon.
            return pendingImages ? 16 : 100
        }
        return -1
    }

    /// One input, then everything already queued (drags arrive in bursts), each at its tick.
    static func takeInput(_ client: RunLoopClient, _ screen: NcursesScreen, timeout: Int,
                          _ loop: inout RunLoopState) {
        guard let first = screen.waitInput(timeoutMs: timeout) else { return }
        let state = loop
        let burst = readBurst(first: first, now: { state.elapsedTicks() }, next: { screen.readInput(timeoutMs: 0) })
        if burst.contains(where: { if case .resize = $0.event { return true } else { return false } }) {
            loop.lastResize = DispatchTime.now().uptimeNanoseconds
        }
        // V1: Ctrl-L, as in less and vim: every cell and every picture drawn again.
        if burst.contains(where: { if case .key(.ctrl("l")) = $0.event { return true } else { return false } }) {
            screen.repaintAll()
        }
        deliver(burst, to: client)
        loop.dirty = true
    }

    /// What was queued together, each input stamped with the tick it was read at, all read before
    /// any is handled: keys that arrived at once (three `j` in one write) are at one moment even
    /// when handling each takes longer than a tick (a real engine's page), so they do not form a
    /// key-repeat stream whose speed carries into inertia (P5). At most 65 a turn.
    static func readBurst(first: InputEvent, now: () -> Int,
                          next: () -> InputEvent?) -> [(tick: Int, event: InputEvent)] {
        var burst = [(tick: now(), event: first)]
        while burst.count <= 64, let e = next() { burst.append((now(), e)) }
        return burst
    }

    /// Each input of a burst at its tick: the worlds advance to it, then it is handled.
    static func deliver(_ burst: [(tick: Int, event: InputEvent)], to client: RunLoopClient) {
        for (tick, event) in burst {
            client.advance(to: tick)
            client.handle(event)
        }
    }

    static func drawIfDue(_ client: RunLoopClient, _ screen: NcursesScreen, _ loop: inout RunLoopState) {
        let start = loop.nanoseconds()
        let sinceDraw = loop.lastDraw.map { start - $0 } ?? .max
        let frameDue = sinceDraw >= RunLoopState.framePeriod - 500_000
        guard client.focused else { return }
        guard ((loop.dirty || client.isMoving) && frameDue) || (loop.waiting && sinceDraw > 90_000_000)
        else { return }
        client.draw(on: screen)
        screen.present()
        if let f = loop.fpsLog {
            // Frame start (s) and the time its draw and doupdate took (ms).
            fputs(String(format: "%.6f %.2f\n", Double(start) / 1e9, Double(loop.nanoseconds() - start) / 1e6), f)
            fflush(f)
        }
        loop.lastDraw = start
        loop.dirty = false
    }
}
