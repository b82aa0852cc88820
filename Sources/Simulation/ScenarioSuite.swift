import Foundation

/// The QA runner (SPEC F7): many scenario files, run in parallel, sharded for CI matrices.
///
/// Parallel runs are safe: each scenario gets its own World, Page, host and physics, built on the
/// thread that runs it, and the core shares no mutable state between instances (no mutable
/// globals or statics in Simulation, Host, Embed, ScrollPhysics or LiveblogModel: their statics
/// are constants). The tests check that a suite run on two threads reports byte for byte what
/// it reports on one.
public enum ScenarioSuite {
    /// One scenario's result: its outcomes, or why it is invalid input (Q1, exit 65).
    public struct Entry: Equatable {
        public var path: String
        public var outcomes: [ScenarioRunner.Outcome]
        public var invalid: String?
        public var virtualSeconds: Double
        public var passed: Bool { invalid == nil && outcomes.allSatisfy(\.passed) }
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

    /// The scenario files named: a file as given, a directory's `.json` files (not its
    /// subdirectories'), sorted by path and without duplicates. A directory's `.json` file whose
    /// name is not UTF-8 fails the whole collection (`UnreadableName`).
    public static func collect(_ paths: [String]) throws -> [String] {
        var out = Set<String>()
        let fm = FileManager.default
        for p in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: p, isDirectory: &isDir) else { throw BadPath(path: p) }
            if isDir.boolValue {
                if let bad = firstNonUTF8JSONName(in: p) { throw UnreadableName(directory: p, name: bad) }
                let names = try fm.contentsOfDirectory(atPath: p)
                for n in names where n.hasSuffix(".json") && !n.hasPrefix(".") {
                    let full = (p as NSString).appendingPathComponent(n)
                    var sub: ObjCBool = false
                    if fm.fileExists(atPath: full, isDirectory: &sub), !sub.boolValue { out.insert(full) }
                }
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

    /// Runs one scenario file.
    public static func runOne(_ path: String) -> Entry {
        do {
            let s = try Scenario.load(path: path)
            let runner = ScenarioRunner(scenario: s)
            runner.keepFrameRecords = runner.needsFrameRecords  // issue 31
            return Entry(path: path, outcomes: runner.run(), invalid: nil, virtualSeconds: s.duration)
        } catch {
            return Entry(path: path, outcomes: [], invalid: "\(error)", virtualSeconds: 0)
        }
    }

    /// Runs every path on `jobs` threads; the entries come back in the order of `paths`, whatever
    /// order they finished in. `onDone` is called (under a lock) as each finishes.
    public static func run(_ paths: [String], jobs: Int,
                           onDone: @escaping (Entry) -> Void = { _ in }) -> [Entry] {
        let n = max(1, min(jobs, paths.count))
        guard n > 1 else {
            return paths.map { p in
                let e = runOne(p)
                onDone(e)
                return e
            }
        }
        let pool = WorkPool(count: paths.count)
        let threads = (0..<n).map { _ in
            Thread {
                while let i = pool.next() {
                    let e = runOne(paths[i])
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
    /// Each index's entry, stored under the lock; read once every thread is done.
    private(set) var results: [ScenarioSuite.Entry?]

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
    func store(_ i: Int, _ e: ScenarioSuite.Entry, then: () -> Void) {
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
