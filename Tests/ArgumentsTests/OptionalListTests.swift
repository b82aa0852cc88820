import XCTest
@testable import Arguments

/// X15: `--compare-engines` alone, or with a list: the next word is the list when it is no file's
/// name (no `.`, no `/`), else the scenario stays a positional; `--compare-engines=LIST` always.
final class OptionalListTests: XCTestCase {
    struct NotParsed: Error {}

    func parsed(_ words: [String]) throws -> ParsedArguments {
        let result = ArgumentParser.parse(words, root: LiveblogCommands.root)
        guard case let .run(_, args) = result else {
            XCTFail("not parsed: \(words): \(result)")
            throw NotParsed()
        }
        return args
    }

    func testX15_theBareFlagIsAnEmptyListAndTheFileStaysAPositional() throws {
        let a = try parsed(["simulate", "--compare-engines", "jump.json"])
        XCTAssertTrue(a.flag("compare-engines"))
        XCTAssertEqual(a.list("compare-engines"), [])
        XCTAssertEqual(a.strings("SCENARIO.json..."), ["jump.json"])
        let b = try parsed(["simulate", "dir/jump", "--compare-engines"])
        XCTAssertEqual(b.list("compare-engines"), [])
        XCTAssertEqual(b.strings("SCENARIO.json..."), ["dir/jump"])
        XCTAssertFalse(try parsed(["simulate", "jump.json"]).flag("compare-engines"))
    }

    func testX15_aListIsTheNextWordOrTheInlineValue() throws {
        let a = try parsed(["simulate", "jump.json", "--compare-engines", "emulated,chromium,webkit"])
        XCTAssertEqual(a.list("compare-engines"), ["emulated", "chromium", "webkit"])
        XCTAssertEqual(a.strings("SCENARIO.json..."), ["jump.json"])
        let b = try parsed(["simulate", "--compare-engines", "chromium,webkit", "jump.json", "--engine", "chromium"])
        XCTAssertEqual(b.list("compare-engines"), ["chromium", "webkit"])
        XCTAssertEqual(b.strings("SCENARIO.json..."), ["jump.json"])
        let c = try parsed(["simulate", "--compare-engines=webkit.x", "jump.json"])
        XCTAssertEqual(c.list("compare-engines"), ["webkit.x"], "the inline value whatever it holds")
        let d = try parsed(["simulate", "jump.json", "--compare-engines", "--engine", "chromium"])
        XCTAssertEqual(d.list("compare-engines"), [], "an option is no list")
        XCTAssertTrue(ArgumentParser.helpText(for: LiveblogCommands.root.subcommand(named: "simulate")!,
                                              path: ["liveblog", "simulate"]).contains("--compare-engines [LIST]"))
    }
}
