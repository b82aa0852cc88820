import XCTest

/// The code rules of issue 10: no file under Sources/ over 400 lines, no function over 60 lines
/// outside the tests. (`;`-joined statements are DESIGN's advice, not enforced: the short
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
}
