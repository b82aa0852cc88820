@testable import Chromium
import TestSupport
import XCTest

/// Starting the engine in a test: skipped when the set-up has not installed one.
enum EngineLaunch {
    static func launch(_ options: LaunchOptions = LaunchOptions()) throws -> Browser {
        try requireEngine()
        return try Browser.launch(options)
    }

    static func requireEngine() throws {
        try Requirement.check("no browser engine", install: "apt-get install -y chromium-headless-shell") {
            _ = try EngineLocator.locate()
        }
    }
}
