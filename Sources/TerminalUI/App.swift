import Foundation
import LiveblogModel
import Embed
import Simulation
import TerminalKit

/// The front end: real input and the wall clock in, the world's picture out. It adds no
/// behaviour of its own: every scroll, tap and jump is a world input (and so recordable).
public final class App {
    public private(set) var world: World
    public var ui = UIState()
    public let renderer = Renderer()
    public var recorder: Recorder?
    /// `--live SECONDS`: a live post every so often (L8).
    public var liveEvery: Double?
    public private(set) var running = true
    public var demo: DemoScript?
    /// The terminal's width (the demo narrows the world and widens it back).
    public var screenCols = 80
    private var nextLiveTick: Int?

    public init(world: World) {
        self.world = world
        if let l = liveEvery { nextLiveTick = VirtualClock.ticks(l) }
    }

    // MARK: - World inputs (recorded)

    private func rec(_ e: Scenario.Event) { recorder?.record(world.tick, e) }

    func jump(_ id: String) {
        rec(.jump(id: id, topOffset: nil))
        world.jump(to: id)
        if !world.page.exists(id) { flash("post \(id) not found") }
    }

    func worldKey(_ name: String) {
        rec(.key(name))
        world.key(name)
    }

    func flash(_ text: String, seconds: Double = 3) { ui.message = (Sanitizer.clean(text), world.now + seconds) }

    // MARK: - Input mapping (T2, T3)

    static func keyName(_ k: Key) -> String? {
        switch k {
        case .char(" "): return "space"
        case .char(let c): return String(c)
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .pageUp: return "PageUp"
        case .pageDown: return "PageDown"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "BackTab"
        case .escape: return "Escape"
        case .backspace: return "Backspace"
        default: return nil
        }
    }

    public func handle(_ event: InputEvent) {
        if demo != nil {
            // Any key ends the demo (C3); the mouse too.
            if case .resize(let c, let r) = event { screenCols = c; world.resize(cols: c, rows: r); return }
            running = false
            return
        }
        switch event {
        case .resize(let c, let r):
            lastResize = DispatchTime.now().uptimeNanoseconds
            screenCols = c
            rec(.resize(cols: c, rows: r))
            world.resize(cols: c, rows: r)
        case .key(let k):
            handleKey(k)
        case .mouse(let m):
            handleMouse(m)
        }
    }

    private func handleKey(_ k: Key) {
        if case .ctrl("c") = k { running = false; return }
        guard let name = App.keyName(k) else { return }
        switch ui.overlay {
        case .help:
            ui.overlay = .none
            return
        case .panel(let kind, let sel):
            let entries = panelEntries(kind, world.page.liveblog)
            switch name {
            case "Escape", "q", "h", "c", "s": ui.overlay = .none
            case "j", "Down": ui.overlay = .panel(kind, selected: min(sel + 1, max(0, entries.count - 1)))
            case "k", "Up": ui.overlay = .panel(kind, selected: max(0, sel - 1))
            case "Enter":
                if sel < entries.count { ui.overlay = .none; jump(entries[sel].id) }
            default:
                if let d = Int(name), d >= 1, d <= 9, d <= entries.count { ui.overlay = .none; jump(entries[d - 1].id) }
            }
            return
        case .prompt(let text, let sel):
            let matches = completions(text, world.page.liveblog)
            switch name {
            case "Escape": ui.overlay = .none
            case "Enter":
                ui.overlay = .none
                let id = sel < matches.count && !matches.isEmpty && !world.page.exists(text) ? matches[sel] : text
                if !id.isEmpty { jump(id) }
            case "Tab":
                // Complete to the longest common prefix of the matches.
                if let first = matches.first {
                    var prefix = first
                    for m in matches.dropFirst() { while !m.hasPrefix(prefix) { prefix.removeLast() } }
                    ui.overlay = .prompt(text: prefix.count > text.count ? prefix : (matches.count == 1 ? first : text), selected: 0)
                }
            case "Backspace": ui.overlay = .prompt(text: String(text.dropLast()), selected: 0)
            case "Down": ui.overlay = .prompt(text: text, selected: min(sel + 1, max(0, matches.count - 1)))
            case "Up": ui.overlay = .prompt(text: text, selected: max(0, sel - 1))
            case "space": break
            default:
                if name.count == 1, text.count < 200 { ui.overlay = .prompt(text: text + name, selected: 0) }
            }
            return
        case .console:
            if name == "~" || name == "Escape" { ui.overlay = .none; return }
        case .timeline:
            if name == "t" || name == "Escape" { ui.overlay = .none; return }
        case .none:
            break
        }
        switch name {
        case "q": running = false
        case "?": ui.overlay = .help
        case "/": ui.overlay = .prompt(text: "", selected: 0)
        case "h": ui.overlay = .panel(.highlights, selected: 0)
        case "c": ui.overlay = .panel(.chapters, selected: 0)
        case "s": ui.overlay = .panel(.scorers, selected: 0)
        case "t": ui.overlay = ui.overlay == .timeline ? .none : .timeline
        case "~": ui.overlay = ui.overlay == .console ? .none : .console
        case "1", "2", "3", "4", "5", "6", "7", "8", "9":
            let hl = world.page.liveblog.highlights
            let n = Int(name)!
            if n <= hl.count { jump(hl[n - 1].id) } else { flash("there are \(hl.count) highlights") }
        default:
            if World.worldKeys.contains(name) {
                let before = world.externalLinks.count
                worldKey(name)
                if world.externalLinks.count > before { flash("external link handed to the app: \(world.externalLinks.last!)", seconds: 5) }
            }
        }
    }

    private var pointerIsDown = false
    /// When the terminal last changed size: once resizes stop for a moment the whole screen is
    /// painted again, since a terminal resized while we wrote (tmux reflowing a pane) can keep
    /// stale cells ncurses believes current (seen after a storm of resizes: part of the toolbar blank).
    var lastResize: UInt64?

    private func handleMouse(_ m: MouseEvent) {
        let line = world.line, cw = world.config.page.cell.width
        let x = Double(m.col) * cw + cw / 2, y = Double(m.row) * line + line / 2
        switch m.kind {
        case .press(let button):
            guard button == 1 else { return }
            if case .panel(let kind, let sel) = ui.overlay {
                // A click on a panel entry jumps; anywhere else closes it (the geometry the renderer drew).
                let screenArea = Rect(row: 0, col: 0, width: screenCols, height: world.config.rows)
                let panel = PanelGeometry(kind, world.page.liveblog, selected: sel, in: screenArea)
                ui.overlay = .none
                if let i = panel.entry(atRow: m.row, col: m.col) { jump(panel.entries[i].id) }
                return
            }
            if ui.overlay == .help { ui.overlay = .none }
            pointerIsDown = true
            rec(.pointer(phase: "down", x: x, y: y))
            world.pointerDown(x: x, y: y)
        case .drag:
            guard pointerIsDown else { return }
            rec(.pointer(phase: "move", x: x, y: y))
            world.pointerMove(x: x, y: y)
        case .release:
            guard pointerIsDown else { return }
            pointerIsDown = false
            rec(.pointer(phase: "up", x: x, y: y))
            let before = world.externalLinks.count
            world.pointerUp(x: x, y: y)
            if world.externalLinks.count > before { flash("external link handed to the app: \(world.externalLinks.last!)", seconds: 5) }
        case .wheelUp, .wheelDown:
            let n = m.kind == .wheelDown ? 1 : -1
            rec(.wheel(notches: n, row: Double(m.row), col: Double(m.col)))
            world.wheel(notches: n, x: x, y: y)
        case .move:
            break
        }
    }

    // MARK: - Virtual-time chores

    /// Live posts at the configured rate and the demo script, at world ticks.
    func chores() {
        if let every = liveEvery, every > 0 {
            if nextLiveTick == nil { nextLiveTick = VirtualClock.ticks(every) }
            if let t = nextLiveTick, world.tick >= t {
                rec(.live(1))
                world.addLivePosts(1)
                nextLiveTick = t + VirtualClock.ticks(every)
            }
        }
        if var d = demo {
            if !d.step(self) { running = false }
            demo = d
        }
    }

    // MARK: - The run loop (T7)

    /// Runs until q. Sleeps in input while nothing moves; draws at most 60 frames a second while
    /// something does (frames paced to 16.7 ms deadlines, not to a fixed sleep after each draw), each
    /// frame one doupdate. `LIVEBLOG_FPS_LOG=path` writes each frame's start (s) and cost (ms) to `path`.
    /// Returns the exit code.
    public func run(on screen: NcursesScreen) -> Int32 {
        let clockStart = DispatchTime.now().uptimeNanoseconds
        func nowNs() -> UInt64 { DispatchTime.now().uptimeNanoseconds - clockStart }
        func elapsedTicks() -> Int { Int(nowNs() / 8_333_333) }
        let framePeriod: UInt64 = 16_666_667
        let fpsLog = ProcessInfo.processInfo.environment["LIVEBLOG_FPS_LOG"].flatMap { fopen($0, "w") }
        defer { if let f = fpsLog { fclose(f) } }
        var dirty = true
        var lastImageGen = renderer.imageGeneration
        var lastDraw: UInt64? = nil
        screenCols = screen.cols
        if world.config.cols != screen.cols || world.config.rows != screen.rows {
            world.resize(cols: screen.cols, rows: screen.rows)
        }
        while running {
            let moving = world.pan.isMoving || world.listView.isAnimating || demo != nil
            let pendingImages = renderer.hasPendingImages
            let waiting = world.isBusy || ui.message != nil || liveEvery != nil || pendingImages || lastResize != nil
            let since = lastDraw.map { nowNs() - $0 } ?? .max
            let timeout: Int
            if dirty || moving {
                // Wait for input until the next frame is due.
                timeout = since >= framePeriod ? 0 : Int((framePeriod - since) / 1_000_000)
            } else if waiting {
                // Spinners and the indicator's fade: about ten frames a second; a decode: soon.
                timeout = pendingImages ? 16 : 100
            } else {
                timeout = -1
            }
            if let r = lastResize, DispatchTime.now().uptimeNanoseconds &- r > 250_000_000 {
                lastResize = nil
                screen.repaintAll()
                dirty = true
            }
            if let ev = screen.waitInput(timeoutMs: timeout) {
                world.advance(to: elapsedTicks())
                handle(ev)
                dirty = true
                // Take everything already queued before drawing (drags arrive in bursts).
                var burst = 0
                while burst < 64, let more = screen.readInput(timeoutMs: 0) {
                    world.advance(to: elapsedTicks())
                    handle(more)
                    burst += 1
                }
            }
            world.advance(to: elapsedTicks())
            chores()
            if let m = ui.message, m.until <= world.now { ui.message = nil; dirty = true }
            let gen = renderer.imageGeneration
            if gen != lastImageGen { lastImageGen = gen; dirty = true }
            let now = nowNs()
            let sinceDraw = lastDraw.map { now - $0 } ?? .max
            let frameDue = sinceDraw >= framePeriod - 500_000
            if ((dirty || world.pan.isMoving || world.listView.isAnimating || demo != nil) && frameDue)
                || (waiting && sinceDraw > 90_000_000) {
                renderer.draw(world, ui, on: screen)
                screen.present()
                if let f = fpsLog {
                    // Frame start (s) and the time its draw and doupdate took (ms).
                    fputs(String(format: "%.6f %.2f\n", Double(now) / 1e9, Double(nowNs() - now) / 1e6), f)
                    fflush(f)
                }
                lastDraw = now
                dirty = false
            }
        }
        if let r = recorder {
            do { try r.write(endTick: world.tick) } catch {
                FileHandle.standardError.write("liveblog: error: cannot write the recording to \(r.outputPath)\n".data(using: .utf8)!)
                return 74
            }
        }
        return 0
    }
}
