import LiveblogModel
import Simulation
import VirtualTime

/// One line of a trace read back from its JSON-lines text (docs/contract.md): what `liveblog metrics` and
/// `liveblog plot` (Q5, Q8) work from, so they answer for any trace file, not only for a run in
/// this process. Time is kept in whole milliseconds, as the trace writes it (truncated), so
/// differences between lines are exact.
public struct TraceLine: Equatable {
    /// 1-based line number in the file, for error messages and stable ordering.
    public var number: Int
    /// `t` in whole milliseconds of virtual time.
    public var milliseconds: Int
    /// `ev`: hook, host, layout, hold-end, input, console, nav, frame, external, setting…
    public var kind: String
    /// The whole line.
    public var value: JSONValue

    public var seconds: Double { VirtualClock.seconds(milliseconds: milliseconds) }
    public subscript(key: String) -> JSONValue? { value[key] }
    public func string(_ key: String) -> String? { value[key]?.stringValue }
    public func number(_ key: String) -> Double? { value[key]?.doubleValue }
    public func int(_ key: String) -> Int? { value[key]?.doubleValue.flatMap { Int(exactly: $0) } }
    public func bool(_ key: String) -> Bool? { value[key]?.boolValue }

    /// A frame's post: its id, and `y` when it is laid out (docs/contract.md).
    public var framePost: (id: String, y: Double?)? {
        guard kind == "frame", let p = value["post"], let id = p["id"]?.stringValue else { return nil }
        return (id, p["y"]?.doubleValue)
    }

    /// `t` as the trace writes it: seconds with millisecond precision.
    public static func format(milliseconds ms: Int) -> String {
        let sign = ms < 0 ? "-" : ""
        let a = abs(ms)
        var frac = String(a % 1000)
        frac = String(repeating: "0", count: 3 - frac.count) + frac
        while frac.count > 1 && frac.hasSuffix("0") { frac.removeLast() }
        return "\(sign)\(a / 1000).\(frac)"
    }
}

extension TraceLine {
    /// A run's records as the trace's lines, read back from the JSON each writes: what a trace
    /// file of the run holds, so a measure of them equals `liveblog metrics` on that file (Q14).
    public static func lines(of records: [TraceRecord]) -> [TraceLine] {
        records.enumerated().compactMap { i, r in try? TraceReader.parse(r.json, number: i + 1) }
    }
}

/// A trace that cannot be read: the line and what is wrong with it.
public struct TraceReadError: Error, CustomStringConvertible, Equatable {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

/// The tiny JSON-lines reader: one JSON object per line, each with a number `t` and a string
/// `ev`; blank lines are skipped; lines must be in time order (docs/contract.md).
public enum TraceReader {
    public static func read(_ text: String) throws -> [TraceLine] {
        var out: [TraceLine] = []
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let s = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if s.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            let line = try parse(String(s), number: number)
            if let prev = out.last, line.milliseconds < prev.milliseconds {
                let t = TraceLine.format(milliseconds: line.milliseconds)
                let before = TraceLine.format(milliseconds: prev.milliseconds)
                throw TraceReadError(line: number, message: "t=\(t) comes before t=\(before) above it")
            }
            out.append(line)
        }
        return out
    }

    static func parse(_ s: String, number: Int) throws -> TraceLine {
        let v: JSONValue
        do { v = try JSONParser.parse(s) } catch let e as JSONSyntaxError {
            throw TraceReadError(line: number, message: "column \(e.column): \(e.message)")
        } catch {
            throw TraceReadError(line: number, message: "\(error)")
        }
        guard v.objectPairs != nil else {
            throw TraceReadError(line: number, message: "expected a JSON object, found \(v.typeName)")
        }
        guard let t = v["t"]?.doubleValue, t.isFinite, abs(t) < 1e12 else {
            throw TraceReadError(line: number, message: "\"t\" must be a number of seconds")
        }
        guard let ev = v["ev"]?.stringValue else {
            throw TraceReadError(line: number, message: "\"ev\" must be a string")
        }
        return TraceLine(number: number, milliseconds: Int((t * 1000).rounded()), kind: ev, value: v)
    }
}
