import Foundation
import Arguments
import LiveblogModel
import QA
import Simulation
import TextCells

/// X8, X15: one scenario's protocol in two or more engines (the emulated page, Chromium, WebKit),
/// side by side. The protocol is the nav, hook and hold-end lines without `top`: navigations and
/// results, jumpIds, first-call/correction flags, argument counts, hold-end reasons. How many
/// corrections a jump gets follows from the layout (each load that moves the post past 5 px), so
/// repeated corrections of one jump count as one when the protocols are compared; `top` is shown
/// with the largest difference of the calls paired in order, for each pair of engines.
enum EngineComparison {
    struct Line: Equatable {
        let t: Double
        let text: String
        let top: Double?
    }

    /// The engines a list may name, in the order they are known.
    static let engines = ["emulated", "chromium", "webkit"]

    struct Result {
        /// Each engine's name and its protocol lines, in the order given.
        let runs: [(name: String, lines: [Line])]
        init(emulated: [Line], chromium: [Line]) { runs = [("emulated", emulated), ("chromium", chromium)] }
        init(runs: [(name: String, lines: [Line])]) { self.runs = runs }
        var emulated: [Line] { runs[0].lines }
        var chromium: [Line] { runs[1].lines }
        /// Every engine's protocol equals the first's.
        var same: Bool { runs.allSatisfy { EngineComparison.signature($0.lines) == EngineComparison.signature(runs[0].lines) } }
        /// Each pair (in the list's order): its names, whether the protocols agree, the largest top difference.
        var pairs: [(a: String, b: String, same: Bool, top: Double?)] {
            runs.indices.flatMap { i in runs.indices.filter { $0 > i }.map { j in
                (runs[i].name, runs[j].name,
                 EngineComparison.signature(runs[i].lines) == EngineComparison.signature(runs[j].lines),
                 EngineComparison.largestTopDifference(runs[i].lines, runs[j].lines))
            } }
        }
        /// The largest |top| difference of the first two engines' hook calls paired in order (nil: none paired).
        var largestTopDifference: Double? { EngineComparison.largestTopDifference(runs[0].lines, runs[1].lines) }
    }

    static func largestTopDifference(_ a: [Line], _ b: [Line]) -> Double? {
        zip(a.compactMap(\.top), b.compactMap(\.top)).map { abs($0 - $1) }.max()
    }

    /// The engines of `--compare-engines LIST`, or why the list is refused (unknown, repeated, fewer than two).
    static func parse(_ list: [String]) -> Swift.Result<[String], EngineSettingsError> {
        let known = engines.joined(separator: ", ")
        if let bad = list.first(where: { !engines.contains($0) }) {
            return .failure(EngineSettingsError(message: "--compare-engines: unknown engine '\(bad)' (known: \(known))"))
        }
        if let twice = list.first(where: { e in list.filter { $0 == e }.count > 1 }) {
            return .failure(EngineSettingsError(message: "--compare-engines: '\(twice)' is named twice"))
        }
        guard list.count >= 2 else {
            return .failure(EngineSettingsError(message: "--compare-engines compares two or more engines "
                + "(of \(known)); the list names \(list.count == 1 ? "one: \(list[0])" : "none")"))
        }
        return .success(list)
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

    /// The columns side by side (a `≠` before a line unlike the first engine's), then the verdict:
    /// for two engines one line (X8's, unchanged), for more the protocol's and one line per pair.
    static func text(_ r: Result, title: String) -> String {
        // Two engines: X8's 44 columns; more: 47, so a middle column's widest line keeps a space.
        let width = r.runs.count > 2 ? 47 : 44
        func cell(_ l: Line?) -> String {
            guard let l else { return String(repeating: " ", count: width) }
            let top = l.top.map { " top " + String(format: "%.1f", $0) } ?? ""
            let s = String(format: "%7.3f  ", l.t) + l.text + top
            return s.padding(toLength: max(width, s.count), withPad: " ", startingAt: 0)
        }
        func px(_ d: Double?) -> String { d.map { String(format: "%.1f", $0) + " px" } ?? "none" }
        let heads = r.runs.map { "      t  \($0.name)" }
        var out = "\(Sanitizer.clean(title))\n" + heads.dropLast().map { $0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " }
            .joined() + heads[heads.count - 1] + "\n"
        for i in 0..<(r.runs.map(\.lines.count).max() ?? 0) {
            let row = r.runs.map { i < $0.lines.count ? $0.lines[i] : nil }
            for (k, l) in row.enumerated() {
                if k > 0 { out += l?.text == row[0]?.text ? "  " : "≠ " }
                out += k == row.count - 1 ? cell(l).trimmingCharacters(in: .whitespaces) : cell(l)
            }
            out += "\n"
        }
        guard r.runs.count > 2 else {
            return out + "protocol: \(r.same ? "same" : "different"); largest top difference: \(px(r.largestTopDifference))\n"
        }
        out += "protocol: \(r.same ? "same" : "different")\n"
        for p in r.pairs {
            out += "\(p.a)–\(p.b): protocol \(p.same ? "same" : "different"); largest top difference: \(px(p.top))\n"
        }
        return out
    }
}

extension SimulateCommand {
    /// `liveblog simulate SCENARIO.json --compare-engines [LIST]`: exit 0 when the protocols agree, 1 when
    /// they differ; 64 for a list that is refused, 65 for an invalid scenario, 69 without an engine, 70
    /// when an engine failed. No list: the emulated page and Chromium (X8).
    func runCompareEngines(path: String, given: [String]) -> ExitCode {
        let names: [String]
        switch given.isEmpty ? .success(["emulated", "chromium"]) : EngineComparison.parse(given) {
        case .success(let n): names = n
        case .failure(let e): return refuse(usage, e.message)
        }
        var scenario: Scenario
        do { scenario = try Scenario.load(path: path, readCapture: readCapture) } catch {
            printError("\(error)")
            return .dataErr
        }
        scrolling.apply(to: &scenario.config)
        var engine = scenario.engine
        self.engine.apply(to: &engine)
        guard engine.pageURL == nil || !names.contains("emulated") else {
            let which = given.isEmpty ? "the emulated page with Chromium" : names.joined(separator: ", ")
            return refuse(usage, "--compare-engines compares \(which) on the reference embed; the emulated "
                         + "page cannot load a page of your own (--page-url), so there is nothing to compare it with")
        }
        defer { EngineRun.closeAll() }
        var runs: [(name: String, lines: [EngineComparison.Line])] = []
        do {
            for name in names {
                engine.kind = PageEngine.Kind(rawValue: name) ?? .emulated
                let maker = name == "emulated" ? nil : try EngineRun.maker(checked: engine)
                runs.append((name, try EngineComparison.run(scenario, makePage: maker).get()))
            }
        } catch {
            printError("\(error)")
            return EngineRun.exitCode(error)
        }
        let r = EngineComparison.Result(runs: runs)
        print(EngineComparison.text(r, title: scenario.name), terminator: "")
        return r.same ? .ok : .failure
    }
}

/// A run whose engine crashed or stopped answering (X2): the message names what it was doing.
struct EngineRunFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
