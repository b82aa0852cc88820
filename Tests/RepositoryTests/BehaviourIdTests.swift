import XCTest

/// The repository explains itself (issue 10): every behaviour id the code and tests cite is
/// defined in docs/, and docs/ defines only ids that docs/ids.md lists.
final class BehaviourIdTests: XCTestCase {
    private var citations: [BehaviourIds.Citation] {
        let files = Repository.files(under: "Sources", extensions: [".swift", ".h", ".c"])
            + Repository.files(under: "Tests", extensions: [".swift"])
        return files.flatMap(BehaviourIds.citations(in:))
    }

    private var definitions: [BehaviourIds.Definition] {
        BehaviourIds.definitions(in: Repository.files(under: "docs", extensions: [".md"]))
    }

    func testEveryCitedIdIsDefinedInDocs() {
        let cited = citations
        XCTAssertGreaterThan(Set(cited.map(\.id)).count, 40, "the scan finds the ids the code cites")
        let defined = Set(definitions.map(\.id))
        let missing = Dictionary(grouping: cited.filter { !defined.contains($0.id) }, by: \.id)
        for id in missing.keys.sorted() {
            let places = missing[id]!.map(\.place)
            let shown = places.prefix(3).joined(separator: ", ") + (places.count > 3 ? ", …" : "")
            XCTFail("\(id) is cited but docs/ does not define it (`### \(id) — …`): \(shown)")
        }
    }

    func testEachIdIsDefinedOnceWithText() {
        let all = definitions
        XCTAssertFalse(all.isEmpty, "docs/ defines behaviour ids as `### E10 — title` headings")
        for (id, defs) in Dictionary(grouping: all, by: \.id) where defs.count > 1 {
            XCTFail("\(id) is defined \(defs.count) times: \(defs.map(\.place).joined(separator: ", "))")
        }
        for d in all where d.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            XCTFail("\(d.id) at \(d.place) has a heading but no text")
        }
    }

    /// A typo guard: an id docs/ defines that docs/ids.md (every requirement id, by section) does
    /// not list is a mistake; each listed id links the page that defines it, or says it is not
    /// explained yet. Everything is in the repository: it runs on every clone.
    func testDocsDefineOnlyIdsDocsIdsLists() throws {
        let list = SetupFiles.text("docs/ids.md")
        let listed = BehaviourIds.specIds(list)
        XCTAssertGreaterThan(listed.count, 150, "docs/ids.md's ids are read (`- E10 …` items)")
        let defs = definitions
        for d in defs where !listed.contains(d.id) {
            XCTFail("docs/ defines \(d.id) at \(d.place), which docs/ids.md does not list")
        }
        let page = Dictionary(defs.map { ($0.id.description, String($0.place.split(separator: ":")[0])) },
                              uniquingKeysWith: { a, _ in a })
        for line in list.split(separator: "\n") where line.hasPrefix("- ") {
            let words = line.split(separator: " ")
            guard words.count >= 3 else { XCTFail("docs/ids.md: \(line)"); continue }
            let id = String(words[1])
            if let p = page[id] {
                XCTAssertTrue(line.hasSuffix("(\((p as NSString).lastPathComponent))"), "docs/ids.md: \(id) is defined in \(p): \(line)")
            } else {
                XCTAssertTrue(line.hasSuffix("(not yet explained in docs/)"), "docs/ids.md: \(id) is defined nowhere: \(line)")
            }
        }
    }

    // MARK: - The scanner itself

    private func ids(_ source: String) -> [String] {
        let file = Repository.File(path: "Example.swift", text: source)
        return BehaviourIds.citations(in: file).map(\.id.description)
    }

    func testScanner_readsCommentsStringsTestNamesAndRanges() {
        XCTAssertEqual(ids("func testE10_correction() {}"), ["E10"])
        XCTAssertEqual(ids("func testFuzz_T8_render() {}\nfunc testC1_T6_quit() {}"), ["T8", "C1", "T6"])
        XCTAssertEqual(ids("/// The jump protocol (E3–E5), H3 and, in docs, B5."),
                       ["E3", "E4", "E5", "H3", "B5"])
        XCTAssertEqual(ids("// MARK: C2-C4\n// B3/B6"), ["C2", "C3", "C4", "B3", "B6"])
        XCTAssertEqual(ids(#"XCTAssert(x, "the wheel ended the hold (E16)")"#), ["E16"])
        XCTAssertEqual(ids(#"note("B1: frames")"#), ["B1"])
    }

    func testScanner_skipsNotationsThatAreNotCitations() {
        XCTAssertEqual(ids("func testRFC3339Parsing() {}\nfunc testSection9_x() {}"), [])
        XCTAssertEqual(ids("let E10 = 0xB5; let t: UInt8 = 1; let T1 = M4.x"), [], "code is not prose")
        XCTAssertEqual(ids("/// F1…F12 (and beyond); the F5 key"), [])
        XCTAssertEqual(ids("// C0 and C1 controls; C0, DEL, C1; C1 controls"), [])
        XCTAssertEqual(ids("// bytes: C0, DEL, C1 (C2 80–9F), U+202A–202E (E2 80 AA–AE)"), [])
        XCTAssertEqual(ids(#"let s = "x\u{1B}P1$qm""#), [])
        XCTAssertEqual(ids(#"/// { "local_id": "G1" }"# + "\n" + #"f(message: "unknown key \"F13\"")"#), [])
        XCTAssertEqual(ids("// colour #B5B5B5, a.E10, +E2, E01, E0, E100"), [])
        XCTAssertEqual(ids("// the Galaxy S24 and V8's Math.random; V8 (the engine)"), [])
    }

    func testScanner_readsDefinitionsAndSpec() {
        let doc = Repository.File(path: "docs/x.md", text: """
            # Title
            ### E10 — corrections
            Sent while held.
            ### H3 — host strategies

            ## Other
            ### not an id
            """)
        let defs = BehaviourIds.definitions(in: [doc])
        XCTAssertEqual(defs.map(\.id.description), ["E10", "H3"])
        XCTAssertEqual(defs.map(\.place), ["docs/x.md:2", "docs/x.md:4"])
        XCTAssertEqual(defs[0].text, "Sent while held.\n")
        XCTAssertEqual(defs[1].text.trimmingCharacters(in: .whitespacesAndNewlines), "")
        let spec = "- E10 While a jump is held …\n  - `ios`: …\n- B5 Scrolling …\nE11 in prose\n"
        XCTAssertEqual(BehaviourIds.specIds(spec).map(\.description).sorted(), ["B5", "E10"])
    }
}
