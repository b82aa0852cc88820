import Foundation
import XCTest

/// Issue 39: `scripts/test --fast` runs the in-process tier, every test class but the heavy ones
/// scripts/test lists (a browser engine, tmux, xterm on Xvfb, the liveblog binary as a child).
/// The fast tier is the list's complement, so every test class is in exactly one tier; these
/// check that the list names only test classes, once each, that the pattern scripts/test builds
/// from it skips exactly those, and that no class left in the fast tier starts one of the programs.
final class TestTierTests: XCTestCase {
    /// What starts a program the fast tier must not: the browser engine, tmux, xterm/Xvfb, or the
    /// liveblog binary (every way the tests name it), found in code (not comments or strings).
    static let heavyMarkers = [
        #"\bEngineTestCase\b"#, #"\bBrowser\.launch\b"#, #"\bEngineLaunch\.launch\b"#,
        #"\bRequirement\.browserEngine\b"#, #"\bEngineLocator\.locate\b"#,
        #"\bTmux\s*\("#, #"\bXvfbXterm\b"#, #"\.spawn\s*\("#,
        #"\bRequirement\.liveblogBinary\b"#, #"\bFixture\.binary\b"#, #"\bTestPaths\.liveblog(Binary)?\b"#,
    ]

    struct TestClass: Hashable {
        let target: String
        let name: String
        var id: String { target + "." + name }
    }

    /// The heavy tier: the `heavy=( … )` list of scripts/test.
    static func heavyList(_ script: String) -> [String] {
        guard let start = script.range(of: "\nheavy=(") else { return [] }
        let rest = script[start.upperBound...]
        let body = rest[..<(rest.range(of: "\n)")?.lowerBound ?? rest.endIndex)]
        return body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The code (comments and strings blanked) of each class and its extensions, by target and
    /// name, with the class it inherits from.
    static func classes(_ files: [Repository.File]) -> (code: [TestClass: String], base: [TestClass: String]) {
        let declaration = try! NSRegularExpression(pattern: #"^\s*(?:final\s+|open\s+)?class\s+(\w+)\s*:\s*(\w+)"#)
        let extensionDecl = try! NSRegularExpression(pattern: #"^\s*extension\s+(\w+)\b"#)
        var code: [TestClass: String] = [:], base: [TestClass: String] = [:]
        for file in files {
            let parts = file.path.split(separator: "/")
            guard parts.count >= 3, parts[0] == "Tests", parts[1] != "Support" else { continue }
            let target = String(parts[1])
            let lines = SourceLexer(file.text).code.split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() {
                let s = String(line), range = NSRange(location: 0, length: (s as NSString).length)
                var name: String?
                if let m = declaration.firstMatch(in: s, range: range) {
                    name = (s as NSString).substring(with: m.range(at: 1))
                    base[TestClass(target: target, name: name!)] = (s as NSString).substring(with: m.range(at: 2))
                } else if let m = extensionDecl.firstMatch(in: s, range: range) {
                    name = (s as NSString).substring(with: m.range(at: 1))
                }
                guard let name, let end = SourceStructure.bodyEnd(lines, from: i) else { continue }
                code[TestClass(target: target, name: name), default: ""] += lines[i...end].joined(separator: "\n") + "\n"
            }
        }
        return (code, base)
    }

    /// The test classes: a class that inherits (through others) from XCTestCase and has a test.
    static func testClasses(_ files: [Repository.File]) -> [TestClass: String] {
        let (code, base) = classes(files)
        func isTestCase(_ c: TestClass, _ depth: Int = 0) -> Bool {
            guard let b = base[c], depth < 8 else { return false }
            return b == "XCTestCase" || isTestCase(TestClass(target: c.target, name: b), depth + 1)
        }
        /// Its code and its bases' (a heavy base makes its subclasses heavy).
        func inherited(_ c: TestClass, _ depth: Int = 0) -> String {
            guard let b = base[c], b != "XCTestCase", depth < 8 else { return code[c] ?? "" }
            return (code[c] ?? "") + inherited(TestClass(target: c.target, name: b), depth + 1)
        }
        var out: [TestClass: String] = [:]
        for c in base.keys where isTestCase(c) && (code[c] ?? "").range(of: #"\bfunc\s+test\w*\s*\("#,
                                                                           options: .regularExpression) != nil {
            out[c] = inherited(c)
        }
        return out
    }

    /// The markers found in `code`.
    static func heavyUses(_ code: String) -> [String] {
        heavyMarkers.filter { code.range(of: $0, options: .regularExpression) != nil }
    }

    /// The regular expression `scripts/test --fast` gives `swift test --skip`, built alike.
    static func skipPattern(_ heavy: [String]) -> String {
        "^(" + heavy.map { $0.replacingOccurrences(of: ".", with: "\\.") }.joined(separator: "|") + ")/"
    }

    func testTiers_everyTestClassIsInExactlyOneTier() throws {
        let script = SetupFiles.text("scripts/test")
        let heavy = Self.heavyList(script)
        XCTAssertGreaterThan(heavy.count, 20, "scripts/test's heavy=( … ) list was not found")
        XCTAssertEqual(heavy.count, Set(heavy).count, "a class twice in scripts/test's heavy list")
        XCTAssertTrue(script.contains(#"pattern=$(IFS='|'; echo "${heavy[*]}")"#)
                      && script.contains(#"args+=(--skip "^(${pattern//./\\.})/")"#),
                      "scripts/test --fast builds its --skip pattern as skipPattern does")
        let classes = Self.testClasses(Repository.files(under: "Tests", extensions: [".swift"]))
        XCTAssertGreaterThan(classes.count, 150, "the test classes were not found")
        let ids = Set(classes.keys.map(\.id))
        for name in heavy where !ids.contains(name) {
            XCTFail("scripts/test lists \(name) as heavy: no such test class")
        }
        let skip = try NSRegularExpression(pattern: Self.skipPattern(heavy))
        for (c, code) in classes.sorted(by: { $0.key.id < $1.key.id }) {
            let test = c.id + "/testSomething"
            let skipped = skip.firstMatch(in: test, range: NSRange(location: 0, length: (test as NSString).length)) != nil
            XCTAssertEqual(skipped, heavy.contains(c.id), "\(c.id): --fast skips exactly the heavy list")
            let uses = Self.heavyUses(code)
            if !heavy.contains(c.id) && !uses.isEmpty {
                XCTFail("\(c.id) is in the fast tier but starts a heavy program (\(uses)): add it to scripts/test's heavy list")
            }
        }
    }

    /// The readers on examples: a class and its extension, a base class without tests, a heavy use
    /// through a base, markers in comments and strings not counted.
    func testTiers_theReadersFindClassesAndHeavyUses() throws {
        let a = Repository.File(path: "Tests/XTests/A.swift", text: """
            class BaseCase: XCTestCase {
                override func setUp() { _ = Browser.launch() }
            }
            final class ATests: BaseCase {
                func testA() {}
            }
            final class BTests: XCTestCase {
                func testB() { let s = "Tmux(" } // Requirement.liveblogBinary
            }
            """)
        let b = Repository.File(path: "Tests/XTests/B.swift", text: """
            extension BTests {
                func helper() { try t.spawn(bin, []) }
            }
            final class CTests: XCTestCase {
                func testC() {}
            }
            """)
        let classes = Self.testClasses([a, b])
        XCTAssertEqual(Set(classes.keys.map(\.id)), ["XTests.ATests", "XTests.BTests", "XTests.CTests"])
        XCTAssertEqual(Self.heavyUses(classes[.init(target: "XTests", name: "ATests")]!), [#"\bBrowser\.launch\b"#])
        XCTAssertEqual(Self.heavyUses(classes[.init(target: "XTests", name: "BTests")]!), [#"\.spawn\s*\("#])
        XCTAssertEqual(Self.heavyUses(classes[.init(target: "XTests", name: "CTests")]!), [])
        XCTAssertEqual(Self.heavyList("x\nheavy=(\n    A.B\n    # c\n    C.D\n)\ny"), ["A.B", "C.D"])
        XCTAssertEqual(Self.skipPattern(["A.B", "C.D"]), #"^(A\.B|C\.D)/"#)
    }
}
