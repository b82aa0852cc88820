import XCTest

/// The code rules of issue 10: no file under Sources/ over 400 lines, no function over 60 lines
/// outside the tests. (`;`-joined statements are the architecture's advice (docs/architecture.md), not enforced: the short
/// `{ pos += 1; break }` forms of the byte scanners read better on one line.)
final class StructureTests: XCTestCase {
    static let maxFileLines = 400
    static let maxFunctionLines = 60

    /// Every offender, one line each ("path: what"), sorted.
    static func offenders() -> [String] {
        var out: [String] = []
        for file in Repository.files(under: "Sources") {
            let lines = SourceStructure.lineCount(file.text)
            if lines > maxFileLines { out.append("\(file.path): \(lines) lines (file)") }
            guard file.isSwift else { continue }
            let functions = SourceStructure.functions(in: file.text, path: file.path)
            for f in functions where f.length > maxFunctionLines { out.append("\(f) (function)") }
        }
        return out
    }

    func testStructure_filesAndFunctions() {
        let found = Self.offenders()
        XCTAssertTrue(found.isEmpty, "\(found.count) offenders:\n" + found.joined(separator: "\n"))
    }

    // MARK: - The scanner itself

    func testScanner_functionLengthCountsCodeBracesOnly() {
        let text = """
            struct S {
                /// func inComment() {
                func a() {
                    let s = "}}} { \\(x.map { "}" })"
                    let r = #"{"#
                    /* } */
                }
                var b: Int {
                    1
                }
                func c()
                    -> Int
                {
                    2 }
            }
            protocol P { func d() }
            """
        let found = SourceStructure.functions(in: text, path: "X.swift").map { "\($0.line):\($0.length)" }
        XCTAssertEqual(found, ["3:5", "8:3", "11:4", "16:1"])
    }

    func testScanner_semicolonsOnlyInCode() {
        let text = "let a = 1; let b = 2\nlet s = \"a;b\" // c; d\n/* ; */ let c = 3\n"
        XCTAssertEqual(SourceStructure.semicolonLines(in: text), [1])
        XCTAssertEqual(SourceStructure.lineCount("a\nb\n"), 2)
        XCTAssertEqual(SourceStructure.lineCount("a\nb"), 2)
    }
    // MARK: - Swift 6 (issue 39)

    /// The package compiles in Swift 6 language mode (strict concurrency), and every escape from
    /// its checking (`@unchecked Sendable`, `nonisolated(unsafe)`) says why on its line or the
    /// line above.
    func testSwift6_languageModeAndEveryUncheckedSaysWhy() throws {
        let manifest = try String(contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.hasPrefix("// swift-tools-version:6."), "Package.swift: tools version 6")
        XCTAssertFalse(manifest.contains("swiftLanguageMode(.v5)") || manifest.contains("swiftLanguageVersions"),
                       "no target is held back in Swift 5 mode")
        var silent: [String] = []
        let escapes = ["@unchecked" + " Sendable", "nonisolated" + "(unsafe)"]
        for file in Repository.files(under: "Sources") + Repository.files(under: "Tests") where file.isSwift {
            let lines = file.lines
            for (i, line) in lines.enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                guard escapes.contains(where: { code.contains($0) }) else { continue }
                let above = i > 0 ? lines[i - 1].trimmingCharacters(in: .whitespaces) : ""
                if !line.contains("//") && !above.hasPrefix("//") { silent.append("\(file.path):\(i + 1)") }
            }
        }
        XCTAssertEqual(silent, [], "each unchecked escape gives its reason in a comment")
    }
    /// Self-contained (issue 39): no comment, string or test in Sources/ or Tests/ names a document
    /// outside the repository; ids are defined in docs/behaviours.md, principles and the Swift and
    /// C notes in docs/architecture.md, the seeds described there.
    func testSelfContained_noCitationOfDocumentsOutsideTheRepository() {
        let outside = ["SP" + "EC", "DES" + "IGN", "seed" + "s/", "../sha" + "red"]
        var found: [String] = []
        for file in Repository.files(under: "Sources") + Repository.files(under: "Tests") {
            for (i, line) in file.lines.enumerated() where outside.contains(where: { line.contains($0) }) {
                found.append("\(file.path):\(i + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        XCTAssertEqual(found, [], "cite docs/ instead")
    }
}
