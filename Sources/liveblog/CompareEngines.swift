import Foundation
import Arguments
import LiveblogModel
import QA
import Simulation
import TextCells

/// X8: one scenario's protocol with the emulated page and with Chromium, side by side.
/// The protocol is the nav, hook and hold-end lines without `top`: navigations and results,
/// jumpIds, first-call/correction flags, argument counts, hold-end reasons. How many corrections
/// a jump gets follows from the layout (each load that moves the post past 5 px), so repeated
/// corrections of one jump count as one when the protocols are compared; `top` is shown with
/// the largest difference of the calls paired in order.
enum EngineComparison {
    struct Line: Equatable {
        let t: Double
        let text: String
        let top: Double?
    }

    struct Result {
        let emulated: [Line]
        let chromium: [Line]
        var same: Bool { EngineComparison.signature(emulated) == EngineComparison.signature(chromium) }
        /// The largest |top| difference of hook calls paired in order (nil: none paired).
        var largestTopDifference: Double? {
            let a = emulated.compactMap(\.top), b = chromium.compactMap(\.top)
            return zip(a, b).map { abs($0 - $1) }.max()
        }
    }

    /// A trace line's protocol line, nil for the other kinds.
    static func line(_ json: String) -> Line? {
        guard let v = try? JSONParser.parse(json), let ev = v["ev"]?.stringValue, let t = v["t"]?.doubleValue
        else { return nil }
        switch ev {
        case "nav":
            let text = "nav \(v["id"]?.stringValue ?? "") \(v["result"]?.stringValue ?? "") \(v["via"]?.stringValue ?? "")"
            return Line(t: t, text: text, top: nil)
        case "hook":
            let kind = v["correction"]?.boolValue == true ? "correction" : "jump"
            let threw = v["threw"]?.boolValue == true ? " threw" : ""
            let text = "hook \(v["jumpId"]?.intValue ?? 0) \(kind) args \(v["args"]?.intValue ?? 0)\(threw)"
            return Line(t: t, text: text, top: v["top"]?.doubleValue)
        case "hold-end":
            return Line(t: t, text: "hold-end \(v["jumpId"]?.intValue ?? 0) \(v["reason"]?.stringValue ?? "")", top: nil)
        default:
            return nil
        }
    }

    /// The protocol without repeats of one jump's corrections.
    static func signature(_ lines: [Line]) -> [String] {
        var out: [String] = []
        for l in lines where !(l.text.contains(" correction ") && out.last == l.text) { out.append(l.text) }
        return out
    }

    /// Runs `scenario` with `makePage`: its protocol lines, or why the run failed.
    static func run(_ scenario: Scenario, makePage: PageMaker?) -> Swift.Result<[Line], EngineRunFailure> {
        let runner = ScenarioRunner(scenario: scenario, makePage: makePage)
        var lines: [Line] = []
        runner.traceLine = { if let l = line($0) { lines.append(l) } }
        _ = runner.run()
        if let why = runner.failure { return .failure(EngineRunFailure(message: why)) }
        return .success(lines)
    }

    static func text(_ r: Result, title: String) -> String {
        func cell(_ l: Line?) -> String {
            guard let l else { return String(repeating: " ", count: 44) }
            let top = l.top.map { " top " + String(format: "%.1f", $0) } ?? ""
            let s = String(format: "%7.3f  ", l.t) + l.text + top
            return s.padding(toLength: max(44, s.count), withPad: " ", startingAt: 0)
        }
        var out = "\(Sanitizer.clean(title))\n" + "      t  emulated".padding(toLength: 44, withPad: " ", startingAt: 0)
            + "  " + "      t  chromium\n"
        for i in 0..<max(r.emulated.count, r.chromium.count) {
            let a = i < r.emulated.count ? r.emulated[i] : nil
            let b = i < r.chromium.count ? r.chromium[i] : nil
            let mark = a?.text == b?.text ? "  " : "≠ "
            out += cell(a) + mark + cell(b).trimmingCharacters(in: .whitespaces) + "\n"
        }
        let diff = r.largestTopDifference.map { String(format: "%.1f", $0) + " px" } ?? "none"
        out += "protocol: \(r.same ? "same" : "different"); largest top difference: \(diff)\n"
        return out
    }
}

/// `liveblog simulate SCENARIO.json --compare-engines`: exit 0 when the protocols agree, 1 when
/// they differ; 65 for an invalid scenario, 69 without Chromium, 70 when the engine failed.
func runCompareEngines(path: String, _ args: ParsedArguments) -> Int32 {
    var scenario: Scenario
    do { scenario = try Scenario.load(path: path, readCapture: readCapture) } catch {
        printError("\(error)")
        return ExitCode.dataErr.rawValue
    }
    applyScrollingOptions(args, to: &scenario.config)
    var engine = scenario.engine
    engine.apply(args)
    engine.kind = .chromium
    guard engine.pageURL == nil else {
        return usage(args, "--compare-engines compares the emulated page with Chromium on the reference embed; the emulated "
                     + "page cannot load a page of your own (--page-url), so there is nothing to compare it with")
    }
    defer { EngineRun.closeAll() }
    let results: [[EngineComparison.Line]]
    do {
        let maker = try EngineRun.maker(checked: engine)
        results = try [nil, maker].map { try EngineComparison.run(scenario, makePage: $0).get() }
    } catch {
        printError("\(error)")
        return EngineRun.exitCode(error)
    }
    let r = EngineComparison.Result(emulated: results[0], chromium: results[1])
    print(EngineComparison.text(r, title: scenario.name), terminator: "")
    return r.same ? ExitCode.ok.rawValue : ExitCode.failure.rawValue
}

/// A run whose engine crashed or stopped answering (X2): the message names what it was doing.
struct EngineRunFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
