import Foundation

/// What the engine tests check about the browser's processes: which ones run in a process
/// group, not counting zombies (in a container no init may reap them), read from /proc.
public enum EngineProcesses {
    /// Live processes whose process group is `pgid`.
    public static func inGroup(_ pgid: Int32) -> [Int32] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var out: [Int32] = []
        for name in names {
            guard let pid = Int32(name),
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After "pid (comm) ": state ppid pgrp …
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 3, fields[0] != "Z", Int32(fields[2]) == pgid else { continue }
            out.append(pid)
        }
        return out
    }

    /// Waits (up to `seconds`) until no live process is left in the group; those left.
    public static func waitUntilGone(_ pgid: Int32, seconds: Double = 10) -> [Int32] {
        let deadline = Date().addingTimeInterval(seconds)
        var left = inGroup(pgid)
        while !left.isEmpty, Date() < deadline {
            usleep(20_000)
            left = inGroup(pgid)
        }
        return left
    }
}
