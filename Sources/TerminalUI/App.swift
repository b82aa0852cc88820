import Foundation
import LiveblogModel
import Embed
import Simulation
import TerminalKit
import TextCells

/// The front end: real input and the wall clock in, the world's picture out. It adds no
/// behaviour of its own: every scroll, tap and jump is a world input (and so recordable).
public final class App {
    public internal(set) var world: World
    public var ui = UIState()
    public let renderer = Renderer()
    public var recorder: Recorder?
    /// `--live SECONDS`: a live post every so often (L8).
    public var liveEvery: Double?
    public internal(set) var running = true
    public var demo: DemoScript?
    /// `liveblog demo`'s tour (C8–C11): its steps, its clock, its keys.
    public internal(set) var tour: DemoTour?
    /// The reader ended the session (q, Ctrl-C): `demo --loop` does not start again.
    public internal(set) var endedByReader = false
    /// `←` in the engines' step: the tour goes on from the step before it (C8).
    public internal(set) var backToTour = false
    /// The demo's engines step (X9): starts the engines' compare; nil when it will follow (this
    /// session then ends with `handsOverToEngines`), else why it cannot.
    public var enginesTour: (() -> String?)?
    public internal(set) var handsOverToEngines = false
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
    /// A left button went down in the list: its drag and release are pointer inputs.
    var pointerIsDown = false
    /// V2: the lab's keys without their prefix (`--lab`; `compare` sets it). `--explain` and the
    /// demo have them too (`labKeys`).
    public var lab: Bool {
        get { ui.lab }
        set { ui.lab = newValue }
    }
    /// V2: `x` was pressed: the next key is a lab key.
    var labPrefixPending = false
    /// The lab's keys are bound without the prefix: `--lab`, `--explain` (the aids), the demo.
    var labKeys: Bool { lab || ui.aids != nil || demo != nil }

    public init(world: World) {
        self.world = world
    }

    /// The demo's step starts on a fresh world (C11); what the renderer kept of the last goes.
    func replaceWorld(_ w: World) {
        world = w
        ui.overlay = nil
        ui.search = nil
    }

    // MARK: - World inputs (recorded)

    /// The one way the terminal changes the world: the event is recorded (`--record`, C7) and
    /// sent, as `simulate` sends a scenario's.
    @discardableResult
    public func send(_ e: Scenario.Event) -> [Handoff] {
        recorder?.record(world.tick, e)
        let handoffs = world.send(e)
        if ui.aids != nil { noteFinger(e) }
        return handoffs
    }

    /// Issue 32: the demo's aids show the finger of a pointer input (a press, its moves, its lift).
    private func noteFinger(_ e: Scenario.Event) {
        guard case let .pointer(phase, x, y) = e else { return }
        switch phase {
        case .down: ui.aids?.press(x: x, y: y)
        case .move: ui.aids?.move(x: x, y: y)
        case .up: ui.aids?.lift(x: x, y: y, at: world.seconds)
        }
    }

    /// Issue 32: the y(t) strip's sample of this loop turn: the jump target's y while the jump
    /// holds or animates, else the scroll offset (the list's and the web view's own).
    func sampleStrip() {
        guard ui.aids != nil else { return }
        if tour != nil { ui.aids?.setMap(pageMap()) }
        if let j = world.jumpStatus, let id = j.postId, let y = world.postY(id),
           world.page.held?.jumpId == j.jumpId || world.scrollView.isAnimating {
            ui.aids?.sample(.target(id), y, at: world.seconds)
        } else {
            ui.aids?.sample(.offset, world.value(.offset) + world.value(.webOffset), at: world.seconds)
        }
    }

    func jump(_ id: String) {
        send(.jump(id: id, topOffset: nil))
        if !world.page.exists(id) { flash("post \(id) not found") }
    }

    /// Q7: `e` while recording: the latest jump's post, its y now and held from here, into the
    /// recorded scenario's expectations.
    func captureExpectation() {
        guard let id = world.jumpStatus?.postId ?? world.page.lastJumpPostId else {
            return flash("e: no jump yet (/ jumps to a post); nothing to expect")
        }
        guard let y = world.postY(id) else { return flash("e: \(id) is not laid out now") }
        recorder?.recordExpectation(world.tick, post: id, y: y)
        flash("recorded: \(id) at y=\(Int(y.rounded())) now, and held from here")
    }

    func flash(_ text: String, seconds: Double = 3) { ui.message = (Sanitizer.clean(text), world.seconds + seconds) }

    /// Sends an input that may hand a link to the app, and says so (E14); video or audio asks
    /// before it opens the player (W3).
    func sendFlashingExternalLinks(_ e: Scenario.Event) {
        let handoffs = send(e)
        if let url = handoffs.lazy.compactMap({ if case .media(let u) = $0 { u } else { nil } }).last {
            let command = PlayerCommand(url: url, environment: environment)
            if let refusal = command.refusal {
                flash(refusal, seconds: 5)
            } else {
                ui.overlay = PlayerConfirmation(command: command)
            }
        } else if let url = handoffs.lazy.compactMap({ if case .link(let u) = $0 { u } else { nil } }).last {
            offerExternalLink(url)
        }
    }

    // MARK: - Input (T2, T3)

    public func handle(_ event: InputEvent) {
        if tour != nil {
            // C8: the tour's own keys; the mouse and a paste are ignored (focus is the terminal's, G6).
            switch event {
            case .resize(let c, let r):
                screenCols = c
                tour?.config.cols = c
                tour?.config.rows = r
                world.send(.resize(cols: c, rows: r))
            case .key(let k): tourKey(k)
            case .focus(let on): focusChanged(on)
            case .mouse, .paste: break
            }
            return
        }
        if demo != nil {
            // The engines' step (C3, C8): q ends it, ← goes back to the tour; other keys say so.
            switch event {
            case .resize(let c, let r):
                screenCols = c
                world.send(.resize(cols: c, rows: r))
            case .key(let k): enginesStepKey(k)
            case .focus(let on): focusChanged(on)
            case .mouse, .paste: break
            }
            return
        }
        switch event {
        case .resize(let c, let r):
            screenCols = c
            send(.resize(cols: c, rows: r))
        case .key(let k):
            handleKey(k)
        case .mouse(let m):
            handleMouse(m)
        case .paste(let text):
            // A bracketed paste (issue 15) is text for the open overlay (the `/` prompt); anywhere
            // else it is ignored, so pasted text never acts as keystrokes.
            if var o = ui.overlay { overlayDid(o.paste(text), o) }
        case .focus(let on):
            focusChanged(on)
        }
    }

    /// A key: the offered link's (G5), then the open overlay's, then the key map's (T2): the
    /// World's keys are world inputs, the app's are carried out here.
    private func handleKey(_ k: Key) {
        if case .ctrl("c") = k {
            running = false
            return
        }
        guard let key = KeyName(terminal: k) else { return }
        if handleLinkKey(key) { return }
        if var o = ui.overlay, overlayDid(o.key(key, overlayContext), o) { return }
        if labPrefixPending {
            labPrefixPending = false
            if key == .escape { return ui.message = nil }
            guard let action = KeyMap.lab.action(for: key) else {
                return flash("x \(key.label): not a lab key · x then \(Self.labKeyList) · ? help", seconds: 2)
            }
            ui.message = nil
            return act(action)
        }
        if searchKey(key) { return }
        if labKeys, let action = KeyMap.lab.action(for: key) { return act(action) }
        guard let action = KeyMap.reader.action(for: key) else {
            return flash("\(key.label): not a key here · ? help", seconds: 2)
        }
        act(action)
    }

    /// The lab's keys, as the prefix's message lists them.
    static let labKeyList = KeyMap.lab.bindings.map(\.label).joined(separator: " ")

    /// A key's action (V2): a world action reaches the World as the World's key for it (so a
    /// recording replays it), an app action is carried out here.
    private func act(_ action: KeyAction) {
        switch action {
        case .world(let a):
            guard let worldKey = KeyMap.worldKey(for: a) else { return }
            sendFlashingExternalLinks(.key(worldKey))
        case .app(let a): perform(a)
        }
    }

    /// The app's keys (T2, L7, Q7).
    private func perform(_ action: AppKeyAction) {
        switch action {
        case .quit: running = false
        case .labPrefix:
            labPrefixPending = true
            flash("lab: \(Self.labKeyList) (Esc: none)", seconds: 3)
        case .searchNext, .searchPrevious:
            flash("\(action == .searchNext ? "n" : "N"): no search · / searches", seconds: 2)
        case .help: ui.overlay = HelpOverlay(calm: world.calmKeys, recording: recorder != nil)
        case .prompt: ui.overlay = PromptOverlay()
        case .highlights: ui.overlay = PanelOverlay(.highlights)
        case .chapters: ui.overlay = PanelOverlay(.chapters)
        case .scorers: ui.overlay = PanelOverlay(.scorers)
        case .timeline: ui.overlay = TimelineOverlay()
        case .console: ui.overlay = ConsoleOverlay()
        case .expectation:
            if recorder != nil { captureExpectation() } else { flash("e: expectations are recorded with --record") }
        case .highlight(let n):
            let hl = world.page.liveblog.highlights
            if n <= hl.count {
                jump(hl[n - 1].id)
            } else {
                flash(hl.count == 1 ? "there is 1 highlight" : "there are \(Plural.count(hl.count, "highlight"))")
            }
        }
    }

    /// What an overlay may read while it takes input.
    var overlayContext: OverlayContext {
        let page = world.page
        let posts = page.liveblog.posts
        let span = posts.first.flatMap { a in posts.last.map { b in (min(a.createdAt, b.createdAt),
                                                                   max(a.createdAt, b.createdAt)) } }
        return OverlayContext(liveblog: page.liveblog, postExists: { page.exists($0) },
                              screen: Rect(row: 0, col: 0, width: screenCols, height: world.config.rows),
                              clock: PostClock(zone: ui.timeZone, span: span))
    }

    /// Applies what the open overlay did with an input: it stays as it is now or closes, then
    /// its request is carried out. True when the overlay took the input.
    @discardableResult
    func overlayDid(_ outcome: OverlayOutcome, _ overlay: any Overlay) -> Bool {
        ui.overlay = outcome.closes ? nil : overlay
        switch outcome.request {
        case .jump(let id)?: jump(id)
        case .search(let q)?: search(q)
        case let .player(command, yes)?: confirmPlayer(command, yes: yes)
        case .calmReader(let on)?: world.send(.calmKeys(on))
        case nil: break
        }
        return !outcome.passes
    }

    // MARK: - Virtual-time chores

    /// Live posts at the configured rate and the demo script, at world ticks.
    func chores() {
        if let every = liveEvery, every > 0 {
            if nextLiveTick == nil { nextLiveTick = VirtualClock.ticks(every) }
            if let t = nextLiveTick, world.tick >= t {
                // R3's anchoring and pill (issue 32); recorded as the scenario's `live` event.
                send(.live(1))
                nextLiveTick = t + VirtualClock.ticks(every)
            }
        }
        if var d = demo {
            if !d.step(self) { running = false }
            demo = d
        }
        tourChores()
        sampleStrip()
        choresWantFrames = onChores?(self) ?? false
    }
}

/// The search's keys in the App (issue 32).
extension App {
    /// `/` with words: the first match at or below the reading position.
    func search(_ query: String) {
        let lb = world.page.liveblog
        let ids = SearchState.matches(query, in: lb)
        guard !ids.isEmpty else {
            ui.search = nil
            return flash("no post has “\(query)”")
        }
        let at = world.readingAnchor()?.postIndex
        ui.search = SearchState(query: query, ids: ids, current: SearchState.start(ids, from: at, in: lb))
        if let id = ui.search?.id { jump(id) }
    }

    /// `n`, `N` and Esc while a search is on; false for any other key.
    func searchKey(_ key: KeyName) -> Bool {
        guard var s = ui.search else { return false }
        switch key {
        case .char("n"): s.next()
        case .char("N"): s.previous()
        case .escape:
            ui.search = nil
            return true
        default: return false
        }
        ui.search = s
        if let id = s.id { jump(id) }
        return true
    }
}

/// The terminal's key as the key map names it (T2), for `App.handleKey`; nil for keys the map
/// never binds (function keys, Ctrl combinations: the App takes Ctrl-C itself).
extension KeyName {
    init?(terminal k: Key) {
        switch k {
        case .char(" "): self = .space
        case .char(let c): self = .char(c)
        case .up: self = .up
        case .down: self = .down
        case .left: self = .left
        case .right: self = .right
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .home: self = .home
        case .end: self = .end
        case .enter: self = .enter
        case .tab: self = .tab
        case .backTab: self = .backTab
        case .escape: self = .escape
        case .backspace: self = .backspace
        case .ctrl("d"): self = .ctrlD
        case .ctrl("u"): self = .ctrlU
        default: return nil
        }
    }
}
