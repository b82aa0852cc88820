import Foundation
import XCTest

/// Issue 26: the README's first two commands do all the set-up on a fresh Debian or Ubuntu machine
/// (scripts/run opens the viewer, scripts/test runs every test), CI runs exactly those two, and the
/// one package list agrees with Package.swift and with the README's reasons.
final class ReadmeCommandsTests: XCTestCase {
    let readme = SetupFiles.text("README.md")
    let ci = SetupFiles.text(".ci/run")

    func testReadme_firstCodeBlockIsTheRunAndTestCommandsCIRuns() {
        let commands = SetupFiles.readmeCommands(readme)
        XCTAssertEqual(Array(commands.prefix(2)), ["scripts/run", "scripts/test"],
                       "the README's first code block: the viewer's command, then the tests'")
        let ciCommands = SetupFiles.scriptCommands(ci)
        for command in commands.prefix(2) {
            XCTAssertTrue(ciCommands.contains { $0 == command || $0.hasPrefix(command + " ") },
                          ".ci/run does not run the README's command \(command)")
        }
    }

    func testCI_installsNothingOfItsOwn() {
        // The set-up is the README's test command's: a second install list in CI could drift.
        for word in ["apt-get", "dpkg", "apt "] {
            XCTAssertFalse(SetupFiles.scriptCommands(ci).contains { $0.contains(word) },
                           ".ci/run has its own \(word)")
        }
    }

    func testScripts_runAndTestGoThroughTheSetUpThenSwift() throws {
        let fm = FileManager.default
        for (name, set, swift) in [("run", "run", "swift run"), ("test", "test", "swift test")] {
            let path = Repository.root.appendingPathComponent("scripts/\(name)").path
            XCTAssertTrue(fm.isExecutableFile(atPath: path), "scripts/\(name) is not executable")
            let lines = SetupFiles.scriptCommands(SetupFiles.text("scripts/\(name)"))
            let setup = try XCTUnwrap(lines.firstIndex { $0.contains("scripts/setup\" \(set)") },
                                      "scripts/\(name) does not run scripts/setup \(set)")
            let run = try XCTUnwrap(lines.firstIndex { $0.contains(swift) }, "scripts/\(name): no \(swift)")
            XCTAssertLessThan(setup, run, "scripts/\(name) sets up before it builds")
        }
        let setup = Repository.root.appendingPathComponent("scripts/setup").path
        XCTAssertTrue(fm.isExecutableFile(atPath: setup), "scripts/setup is not executable")
    }

    func testPackages_oneWellFormedListWithTheViewersAndTheTestsNeeds() {
        let (packages, problems) = SetupFiles.packages(SetupFiles.text("scripts/packages"))
        XCTAssertEqual(problems, [], "scripts/packages lines are: run|test NAME REASON")
        let names = packages.map(\.name)
        XCTAssertEqual(names.count, Set(names).count, "a package twice in scripts/packages")
        for p in packages {
            XCTAssertNotNil(p.name.range(of: "^[a-z0-9][a-z0-9+.-]+$", options: .regularExpression),
                            "\(p.name) is not a Debian package name")
        }
        // What issue 26 and the ones after it name: the tests' tools and the browser engine's.
        let run = Set(packages.filter { $0.set == "run" }.map(\.name))
        let test = Set(packages.filter { $0.set == "test" }.map(\.name))
        XCTAssertTrue(run.isSuperset(of: ["pkg-config", "libncurses-dev", "libpng-dev", "zlib1g-dev"]))
        XCTAssertTrue(test.isSuperset(of: ["tmux", "xvfb", "xterm", "imagemagick", "libxml2-utils",
                                           "librsvg2-bin", "python3", "chromium-headless-shell",
                                           "fonts-dejavu-core"]))
    }

    func testPackages_holdEveryAptProviderOfPackageSwiftInTheViewersSet() {
        let manifest = SetupFiles.text("Package.swift")
        let run = Set(SetupFiles.packages(SetupFiles.text("scripts/packages")).packages
            .filter { $0.set == "run" }.map(\.name))
        let apt = SetupFiles.providers(manifest, kind: "apt")
        XCTAssertFalse(apt.isEmpty)
        for name in apt.joined() {
            XCTAssertTrue(run.contains(name),
                          "Package.swift's .apt \(name) is not a run package of scripts/packages")
        }
        // macOS: each system library names its Homebrew formulae too.
        let brew = SetupFiles.providers(manifest, kind: "brew")
        XCTAssertEqual(brew.count, apt.count, "a system library without .brew([...])")
        XCTAssertFalse(brew.contains { $0.isEmpty || $0.contains("") })
    }

    func testReadme_namesEachPackageWithTheListsSetAndReason() {
        let listed = SetupFiles.packages(SetupFiles.text("scripts/packages")).packages
        let documented = SetupFiles.readmePackages(readme)
        func line(_ p: SetupFiles.Package) -> String {
            "- `\(p.name)`: \(p.reason)  (\(p.set == "run" ? "the viewer's" : "only the tests'"))"
        }
        let wanted = listed.map(line)
        let found = documented.map(line)
        XCTAssertEqual(found, wanted, "README's \"What the two commands install\" should hold these lines")
    }

    // MARK: - The readers themselves

    func testReaders_firstCodeBlockPackageLinesAndProviders() {
        let md = "intro\n```\na/run   # opens\n\n  a/test # tests\n```\n```\nlater\n```\n"
        XCTAssertEqual(SetupFiles.readmeCommands(md), ["a/run", "a/test"])
        let (p, problems) = SetupFiles.packages("# c\nrun  x-dev   why x\n\ntest y   why y, too\nbad z\n")
        XCTAssertEqual(p, [.init(set: "run", name: "x-dev", reason: "why x"),
                           .init(set: "test", name: "y", reason: "why y, too")])
        XCTAssertEqual(problems, ["line 5: bad z"])
        let manifest = #"providers: [.apt(["a-dev", "b"]), .brew(["a"])]), .apt(["c"])"#
        XCTAssertEqual(SetupFiles.providers(manifest, kind: "apt"), [["a-dev", "b"], ["c"]])
        let section = "## What the two commands install\n- `a`: one\nOnly the tests:\n- `b`: two\n"
        XCTAssertEqual(SetupFiles.readmePackages("x\n" + section + "## Next\n- `c`: no"),
                       [.init(set: "run", name: "a", reason: "one"),
                        .init(set: "test", name: "b", reason: "two")])
    }
}
