import Foundation

/// G5: an external link (E14) opens with `$BROWSER` or `xdg-open`, after the UI has shown its
/// URL and the reader confirmed. The URL is passed as one argument (never through a shell), only
/// http(s) and mailto are opened, and the browser runs detached with its output discarded so it
/// cannot write into the terminal.
public struct ExternalLinkOpener: Sendable {
    /// The command that would open `url`: `$BROWSER` (its first word the program, a `%s` replaced
    /// by the URL, else the URL appended) or `xdg-open URL`. nil for other schemes.
    public static func command(for url: String, environment env: [String: String]) -> [String]? {
        guard let scheme = url.split(separator: ":", maxSplits: 1).first?.lowercased(),
              ["http", "https", "mailto"].contains(scheme),
              url.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else { return nil }
        if let b = env["BROWSER"], !b.isEmpty {
            // BROWSER may list several programs separated by ':'; the first is used.
            let first = b.split(separator: ":").first.map(String.init) ?? b
            var words = first.split(separator: " ").map(String.init)
            guard !words.isEmpty else { return nil }
            if words.contains(where: { $0.contains("%s") }) {
                words = words.map { $0.replacingOccurrences(of: "%s", with: url) }
            } else {
                words.append(url)
            }
            return words
        }
        return ["xdg-open", url]
    }

    /// Starts the command detached; false when it cannot be started.
    @discardableResult
    public static func open(_ url: String,
                            environment env: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let argv = command(for: url, environment: env) else { return false }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = argv
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return false }
        return true
    }
}
