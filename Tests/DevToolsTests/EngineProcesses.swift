import TestSupport
import XCTest
@testable import DevTools

/// Starting the engine in a test: skipped when the set-up has not installed one.
enum EngineLaunch {
    static func launch(_ options: LaunchOptions = LaunchOptions()) throws -> Browser {
        try requireEngine()
        return try Browser.launch(options)
    }

    static func requireEngine() throws {
        do { _ = try EngineLocator.locate() } catch { try EngineRequirement.require(missing: "\(error)") }
    }
}
