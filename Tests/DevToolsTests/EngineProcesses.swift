import Foundation
import XCTest
@testable import DevTools

/// What the tests check about the engine's processes: which ones run in a process group (not
/// counting zombies: in a container no init may reap them), read from /proc.
enum EngineProcesses {
    /// Live processes whose process group is `pgid`.
    static func inGroup(_ pgid: Int32) -> [Int32] {
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

    /// Waits (up to `seconds`) until no live process is left in the group.
    static func waitUntilGone(_ pgid: Int32, seconds: Double = 10) -> [Int32] {
        let deadline = Date().addingTimeInterval(seconds)
        var left = inGroup(pgid)
        while !left.isEmpty, Date() < deadline {
            usleep(50_000)
            left = inGroup(pgid)
        }
        return left
    }

    /// Launches the engine, or skips the test when the set-up has not installed one.
    static func launch(_ options: LaunchOptions = LaunchOptions()) throws -> Browser {
        try requireEngine()
        return try Browser.launch(options)
    }

    static func requireEngine() throws {
        do {
            _ = try EngineLocator.locate()
        } catch {
            throw XCTSkip("no browser engine (\(error)); the set-up installs chromium-headless-shell")
        }
    }
}
