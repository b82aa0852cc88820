import Foundation
import XCTest

/// Issue 25: the README is one a newcomer reads (short, the rest in docs/ files it links to), and
/// moving text out of it loses nothing: every command and option the parser declares is still
/// documented, and every link between the documents leads somewhere.
final class DocsCoverageTests: XCTestCase {
    static let readmeLimit = 450

    func testReadme_isUnder450Lines() {
        let lines = DocsFiles.lineCount(SetupFiles.text("README.md"))
        XCTAssertLessThan(lines, Self.readmeLimit,
                          "README.md has \(lines) lines: move reference material to a docs/ file it links to")
    }

    func testDocs_nameEveryCommandAndOptionTheParserDeclares() {
        let sources = Repository.files(under: "Sources/Arguments", extensions: [".swift"])
        let declared = DocsFiles.declarations(sources.map(\.text).joined(separator: "\n"))
        // The readers found the declarations at all: every subcommand of the root, and options.
        let root = SetupFiles.text("Sources/Arguments/Commands.swift")
        XCTAssertGreaterThanOrEqual(declared.commands.count, DocsFiles.rootSubcommands(root).count)
        XCTAssertFalse(DocsFiles.rootSubcommands(root).isEmpty, "no subcommands: [...] in Commands.swift")
        XCTAssertGreaterThan(declared.options.count, 20, "the option declarations were not found")

        let readme = SetupFiles.text("README.md")
        let linked = DocsFiles.linkedDocs(from: readme)
        XCTAssertFalse(linked.isEmpty, "README.md links to no docs/*.md file")
        let text = ([readme] + linked.map { SetupFiles.text($0) }).joined(separator: "\n")
        let places = "README.md or a docs/*.md file it links to (\(linked.joined(separator: ", ")))"
        for name in declared.commands where !DocsFiles.mentions(command: name, in: text) {
            XCTFail("the command `liveblog \(name)` is documented nowhere: name it in \(places)")
        }
        for name in declared.options where !DocsFiles.mentions(option: name, in: text) {
            XCTFail("the option `--\(name)` is documented nowhere: name it in \(places)")
        }
    }

    func testDocs_everyRelativeLinkPointsToAFileAndHeadingThatExist() {
        let docs = Repository.files(under: "docs", extensions: [".md"]).map(\.path)
        XCTAssertFalse(docs.isEmpty)
        for path in ["README.md"] + docs {
            for problem in DocsFiles.brokenLinks(in: path) {
                XCTFail("\(path): \(problem)")
            }
        }
    }

    func testDocsIndex_linksEveryFileOfTheFolder() {
        let index = "docs/README.md"
        let linked = Set(DocsFiles.links(SetupFiles.text(index)).compactMap {
            DocsFiles.resolve($0, from: index)?.path
        })
        for file in Repository.files(under: "docs", extensions: [".md"]) where file.path != index {
            XCTAssertTrue(linked.contains(file.path), "\(index) does not link \(file.path)")
        }
    }

    // MARK: - The readers themselves

    func testReaders_declarationsMentionsLinksAndHeadings() {
        let swift = #"""
            public static let alpha = CommandSpec(
                name: "alpha", abstract: "see --gamma",
                arguments: [.option("beta", value: "N", help: "not --gamma"), .flag("delta", help: "")])
            static let e = ArgSpec.option(
                "epsilon-two", help: "")
            public static let zetaThree = OptionName("zeta-three")
            .positional("SOURCE", help: "")
            subcommands: [alpha, other], defaultSubcommand: "alpha")
            """#
        let declared = DocsFiles.declarations(swift)
        XCTAssertEqual(declared.commands, ["alpha"])
        XCTAssertEqual(declared.options, ["zeta-three", "beta", "delta", "epsilon-two"])
        XCTAssertEqual(DocsFiles.rootSubcommands(swift), ["alpha", "other"])

        XCTAssertTrue(DocsFiles.mentions(option: "trace", in: "`--trace FILE`"))
        XCTAssertTrue(DocsFiles.mentions(option: "trace", in: "with --trace."))
        XCTAssertFalse(DocsFiles.mentions(option: "trace", in: "`--trace-dir DIR`, --traces"))
        XCTAssertFalse(DocsFiles.mentions(option: "dir", in: "--trace-dir"))
        XCTAssertTrue(DocsFiles.mentions(command: "plot", in: "run `liveblog plot TRACE`"))
        XCTAssertFalse(DocsFiles.mentions(command: "plot", in: "liveblog plotting, a plot"))

        let md = "[a](x.md#h) `[b](code.md)` [c](https://e.com) [d](#local \"title\")\n"
            + "```\n[e](fenced.md)\n```\n[f](../y.md)"
        XCTAssertEqual(DocsFiles.links(md), ["x.md#h", "https://e.com", "#local", "../y.md"])
        XCTAssertEqual(DocsFiles.resolve("x.md#h", from: "docs/README.md")?.path, "docs/x.md")
        XCTAssertEqual(DocsFiles.resolve("../README.md", from: "docs/a.md")?.anchor, nil)
        XCTAssertEqual(DocsFiles.resolve("../README.md#devices", from: "docs/a.md")?.path, "README.md")
        XCTAssertNil(DocsFiles.resolve("https://e.com/a.md", from: "README.md"))
        XCTAssertEqual(DocsFiles.resolve("#local", from: "docs/a.md")?.path, "docs/a.md")

        XCTAssertEqual(DocsFiles.slug("Where B7's time went"), "where-b7s-time-went")
        XCTAssertEqual(DocsFiles.slug("E10 — short title"), "e10--short-title")
        XCTAssertEqual(DocsFiles.slug("Metrics (`liveblog metrics`, 2×)"), "metrics-liveblog-metrics-2")
        XCTAssertEqual(DocsFiles.anchors("# A\n```\n# Not\n```\n## A\n### B: c\n"), ["a", "a-1", "b-c"])
        XCTAssertEqual(DocsFiles.lineCount("a\nb\n"), 2)
        XCTAssertEqual(DocsFiles.lineCount("a\nb"), 2)
    }
}

/// What the documentation tests read: the parser's declarations, and links and headings in
/// Markdown as GitHub renders them.
enum DocsFiles {
    /// Lines as `wc -l` counts them, and a last line without its newline.
    static func lineCount(_ text: String) -> Int {
        let newlines = text.utf8.filter { $0 == 10 }.count
        return newlines + (text.isEmpty || text.hasSuffix("\n") ? 0 : 1)
    }

    /// Command names (`CommandSpec(name: "view", …)`) and option names (the table of their one
    /// names, `OptionName("event")`, and `.option("event", …)`, `.flag("json", …)`,
    /// `ArgSpec.option(\n "physics", …)`) declared in Swift source, each once.
    static func declarations(_ swift: String) -> (commands: [String], options: [String]) {
        let commands = captures(#"CommandSpec\(\s*name:\s*"([^"]+)""#, in: swift)
        let options = captures(#"OptionName\("([A-Za-z0-9-]+)"\)"#, in: swift)
            + captures(#"\.(?:option|flag)\(\s*"([A-Za-z0-9-]+)""#, in: swift)
        return (unique(commands), unique(options))
    }

    /// The identifiers of the root's `subcommands: [view, simulate, …]`.
    static func rootSubcommands(_ swift: String) -> [String] {
        guard let list = captures(#"subcommands:\s*\[([^\]]*)\]"#, in: swift).first else { return [] }
        return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }

    /// `--name` as a word of its own: not the start of `--name-more`, not the end of `--more-name`.
    static func mentions(option: String, in text: String) -> Bool {
        matches(#"(?<![A-Za-z0-9-])--"# + NSRegularExpression.escapedPattern(for: option)
                + #"(?![A-Za-z0-9-])"#, in: text)
    }

    /// `liveblog name` as it is typed.
    static func mentions(command: String, in text: String) -> Bool {
        matches(#"\bliveblog "# + NSRegularExpression.escapedPattern(for: command) + #"(?![A-Za-z0-9-])"#,
                in: text)
    }

    /// The targets of inline links `[text](target "title")`, outside fenced code and code spans.
    static func links(_ markdown: String) -> [String] {
        let prose = withoutCodeSpans(withoutFences(markdown))
        return captures(#"\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)"#, in: prose)
    }

    /// A relative link resolved from the file it is in (paths relative to the repository's root);
    /// nil for a link with a scheme (`https:`, `mailto:`).
    static func resolve(_ target: String, from file: String) -> (path: String, anchor: String?)? {
        if target.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*:"#, options: .regularExpression) != nil { return nil }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let anchor = parts.count > 1 ? String(parts[1]) : nil
        let relative = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        if relative.isEmpty { return (file, anchor) }
        let base = Repository.root.appendingPathComponent(file).deletingLastPathComponent()
        let url = base.appendingPathComponent(relative).standardizedFileURL
        return (Repository.relative(url), anchor)
    }

    /// What is wrong with the relative links of one file: a target that does not exist, or a
    /// `#heading` that the target Markdown file does not have.
    static func brokenLinks(in path: String) -> [String] {
        var problems: [String] = []
        for target in links(SetupFiles.text(path)) {
            guard let (file, anchor) = resolve(target, from: path) else { continue }
            let full = Repository.root.appendingPathComponent(file).path
            guard FileManager.default.fileExists(atPath: full) else {
                problems.append("the link (\(target)) points to \(file), which does not exist")
                continue
            }
            guard let anchor, !anchor.isEmpty, file.hasSuffix(".md") else { continue }
            if !anchors(SetupFiles.text(file)).contains(anchor.lowercased()) {
                problems.append("the link (\(target)): \(file) has no heading with the anchor #\(anchor)")
            }
        }
        return problems
    }

    /// The docs/*.md files README.md links to, as repository paths.
    static func linkedDocs(from readme: String) -> [String] {
        unique(links(readme).compactMap { resolve($0, from: "README.md")?.path }
            .filter { $0.hasPrefix("docs/") && $0.hasSuffix(".md") })
    }

    /// The anchors of a Markdown file's headings as GitHub makes them (a repeated heading gets
    /// `-1`, `-2`, …), headings inside fenced code left out.
    static func anchors(_ markdown: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var out: Set<String> = []
        for line in withoutFences(markdown).split(separator: "\n") {
            guard let heading = captures(#"^#{1,6}\s+(.*?)\s*#*\s*$"#, in: String(line)).first else { continue }
            let base = slug(heading)
            let n = seen[base, default: 0]
            seen[base] = n + 1
            out.insert(n == 0 ? base : "\(base)-\(n)")
        }
        return out
    }

    /// GitHub's anchor for a heading: lowercased, code marks dropped, everything but letters,
    /// digits, `-`, `_` and spaces removed, each space a `-`.
    static func slug(_ heading: String) -> String {
        var out = ""
        for ch in heading.replacingOccurrences(of: "`", with: "").lowercased() {
            if ch == " " {
                out.append("-")
            } else if ch == "-" || ch == "_" || ch.isLetter || ch.isNumber {
                out.append(ch)
            }
        }
        return out
    }

    // MARK: - Text

    /// Fenced code blocks (``` or ~~~) blanked, line by line, so line numbers stay.
    static func withoutFences(_ markdown: String) -> String {
        var inFence = false
        var out: [Substring] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                out.append("")
            } else {
                out.append(inFence ? "" : line)
            }
        }
        return out.joined(separator: "\n")
    }

    static func withoutCodeSpans(_ text: String) -> String {
        text.replacingOccurrences(of: #"`[^`\n]*`"#, with: "", options: .regularExpression)
    }

    static func captures(_ pattern: String, in text: String) -> [String] {
        guard let re = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else {
            XCTFail("bad pattern \(pattern)")
            return []
        }
        let ns = text as NSString
        return re.matches(in: text, range: NSRange(location: 0, length: ns.length)).map {
            ns.substring(with: $0.range(at: 1))
        }
    }

    static func matches(_ pattern: String, in text: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }

    static func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}
