import Foundation
import Simulation
import Embed

/// The QA runner (F7): many scenario files, run in parallel, sharded for CI matrices.
///
/// Parallel runs are safe: each scenario gets its own World, Page, host and physics, built on the
/// thread that runs it, and the core shares no mutable state between instances (no mutable
/// globals or statics in Simulation, Host, Embed, ScrollPhysics or LiveblogModel: their statics
/// are constants). The tests check that a suite run on two threads reports byte for byte what
/// it reports on one.
public enum ScenarioSuite {
    /// What a suite does around each run (Q12), from the command that runs it: the wall clock
    /// (the core never reads one), where a scenario's trace lines go, and what to do with a
    /// finished run (a plot of a failing one). Called on the worker threads: each must be safe
    /// to call from several at once.
    /// Called from the suite's worker threads (`run` with jobs > 1): every hook is `@Sendable`.
    public struct Hooks: Sendable {
        /// Seconds of a monotonic wall clock.
        public var clock: @Sendable () -> Double = { 0 }
        /// The command line's settings on top of each scenario's (`--physics`, `--drag-rule`, …).
        public var configure: @Sendable (inout WorldConfig) -> Void = { _ in }
        /// The command line's engine settings on top of each scenario's (`--engine`, `--page-url`, …, X1).
        public var configureEngine: @Sendable (inout PageEngine) -> Void = { _ in }
        /// Where the trace lines of the scenario at `path` go (nil: nowhere), and what closes them
        /// (returning why the trace could not be written whole, if it could not). Throws when the
        /// trace cannot be created: the scenario does not run (`problem` `.traceNotCreated`).
        public var trace: @Sendable (_ path: String) throws -> TraceSink? = { _ in nil }
        /// A scenario ran (its page was made): its result and its runner, with the records of the run.
        public var finished: @Sendable (_ result: ScenarioResult, _ runner: ScenarioRunner) -> Void = { _, _ in }
        /// `finished` reads every record of the run (a plot): the frame lines are kept.
        public var keepsRecords = false
        /// Reads the captures a scenario replays (R4; nil: none).
        public var readCapture: CaptureReading?
        /// The page a scenario runs (X1; nil, or a nil maker: the emulated page), for its engine
        /// settings after `configureEngine`.
        public var makePage: (@Sendable (PageEngine) throws -> PageMaker?)?
        public init() {}
    }

    public struct BadPath: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "\(path): no such scenario file or directory" }
    }

    /// A directory holds a `.json` file whose name is not UTF-8 (issue 31): it cannot be named
    /// as a path here, and skipping it would let the suite pass without it.
    public struct UnreadableName: Error, CustomStringConvertible {
        public var directory: String
        /// The name's bytes, those outside printable ASCII as `\xNN`.
        public var name: String
        public var description: String {
            "\(directory)/\(name): the file name is not UTF-8, so the scenario cannot be run; rename it"
        }
    }

    /// The scenario files named: a file as given; a directory's `.json` files and its
    /// subdirectories', recursively (Q12), but not the `*.capture.json` files the recorder writes
    /// beside a scenario (R4) nor hidden files and directories; sorted by path, without duplicates.
    /// A `.json` file whose name is not UTF-8 fails the whole collection (`UnreadableName`).
    public static func collect(_ paths: [String]) throws -> [String] {
        var out = Set<String>()
        let fm = FileManager.default
        for p in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: p, isDirectory: &isDir) else { throw BadPath(path: p) }
            if isDir.boolValue {
                for full in try scenarioFiles(under: p) { out.insert(full) }
            } else {
                out.insert(p)
            }
        }
        return out.sorted()
    }

    /// The first `.json` entry of `directory` whose name is not valid UTF-8, escaped; read with
    /// readdir(3), since FileManager leaves such names out.
    static func firstNonUTF8JSONName(in directory: String) -> String? {
        guard let d = opendir(directory) else { return nil }
        defer { closedir(d) }
        while let entry = readdir(d) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard bytes.count > 5, bytes.suffix(5).elementsEqual(Array(".json".utf8)),
                  String(validating: bytes, as: UTF8.self) == nil else { continue }
            return bytes.map { (0x20..<0x7F).contains($0) && $0 != 0x5C ? String(UnicodeScalar($0)) : String(format: "\\x%02X", $0) }
                .joined()
        }
        return nil
    }

    /// Is this file name a scenario's in a directory (`*.json`, not `*.capture.json`, not hidden)?
    public static func isScenarioName(_ name: String) -> Bool {
        name.hasSuffix(".json") && !name.hasSuffix(".capture.json") && !name.hasPrefix(".")
    }

    /// The scenario files under a directory, recursively, skipping hidden directories.
    static func scenarioFiles(under dir: String) throws -> [String] {
        if let bad = firstNonUTF8JSONName(in: dir) { throw UnreadableName(directory: dir, name: bad) }
        let fm = FileManager.default
        var out: [String] = []
        for n in try fm.contentsOfDirectory(atPath: dir).sorted() where !n.hasPrefix(".") {
            let full = (dir as NSString).appendingPathComponent(n)
            var sub: ObjCBool = false
            guard fm.fileExists(atPath: full, isDirectory: &sub) else { continue }
            if sub.boolValue {
                out += try scenarioFiles(under: full)
            } else if isScenarioName(n) {
                out.append(full)
            }
        }
        return out
    }

    /// Shard `index` of `count` (1-based, `--shard I/N`): every `count`-th path of the sorted list,
    /// from the `index`-th. The shards of 1…N together hold each path exactly once, and a path's
    /// shard depends only on its place in the sorted list.
    public static func shard(_ sortedPaths: [String], index: Int, of count: Int) -> [String] {
        precondition(count >= 1 && index >= 1 && index <= count, "shard \(index)/\(count)")
        return sortedPaths.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    /// Parses `I/N` (1 ≤ I ≤ N); nil when malformed.
    public static func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]),
              n >= 1, n <= 10_000, i >= 1, i <= n
        else { return nil }
        return (i, n)
    }

    /// Runs every path on `jobs` threads; the entries come back in the order of `paths`, whatever
    /// order they finished in. `onDone` is called (under a lock) as each finishes.
    public static func run(_ paths: [String], jobs: Int, hooks: Hooks = Hooks(),
                           onDone: @escaping @Sendable (ScenarioResult) -> Void = { _ in }) -> [ScenarioResult] {
        let n = max(1, min(jobs, paths.count))
        guard n > 1 else {
            return paths.map { p in
                let e = runOne(p, hooks: hooks)
                onDone(e)
                return e
            }
        }
        let pool = WorkPool(count: paths.count)
        let threads = (0..<n).map { _ in
            Thread {
                while let i = pool.next() {
                    let e = runOne(paths[i], hooks: hooks)
                    pool.store(i, e) { onDone(e) }
                }
                pool.threadDone()
            }
        }
        for t in threads {
            // Deep liveblogs parse recursively: the main thread's stack size, not the default 512 KB.
            t.stackSize = 8 << 20
            t.start()
        }
        pool.waitForThreads(n)
        return pool.results.map { $0! }
    }
}

/// Hands out indices to worker threads and waits for them (a lock and a condition).
final class WorkPool: @unchecked Sendable {
    private let cond = NSCondition()
    private var nextIndex = 0
    private var finishedThreads = 0
    let count: Int
    /// Each index's result, stored under the lock; read once every thread is done.
    private(set) var results: [ScenarioResult?]

    init(count: Int) {
        self.count = count
        results = Array(repeating: nil, count: count)
    }

    func next() -> Int? {
        cond.lock()
        defer { cond.unlock() }
        guard nextIndex < count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    /// Stores entry `i` and runs `then` under the lock.
    func store(_ i: Int, _ e: ScenarioResult, then: () -> Void) {
        cond.lock()
        results[i] = e
        then()
        cond.unlock()
    }

    func threadDone() {
        cond.lock()
        finishedThreads += 1
        cond.signal()
        cond.unlock()
    }

    func waitForThreads(_ n: Int) {
        cond.lock()
        while finishedThreads < n { cond.wait() }
        cond.unlock()
    }
}
