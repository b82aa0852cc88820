@testable import EngineProcess
import ExitStatus
import Foundation
@testable import WebKitEngine
import XCTest

/// X11: without WebKit, `--engine webkit` ends with exit 69 naming the Debian packages (no Xvfb:
/// naming xvfb); the helper is built only when asked for, so `swift build` never needs WebKit.
final class WebKitLocatorTests: XCTestCase {
    func testX11_noXvfbIsExit69NamingThePackage() {
        XCTAssertThrowsError(try WebKitLocator.locate(environment: ["PATH": "/nonexistent"])) { error in
            let e = error as? EngineError
            XCTAssertEqual(e?.exitCode, .unavailable)
            XCTAssertTrue("\(error)".contains("apt-get install xvfb"), "\(error)")
        }
    }

    func testX11_noWebKitToBuildTheHelperFromIsExit69NamingThePackage() throws {
        // A PATH with an "Xvfb" and nothing else (no pkg-config), and a source of its own (so no
        // helper built before is found in the cache).
        let dir = NSTemporaryDirectory() + "liveblog-webkit-locator-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir + "/tools", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/assets/webkit", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = FileManager.default.createFile(atPath: dir + "/tools/Xvfb", contents: Data("#!/bin/sh\n".utf8),
                                       attributes: [.posixPermissions: 0o755])
        try "/* \(UUID().uuidString) */\n".write(toFile: dir + "/assets/webkit/liveblog-webkit.c", atomically: true,
                                                  encoding: .utf8)
        let env = ["PATH": dir + "/tools", "LIVEBLOG_ASSETS": dir + "/assets", "HOME": dir, "XDG_CACHE_HOME": dir + "/cache"]
        XCTAssertThrowsError(try WebKitLocator.locate(environment: env)) { error in
            XCTAssertEqual((error as? EngineError)?.exitCode, .unavailable)
            XCTAssertTrue("\(error)".contains("libwebkit2gtk-4.1-dev"), "\(error)")
        }
    }

    func testX11_aGivenHelperThatIsNotExecutableIsExit69() {
        let env = ["PATH": "/usr/bin:/bin", WebKitLocator.environmentKey: "/nonexistent/liveblog-webkit"]
        XCTAssertThrowsError(try WebKitLocator.locate(environment: env)) { error in
            XCTAssertEqual((error as? EngineError)?.exitCode, .unavailable)
        }
    }
}
