import Foundation
import LiveblogModel
import Embed
import Host
import Simulation
import TerminalKit
import VirtualTime

/// `liveblog demo` (C3, C8–C11): nine steps, each on a fresh world at world time 0, so a step looks
/// the same however it was reached (its key frames are golden screens, C11). The terminal's clock
/// reaches the world through the tour: paused it stands still, in slow motion at a quarter of its
/// pace (C8). Each step shows what its caption says (C9); during a jump the whole page shows
/// beside the phone (C10).
public struct DemoTour {
    public static let count = 9
    struct Action { var at: Double; var run: (App) -> Void }
    struct Step {
        var title: String
        var duration: Double
        var setup: (inout WorldConfig) -> Void = { _ in }
        var actions: [Action] = []
    }
    let steps: [Step]
    let liveblog: Liveblog
    /// The tour's settings at the terminal's size (a phone where it fits, images capped).
    var config: WorldConfig
    public internal(set) var index = 0
    var nextAction = 0
    public internal(set) var paused = false
    public internal(set) var slow = false
    /// `demo --loop`: after the last step the first again (a kiosk).
    public var loop = false
    /// Every step played (without `--loop`): the last frame stays until q.
    public internal(set) var finished = false
    /// The terminal's clock as the run loop gives it (world ticks), and slow motion's remainder.
    var wall = 0
    var carry = 0
    /// What just happened, in plain words (C9); the keys' hint shows until this wall tick.
    public internal(set) var event: String?
    var hintUntil: Int?
    var lastTop: Double?
    var lastLayoutCause: String?
    var resized: String?
    /// The engines' step (X9): nil until tried; then nil inside (ready) or why it is skipped.
    var engines: String??

    /// C9: the slow network's seed of the jump steps: the two corrections that move the post
    /// (176 and 274 pt) come 1.3 s apart, the first 2.8 s after the jump (a step 1 s into 3g).
    static let seed: UInt64 = 8

    /// The keys, as the hint and the status line name them (C8).
    public static let keys = "space pause · ←/→ step · r replay · s slow motion · q end"

    public init(liveblog: Liveblog, config: WorldConfig) {
        self.liveblog = liveblog
        self.config = config
        let posts = liveblog.posts
        let target = liveblog.scorers.last?.id ?? posts[safe: posts.count * 2 / 3]?.id ?? posts.first?.id ?? ""
        let middle = posts[safe: posts.count / 2]?.id ?? target
        let last = posts.last?.id ?? target
        let phone = config.device != nil
        steps = Self.jumpSteps(target: target, last: last, phone: phone)
            + Self.laterSteps(middle: middle)
    }

    private static func jump(_ id: String) -> (App) -> Void { { $0.world.send(.jump(id: id, topOffset: nil)) } }
    private static func key(_ c: Character) -> (App) -> Void { { $0.world.send(.key(.char(c))) } }
    /// C9: an action and the line that says it in plain words.
    private static func say(_ text: String, _ then: @escaping (App) -> Void) -> (App) -> Void {
        { app in
            app.tour?.event = text
            then(app)
        }
    }

    /// Steps 1–3: the deep link on each platform strategy.
    private static func jumpSteps(target: String, last: String, phone: Bool) -> [Step] {
        [
            Step(title: "iOS: a link to one post opens the page. The page asks the app to scroll to the post; "
                 + "then each image that loads above it pushes it down, and the app scrolls again",
                 duration: 9, setup: { c in
                     c.platform = .ios
                     (c.page.networkProfile, c.page.networkSeed) = (.slow, Self.seed)
                 }, actions: [Action(at: 0.8, run: jump(target))]),
            Step(title: "Android (a Pixel 8): the same link. The app waits until the list stands still, "
                 + "then follows each correction at once",
                 duration: 10, setup: { c in
                     if phone, Int(DeviceProfile.pixel8.width / 8) + 2 <= c.cols {
                         c.device = .pixel8
                     }
                     c.platform = .android
                     (c.page.networkProfile, c.page.networkSeed) = (.slow, Self.seed)
                 }, actions: [Action(at: 0.8, run: jump(target))]),
            Step(title: "A naive app: it scrolls past the end of the list, and when the reader drags, "
                 + "the page still pulls the list back",
                 duration: 9, setup: { c in
                     c.platform = .naive
                     (c.page.networkProfile, c.page.networkSeed) = (.slow, Self.seed)
                 }, actions: [Action(at: 0.8, run: jump(last))]
                    // A quick drag (past the slop within UIKit's 150 ms content-touch delay, Q19): the
                    // page never sees it, so its own stop-on-touch cannot save this app.
                    + [(2.5, PointerPhase.down, 0.0), (2.55, .move, 0.15), (3.1, .move, 0.2), (3.7, .move, 0.3),
                       (4.3, .move, 0.45), (4.9, .up, 0.45)].map { at, phase, share in
                        Action(at: at, run: { Self.drag($0, phase, share) })
                    }),
        ]
    }

    /// Steps 4–9: a fling, the modes, live posts, the width, the engines.
    private static func laterSteps(middle: String) -> [Step] {
        [
            Step(title: "iOS: a fling down, then up. The list slows down by itself, runs past the top "
                 + "and springs back",
                 duration: 7.5, setup: { c in
                     c.platform = .ios
                     c.page.networkProfile = .fast
                 }, actions: [Action(at: 0.5, run: say("A fling down: the list keeps going and slows down by itself",
                                                        key("J"))),
                              Action(at: 4, run: say("A fling up: the list runs past the top and springs back",
                                                      key("K")))]),
            Step(title: "Nested scrolling: the web view scrolls inside the list. One fling moves the web view "
                 + "first, then the list around it",
                 duration: 7, setup: { c in
                     c.mode = .nested
                     c.page.networkProfile = .fast
                 }, actions: [Action(at: 0.5, run: say("To the end: the web view is at its end, inside the list",
                                                        key("G"))),
                              Action(at: 3.5, run: say("A fling up: the web view scrolls first, then the list around it",
                                                        key("K")))]),
            Step(title: "A native header above the page: as the page scrolls up, the header collapses and fades",
                 duration: 8, setup: { c in
                     c.mode = .header
                     c.page.networkProfile = .fast
                 }, actions: [Action(at: 1, run: say("The page scrolls up a line at a time: the header moves up "
                                                      + "and fades", key("j")))]
                    + (1..<8).map { i in Action(at: 1 + Double(i) * 0.4, run: key("j")) }
                    + [Action(at: 5, run: say("A page down: the header is gone", { $0.world.send(.key(.space)) }))]),
            Step(title: "Live posts arrive at the top of the page; the post the reader is on stays where it is",
                 duration: 7, setup: { c in c.page.networkProfile = .fast },
                 actions: [Action(at: 0.5, run: { $0.world.send(.key(.space)) }),
                           Action(at: 2, run: { $0.world.send(.live(1)) }),
                           Action(at: 3.5, run: { $0.world.send(.live(2)) })]),
            Step(title: "The terminal gets narrower, then wide again: the page lays out at each width, "
                 + "and the reader stays on the same post",
                 duration: 9, setup: { c in
                     c.device = nil
                     c.page.networkProfile = .instant
                 }, actions: [Action(at: 0.5, run: jump(middle)),
                              Action(at: 2.5, run: { app in
                                  app.world.send(.resize(cols: max(40, app.screenCols * 3 / 5),
                                                         rows: app.world.config.rows))
                              }),
                              Action(at: 5.5, run: { app in
                                  app.world.send(.resize(cols: app.screenCols, rows: app.world.config.rows))
                              }),
                              // Chromium starts here, behind this step's still end (X9).
                              Action(at: 7.5, run: { $0.prepareEngines() })]),
            Step(title: "The two engines side by side: the emulated page and Chromium, on the same input",
                 duration: 5, actions: [Action(at: 0, run: { $0.startEngines() })]),
        ]
    }

    /// The scripted drag's pointer at `share` of the shown rows below its start (a quarter down).
    static func drag(_ app: App, _ phase: PointerPhase, _ share: Double) {
        let w = app.world
        let shown = min(w.viewportHeight, Double(w.config.rows) * w.line) - w.insetTop - w.insetBottom
        let y = w.insetTop + shown * (0.2 + share)
        app.send(.pointer(phase: phase, x: min(320, w.webWidth * 0.8), y: y))
    }

    /// The caption's first line: the step and its claim.
    public var title: String { "Demo \(index + 1)/\(Self.count) · " + steps[index].title }

    /// The status line: paused, slow motion, the hint of the keys, or the keys.
    func status(hint: Bool) -> String {
        if finished { return "The end of the tour · ← step back · r replay · q end" }
        if hint { return (paused ? "Paused · keys: " : "Keys: ") + Self.keys }
        if paused { return "Paused · space resumes · ←/→ step · r replay · s slow motion · q end" }
        if slow { return "Slow motion (¼ speed) · s normal speed · space pause · ←/→ step · r replay · q end" }
        return Self.keys
    }

    /// C9: a trace line in plain words, when it says something the audience should see.
    mutating func note(_ r: TraceRecord, platform: Platform) {
        let drag = platform == .naive ? "The reader's drag: this app keeps following the page, so the list is pulled back"
            : "The reader's drag: the app stops following the page"
        switch r.event {
        case let .hook(_, top, correction, _, _):
            if correction, let before = lastTop {
                let moved = Int(abs(top - before).rounded())
                if lastLayoutCause == "resize", let r = resized {
                    event = r + "; the post moved \(moved) pt in it, and the app follows it"
                    lastTop = top
                    return
                }
                let why = lastLayoutCause == "image" ? "an image above it loaded"
                    : lastLayoutCause == "embed" ? "an embed above it loaded"
                    : lastLayoutCause == "live" ? "new posts arrived above it" : "the page above it grew"
                event = "A correction: the post moved \(moved) pt because \(why); the app scrolls again"
            } else if !correction {
                event = "The page asks the app to scroll to the post"
            }
            lastTop = top
        case let .layout(_, cause):
            if lastLayoutCause != "resize" || cause == "image" { lastLayoutCause = cause }
            if cause == "live", lastTop == nil {
                event = "New posts arrived at the top of the page, above the reader; what the reader is on "
                    + "stays where it was"
            }
        case let .input(kind, _, _) where kind == .dragBegin:
            event = drag
        case let .input(kind, detail, _) where kind == .resize:
            let cols = detail?.split(separator: "x").first.map(String.init) ?? "?"
            event = "The terminal is \(cols) columns wide now: the page lays out again at that width"
            resized = event
            lastLayoutCause = "resize"
        case let .holdEnd(_, reason):
            switch reason {
            case .timeout: event = "The page stops asking: its time is up"
            case .idle: event = "Every image above the post has loaded: the page stops asking"
            case .input: event = drag
            default: break
            }
        default: break
        }
    }
}

// MARK: - The App plays the tour

extension App {
    /// Starts the tour at `step` (0-based) on a terminal of the tour's size.
    public func play(_ tour: DemoTour, from step: Int = 0) {
        self.tour = tour
        goToStep(min(max(0, step), DemoTour.count - 1))
    }

    /// A step from its start: a fresh world of the step's settings at world time 0.
    func goToStep(_ i: Int) {
        guard var t = tour else { return }
        (t.index, t.nextAction, t.event, t.finished, t.lastTop, t.lastLayoutCause) = (i, 0, nil, false, nil, nil)
        t.resized = nil
        var c = t.config
        t.steps[i].setup(&c)
        tour = t
        let w = World(liveblog: t.liveblog, config: c)
        w.advance(to: 0)
        w.sink = { [weak self, unowned w] r in self?.tour?.note(r, platform: w.config.platform) }
        replaceWorld(w)
        ui.aids = DemoAids()
        ui.message = nil
        ui.caption = nil
        tourChores()
    }

    /// The terminal's clock reaches the world through the tour (C8): not while paused, at a
    /// quarter of its pace in slow motion.
    func advanceTour(toWall tick: Int) {
        guard var t = tour else { return }
        let d = max(0, tick - t.wall)
        t.wall = tick
        var n = 0
        if !t.paused && !t.finished {
            if t.slow {
                t.carry += d
                n = t.carry / 4
                t.carry %= 4
            } else {
                n = d
            }
        }
        tour = t
        if n > 0 { world.advance(to: world.tick + n) }
    }

    /// The step's actions that are due, the next step when its time is up, and the caption.
    func tourChores() {
        guard var t = tour else { return }
        if !t.finished {
            let step = t.steps[t.index]
            while t.nextAction < step.actions.count, step.actions[t.nextAction].at <= world.seconds {
                let a = step.actions[t.nextAction]
                t.nextAction += 1
                tour = t
                a.run(self)
                guard running, let now = tour else { return }
                t = now
            }
            tour = t
            if world.seconds >= step.duration {
                if t.index + 1 < DemoTour.count {
                    goToStep(t.index + 1)
                } else if t.loop {
                    goToStep(0)
                } else {
                    tour?.finished = true
                }
            }
        }
        guard let now = tour else { return }
        if let h = now.hintUntil, h <= now.wall { tour?.hintUntil = nil }
        ui.band = DemoBand(lines: [now.title] + (now.event.map { [$0] } ?? []),
                           status: now.status(hint: tour?.hintUntil != nil), paused: now.paused)
    }

    /// C8: the demo's own keys; any other key is ignored and the keys' hint shows.
    func tourKey(_ k: Key) {
        guard let t = tour else { return }
        switch k {
        case .ctrl("c"), .char("q"):
            running = false
            endedByReader = true
        case .char(" "):
            tour?.paused.toggle()
        case .left:
            goToStep(max(0, t.index - 1))
        case .right:
            if t.index + 1 < DemoTour.count { goToStep(t.index + 1) } else { tour?.finished = true }
        case .char("r"):
            goToStep(t.index)
        case .char("s"):
            tour?.slow.toggle()
            tour?.carry = 0
        default:
            tour?.hintUntil = t.wall + VirtualClock.ticks(3)
        }
        if running { tourChores() }
    }

    /// X9: Chromium starts while the step before the engines' ends, where nothing moves.
    func prepareEngines() {
        guard tour?.engines == nil else { return }
        tour?.engines = .some(enginesTour.map { $0() } ?? "this session cannot start an engine")
    }

    /// The engines' step: hand the terminal to the two panes, or say in a line why not.
    func startEngines() {
        prepareEngines()
        guard let ready = tour?.engines else { return }
        if let why = ready {
            tour?.event = "Skipped: \(why)"
        } else {
            handsOverToEngines = true
            running = false
        }
    }

    /// C10: the whole page during a jump (and 2 s after its hold ends): the web row's height, the
    /// viewport's place on it, the post's, and each image above the post with its state.
    func pageMap() -> PageMap? {
        guard let j = world.jumpStatus, let id = j.postId, let top = world.page.postTop(id: id) else { return nil }
        if let end = j.endedTick, world.tick - end > VirtualClock.ticks(2) { return nil }
        let f = world.webFrame
        let viewTop = world.insetTop - f.top + f.scroll
        var images: [PageMap.Image] = []
        for item in world.page.items(from: 0, to: top) {
            guard case .media(_, let state) = item.kind else { continue }
            let s: PageMap.State
            switch state {
            case .pending: s = .loading
            case .loaded: s = .loaded
            case .failed: s = .failed
            }
            images.append(PageMap.Image(y: item.y, height: item.height, state: s))
        }
        return PageMap(height: world.page.contentHeight, view: viewTop..<(viewTop + world.visibleHeight),
                       post: top, postId: id, images: images)
    }
}
