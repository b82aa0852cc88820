import EngineProcess
import Foundation

/// Finds the browser engine (X2): `LIVEBLOG_CHROMIUM` when set, else the first of
/// `chromium-headless-shell` and `chromium` on `PATH`. Missing: an error that maps to exit 69 and
/// names the Debian package that provides it.
public enum EngineLocator {
    public static let environmentKey = "LIVEBLOG_CHROMIUM"
    /// Tried on PATH, in order: the old headless shell (small, begin-frame control), then the
    /// full browser.
    public static let names = ["chromium-headless-shell", "chromium"]
    public static let debianPackage = "chromium-headless-shell"

    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> String {
        if let given = environment[environmentKey], !given.isEmpty {
            guard ExecutablePath.isExecutable(given) else {
                throw EngineError.engineNotFound(
                    "\(environmentKey)=\(given) is not an executable file: point it at chromium-headless-shell "
                    + "or chromium, or unset it and install the Debian package \(debianPackage) "
                    + "(apt-get install \(debianPackage))")
            }
            return given
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for name in names {
            for dir in path.split(separator: ":") where !dir.isEmpty {
                let candidate = "\(dir)/\(name)"
                if ExecutablePath.isExecutable(candidate) { return candidate }
            }
        }
        throw EngineError.engineNotFound(
            "no browser engine found: neither \(names.joined(separator: " nor ")) is on PATH; install the "
            + "Debian package \(debianPackage) (apt-get install \(debianPackage)), or set \(environmentKey) "
            + "to the browser's path")
    }
}
