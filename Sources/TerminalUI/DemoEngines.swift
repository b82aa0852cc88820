import LiveblogModel
import Simulation

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
            Step(at: 14, caption: "Demo over — press any key", action: { _ in }),
        ]
        return d
    }

    /// The demo when only the engines' step was asked for (`demo --engines`) and it cannot run.
    public static func enginesSkipped(liveblog: Liveblog, why: String, step: Int = 9) -> DemoScript {
        var d = DemoScript(steps: [])
        d.steps = [
            Step(at: 0, caption: skippedCaption(why, step: step), action: { _ in }),
            Step(at: 6, caption: "Demo over — press any key", action: { _ in }),
        ]
        return d
    }

    static func skippedCaption(_ why: String, step: Int) -> String {
        "Demo \(step)/\(step) · skipped: \(why)"
    }
}
