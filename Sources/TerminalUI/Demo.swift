import LiveblogModel
import Embed
import Host
import Simulation

/// `liveblog demo` (C3): a scripted tour at world time. Any key ends it.
public struct DemoScript {
    struct Step { var at: Double; var caption: String?; var action: (App) -> Void }
    private var steps: [Step] = []
    private var index = 0
    private var offset = 0

    /// `phone`: the tour runs on a phone (`DemoScript.device`), whose outline the aids draw.
    public init(liveblog: Liveblog, phone: Bool = false) {
        let posts = liveblog.posts
        let target = liveblog.scorers.last?.id ?? posts[safe: posts.count * 2 / 3]?.id ?? posts.first?.id ?? ""
        let second = liveblog.highlights.last?.id ?? posts[safe: posts.count / 2]?.id ?? target
        let last = posts.last?.id ?? target
        func reset(_ platform: Platform, _ net: NetworkProfile) -> (App) -> Void {
            return { app in
                app.world.send(.setPlatform(platform))
                app.world.send(.setNetwork(net))
                if app.world.config.mode != .content { app.world.send(.setMode(.content)) }
                app.world.send(.reload)
            }
        }
        steps = [
            Step(at: 0, caption: "Demo 1/8 · iOS: a deep link while images load (3g) — watch the corrections", action: reset(.ios, .threeG)),
            Step(at: 0.8, caption: nil, action: { $0.world.send(.jump(id: target, topOffset: nil)) }),
            Step(at: 7, caption: "Demo 2/8 · Android: the same jump; corrections land instantly once idle", action: reset(.android, .threeG)),
            Step(at: 7.8, caption: nil, action: { $0.world.send(.jump(id: target, topOffset: nil)) }),
            Step(at: 14, caption: "Demo 3/8 · naive host: overscroll past the end, then a drag gets pulled back", action: reset(.naive, .slow)),
            Step(at: 14.8, caption: nil, action: { $0.world.send(.jump(id: last, topOffset: nil)) }),
            // A slow drag (2.4 s), so that the finger shows: in the rows the terminal shows.
            Step(at: 17, caption: nil, action: { app in Self.drag(app, .down, 0) }),
            Step(at: 17.6, caption: nil, action: { app in Self.drag(app, .move, 0.15) }),
            Step(at: 18.2, caption: nil, action: { app in Self.drag(app, .move, 0.3) }),
            Step(at: 18.8, caption: nil, action: { app in Self.drag(app, .move, 0.45) }),
            Step(at: 19.4, caption: nil, action: { app in Self.drag(app, .up, 0.45) }),
            Step(at: 22, caption: "Demo 4/8 · iOS fling (J, then K): UIScrollView decelerates ×0.998 a ms, "
                     + "overshoots the top, springs back", action: { app in
                reset(.ios, .fast)(app)
            }),
            Step(at: 22.5, caption: nil, action: { $0.world.send(.key(.char("J"))) }),
            Step(at: 26, caption: nil, action: { $0.world.send(.key(.char("K"))) }),
            Step(at: 29, caption: "Demo 5/8 · nested mode: one pan drives the web view, then the list", action: { $0.world.send(.setMode(.nested)) }),
            Step(at: 29.5, caption: nil, action: { $0.world.send(.key(.char("G"))) }),
            Step(at: 32, caption: nil, action: { $0.world.send(.key(.char("K"))) }),
            Step(at: 35, caption: "Demo 6/8 · header mode: the native header collapses and fades", action: { $0.world.send(.setMode(.header)) }),
            Step(at: 35.5, caption: nil, action: { app in for _ in 0..<6 { app.world.send(.key(.char("j"))) } }),
            Step(at: 37, caption: nil, action: { $0.world.send(.key(.space)) }),
            Step(at: 39, caption: "Demo 7/8 · live posts arriving at the top", action: { app in app.world.send(.setMode(.content))
                app.world.send(.key(.char("g"))) }),
            Step(at: 40, caption: nil, action: { $0.world.send(.live(1)) }),
            Step(at: 41.5, caption: nil, action: { $0.world.send(.live(2)) }),
            Step(at: 44, caption: phone ? "Demo 8/8 · a wider phone (d), then a narrower terminal: the page "
                     + "re-lays, the reading position stays" : "Demo 8/8 · a resize re-lays the page and keeps "
                     + "the reading position", action: { app in
                app.world.send(.jump(id: second, topOffset: nil))
            }),
            Step(at: 46, caption: nil, action: { app in
                if phone { return app.world.send(.key(.char("d"))) }
                app.world.send(.resize(cols: max(40, app.world.config.cols * 2 / 3), rows: app.world.config.rows))
            }),
            Step(at: 48.5, caption: nil, action: { app in
                if phone { app.world.send(.resize(cols: max(40, app.screenCols * 3 / 4), rows: app.world.config.rows)) }
            }),
            Step(at: 50, caption: nil, action: { app in app.world.send(.resize(cols: app.screenCols, rows: app.world.config.rows)) }),
            Step(at: 52, caption: "Demo over — press any key", action: { _ in }),
        ]
    }

    /// Issue 32: the phone the tour runs on, when the terminal has room for it and its outline
    /// (nil: the terminal's own width, as before).
    public static func device(screenCols: Int) -> DeviceProfile? {
        let phone = DeviceProfile.iphone15
        return Int(phone.width / 8) + 2 <= screenCols ? phone : nil
    }

    /// Issue 32: images at most this share of what the terminal shows, so that none fills it.
    public static let imageCapShare = 0.4

    /// The scripted drag's pointer at `share` of the shown rows below its start (a quarter down).
    static func drag(_ app: App, _ phase: PointerPhase, _ share: Double) {
        let w = app.world
        let shown = min(w.viewportHeight, Double(w.config.rows) * w.line) - w.insetTop - w.insetBottom
        let y = w.insetTop + shown * (0.2 + share)
        app.send(.pointer(phase: phase, x: min(320, w.webWidth * 0.8), y: y))
    }

    /// Runs the steps that are due; false when the tour is over.
    mutating func step(_ app: App) -> Bool {
        let t = app.world.seconds
        while index < steps.count, steps[index].at <= t {
            let s = steps[index]
            if let c = s.caption { app.ui.caption = c }
            s.action(app)
            index += 1
        }
        return index < steps.count || t < (steps.last?.at ?? 0) + 30
    }
}
