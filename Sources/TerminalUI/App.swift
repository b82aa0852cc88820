import Foundation
import LiveblogModel
import Embed
import Simulation
import TerminalKit
import TextCells

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
    /// Work of the front end once a loop turn, after the world advanced (B9: a body streaming in);
    /// true while it wants a frame every 16.7 ms (each frame's share of work stays small).
    public var onChores: ((App) -> Bool)?
    public private(set) var choresWantFrames = false
    /// The terminal's width (the demo narrows the world and widens it back).
    public var screenCols = 80
    private var nextLiveTick: Int?
    /// Where `$LIVEBLOG_PLAYER` is read (W3); tests give their own.
    public var environment = ProcessInfo.processInfo.environment
    /// G6: the terminal's focus.
    var focus = FocusState()
    /// G5: an external link shown in the toolbar, waiting for Enter (open) or y (copy).
    var pendingLink: String?
    /// Writes to the terminal (OSC 52); set by `run(on:)`.
    var terminalWrite: (String) -> Void = { _ in }

    public init(world: World) {
        self.world = world
    }

    // MARK: - World inputs (recorded)

    /// The one way the terminal changes the world: the event is recorded (`--record`, C7) and
    /// sent, as `simulate` sends a scenario's.
    public func send(_ e: Scenario.Event) {
        recorder?.record(world.tick, e)
        world.send(e)
    }

    func jump(_ id: String) {
        send(.jump(id: id, topOffset: nil))
        if !world.page.exists(id) { flash("post \(id) not found") }
    }

    /// Q7: `e` while recording: the latest jump's post, its y now and held from here, into the
    /// recorded scenario's expectations.
    func captureExpectation() {
        guard let id = world.jump?.postId ?? world.page.lastJumpPostId else {
            return flash("e: no jump yet (/ jumps to a post); nothing to expect")
        }
        guard let y = world.postY(id) else { return flash("e: \(id) is not laid out now") }
        recorder?.recordExpectation(world.tick, post: id, y: y)
        flash("recorded: \(id) at y=\(Int(y.rounded())) now, and held from here")
    }

    func flash(_ text: String, seconds: Double = 3) { ui.message = (Sanitizer.clean(text), world.seconds + seconds) }

    /// Sends an input that may hand a link to the app, and says so (E14); video or audio asks
    /// before it opens the player (W3).
    private func sendFlashingExternalLinks(_ e: Scenario.Event) {
        let before = world.externalLinks.count, mediaBefore = world.mediaHandoffs.count
        send(e)
        if world.mediaHandoffs.count > mediaBefore, let url = world.mediaHandoffs.last {
            let command = PlayerCommand(url: url, environment: environment)
            if let refusal = command.refusal { flash(refusal, seconds: 5) } else { ui.overlay = .confirmPlayer(command) }
        } else if world.externalLinks.count > before {
            offerExternalLink(world.externalLinks.last!)
        }
    }

    // MARK: - Input mapping (T2, T3)

    static func keyName(_ k: Key) -> KeyName? {
        switch k {
        case .char(" "): return .space
        case .char(let c): return .char(c)
        case .up: return .up
        case .down: return .down
        case .left: return .left
        case .right: return .right
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        case .home: return .home
        case .end: return .end
        case .enter: return .enter
        case .tab: return .tab
        case .backTab: return .backTab
        case .escape: return .escape
        case .backspace: return .backspace
        default: return nil
        }
    }

    public func handle(_ event: InputEvent) {
        if demo != nil {
            // Any key ends the demo (C3); the mouse too.
            if case .resize(let c, let r) = event {
                screenCols = c
                world.send(.resize(cols: c, rows: r))
                return
            }
            running = false
            return
        }
        switch event {
        case .resize(let c, let r):
            lastResize = DispatchTime.now().uptimeNanoseconds
            screenCols = c
            send(.resize(cols: c, rows: r))
        case .key(let k):
            handleKey(k)
        case .mouse(let m):
            handleMouse(m)
        case .paste(let text):
            handlePaste(text)
        case .focus(let on):
            focusChanged(on)
        }
    }

    private func handleKey(_ k: Key) {
        if case .ctrl("c") = k {
            running = false
            return
        }
        guard let key = App.keyName(k) else { return }
        if handleLinkKey(key) || handleOverlayKey(key) { return }
        switch key {
        case .char("q"): running = false
        case .char("?"): ui.overlay = .help
        case .char("/"): ui.overlay = .prompt(text: "", selected: 0)
        case .char("h"): ui.overlay = .panel(.highlights, selected: 0)
        case .char("c"): ui.overlay = .panel(.chapters, selected: 0)
        case .char("s"): ui.overlay = .panel(.scorers, selected: 0)
        case .char("t"): ui.overlay = ui.overlay == .timeline ? .none : .timeline
        case .char("~"): ui.overlay = ui.overlay == .console ? .none : .console
        case .char("e") where recorder != nil: captureExpectation()
        case .char(let c) where ("1"..."9").contains(c):
            let hl = world.page.liveblog.highlights
            let n = Int(String(c))!
            if n <= hl.count { jump(hl[n - 1].id) } else { flash(hl.count == 1 ? "there is 1 highlight" : "there are \(counted(hl.count, "highlight"))") }
        default:
            if KeyName.worldKeys.contains(key) { sendFlashingExternalLinks(.key(key)) }
        }
    }

    /// A key while an overlay is open; true when the overlay took it.
    private func handleOverlayKey(_ key: KeyName) -> Bool {
        switch ui.overlay {
        case .help:
            ui.overlay = .none
            return true
        case .panel(let kind, let sel):
            handlePanelKey(key, kind, sel)
            return true
        case .prompt(let text, let sel):
            handlePromptKey(key, text, sel)
            return true
        case .console:
            if key == .char("~") || key == .escape { ui.overlay = .none; return true }
        case .timeline:
            if key == .char("t") || key == .escape { ui.overlay = .none; return true }
        case .confirmPlayer(let command):
            ui.overlay = .none
            confirmPlayer(command, yes: key == .char("y") || key == .char("Y"))
            return true
        case .none:
            break
        }
        return false
    }

    /// The highlights, chapters and scorers panels (L7).
    private func handlePanelKey(_ key: KeyName, _ kind: UIState.PanelKind, _ sel: Int) {
        let entries = panelEntries(kind, world.page.liveblog)
        switch key {
        case .escape, .char("q"), .char("h"), .char("c"), .char("s"): ui.overlay = .none
        case .char("j"), .down: ui.overlay = .panel(kind, selected: min(sel + 1, max(0, entries.count - 1)))
        case .char("k"), .up: ui.overlay = .panel(kind, selected: max(0, sel - 1))
        case .enter:
            if sel < entries.count {
                ui.overlay = .none
                jump(entries[sel].id)
            }
        case .char(let c):
            if let d = Int(String(c)), d >= 1, d <= 9, d <= entries.count {
                ui.overlay = .none
                jump(entries[d - 1].id)
            }
        default: break
        }
    }

    /// The `/` prompt: an id with completion (T2).
    private func handlePromptKey(_ key: KeyName, _ text: String, _ sel: Int) {
        let matches = completions(text, world.page.liveblog)
        switch key {
        case .escape: ui.overlay = .none
        case .enter:
            ui.overlay = .none
            let id = sel < matches.count && !matches.isEmpty && !world.page.exists(text) ? matches[sel] : text
            if !id.isEmpty { jump(id) }
        case .tab:
            // Complete to the longest common prefix of the matches.
            if let first = matches.first {
                var prefix = first
                for m in matches.dropFirst() { while !m.hasPrefix(prefix) { prefix.removeLast() } }
                let completed = prefix.count > text.count ? prefix : (matches.count == 1 ? first : text)
                ui.overlay = .prompt(text: completed, selected: 0)
            }
        case .backspace: ui.overlay = .prompt(text: String(text.dropLast()), selected: 0)
        case .down: ui.overlay = .prompt(text: text, selected: min(sel + 1, max(0, matches.count - 1)))
        case .up: ui.overlay = .prompt(text: text, selected: max(0, sel - 1))
        case .char(let c):
            if text.count < App.promptLimit { ui.overlay = .prompt(text: text + String(c), selected: 0) }
        default: break
        }
    }

    private var pointerIsDown = false
    /// When the terminal last changed size: once resizes stop for a moment the whole screen is
    /// painted again, since a terminal resized while we wrote (tmux reflowing a pane) can keep
    /// stale cells ncurses believes current (seen after a storm of resizes: part of the toolbar blank).
    var lastResize: UInt64?

    private func handleMouse(_ m: MouseEvent) {
        let line = world.line, cw = world.config.page.cell.width
        // G4: the exact position where the terminal reports pixels, the cell's centre otherwise.
        // D2: columns from the device column's left edge.
        let left = Double(DeviceFrame.left(world: world, screenCols: screenCols))
        let x = ((m.exactCol ?? Double(m.col) + 0.5) - left) * cw
        let y = (m.exactRow ?? Double(m.row) + 0.5) * line
        switch m.kind {
        case .press(let button):
            // W2: the mouse's back and forward buttons.
            if button == 8 || button == 9, ui.overlay == .none {
                return send(.key(button == 8 ? .backspace : .char("L")))
            }
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
            if case .confirmPlayer(let command) = ui.overlay {
                // A click elsewhere is not a yes (W3).
                ui.overlay = .none
                return confirmPlayer(command, yes: false)
            }
            if pillContains(row: m.row, col: m.col) {
                send(.key(.char("N")))
                return
            }
            pointerIsDown = true
            send(.pointer(phase: .down, x: x, y: y))
        case .drag:
            guard pointerIsDown else { return }
            send(.pointer(phase: .move, x: x, y: y))
        case .release:
            guard pointerIsDown else { return }
            pointerIsDown = false
            sendFlashingExternalLinks(.pointer(phase: .up, x: x, y: y))
        case .wheelUp, .wheelDown:
            send(.wheel(notches: m.kind == .wheelDown ? 1 : -1, row: Double(m.row), col: Double(m.col) - left))
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
                send(.live(1))
                nextLiveTick = t + VirtualClock.ticks(every)
            }
        }
        if var d = demo {
            if !d.step(self) { running = false }
            demo = d
        }
        choresWantFrames = onChores?(self) ?? false
    }
}
