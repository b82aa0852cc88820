import Foundation

/// Finds the bundled Assets/ folder from any working directory: $LIVEBLOG_ASSETS, then the
/// folders above the executable (.build/…/liveblog → the repository), then where the sources were
/// compiled. C1: `liveblog` with no arguments opens the bundled sample from anywhere.
public enum Assets {
    public static func directory() -> String? {
        let fm = FileManager.default
        func ok(_ d: String) -> Bool { fm.fileExists(atPath: d + "/liveblogs/sample.json") }
        if let env = ProcessInfo.processInfo.environment["LIVEBLOG_ASSETS"], ok(env) { return env }
        var candidates: [String] = []
        if let exe = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var dir = (exe as NSString).deletingLastPathComponent
            for _ in 0..<6 {
                candidates.append(dir + "/Assets")
                candidates.append(dir + "/share/liveblog/Assets")
                dir = (dir as NSString).deletingLastPathComponent
            }
        }
        // Sources/Commands/Assets.swift → the repository root.
        let src = ((#filePath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        candidates.append((src as NSString).deletingLastPathComponent + "/Assets")
        return candidates.first(where: ok)
    }

    public static var sample: String? { directory().map { $0 + "/liveblogs/sample.json" } }
}
