import Foundation

/// The targets Package.swift declares, read from its text (RepositoryTests has no dependencies):
/// each target's name, kind, folder and declared dependencies.
struct PackageGraph {
    struct Target {
        var name: String
        var kind: String
        var path: String
        var dependencies: [String]
    }

    let targets: [Target]

    init(text: String) {
        var out: [Target] = []
        let code = SourceLexer(text).code
        let src = Array(text.utf8), masked = Array(code.utf8)
        var i = 0
        let kinds = ["target", "testTarget", "executableTarget", "systemLibrary"]
        while i < masked.count {
            guard masked[i] == UInt8(ascii: "."),
                  let kind = kinds.first(where: { PackageGraph.word($0, at: i + 1, in: masked) }) else {
                i += 1
                continue
            }
            let open = i + 1 + kind.utf8.count
            guard open < masked.count, masked[open] == UInt8(ascii: "("),
                  let close = PackageGraph.matching(open, in: masked) else {
                i += 1
                continue
            }
            let call = String(decoding: src[open...close], as: UTF8.self)
            if let t = PackageGraph.target(call, kind: kind) { out.append(t) }
            i = close
        }
        targets = out
    }

    static func word(_ w: String, at k: Int, in b: [UInt8]) -> Bool {
        let u = Array(w.utf8)
        guard k + u.count <= b.count, Array(b[k..<(k + u.count)]) == u else { return false }
        return k + u.count < b.count && b[k + u.count] == UInt8(ascii: "(")
    }

    static func matching(_ open: Int, in b: [UInt8]) -> Int? {
        var depth = 0
        for k in open..<b.count {
            if b[k] == UInt8(ascii: "(") || b[k] == UInt8(ascii: "[") { depth += 1 }
            if b[k] == UInt8(ascii: ")") || b[k] == UInt8(ascii: "]") { depth -= 1 }
            if depth == 0 { return k }
        }
        return nil
    }

    /// `(name: "X", dependencies: ["A", "B"], path: "…", …)`.
    static func target(_ call: String, kind: String) -> Target? {
        guard let name = field(call, "name") else { return nil }
        var deps: [String] = []
        if let r = call.range(of: "dependencies:"), let open = call[r.upperBound...].firstIndex(of: "["),
           let close = call[open...].firstIndex(of: "]") {
            deps = call[open...close].split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }
                .map { String($0.element) }
        }
        let folder = kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)"
        return Target(name: name, kind: kind, path: field(call, "path") ?? folder, dependencies: deps)
    }

    static func field(_ call: String, _ key: String) -> String? {
        guard let r = call.range(of: "\(key): \"") else { return nil }
        let rest = call[r.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// The modules a Swift file imports, with their lines (string literals and comments skipped).
    static func imports(of text: String) -> [(module: String, line: Int)] {
        var out: [(String, Int)] = []
        for (n, line) in SourceLexer(text).code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            while let w = words.first, w.hasPrefix("@") { words.removeFirst() }
            guard words.count >= 2, words[0] == "import" else { continue }
            var module = words[1]
            if ["struct", "class", "enum", "func", "protocol", "var", "let", "typealias"].contains(module),
               words.count >= 3 { module = words[2] }
            out.append((String(module.split(separator: ".").first ?? ""), n + 1))
        }
        return out
    }
}
