import Foundation

/// The seeds of a fuzz test run on every core: each is independent of the others (its own world,
/// runner and random numbers), so a worker thread takes every n-th seed and the results come back
/// in the seeds' order, to be checked and reported on the test's own thread as before.
///
/// A crash kills the test process, so each worker keeps the seed it is running in a slot of its
/// own, and a signal handler writes the crashing thread's seed to stderr with write(2) (or every
/// running seed if the crash is on another thread), with the environment variable that replays it.
public enum ParallelSeeds {
    /// The most worker slots; more cores than this share the slots' count of threads.
    static let capacity = 64

    /// Runs `body` for every seed on `workers` threads (the cores, by default); its results in the
    /// order of `seeds`. `replay` names the variable that replays one seed in the crash message.
    public static func map<R>(_ seeds: [UInt64], workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                              replay: String = "LIVEBLOG_FUZZ_SEED", _ body: @Sendable (UInt64) -> R) -> [R] {
        installCrashReporter(replay: replay)
        let n = max(1, min(workers, capacity, seeds.count))
        let results = Results<R>(count: seeds.count)
        DispatchQueue.concurrentPerform(iterations: n) { worker in
            let slot = crashSlots + worker
            slot.pointee.thread = pthread_self()
            for i in stride(from: worker, to: seeds.count, by: n) {
                slot.pointee.seed = seeds[i]
                slot.pointee.running = true
                results.set(i, body(seeds[i]))
            }
            slot.pointee.running = false
        }
        return results.values()
    }

    struct Slot {
        var thread: pthread_t = pthread_t()
        var seed: UInt64 = 0
        var running = false
    }

    /// The results, each written once by the worker that ran its seed.
    // @unchecked Sendable: `slots` is read and written under `lock` only.
    final class Results<R>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [R?]
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ value: R) { lock.lock(); slots[i] = value; lock.unlock() }
        func values() -> [R] { lock.lock(); defer { lock.unlock() }; return slots.map { $0! } }
    }

    /// Installs the handler; the name of the replay variable is set here, before any worker starts.
    static func installCrashReporter(replay: String) {
        crashReplayName.pointee = Array(replay.utf8)
        let handler: @convention(c) (Int32) -> Void = { sig in
            var running: [UInt64] = [], own: UInt64?
            for w in 0..<ParallelSeeds.capacity where crashSlots[w].running {
                running.append(crashSlots[w].seed)
                if pthread_equal(crashSlots[w].thread, pthread_self()) != 0 { own = crashSlots[w].seed }
            }
            for seed in own.map({ [$0] }) ?? running {
                var digits: [UInt8] = []
                var n = seed
                repeat { digits.append(UInt8(48 + n % 10)); n /= 10 } while n > 0
                digits.reverse()
                var buf = Array("\nfuzz: crashed in scenario seed ".utf8) + digits
                buf += Array("; replay with ".utf8) + crashReplayName.pointee + Array("=".utf8) + digits + [10]
                _ = buf.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            }
            signal(sig, SIG_DFL)
            raise(sig)
        }
        for s in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] { signal(s, handler) }
    }
}

// nonisolated(unsafe): one slot per worker, written only by its worker; read by the crash handler alone.
nonisolated(unsafe) let crashSlots: UnsafeMutablePointer<ParallelSeeds.Slot> = {
    let p = UnsafeMutablePointer<ParallelSeeds.Slot>.allocate(capacity: ParallelSeeds.capacity)
    p.initialize(repeating: ParallelSeeds.Slot(), count: ParallelSeeds.capacity)
    return p
}()

// nonisolated(unsafe): set on the test's thread before the workers start; read by the crash handler.
nonisolated(unsafe) let crashReplayName: UnsafeMutablePointer<[UInt8]> = {
    let p = UnsafeMutablePointer<[UInt8]>.allocate(capacity: 1)
    p.initialize(to: Array("LIVEBLOG_FUZZ_SEED".utf8))
    return p
}()

/// Independent pieces of a test on threads of their own (each a terminal on a display of its own,
/// say): their results in the items' order, for the test to check on its own thread.
public enum InParallel {
    public static func map<T, R>(_ items: [T], workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                                 _ body: @Sendable (T) -> R) -> [R] {
        let n = max(1, min(workers, items.count))
        let input = Items(items)
        let results = ParallelSeeds.Results<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: n) { worker in
            for i in stride(from: worker, to: input.items.count, by: n) { results.set(i, body(input.items[i])) }
        }
        return results.values()
    }

    /// The items, read by the workers and never written.
    // @unchecked Sendable: `items` is a `let`, only read once the workers start.
    final class Items<T>: @unchecked Sendable {
        let items: [T]
        init(_ items: [T]) { self.items = items }
    }
}
