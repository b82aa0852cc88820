import Foundation
import XCTest

/// Issue 25: CI without skips. A test that needs a program of the machine (tmux, Xvfb, xterm,
/// ImageMagick, xmllint, rsvg-convert, python3, the browser engine) gives up only through
/// TestSupport's `Requirement`, which skips for a person without the program and fails under
/// `CI=true` (which .ci/run exports); every Debian package it names is one scripts/packages installs.
final class ToolRequirementTests: XCTestCase {
    /// The programs the tests need, as a path or a message would name them.
    static let tools = ["tmux", "Xvfb", "xterm", "import", "convert", "xmllint", "rsvg-convert", "python3",
                        "chromium", "prlimit"]
    /// The packages of those programs, each of which some test requires through `Requirement`.
    static let toolPackages: Set<String> = ["tmux", "xvfb", "xterm", "imagemagick", "libxml2-utils", "librsvg2-bin",
                                            "python3", "chromium-headless-shell"]
    /// The files that name XCTSkip for another reason than a missing program, with why.
    static let otherSkips = ["Tests/TerminalUITests/RequirementTests.swift": "tests that Requirement skips"]

    /// This file, whose examples of what the check finds are not tests.
    static let examples = "Tests/RepositoryTests/ToolRequirementTests.swift"

    /// The tests' Swift files but this one.
    static var swiftFiles: [Repository.File] {
        Repository.files(under: "Tests", extensions: [".swift"]).filter { $0.path != examples }
    }

    var testFiles: [Repository.File] { Self.swiftFiles.filter { !$0.path.hasPrefix("Tests/Support/") } }

    /// Where `text` (test code outside Tests/Support) skips or looks for a program by itself.
    static func ownWays(_ file: Repository.File) -> [String] {
        var out: [String] = []
        let code = SourceLexer(file.text).code.split(separator: "\n", omittingEmptySubsequences: false)
        for (n, line) in code.enumerated() where line.contains("XCTSkip") && otherSkips[file.path] == nil {
            out.append("\(file.path):\(n + 1): throws XCTSkip itself (a missing program: Requirement.tool)")
        }
        for (n, line) in file.lines.enumerated() {
            for tool in tools where line.contains("/bin/" + tool) {
                out.append("\(file.path):\(n + 1): looks for \(tool) by its path (Requirement.tool finds it)")
            }
        }
        return out
    }

    func testCI_noTestSkipsOrLooksForAProgramOutsideRequirement() {
        let files = testFiles
        XCTAssertGreaterThan(files.count, 100, "the tests are read")
        let offenders = files.flatMap(ToolRequirementTests.ownWays)
        XCTAssertTrue(offenders.isEmpty, "a test gives up on a missing program its own way:\n"
                      + offenders.joined(separator: "\n"))
    }

    /// The Debian packages the tests name to `Requirement` (`package: "…"`, `install: "apt-get
    /// install -y …"`), with the places that name them.
    static func requiredPackages(_ files: [Repository.File]) -> [String: String] {
        var out: [String: String] = [:]
        let patterns = [#"package: "([a-z0-9][a-z0-9+.-]+)""#, #"apt-get install -y ([a-z0-9][a-z0-9+. -]*)""#]
        for f in files {
            for (n, line) in f.lines.enumerated() {
                for pattern in patterns {
                    let s = String(line)
                    let regex = try! NSRegularExpression(pattern: pattern)
                    for m in regex.matches(in: s, range: NSRange(s.startIndex..., in: s)) {
                        guard let r = Range(m.range(at: 1), in: s) else { continue }
                        for name in s[r].split(separator: " ") { out[String(name)] = "\(f.path):\(n + 1)" }
                    }
                }
            }
        }
        return out
    }

    func testCI_everyPackageATestRequiresIsInstalledByTheTestSetUp() {
        let required = ToolRequirementTests.requiredPackages(ToolRequirementTests.swiftFiles)
        let listed = Set(SetupFiles.packages(SetupFiles.text("scripts/packages")).packages.map(\.name))
        for (name, place) in required.sorted(by: { $0.key < $1.key }) where !listed.contains(name) {
            XCTFail("\(place) requires the Debian package \(name), which scripts/packages does not install: "
                    + "under CI the test would fail")
        }
        let missing = ToolRequirementTests.toolPackages.subtracting(required.keys)
        XCTAssertTrue(missing.isEmpty, "no test requires these through Requirement: \(missing.sorted())")
    }

    func testCI_ciRunExportsCIBeforeTheTests() throws {
        let lines = SetupFiles.scriptCommands(SetupFiles.text(".ci/run"))
        let export = try XCTUnwrap(lines.firstIndex(of: "export CI=true"), ".ci/run does not export CI=true")
        let test = try XCTUnwrap(lines.firstIndex { $0 == "scripts/test" || $0.hasPrefix("scripts/test ") },
                                 ".ci/run does not run scripts/test")
        XCTAssertLessThan(export, test, ".ci/run exports CI=true before it runs the tests")
    }

    /// The check itself finds a skip and a path of its own, and not one in a comment or a string.
    func testCI_theCheckFindsASkipOfItsOwn() {
        let own = Repository.File(path: "Tests/XTests/X.swift", text: """
            guard let t = ["/usr/bin/tmux"].first(where: FileManager.default.isExecutableFile) else {
                throw XCTSkip("tmux is not installed")
            }
            // throw XCTSkip("x") in a comment
            let s = "XCTSkip"
            """)
        XCTAssertEqual(ToolRequirementTests.ownWays(own), [
            "Tests/XTests/X.swift:2: throws XCTSkip itself (a missing program: Requirement.tool)",
            "Tests/XTests/X.swift:1: looks for tmux by its path (Requirement.tool finds it)",
        ])
        let calls = Repository.File(path: "T.swift", text: """
            try Requirement.tool("xmllint", package: "libxml2-utils")
            try Requirement.check("no engine", install: "apt-get install -y chromium-headless-shell fonts-x") {}
            """)
        XCTAssertEqual(ToolRequirementTests.requiredPackages([calls]),
                       ["libxml2-utils": "T.swift:1", "chromium-headless-shell": "T.swift:2", "fonts-x": "T.swift:2"])
    }
}
