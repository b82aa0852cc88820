import BrowserEngine
import Commands
import Foundation
import Host
import LiveblogModel
import Simulation
import VirtualTime
import WebKitEngine

// X16 in `liveblog bench`: WebKit as the iOS web view (docs/engine.md). The sample liveblog on
// an iPhone 15 in WebKit: the helper's start (Xvfb, GTK) and the start to the first laid-out frame
// (the reference embed loaded and ready, its posts' boxes read); a World frame's cost with WebKit
// over 300 frames after a jump to the oldest post, the wait for the wall clock left out (bench
// runs WebKit in real time, as `view` does, not on simulate's stepped clock, X13); the memory of
// the helper's process group, read from /proc.

struct WebKitBenchFigures {
    var helperMs = Double.nan
    var startMs = Double.nan
    var frameMs = Double.nan
    var rssMB = Double.nan
    var pssMB = Double.nan
    /// Each process of the group: its name, RSS and PSS in MB.
    var processes: [(name: String, rss: Double, pss: Double)] = []
    /// Why the WebKit figures were not measured (no WebKit, or it failed); nil when it ran.
    var skipped: String?

    var pairs: [(String, Double)] {
        skipped != nil ? [] : [("webkit_helper_start_ms", helperMs), ("webkit_start_ms", startMs),
                               ("webkit_world_frame_ms", frameMs), ("webkit_rss_mb", rssMB), ("webkit_pss_mb", pssMB)]
    }

    var summary: String {
        func f(_ x: Double, _ d: Int = 0) -> String { String(format: "%.\(d)f", x) }
        let parts = processes.sorted { $0.pss > $1.pss }.map { "\($0.name) \(f($0.pss))" }.joined(separator: ", ")
        return "start to first laid-out frame \(f(startMs)) ms (helper \(f(helperMs)) ms; sample, iphone-15); "
            + "a World frame \(f(frameMs, 2)) ms without the wall-clock wait; group \(f(rssMB)) MB RSS, "
            + "\(f(pssMB)) MB PSS (\(parts))"
    }
}

func benchWebKit() -> WebKitBenchFigures {
    var r = WebKitBenchFigures()
    guard let path = Assets.sample, let sample = try? LiveblogLoader.load(path: path) else {
        r.skipped = "the bundled sample liveblog was not found"
        return r
    }
    do { _ = try WebKitLocator.locate() } catch {
        r.skipped = "no WebKit (\(error))"
        return r
    }
    var c = WorldConfig()
    c.device = DeviceProfile.named("iphone-15")
    c.platform = .ios
    do {
        let started = DispatchTime.now().uptimeNanoseconds
        guard let maker = try EngineRun.maker(PageEngine(kind: .webkit), time: .realTime) else { return r }
        defer { EngineRun.closeAll() }
        let world = World(liveblog: sample, config: c, makePage: maker)
        world.advance(to: 0)
        guard let page = world.page as? EngineWebPage, let webkit = page.driver as? WebKitPage, page.loadedCount > 0 else {
            r.skipped = world.page.failure ?? "the page laid out no posts"
            return r
        }
        r.startMs = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        r.helperMs = webkit.helper.startSeconds * 1000
        if let id = sample.posts.last?.id { world.send(.jump(id: id, topOffset: nil)) }
        let frames = 300, waited = webkit.waitedSeconds
        let t0 = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<frames { world.advance(to: world.tick + VirtualClock.ticksPerFrame) }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        r.frameMs = (wall - (webkit.waitedSeconds - waited)) * 1000 / Double(frames)
        r.processes = GroupMemory.read(group: webkit.helper.pid)
        r.rssMB = r.processes.map(\.rss).reduce(0, +)
        r.pssMB = r.processes.map(\.pss).reduce(0, +)
        if let why = world.page.failure { r.skipped = why }
    } catch {
        r.skipped = "\(error)"
    }
    return r
}

/// `bench --only engine`'s WebKit line: the figures, or why they were skipped (stderr).
func printWebKitBench(_ b13: WebKitBenchFigures) {
    if let why = b13.skipped {
        FileHandle.standardError.write(Data("bench: WebKit figures (X16) skipped: \(why)\n".utf8))
        return
    }
    print(b13.pairs.map { "\($0.0) \($0.1)" }.joined(separator: " "))
    print("X16 " + b13.summary)
}

/// The memory of a process group from /proc: each live member's `smaps_rollup` (RSS, PSS), with its
/// name (`comm`); the helper's group holds the helper, its Xvfb and WebKit's web and network processes.
enum GroupMemory {
    static func read(group: Int32) -> [(name: String, rss: Double, pss: Double)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return names.compactMap { name -> (name: String, rss: Double, pss: Double)? in
            guard Int32(name) != nil,
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
            // After "pid (comm) ": state ppid pgrp …
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 3, fields[0] != "Z", Int32(fields[2]) == group,
                  let rollup = try? String(contentsOfFile: "/proc/\(name)/smaps_rollup", encoding: .utf8) else { return nil }
            func kib(_ key: String) -> Double {
                let line = rollup.split(separator: "\n").first { $0.hasPrefix(key + ":") }
                return Double(line?.split(separator: " ").dropFirst().first ?? "") ?? 0
            }
            return (String(stat[stat.index(after: open)..<close]), kib("Rss") / 1024, kib("Pss") / 1024)
        }
    }
}
