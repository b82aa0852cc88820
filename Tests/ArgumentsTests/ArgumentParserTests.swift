import XCTest
@testable import Arguments

final class ArgumentParserTests: XCTestCase {
    let root = LiveblogCommands.root

    // MARK: helpers

    func run(_ args: [String], file: StaticString = #filePath, line: UInt = #line) -> (path: [String], args: ParsedArguments)? {
        let result = ArgumentParser.parse(args, root: root)
        guard case let .run(path, parsed) = result else {
            XCTFail("expected .run for \(args), got \(result)", file: file, line: line)
            return nil
        }
        return (path, parsed)
    }

    func usageError(_ args: [String], file: StaticString = #filePath, line: UInt = #line) -> UsageError? {
        let result = ArgumentParser.parse(args, root: root)
        guard case let .usageError(e) = result else {
            XCTFail("expected .usageError for \(args), got \(result)", file: file, line: line)
            return nil
        }
        return e
    }

    func help(_ args: [String], file: StaticString = #filePath, line: UInt = #line) -> String {
        let result = ArgumentParser.parse(args, root: root)
        guard case let .help(text) = result else {
            XCTFail("expected .help for \(args), got \(result)", file: file, line: line)
            return ""
        }
        return text
    }

    // MARK: F8 the android range

    /// F8: `--android-range` takes estimated (the default) or exact, and nothing else.
    func testF8_androidRangeOption() throws {
        XCTAssertEqual(try XCTUnwrap(run(["view", "--android-range", "exact"])).args.string("android-range"), "exact")
        XCTAssertEqual(try XCTUnwrap(run(["view"])).args.string("android-range"), "estimated")
        let e = try XCTUnwrap(usageError(["view", "--android-range", "guess"]))
        XCTAssertTrue("\(e)".contains("estimated"), "\(e)")
    }

    // MARK: F2, F4 the law and the drag rule

    /// F2, F4: `--physics` and `--drag-rule` on view and simulate take their words and nothing else.
    func testF2_F4_physicsAndDragRuleOptions() throws {
        XCTAssertEqual(try XCTUnwrap(run(["view", "--physics", "android"])).args.string("physics"), "android")
        XCTAssertNil(try XCTUnwrap(run(["view"])).args.string("physics"), "each platform's own law by default")
        let sim = try XCTUnwrap(run(["simulate", "s.json", "--physics", "uikit", "--drag-rule", "every-scroll"]))
        XCTAssertEqual(sim.args.string("physics"), "uikit")
        XCTAssertEqual(sim.args.string("drag-rule"), "every-scroll")
        let e = try XCTUnwrap(usageError(["view", "--physics", "newton"]))
        XCTAssertTrue("\(e)".contains("uidynamic"), "\(e)")
        XCTAssertNotNil(usageError(["simulate", "s.json", "--drag-rule", "all"]))
    }

    // MARK: C1 view and the default subcommand

    /// C1: no arguments runs view with the bundled sample
    func testC1_noArgumentsRunsViewWithTheBundledSample() throws {
        let r = try XCTUnwrap(run([]))
        XCTAssertEqual(r.path, ["view"])
        XCTAssertNil(r.args.positional("SOURCE"))
        XCTAssertEqual(r.args.commandPath, ["liveblog", "view"])
        XCTAssertEqual(r.args.string("mode"), "content")
        XCTAssertEqual(r.args.string("platform"), "ios")
        XCTAssertEqual(r.args.string("hook"), "function (top, info)")
        XCTAssertEqual(r.args.string("network"), "fast")
        XCTAssertEqual(r.args.ints("insets"), [2, 1])
        XCTAssertEqual(r.args.int("seed"), 1)
        XCTAssertTrue(r.args.explicitNames.isEmpty)
        XCTAssertFalse(r.args.isExplicit("mode"))
    }

    /// C1: default subcommand takes asource
    func testC1_defaultSubcommandTakesASource() throws {
        let r = try XCTUnwrap(run(["sample.json"]))
        XCTAssertEqual(r.path, ["view"])
        XCTAssertEqual(r.args.positional("SOURCE"), "sample.json")
        XCTAssertTrue(r.args.isExplicit("SOURCE"))

        let o = try XCTUnwrap(run(["--mode", "nested", "match.json"]))
        XCTAssertEqual(o.path, ["view"])
        XCTAssertEqual(o.args.string("mode"), "nested")
        XCTAssertEqual(o.args.positional("SOURCE"), "match.json")
    }

    /// C1: view parses every option
    func testC1_viewParsesEveryOption() throws {
        let r = try XCTUnwrap(run([
            "view", "match.json", "--event", "7f3a", "--url", "https://www.example.com/live#tickaroo_event_id=7f3a",
            "--enabled-domains", "www.example.com, example.org", "--mode", "header", "--platform", "android",
            "--hook", "function (top)", "--network", "3g", "--seed", "42", "--insets", "3,2",
            "--top-offset", "-16.5", "--page-size", "20", "--deep-link-limit", "100", "--live", "2.5",
            "--record", "session.json", "--layout", "timeline", "--sticky-header", "48",
        ]))
        let a = r.args
        XCTAssertEqual(r.path, ["view"])
        XCTAssertEqual(a.positional("SOURCE"), "match.json")
        XCTAssertEqual(a.string("event"), "7f3a")
        XCTAssertEqual(a.string("url"), "https://www.example.com/live#tickaroo_event_id=7f3a")
        XCTAssertEqual(a.list("enabled-domains"), ["www.example.com", "example.org"])
        XCTAssertEqual(a.string("mode"), "header")
        XCTAssertEqual(a.string("platform"), "android")
        XCTAssertEqual(a.string("hook"), "function (top)")
        XCTAssertEqual(a.string("network"), "3g")
        XCTAssertEqual(a.int("seed"), 42)
        XCTAssertEqual(a.ints("insets"), [3, 2])
        XCTAssertEqual(a.double("top-offset"), -16.5)
        XCTAssertEqual(a.int("page-size"), 20)
        XCTAssertEqual(a.int("deep-link-limit"), 100)
        XCTAssertEqual(a.double("live"), 2.5)
        XCTAssertEqual(a.string("record"), "session.json")
        XCTAssertEqual(a.string("layout"), "timeline")
        XCTAssertEqual(a.double("sticky-header"), 48)
        XCTAssertTrue(a.isExplicit("--mode"))
        XCTAssertEqual(a.explicitNames.count, 17)
    }

    /// C1: hook none
    func testC1_hookNone() throws {
        let r = try XCTUnwrap(run(["view", "--hook", "none"]))
        XCTAssertEqual(r.args.string("hook"), "none")
    }

    // MARK: syntax

    func testOptionEqualsValue() throws {
        let r = try XCTUnwrap(run(["view", "--event=abc", "--hook=function (a, b = 1)", "--url=https://x.org/#a=b"]))
        XCTAssertEqual(r.args.string("event"), "abc")
        XCTAssertEqual(r.args.string("hook"), "function (a, b = 1)")
        XCTAssertEqual(r.args.string("url"), "https://x.org/#a=b")
    }

    func testDoubleDashEndsOptions() throws {
        let r = try XCTUnwrap(run(["view", "--mode", "nested", "--", "--weird-name.json"]))
        XCTAssertEqual(r.args.positional("SOURCE"), "--weird-name.json")
        XCTAssertEqual(r.args.string("mode"), "nested")
        let s = try XCTUnwrap(run(["simulate", "--", "-h"]))
        XCTAssertEqual(s.args.positional("SCENARIO.json..."), "-h")
    }

    func testRepeatedOptionsLastWinsAndAllAreKept() throws {
        let r = try XCTUnwrap(run(["view", "--event", "a", "--event", "b", "--event=c"]))
        XCTAssertEqual(r.args.string("event"), "c")
        XCTAssertEqual(r.args.strings("event"), ["a", "b", "c"])
        XCTAssertEqual(r.args.strings("record"), [])
    }

    func testNegativeNumbersAndDashAreValues() throws {
        let r = try XCTUnwrap(run(["view", "--top-offset", "-16", "--insets", "1,2"]))
        XCTAssertEqual(r.args.double("top-offset"), -16)
        // Taken as the value of --insets (and then out of its range), not as an unknown option.
        let n = try XCTUnwrap(usageError(["view", "--insets", "-1,2"]))
        XCTAssertTrue(n.message.hasPrefix("--insets expects"), n.message)
        let s = try XCTUnwrap(run(["simulate", "s.json", "--trace", "-"]))
        XCTAssertEqual(s.args.string("trace"), "-")
    }

    func testShortOption() throws {
        let r = try XCTUnwrap(run(["bench", "-n", "500"]))
        XCTAssertEqual(r.args.int("posts"), 500)
    }

    func testMissingValue() throws {
        let e = try XCTUnwrap(usageError(["view", "--event"]))
        XCTAssertEqual(e.message, "--event expects a value (ID)")
        let f = try XCTUnwrap(usageError(["view", "--event", "--json"]))
        XCTAssertEqual(f.message, "--event expects a value (ID)")
    }

    func testFlagTakesNoValue() throws {
        let e = try XCTUnwrap(usageError(["bench", "--json=yes"]))
        XCTAssertEqual(e.message, "--json does not take a value")
    }

    // MARK: C6 errors

    /// C6: unknown option suggests the nearest one
    func testC6_unknownOptionSuggestsTheNearestOne() throws {
        let e = try XCTUnwrap(usageError(["view", "--evnt", "x"]))
        XCTAssertEqual(e.message, "unknown option '--evnt'; did you mean '--event'?")
        XCTAssertEqual(e.commandPath, ["liveblog", "view"])
        XCTAssertTrue(e.usage.hasPrefix("USAGE: liveblog view"), e.usage)
        XCTAssertTrue(e.text.hasPrefix("liveblog: error: unknown option '--evnt'"), e.text)
        XCTAssertTrue(e.text.contains("See 'liveblog view --help'"), e.text)

        let far = try XCTUnwrap(usageError(["bench", "--zzzzzz"]))
        XCTAssertEqual(far.message, "unknown option '--zzzzzz'")

        let prefix = try XCTUnwrap(usageError(["view", "--enabled"]))
        XCTAssertEqual(prefix.message, "unknown option '--enabled'; did you mean '--enabled-domains'?")

        let viaDefault = try XCTUnwrap(usageError(["--plattform", "ios"]))
        XCTAssertEqual(viaDefault.message, "unknown option '--plattform'; did you mean '--platform'?")
    }

    /// C6: unknown subcommand
    func testC6_unknownSubcommand() throws {
        let e = try XCTUnwrap(usageError(["simulte", "a.json"]))
        XCTAssertEqual(e.message, "unknown subcommand 'simulte'; did you mean 'simulate'?")
        XCTAssertEqual(e.commandPath, ["liveblog"])
        let h = try XCTUnwrap(usageError(["help", "gnerate"]))
        XCTAssertEqual(h.message, "unknown subcommand 'gnerate'; did you mean 'generate'?")
    }

    /// C6: unexpected argument
    func testC6_unexpectedArgument() throws {
        let e = try XCTUnwrap(usageError(["demo", "extra"]))
        XCTAssertEqual(e.message, "unexpected argument 'extra'; 'liveblog demo' takes no arguments")
        let v = try XCTUnwrap(usageError(["a.json", "b.json"]))
        XCTAssertEqual(v.message, "unexpected argument 'b.json'")
    }

    /// C6: bad whole number
    func testC6_badWholeNumber() throws {
        let e = try XCTUnwrap(usageError(["bench", "--posts", "x"]))
        XCTAssertEqual(e.message, "--posts expects a whole number from 1 to 200000, got 'x'")
        let s = try XCTUnwrap(usageError(["bench", "-n", "1.5"]))
        XCTAssertEqual(s.message, "-n/--posts expects a whole number from 1 to 200000, got '1.5'")
        let m = try XCTUnwrap(usageError(["bench", "--posts=0"]))
        XCTAssertEqual(m.message, "--posts expects a whole number from 1 to 200000, got '0'")
        let d = try XCTUnwrap(usageError(["view", "--live", "soon"]))
        XCTAssertEqual(d.message, "--live expects a number from 0 to 86400, got 'soon'")
        let i = try XCTUnwrap(usageError(["view", "--insets", "2"]))
        XCTAssertEqual(i.message, "--insets expects 2 comma-separated whole numbers (TOP,BOTTOM, each 0 to 1000), got '2'")
    }

    /// C6: choices are validated
    func testC6_choicesAreValidated() throws {
        let e = try XCTUnwrap(usageError(["view", "--network", "fats"]))
        XCTAssertEqual(e.message,
                       "invalid value 'fats' for --network; expected one of: real, instant, fast, 3g, slow, offline; "
                           + "did you mean 'fast'?")
        let m = try XCTUnwrap(usageError(["view", "--mode=sideways"]))
        XCTAssertEqual(m.message, "invalid value 'sideways' for --mode; expected one of: content, nested, header")
        let r = try XCTUnwrap(usageError(["simulate", "s.json", "--report", "xml"]))
        XCTAssertTrue(r.message.hasPrefix("invalid value 'xml' for --report; expected one of: text, json, junit"))
    }

    /// C6: required arguments
    func testC6_requiredArguments() throws {
        let s = try XCTUnwrap(usageError(["simulate"]))
        XCTAssertEqual(s.message, "missing expected argument 'SCENARIO.json...'")
        XCTAssertEqual(s.usage, "USAGE: liveblog simulate SCENARIO.json... [<options>]")
        let g = try XCTUnwrap(usageError(["generate"]))
        XCTAssertEqual(g.message, "missing expected option '--posts N'")
        let c = try XCTUnwrap(usageError(["check"]))
        XCTAssertEqual(c.message, "missing expected argument 'SOURCE'")
    }

    /// C6: post parse usage error carries the command
    func testC6_postParseUsageErrorCarriesTheCommand() throws {
        let r = try XCTUnwrap(run(["view", "--insets", "1,2"]))
        XCTAssertEqual(r.args.ints("insets"), [1, 2])
        let e = r.args.usageError("--insets must not be negative")
        XCTAssertEqual(e.commandPath, ["liveblog", "view"])
        XCTAssertEqual(e.usage, "USAGE: liveblog view [SOURCE] [<options>]")
    }

    /// C6: exit codes are sysexits
    func testC6_exitCodesAreSysexits() {
        XCTAssertEqual(ExitCode.ok.rawValue, 0)
        XCTAssertEqual(ExitCode.failure.rawValue, 1)
        XCTAssertEqual(ExitCode.usage.rawValue, 64)
        XCTAssertEqual(ExitCode.dataErr.rawValue, 65)
        XCTAssertEqual(ExitCode.noInput.rawValue, 66)
        XCTAssertEqual(ExitCode.software.rawValue, 70)
        XCTAssertEqual(ExitCode.ioErr.rawValue, 74)
    }

    // MARK: C2–C5

    /// C2: simulate
    func testC2_simulate() throws {
        let r = try XCTUnwrap(run(["simulate", "jump.json", "--trace", "out.jsonl", "--report=junit"]))
        XCTAssertEqual(r.path, ["simulate"])
        XCTAssertEqual(r.args.positional("SCENARIO.json..."), "jump.json")
        // F7: several scenario files, in order; options may come between them.
        let many = try XCTUnwrap(run(["simulate", "a.json", "--jobs", "2", "dir", "b.json", "--shard", "1/2"]))
        XCTAssertEqual(many.args.strings("SCENARIO.json..."), ["a.json", "dir", "b.json"])
        XCTAssertEqual(many.args.string("jobs"), "2")
        XCTAssertEqual(r.args.string("trace"), "out.jsonl")
        XCTAssertEqual(r.args.string("report"), "junit")
        let d = try XCTUnwrap(run(["simulate", "jump.json"]))
        XCTAssertEqual(d.args.string("report"), "text")
        XCTAssertNil(d.args.string("trace"))
    }

    /// C3: demo
    func testC3_demo() throws {
        XCTAssertEqual(try XCTUnwrap(run(["demo"])).path, ["demo"])
    }

    /// C8: `demo --step N` and `demo --loop`.
    func testC8_demoStepAndLoop() throws {
        let r = try XCTUnwrap(run(["demo", "--step", "3", "--loop"]))
        XCTAssertEqual(r.args.int("step"), 3)
        XCTAssertTrue(r.args.flag("loop"))
        let plain = try XCTUnwrap(run(["demo"]))
        XCTAssertNil(plain.args.string("step"))
        XCTAssertFalse(plain.args.flag("loop"))
    }

    /// C4: bench
    func testC4_bench() throws {
        let r = try XCTUnwrap(run(["bench", "--posts", "1000", "--json"]))
        XCTAssertEqual(r.path, ["bench"])
        XCTAssertEqual(r.args.int("posts"), 1000)
        XCTAssertTrue(r.args.flag("json"))
        let d = try XCTUnwrap(run(["bench"]))
        XCTAssertFalse(d.args.flag("json"))
        XCTAssertEqual(d.args.int("posts"), 100_000)
    }

    /// C5: generate and check
    func testC5_generateAndCheck() throws {
        let g = try XCTUnwrap(run(["generate", "--posts", "100000", "--seed", "7", "--images", "5", "--out", "big"]))
        XCTAssertEqual(g.path, ["generate"])
        XCTAssertEqual(g.args.int("posts"), 100_000)
        XCTAssertEqual(g.args.int("seed"), 7)
        XCTAssertEqual(g.args.int("images"), 5)
        XCTAssertEqual(g.args.string("out"), "big")
        let c = try XCTUnwrap(run(["check", "feed.json"]))
        XCTAssertEqual(c.path, ["check"])
        XCTAssertEqual(c.args.positional("SOURCE"), "feed.json")
    }

    // MARK: C6 help and version

    /// C6: view help lists every option
    func testC6_viewHelpListsEveryOption() {
        let text = help(["view", "--help"])
        XCTAssertTrue(text.hasPrefix("OVERVIEW: Open a liveblog in the terminal"), text)
        XCTAssertTrue(text.contains("USAGE: liveblog view [SOURCE] [--event ID]"), text)
        XCTAssertTrue(text.contains("ARGUMENTS:\n  SOURCE"), text)
        for spec in LiveblogCommands.view.arguments where spec.kind != .positional {
            XCTAssertTrue(text.contains("--\(spec.name) \(spec.valueName)"), "missing --\(spec.name) in\n\(text)")
        }
        for d in ["(default: content)", "(default: ios)", "(default: \"function (top, info)\")",
                  "(default: fast)", "(default: 2,1)"] {
            XCTAssertTrue(text.contains(d), "missing \(d) in\n\(text)")
        }
        XCTAssertTrue(text.contains("-h, --help"))
        for line in text.split(separator: "\n") {
            XCTAssertLessThanOrEqual(line.count, 80, "too wide: \(line)")
        }
    }

    /// C6: help is found anywhere and for every command
    func testC6_helpIsFoundAnywhereAndForEveryCommand() {
        XCTAssertEqual(help(["view", "a.json", "--mode", "nested", "-h"]), help(["view", "--help"]))
        XCTAssertEqual(help(["--mode", "nested", "--help"]), help(["view", "--help"]))
        XCTAssertEqual(help(["sample.json", "--help"]), help(["view", "--help"]))
        XCTAssertEqual(help(["help", "view"]), help(["view", "--help"]))
        for c in LiveblogCommands.root.subcommands {
            let text = help([c.name, "--help"])
            XCTAssertTrue(text.contains("OVERVIEW: \(c.abstract)") || text.contains("OVERVIEW: " + c.abstract.prefix(40)),
                          text)
            XCTAssertTrue(text.contains("USAGE: liveblog \(c.name)"), text)
            XCTAssertTrue(text.contains("-h, --help"), text)
            // A line continuation written as `\\` in a spec leaves a backslash in the text (issue 30).
            XCTAssertFalse(text.contains(" \\ ") || text.contains("\n\\ ") || text.contains(" \\\n"),
                           "stray backslash in \(c.name)'s help:\n\(text)")
        }
    }

    /// C6: root help lists subcommands
    func testC6_rootHelpListsSubcommands() {
        let text = help(["--help"])
        XCTAssertEqual(help(["help"]), text)
        XCTAssertEqual(help(["-h"]), text)
        XCTAssertTrue(text.contains("USAGE: liveblog [<subcommand>]"), text)
        XCTAssertTrue(text.contains("SUBCOMMANDS:"), text)
        for c in LiveblogCommands.root.subcommands {
            XCTAssertTrue(text.contains("  \(c.name)"), "missing \(c.name) in\n\(text)")
        }
        XCTAssertTrue(text.contains("view (default)"), text)
        XCTAssertTrue(text.contains("See 'liveblog help <subcommand>' for detailed help."), text)
        for line in text.split(separator: "\n") {
            XCTAssertLessThanOrEqual(line.count, 80, "too wide: \(line)")
        }
    }

    /// C6: help simulate
    func testC6_helpSimulate() {
        let text = help(["help", "simulate"])
        XCTAssertEqual(text, help(["simulate", "--help"]))
        XCTAssertTrue(text.contains("USAGE: liveblog simulate SCENARIO.json... [--trace FILE]"), text)
        XCTAssertTrue(text.contains("SCENARIO.json"), text)
        XCTAssertTrue(text.contains("--trace FILE"), text)
        XCTAssertTrue(text.contains("--report text|json|junit"), text)
        XCTAssertTrue(text.contains("(default: text)"), text)
        XCTAssertFalse(text.contains("SUBCOMMANDS"), text)
    }

    func testVersion() {
        var r = LiveblogCommands.root
        r.version = "liveblog 1.2.3"
        XCTAssertEqual(ArgumentParser.parse(["--version"], root: r), .version("liveblog 1.2.3"))
        // Without a version string, --version is just another option for the default subcommand.
        guard case .usageError = ArgumentParser.parse(["--version"], root: LiveblogCommands.root) else {
            return XCTFail("expected a usage error")
        }
    }

    // MARK: the parser itself

    func testEditDistance() {
        XCTAssertEqual(ArgumentParser.editDistance(Array("kitten"), Array("sitting")), 3)
        XCTAssertEqual(ArgumentParser.editDistance(Array("evnet"), Array("event")), 1)
        XCTAssertEqual(ArgumentParser.closest("--sed", ["--seed", "--mode"]), "--seed")
        XCTAssertNil(ArgumentParser.closest("--x", ["--seed", "--mode"]))
    }

    func testContainerWithoutDefaultShowsHelpAndRejectsUnknownWords() throws {
        let tool = CommandSpec(name: "tool", abstract: "A tool.", subcommands: [
            CommandSpec(name: "build", abstract: "Build it.", arguments: [.flag("fast", short: "f", help: "Go fast.")]),
        ])
        guard case .help(let text) = ArgumentParser.parse([], root: tool) else { return XCTFail() }
        XCTAssertTrue(text.contains("USAGE: tool <subcommand>"), text)
        guard case .usageError(let e) = ArgumentParser.parse(["buidl"], root: tool) else { return XCTFail() }
        XCTAssertEqual(e.message, "unknown subcommand 'buidl'; did you mean 'build'?")
        guard case .run(let path, let a) = ArgumentParser.parse(["build", "-f"], root: tool) else { return XCTFail() }
        XCTAssertEqual(path, ["build"])
        XCTAssertTrue(a.flag("fast"))
    }
}

