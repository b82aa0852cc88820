import Foundation

/// What issue 26's tests read: the README's first code block, the package list the set-up reads
/// (`scripts/packages`) and the README's section that names each package with its reason.
enum SetupFiles {
    struct Package: Equatable, CustomStringConvertible {
        let set: String
        let name: String
        let reason: String
        var description: String { "\(set) \(name): \(reason)" }
    }

    static func text(_ path: String) -> String {
        (try? String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    /// The commands of the README's first code block: its lines with `#` comments and blank lines
    /// gone (the before-stop hook reads it the same way: `awk '/^```/{n++; next} n==1'`).
    static func readmeCommands(_ readme: String) -> [String] {
        var fences = 0
        var out: [String] = []
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                fences += 1
                continue
            }
            guard fences == 1 else { continue }
            let command = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .trimmingCharacters(in: .whitespaces)
            if !command.isEmpty { out.append(command) }
        }
        return out
    }

    /// The commands a shell script runs: its lines without comments, trimmed, blank ones dropped.
    static func scriptCommands(_ script: String) -> [String] {
        script.split(separator: "\n").compactMap { line in
            let t = line.trimmingCharacters(in: .whitespaces)
            return t.isEmpty || t.hasPrefix("#") ? nil : t
        }
    }

    /// `scripts/packages`: one package a line, `SET NAME REASON`; `#` lines are comments. A line
    /// that is not of that shape comes back as a problem.
    static func packages(_ text: String) -> (packages: [Package], problems: [String]) {
        var packages: [Package] = []
        var problems: [String] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.isEmpty || t.hasPrefix("#") { continue }
            let fields = t.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            guard fields.count == 3, ["run", "test"].contains(fields[0]) else {
                problems.append("line \(i + 1): \(t)")
                continue
            }
            packages.append(Package(set: String(fields[0]), name: String(fields[1]),
                                    reason: fields[2].trimmingCharacters(in: .whitespaces)))
        }
        return (packages, problems)
    }

    /// The README's section on what the two commands install: its `- \`NAME\`: REASON` lines, in
    /// the `run` set until the line that starts "Only the tests", in the `test` set after it.
    static func readmePackages(_ readme: String) -> [Package] {
        guard let start = readme.range(of: "\n## What the two commands install") else { return [] }
        let rest = readme[start.upperBound...]
        let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        var set = "run"
        var out: [Package] = []
        for line in section.split(separator: "\n") {
            if line.hasPrefix("Only the tests") { set = "test" }
            guard line.hasPrefix("- `"), let close = line.dropFirst(3).firstIndex(of: "`") else { continue }
            let name = line[line.index(line.startIndex, offsetBy: 3)..<close]
            var reason = line[line.index(after: close)...]
            guard reason.hasPrefix(": ") else { continue }
            reason = reason.dropFirst(2)
            out.append(Package(set: set, name: String(name), reason: String(reason)))
        }
        return out
    }

    /// The names in Package.swift's `.apt([...])` (or `.brew([...])`) providers, one array each.
    static func providers(_ manifest: String, kind: String) -> [[String]] {
        var out: [[String]] = []
        var rest = Substring(manifest)
        while let open = rest.range(of: ".\(kind)([") {
            guard let close = rest[open.upperBound...].range(of: "])") else { break }
            let names = rest[open.upperBound..<close.lowerBound].split(separator: ",").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"\n"))
            }
            out.append(names)
            rest = rest[close.upperBound...]
        }
        return out
    }
}
