import Foundation
import XCTest

/// A test that needs the browser engine (SPEC 17): skipped when the set-up has not installed one,
/// except under CI=true, where a missing engine is a failure (CI's set-up installs it, so a skip
/// there would hide that the engine was never tested).
public enum EngineRequirement {
    /// `reason`: why no engine was found (the locator's message), nil when there is one.
    public static func require(missing reason: String?, file: StaticString = #filePath, line: UInt = #line) throws {
        guard let reason else { return }
        let message = "no browser engine (\(reason)); the set-up installs chromium-headless-shell"
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            XCTFail("CI=true: \(message)", file: file, line: line)
        }
        throw XCTSkip(message)
    }
}
