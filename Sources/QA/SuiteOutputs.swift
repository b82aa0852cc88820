import TextCells
import Foundation
import LiveblogModel
import Simulation

/// Q12: what a suite leaves for a CI: a trace per scenario (`--trace-dir`) and a plot per failing
/// scenario (`--plot-dir`). Each scenario's files are named after its path under the argument it
/// was found in (`suite/a/b.json` given as `suite/` → `a/b.jsonl`, `a/b.svg`; a file given by
/// name → its file name), so the directories mirror the suite's.
public enum SuiteOutputs {
    /// A name clash: two scenarios would write one file.
    public struct Clash: Error, CustomStringConvertible {
        public var first: String, second: String, name: String
        public var description: String {
            "\(Sanitizer.clean(first)) and \(Sanitizer.clean(second)) would both write \(Sanitizer.clean(name))"
        }
    }

    /// Each scenario file's output name (without extension), from the paths the suite was given.
    public static func names(_ files: [String], roots: [String]) throws -> [String: String] {
        var out: [String: String] = [:]
        var owner: [String: String] = [:]
        let dirs = roots.map { r in r.hasSuffix("/") ? String(r.dropLast()) : r }
        for f in files {
            var rel = (f as NSString).lastPathComponent
            if let d = dirs.filter({ f.hasPrefix($0 + "/") }).max(by: { $0.count < $1.count }) {
                rel = String(f.dropFirst(d.count + 1))
            }
            let name = rel.hasSuffix(".json") ? String(rel.dropLast(5)) : rel
            if let other = owner[name] { throw Clash(first: other, second: f, name: name) }
            owner[name] = f
            out[f] = name
        }
        return out
    }

    /// The SVG of a failing run's latest jump (Q8's plot), or why there is none.
    public static func plot(_ runner: ScenarioRunner) -> Result<String, TraceMetrics.Failure> {
        let lines = TraceLine.lines(of: runner.records)
        do {
            let m = try TraceMetrics.compute(lines)
            return .success(SVGPlot.svg(JumpChart(trace: lines, metrics: m)))
        } catch let f as TraceMetrics.Failure {
            return .failure(f)
        } catch {
            return .failure(.noJump)
        }
    }
}

/// Messages from the worker threads of a suite, printed once it is done (Q12).
// @unchecked Sendable: the notes are appended and read under `lock` only.
public final class SuiteNotes: @unchecked Sendable {
    private let lock = NSLock()
    private var notes: [(path: String, text: String, isError: Bool)] = []

    public init() {}

    public func add(_ path: String, _ text: String, isError: Bool) {
        lock.lock()
        notes.append((path, text, isError))
        lock.unlock()
    }

    /// In the order of the paths, errors and notes alike.
    public func sorted() -> [(text: String, isError: Bool)] {
        lock.lock()
        defer { lock.unlock() }
        return notes.enumerated().sorted { ($0.element.path, $0.offset) < ($1.element.path, $1.offset) }
            .map { ($0.element.text, $0.element.isError) }
    }
}
