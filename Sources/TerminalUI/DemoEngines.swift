import LiveblogModel
import Simulation

/// The demo's last step (C3, X9): the two engines side by side, as `compare --engines
/// emulated,chromium` shows them. The tour of the other steps ends, and the command hands the
/// terminal to a compare of two panes, the emulated page and Chromium on one input stream, each
/// with a short tour of its own (a deep link under 3g, a fling down and back). Without Chromium
/// the step's caption says it is skipped and why, and the demo goes on to its end.
extension DemoScript {
    /// The steps with the engines' step before the last ("Demo over"), counted in the captions.
    static func addingEnginesStep(to steps: [Step]) -> [Step] {
        guard let over = steps.last else { return steps }
        let count = steps.filter { $0.caption?.hasPrefix("Demo ") == true && $0.caption?.contains("/") == true }.count
        var out = steps.dropLast().map { s -> Step in
            var t = s
            t.caption = s.caption?.replacingOccurrences(of: "/\(count) ·", with: "/\(count + 1) ·")
            return t
        }
        let n = count + 1
        // The caption first, for two seconds; then the engine starts (or the caption says why not).
        out.append(Step(at: over.at, caption: "Demo \(n)/\(n) · the two engines side by side (compare --engines "
                        + "emulated,chromium)", action: { _ in }))
        out.append(Step(at: over.at + 2, caption: nil, action: { app in app.startEnginesTour(step: n) }))
        out.append(Step(at: over.at + 8, caption: over.caption, action: over.action))
        return out
    }

    /// The demo of one pane of the engines' compare: `engine` names it in the captions.
    public static func enginesTour(liveblog: Liveblog, engine: String, step: Int = 9) -> DemoScript {
        var d = DemoScript(liveblog: liveblog)
        let target = liveblog.scorers.last?.id ?? liveblog.posts[safe: liveblog.posts.count * 2 / 3]?.id ?? ""
        d.steps = [
            Step(at: 0, caption: "Demo \(step)/\(step) · \(engine): a deep link while images load (3g)", action: { _ in }),
            Step(at: 0.8, caption: nil, action: { $0.world.send(.jump(id: target, topOffset: nil)) }),
            Step(at: 8, caption: "Demo \(step)/\(step) · \(engine): the same fling (J, then K)", action: { app in
                app.world.send(.key(.char("J")))
            }),
            Step(at: 11, caption: nil, action: { $0.world.send(.key(.char("K"))) }),
            Step(at: 14, caption: "Demo over — press any key", action: { _ in }),
        ]
        return d
    }

    /// The demo when only the engines' step was asked for (`demo --engines`) and it cannot run.
    public static func enginesSkipped(liveblog: Liveblog, why: String, step: Int = 9) -> DemoScript {
        var d = DemoScript(liveblog: liveblog)
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

extension App {
    /// The engines' step: the command's `enginesTour` starts Chromium; on success this session
    /// ends and hands over (`handsOverToEngines`), else the caption says why the step is skipped.
    func startEnginesTour(step: Int) {
        guard let start = enginesTour else {
            ui.caption = DemoScript.skippedCaption("this session cannot start an engine", step: step)
            return
        }
        if let why = start() {
            ui.caption = DemoScript.skippedCaption(why, step: step)
        } else {
            handsOverToEngines = true
            running = false
        }
    }
}
