import EngineProcess
import Foundation

/// Finds (or builds) the WebKit helper (X11): `Assets/webkit/liveblog-webkit.c`, a C program of
/// this project embedding WebKitGTK 4.1, compiled on first use with
/// `cc … $(pkg-config --cflags --libs webkit2gtk-4.1 json-glib-1.0)` into a cache folder, so that
/// `swift build` never needs WebKit. `LIVEBLOG_WEBKIT_HELPER` names a helper built elsewhere.
/// Missing WebKit (its development package, which the build needs) or Xvfb: exit 69 naming the
/// Debian packages.
public enum WebKitLocator {
    public static let environmentKey = "LIVEBLOG_WEBKIT_HELPER"
    public static let debianPackages = "libwebkit2gtk-4.1-dev libjson-glib-dev"
    public static let xvfbPackage = "xvfb"
    static let pkgConfigModules = ["webkit2gtk-4.1", "json-glib-1.0"]

    /// The helper's path and Xvfb's, built when needed.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> (helper: String, xvfb: String) {
        guard let xvfb = onPath("Xvfb", environment) else {
            throw EngineError.engineNotFound("no virtual X display for WebKit: Xvfb is not on PATH; install the "
                + "Debian package \(xvfbPackage) (apt-get install \(xvfbPackage))")
        }
        if let given = environment[environmentKey], !given.isEmpty {
            guard ExecutablePath.isExecutable(given) else {
                throw EngineError.engineNotFound("\(environmentKey)=\(given) is not an executable file")
            }
            return (given, xvfb)
        }
        return (try build(environment), xvfb)
    }

    /// The helper's source: $LIVEBLOG_ASSETS/webkit, the folders above the executable, the
    /// repository these sources were compiled in.
    static func source(_ environment: [String: String]) -> String? {
        let name = "/webkit/liveblog-webkit.c"
        var candidates: [String] = []
        if let env = environment["LIVEBLOG_ASSETS"] { candidates.append(env + name) }
        if var dir = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            for _ in 0..<6 {
                dir = (dir as NSString).deletingLastPathComponent
                candidates += [dir + "/Assets" + name, dir + "/share/liveblog/Assets" + name]
            }
        }
        // Sources/WebKitEngine/WebKitLocator.swift → the repository root.
        let sources = ((#filePath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        candidates.append((sources as NSString).deletingLastPathComponent + "/Assets" + name)
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The cache folder: as root `/var/cache/liveblog` (the helper runs as an unprivileged user,
    /// who must reach it and must not be able to replace it), else `$XDG_CACHE_HOME/liveblog` or
    /// `~/.cache/liveblog`.
    static func cacheDirectory(_ environment: [String: String]) -> String {
        if geteuid() == 0 { return "/var/cache/liveblog" }
        if let x = environment["XDG_CACHE_HOME"], !x.isEmpty { return x + "/liveblog" }
        return (environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache/liveblog"
    }

    /// Compiles the helper unless a build of this very source is there (its name carries the
    /// source's hash).
    static func build(_ environment: [String: String]) throws -> String {
        guard let src = source(environment), let text = FileManager.default.contents(atPath: src) else {
            throw EngineError.launchFailed("the WebKit helper's source (Assets/webkit/liveblog-webkit.c) was not "
                                             + "found: set LIVEBLOG_ASSETS")
        }
        var hash: UInt64 = 0xcbf29ce484222325
        for b in text { hash = (hash ^ UInt64(b)) &* 0x100000001b3 }
        let dir = cacheDirectory(environment)
        let binary = dir + "/liveblog-webkit-" + String(hash, radix: 16)
        if ExecutablePath.isExecutable(binary) { return binary }
        guard let flags = run("pkg-config", ["--cflags", "--libs"] + pkgConfigModules, environment), flags.status == 0
        else {
            throw EngineError.engineNotFound("WebKit is not installed (pkg-config finds no "
                + pkgConfigModules.joined(separator: ", ") + "): install the Debian packages \(debianPackages) "
                + "(apt-get install \(debianPackages)); the WebKit helper is built from them on first use")
        }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        let temporary = binary + ".\(getpid()).tmp"
        let args = ["-O2", "-o", temporary, src] + flags.output.split(whereSeparator: \.isWhitespace).map(String.init)
        // Swift's toolchain brings clang; Debian's build-essential brings cc.
        let compiler = ["cc", "clang", "gcc"].first { onPath($0, environment) != nil } ?? "cc"
        guard let cc = run(compiler, args, environment), cc.status == 0 else {
            unlink(temporary)
            throw EngineError.launchFailed("the WebKit helper did not compile (\(compiler) \(src))")
        }
        chmod(temporary, 0o755)
        guard rename(temporary, binary) == 0 else {
            throw EngineError.launchFailed("cannot put the WebKit helper in \(dir): " + String(cString: strerror(errno)))
        }
        return binary
    }

    /// Runs a tool found on PATH; its status and standard output (nil: not found).
    static func run(_ tool: String, _ args: [String], _ environment: [String: String]) -> (status: Int32, output: String)? {
        guard let path = onPath(tool, environment) else { return nil }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func onPath(_ name: String, _ environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let candidate = "\(dir)/\(name)"
            if ExecutablePath.isExecutable(candidate) { return candidate }
        }
        return nil
    }
}
