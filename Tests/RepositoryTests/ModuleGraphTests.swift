import XCTest

/// The module graph tells the truth (issue 25): every module a target's Swift files import is one
/// of its declared dependencies (or the platform's own), and docs/architecture.md shows the graph
/// Package.swift declares.
final class ModuleGraphTests: XCTestCase {
    /// The platform's modules, which no target declares.
    static let platform: Set<String> = ["Foundation", "FoundationNetworking", "FoundationEssentials", "Glibc",
                                        "Darwin", "Musl", "Dispatch", "XCTest", "Testing", "PackageDescription", "FoundationXML"]

    func graph() throws -> PackageGraph {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        return PackageGraph(text: text)
    }

    func testGraph_everyImportIsADeclaredDependency() throws {
        let g = try graph()
        XCTAssertGreaterThan(g.targets.count, 20, "Package.swift's targets are read")
        var offenders: [String] = []
        for t in g.targets where t.kind != "systemLibrary" {
            let allowed = Set(t.dependencies).union(ModuleGraphTests.platform).union([t.name])
            for f in Repository.files(under: t.path, extensions: [".swift"]) {
                for (m, line) in PackageGraph.imports(of: f.text) where !allowed.contains(m) {
                    offenders.append("\(f.path):\(line): imports \(m), which \(t.name) does not declare")
                }
            }
        }
        XCTAssertTrue(offenders.isEmpty, "undeclared imports:\n" + offenders.joined(separator: "\n"))
    }

    func testGraph_aTargetDeclaresNoDependencyItDoesNotImport() throws {
        let g = try graph()
        var unused: [String] = []
        for t in g.targets where t.kind == "target" || t.kind == "executableTarget" {
            var imported = Set<String>()
            for f in Repository.files(under: t.path, extensions: [".swift"]) {
                imported.formUnion(PackageGraph.imports(of: f.text).map(\.module))
            }
            // A C target uses a C dependency by including one of its public headers (issue 39:
            // CEngineGuard registers its cleanups with CSignals' signal chain).
            let cSources = Repository.files(under: t.path, extensions: [".c", ".h"])
            for d in t.dependencies where !cSources.isEmpty {
                let headers = Repository.files(under: "Sources/\(d)/include", extensions: [".h"])
                    .map { ($0.path as NSString).lastPathComponent }
                if cSources.contains(where: { f in headers.contains { f.text.contains("#include \"\($0)\"") } }) {
                    imported.insert(d)
                }
            }
            for d in t.dependencies where !imported.contains(d) { unused.append("\(t.name) declares \(d)") }
        }
        XCTAssertTrue(unused.isEmpty, "declared but never imported:\n" + unused.joined(separator: "\n"))
    }

    /// Issue 39, the engine seam: the engine-neutral modules reach no engine's module, even through
    /// another, and their code names no engine's page; an engine is reached through `PageDriver`.
    func testGraph_theEngineNeutralModulesReachNoEngine() throws {
        let g = try graph()
        let byName = Dictionary(g.targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let engines: Set<String> = ["Chromium", "WebKitEngine"]
        for neutral in ["BrowserEngine", "EngineProcess"] {
            let t = try XCTUnwrap(byName[neutral], "\(neutral) is a target of Package.swift")
            var seen = Set<String>(), stack = t.dependencies
            while let d = stack.popLast() {
                if seen.insert(d).inserted { stack += byName[d]?.dependencies ?? [] }
            }
            XCTAssertTrue(seen.isDisjoint(with: engines), "\(neutral) reaches \(seen.intersection(engines).sorted())")
            for f in Repository.files(under: t.path, extensions: [".swift"]) {
                let code = f.text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                for line in code where line.contains("EnginePage") || line.contains("WebKitPage") {
                    XCTFail("\(f.path): names an engine's page: \(line)")
                }
            }
        }
    }

    func architecture() throws -> ArchitectureGraph {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        return ArchitectureGraph(markdown: text)
    }

    /// docs/architecture.md's tables hold every target of Package.swift once, each with exactly
    /// its declared dependencies.
    func testGraph_architectureTablesAreTheDeclaredGraph() throws {
        let declared = Dictionary(try graph().targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let doc = try architecture()
        XCTAssertGreaterThan(doc.rows.count, 20, "the tables of docs/architecture.md's \"The layers\" are read")
        var seen: [String: Int] = [:]
        for row in doc.rows {
            for name in row.targets {
                if let first = seen[name] {
                    XCTFail("docs/architecture.md:\(row.line): \(name) has a row already (line \(first))")
                }
                seen[name] = row.line
                guard let target = declared[name] else {
                    XCTFail("docs/architecture.md:\(row.line): \(name) is not a target of Package.swift")
                    continue
                }
                let shown = Set(row.dependencies), wanted = Set(target.dependencies)
                guard shown != wanted else { continue }
                let missing = wanted.subtracting(shown).sorted(), extra = shown.subtracting(wanted).sorted()
                XCTFail("docs/architecture.md:\(row.line): \(name)'s dependencies differ from Package.swift's: "
                        + "missing \(missing), not declared \(extra)")
            }
        }
        for name in declared.keys.sorted() where seen[name] == nil {
            XCTFail("docs/architecture.md: the target \(name) of Package.swift has no row in the tables")
        }
    }

    /// The tree's every arrow is a declared dependency, and every module (a target under
    /// Sources/, or a system library) appears in it.
    func testGraph_architectureTreeShowsOnlyDeclaredDependencies() throws {
        let targets = try graph().targets
        let declared = Dictionary(targets.map { ($0.name, Set($0.dependencies)) }, uniquingKeysWith: { a, _ in a })
        let doc = try architecture()
        XCTAssertGreaterThan(doc.edges.count, 20, "the tree's arrows are read")
        for e in doc.edges {
            guard let deps = declared[e.from] else {
                XCTFail("docs/architecture.md:\(e.line): \(e.from) (an arrow's start) is not a target of Package.swift")
                continue
            }
            XCTAssertTrue(deps.contains(e.to), "docs/architecture.md:\(e.line): \(e.from) ─► \(e.to), "
                          + "but Package.swift does not declare \(e.to) a dependency of \(e.from)")
        }
        for t in targets where t.kind != "testTarget" && !t.path.hasPrefix("Tests/") && !doc.treeWords.contains(t.name) {
            XCTFail("docs/architecture.md: the target \(t.name) is missing from the tree")
        }
    }

    /// The reader of docs/architecture.md, on text of its shape.
    func testGraph_architectureReaderReadsTreeAndTables() {
        let doc = ArchitectureGraph(markdown: """
            # A
            ## The layers
            ```
            app                    the program
             ├─► Lib ─► Base, Util   what it does
             │    └─► Deep
             └─► UI                 the screen, Lib drawn
            Side ─► Base
            ```
            | module | depends on | what |
            |---|---|---|
            | `Lib` | Base, Util, Deep | a library |
            | `CA`, `CB` | system | C |
            ## Next
            | `Other` | X | not this section |
            """)
        XCTAssertEqual(doc.edges.map(\.description), [
            "app ─► Lib (line 5)", "Lib ─► Base (line 5)", "Lib ─► Util (line 5)", "Lib ─► Deep (line 6)",
            "app ─► UI (line 7)", "Side ─► Base (line 8)",
        ])
        XCTAssertEqual(doc.rows.map(\.targets), [["Lib"], ["CA", "CB"]])
        XCTAssertEqual(doc.rows.map(\.dependencies), [["Base", "Util", "Deep"], []])
        XCTAssertEqual(doc.rows.map(\.line), [12, 13])
    }

    /// The reader of Package.swift and of imports, on text of their shape.
    func testGraph_readerReadsTargetsAndImports() {
        let g = PackageGraph(text: """
            let p = Package(targets: [
                .target(name: "A", dependencies: ["B", "C"]),
                // .target(name: "Commented", dependencies: ["X"]),
                .testTarget(name: "ATests", dependencies: ["A"], exclude: ["Golden"]),
                .target(name: "S", path: "Tests/Support"),
            ])
            """)
        XCTAssertEqual(g.targets.map(\.name), ["A", "ATests", "S"])
        XCTAssertEqual(g.targets[0].dependencies, ["B", "C"])
        XCTAssertEqual(g.targets[1].path, "Tests/ATests")
        XCTAssertEqual(g.targets[2].path, "Tests/Support")
        let imports = PackageGraph.imports(of: """
            import Foundation
            @testable import Embed
            import struct Host.ScrollView
            let script = \"\"\"
            import http.server
            \"\"\"
            // import Nothing
            """)
        XCTAssertEqual(imports.map(\.module), ["Foundation", "Embed", "Host"])
        XCTAssertEqual(imports.map(\.line), [1, 2, 3])
    }
}
