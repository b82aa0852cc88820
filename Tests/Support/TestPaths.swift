import Foundation

/// Where the tests find the repository and what `swift build` made, from this file's own path, so
/// the tests work from any working directory.
public enum TestPaths {
    /// The repository's root (Tests/Support/TestPaths.swift → two folders up).
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Tests/Support, where the fixture servers and the pty relay are.
    public static let support = root + "/Tests/Support"

    /// The bundled sample liveblog.
    public static let sample = root + "/Assets/liveblogs/sample.json"

    /// The `liveblog` binary beside the test bundle (the build `swift test` made), else in the
    /// usual build folders; nil when none is built.
    public static let liveblogBinary: String? = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent().path
        let candidates = [bundle + "/liveblog"] + [".build/debug", ".build/x86_64-unknown-linux-gnu/debug", ".build/release"]
            .map { root + "/" + $0 + "/liveblog" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The binary's path, built or not (a test that has checked `Requirement.liveblogBinary()`).
    public static var liveblog: String { liveblogBinary ?? root + "/.build/debug/liveblog" }
}
