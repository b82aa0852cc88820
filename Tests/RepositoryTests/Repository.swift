import Foundation

/// The repository these tests read: found from this file's own path, so the tests work from
/// any working directory (Tests/RepositoryTests/Repository.swift → the root, two folders up).
enum Repository {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    struct File {
        /// The path relative to the repository's root, e.g. `Sources/Embed/Page.swift`.
        let path: String
        let text: String
        var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }
        var isSwift: Bool { path.hasSuffix(".swift") }
        var isC: Bool { path.hasSuffix(".h") || path.hasSuffix(".c") }
    }

    /// Every file under `folder` (relative to the root) whose name ends in one of `extensions`
    /// (all files when empty), sorted by path.
    static func files(under folder: String, extensions: [String] = []) -> [File] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
            return []
        }
        var out: [File] = []
        for case let url as URL in walker {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
                  !isDirectory.boolValue else { continue }
            guard extensions.isEmpty || extensions.contains(where: { url.lastPathComponent.hasSuffix($0) })
            else { continue }
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            out.append(File(path: relative(url), text: text))
        }
        return out.sorted { $0.path < $1.path }
    }

    static func relative(_ url: URL) -> String {
        let full = url.standardizedFileURL.path
        let prefix = root.standardizedFileURL.path + "/"
        return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
    }
}
