import Foundation

/// Whether a path names an executable file: how both engines' locators (Chromium's
/// `EngineLocator`, `WebKitLocator`) test a candidate.
package enum ExecutablePath {
    package static func isExecutable(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
        else { return false }
        return access(path, X_OK) == 0
    }
}
