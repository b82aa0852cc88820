import Foundation

/// The reference embed's files (Assets/embed: HTML, CSS, JavaScript written here, X3) and the
/// scripts injected at document start (inject.js, X5; engine-view.js, what the terminal reads of
/// the page, X9; webkit-clock.js, WebKit's page clock in `simulate`, X13), read once.
public struct EmbedAssets: Sendable {
    public let directory: String
    let files: [String: [UInt8]]

    static let names = ["index.html", "embed.css", "liveblog-render.js", "liveblog-jump.js",
                        "liveblog-element.js", "inject.js", "engine-view.js", "webkit-clock.js"]
    /// Injected into the page, not served by it.
    static let injected: Set<String> = ["inject.js", "engine-view.js", "webkit-clock.js"]

    /// Reads the files of `directory`, or of the first folder found: $LIVEBLOG_ASSETS/embed, the
    /// folders above the executable, the repository these sources were compiled in.
    public init(directory given: String? = nil) throws {
        guard let dir = given ?? EmbedAssets.locate() else {
            throw ServerError("the reference embed (Assets/embed) was not found: set LIVEBLOG_ASSETS")
        }
        var files: [String: [UInt8]] = [:]
        for name in EmbedAssets.names {
            guard let data = FileManager.default.contents(atPath: dir + "/" + name) else {
                throw ServerError("the reference embed's \(dir)/\(name) cannot be read")
            }
            files[name] = Array(data)
        }
        directory = dir
        self.files = files
    }

    package func text(_ name: String) -> String { String(decoding: files[name] ?? [], as: UTF8.self) }

    static func locate() -> String? {
        let fm = FileManager.default
        func ok(_ d: String) -> Bool {
            fm.fileExists(atPath: d + "/index.html") && fm.fileExists(atPath: d + "/inject.js")
        }
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["LIVEBLOG_ASSETS"] { candidates.append(env + "/embed") }
        if var dir = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            for _ in 0..<6 {
                dir = (dir as NSString).deletingLastPathComponent
                candidates += [dir + "/Assets/embed", dir + "/share/liveblog/Assets/embed"]
            }
        }
        // Sources/BrowserEngine/EmbedAssets.swift → the repository root.
        let sources = ((#filePath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        candidates.append((sources as NSString).deletingLastPathComponent + "/Assets/embed")
        return candidates.first(where: ok)
    }

    static func contentType(_ name: String) -> String {
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
        return "application/octet-stream"
    }
}
