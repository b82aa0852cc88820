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
            for d in t.dependencies where !imported.contains(d) { unused.append("\(t.name) declares \(d)") }
        }
        XCTAssertTrue(unused.isEmpty, "declared but never imported:\n" + unused.joined(separator: "\n"))
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
