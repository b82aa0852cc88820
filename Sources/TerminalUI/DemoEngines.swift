import LiveblogModel
import Host
import Simulation
import TerminalKit

/// A scripted timeline at world time: the engines' panes of the demo's last step (C3, X9).
public struct DemoScript {
    struct Step { var at: Double; var caption: String?; var action: (App) -> Void }
    var steps: [Step] = []
    private var index = 0

    init(steps: [Step]) { self.steps = steps }

    /// Issue 32: the phone the tour runs on, when the terminal has room for it and its outline
    /// (nil: the terminal's own width, as before).
    public static func device(screenCols: Int) -> DeviceProfile? {
        let phone = DeviceProfile.iphone15
        return Int(phone.width / 8) + 2 <= screenCols ? phone : nil
    }

    /// Issue 32: images at most this share of what the terminal shows, so that none fills it.
    public static let imageCapShare = 0.4

    /// Runs the steps that are due; false when the script is over.
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

/// The demo's last step (C3, X9): the two engines side by side, as `compare --engines
/// emulated,chromium` shows them. The tour of the other steps ends (`App.startEngines`), and the
/// command hands the terminal to a compare of two panes, the emulated page and Chromium on one
/// input stream, each with a short tour of its own (a deep link under 3g, a fling down and back).
/// Without Chromium the step's line says it is skipped and why, and the tour comes to its end.
extension DemoScript {
    /// The demo of one pane of the engines' compare: `engine` names it in the captions, short
    /// enough for a pane's title row at 80 columns (37 columns; C9: no caption cut).
    public static func enginesTour(liveblog: Liveblog, engine: String, step: Int = 9) -> DemoScript {
        var d = DemoScript(steps: [])
        let target = liveblog.scorers.last?.id ?? liveblog.posts[safe: liveblog.posts.count * 2 / 3]?.id ?? ""
        d.steps = [
            Step(at: 0, caption: "Demo \(step)/\(step) · \(engine): a deep link (3g)", action: { _ in }),
            Step(at: 0.8, caption: nil, action: { $0.world.send(.jump(id: target, topOffset: nil)) }),
            Step(at: 8, caption: "Demo \(step)/\(step) · \(engine): a fling (J, K)", action: { app in
                app.world.send(.key(.char("J")))
            }),
            Step(at: 11, caption: nil, action: { $0.world.send(.key(.char("K"))) }),
            Step(at: 14, caption: "Demo over — q ends it", action: { _ in }),
        ]
        return d
    }

    /// The demo when only the engines' step was asked for (`demo --engines`) and it cannot run.
    public static func enginesSkipped(liveblog: Liveblog, why: String, step: Int = 9) -> DemoScript {
        var d = DemoScript(steps: [])
        d.steps = [
            Step(at: 0, caption: skippedCaption(why, step: step), action: { _ in }),
            Step(at: 6, caption: "Demo over — q ends it", action: { _ in }),
        ]
        return d
    }

    static func skippedCaption(_ why: String, step: Int) -> String {
        "Demo \(step)/\(step) · skipped: \(why)"
    }
}

extension App {
    /// C8 in the engines' step: Chromium runs in real time, so nothing pauses or slows there; `q`
    /// ends the demo, `←` goes back to the tour's step 8, any other key says so.
    func enginesStepKey(_ k: Key) {
        switch k {
        case .ctrl("c"), .char("q"):
            running = false
            endedByReader = true
        case .left:
            running = false
            backToTour = true
        default:
            flash("Chromium runs in real time: no pause here · ← back · q end")
        }
    }
}
