import Foundation
import XCTest
import Arguments
import Bench
@testable import Commands

/// Issue 39: the commands are types in a library, parsed and run in process: no binary is spawned.
/// `LiveblogMain.run` is what the executable's main.swift calls; its output is captured here from
/// the process's own standard output and error.
final class CommandTests: XCTestCase {
    static var assets: String { Assets.directory() ?? "Assets" }
    static var sample: String { assets + "/liveblogs/sample.json" }

    /// `arguments` run as the executable runs them: the exit status, stdout and stderr.
    func run(_ arguments: [String]) -> (code: ExitCode, out: String, err: String) {
        var code = ExitCode.software
        let (out, err) = Captured.output { code = LiveblogMain.run(arguments) }
        return (code, out, err)
    }

    /// The parsed command line of `arguments`, for a command's `init`.
    func parsed(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> ParsedArguments? {
        guard case let .run(_, args) = ArgumentParser.parse(arguments, root: LiveblogCommands.root) else {
            XCTFail("\(arguments) does not parse to a command", file: file, line: line)
            return nil
        }
        return args
    }

    func testC5_dumpRunsInProcess() {
        let r = run(["dump", Self.sample, "--width", "60"])
        XCTAssertEqual(r.code, .ok, r.err)
        XCTAssertTrue(r.out.hasPrefix("Coastal Cup Final: Harbour City FC vs Northvale United\n"), r.out)
        XCTAssertTrue(r.out.contains("68 posts, newest first"))
        XCTAssertFalse(r.out.contains("\u{1B}"), "no escape sequence in dump's text")
        XCTAssertLessThanOrEqual(r.out.split(separator: "\n").map(\.count).max() ?? 0, 60, "wrapped at --width")
        XCTAssertEqual(r.err, "")
    }

    func testC5_dumpFromAnEventAndAnUnknownOne() {
        let from = run(["dump", Self.sample, "--event", "ev-001"])
        XCTAssertEqual(from.code, .ok, from.err)
        XCTAssertTrue(from.out.contains("(id ev-001)"))
        XCTAssertFalse(from.out.contains("(id ev-002)"), "only the post and the older ones after it")
        let unknown = run(["dump", Self.sample, "--event", "nope"])
        XCTAssertEqual(unknown.code, .dataErr)
        XCTAssertTrue(unknown.err.contains("--event: no post with id \"nope\""), unknown.err)
    }

    func testC2_simulateABundledScenarioInProcess() {
        let r = run(["simulate", Self.assets + "/scenarios/ios-3g-landing.json"])
        XCTAssertEqual(r.code, .ok, r.err)
        XCTAssertTrue(r.out.contains("3 passed, 0 failed"), r.out)
        let json = run(["simulate", Self.assets + "/scenarios/ios-3g-landing.json", "--report", "json"])
        XCTAssertEqual(json.code, .ok, json.err)
        XCTAssertTrue(json.out.hasPrefix("{"), json.out)
    }

    func testC5_checkAndGenerateInProcess() throws {
        let check = run(["check", Self.sample])
        XCTAssertEqual(check.code, .ok, check.err)
        XCTAssertTrue(check.out.hasPrefix("format: Tickaroo (native)\n"), check.out)
        XCTAssertTrue(check.out.contains("posts: 68 "), check.out)
        let dir = NSTemporaryDirectory() + "commands-tests-generate-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let generate = run(["generate", "--posts", "12", "--seed", "3", "--images", "0", "--out", dir])
        XCTAssertEqual(generate.code, .ok, generate.err)
        XCTAssertEqual(generate.err, "wrote \(dir)/liveblog.json (12 posts) and 0 images\n")
        let again = run(["check", dir + "/liveblog.json"])
        XCTAssertEqual(again.code, .ok, again.err)
        XCTAssertTrue(again.out.contains("posts: 12 "), again.out)
        let missing = run(["check", dir + "/none.json"])
        XCTAssertEqual(missing.code, .noInput)
        XCTAssertEqual(missing.err, "liveblog: error: \(dir)/none.json: cannot read the file\n")
    }

    /// Q5: a trace `simulate` wrote, measured by `metrics`, both in process; a missing scenario is 66.
    func testQ5_simulateATraceAndMeasureItInProcess() {
        let trace = NSTemporaryDirectory() + "commands-tests-\(getpid()).jsonl"
        defer { unlink(trace) }
        let sim = run(["simulate", Self.assets + "/scenarios/ios-3g-landing.json", "--trace", trace])
        XCTAssertEqual(sim.code, .ok, sim.err)
        let metrics = run(["metrics", trace])
        XCTAssertEqual(metrics.code, .ok, metrics.err)
        XCTAssertTrue(metrics.out.hasPrefix("jump                       #1 to ev-019"), metrics.out)
        let missing = run(["simulate", Self.assets + "/scenarios/none.json"])
        XCTAssertEqual(missing.code, .noInput)
        XCTAssertTrue(missing.err.hasSuffix("none.json: cannot read the file\n"), missing.err)
    }

    /// C4: the bench is its own library; a part of it runs in process with its command type added.
    func testC4_aBenchPartRunsInProcess() {
        var code = ExitCode.software
        let (out, err) = Captured.output {
            code = LiveblogMain.run(["bench", "--only", "frame", "--posts", "50"],
                                    commands: LiveblogMain.commands + [BenchCommand.self])
        }
        XCTAssertEqual(code, .ok, err)
        XCTAssertEqual(out, "")
        let without = run(["bench", "--only", "frame"])
        XCTAssertEqual(without.code, .software, "the library alone has no bench")
    }

    func testC6_anOutOfRangeOptionIsRefusedWith64AndItsMessage() {
        let r = run(["dump", "--width", "0", Self.sample])
        XCTAssertEqual(r.code, .usage)
        XCTAssertEqual(r.out, "")
        XCTAssertEqual(r.err, """
            liveblog: error: --width expects a whole number from 1 to 10000, got '0'
            USAGE: liveblog dump [SOURCE] [--width N] [--event ID]
            See 'liveblog dump --help' for more information.

            """)
        let posts = run(["generate", "--posts", "200001"])
        XCTAssertEqual(posts.code, .usage)
        XCTAssertTrue(posts.err.contains("--posts expects a whole number from 0 to 200000, got '200001'"), posts.err)
    }

    /// Refusals made after parsing keep their form: with the usage line, or on one line.
    func testC6_refusalsAfterParsing() {
        let compare = run(["simulate", Self.assets + "/scenarios", "--compare", "ios"])
        XCTAssertEqual(compare.code, .usage)
        XCTAssertTrue(compare.err.hasPrefix("liveblog: error: --compare runs one scenario file\nUSAGE: liveblog simulate"),
                      compare.err)
        let step = run(["demo", "--step", "12"])
        XCTAssertEqual(step.code, .usage)
        XCTAssertEqual(step.err, "liveblog: error: --step: expected a whole number from 1 to 9, got 12\n")
        let mixed = run(["audit", "app.jsonl", "--json", "--report", "json"])
        XCTAssertEqual(mixed.code, .usage)
        XCTAssertEqual(mixed.err, "liveblog: error: --json and a --report on stdout would be mixed: give --report-file\n")
    }

    func testC6_helpAndVersionGoToStdout() {
        let help = run(["dump", "--help"])
        XCTAssertEqual(help.code, .ok)
        XCTAssertTrue(help.out.hasPrefix("OVERVIEW: Print a liveblog as plain text, newest first."), help.out)
        XCTAssertEqual(help.err, "")
    }

    /// Every subcommand the declarations name is one command type; the bench's is the Bench library's.
    func testEveryDeclaredSubcommandIsACommandType() {
        let types = LiveblogMain.commands + [BenchCommand.self]
        XCTAssertEqual(types.map { $0.spec.name }.sorted(), LiveblogCommands.root.subcommands.map(\.name).sorted())
        XCTAssertEqual(Set(types.map { $0.spec.name }).count, types.count, "one type a command")
    }

    /// The options are converted once, in `init`: typed values, defaults applied.
    func testOptionsAreConvertedOnceIntoTypedValues() throws {
        let dump = DumpCommand(try XCTUnwrap(parsed(["dump", "x.json", "--width", "72", "--event", "ev-3"])))
        XCTAssertEqual(dump.source, "x.json")
        XCTAssertEqual(dump.width, 72)
        XCTAssertEqual(dump.event, "ev-3")
        let generate = GenerateCommand(try XCTUnwrap(parsed(["generate", "-n", "5", "--profile", "heavy"])))
        XCTAssertEqual(generate.posts, 5)
        XCTAssertEqual(generate.seed, 1, "the declared default")
        XCTAssertEqual(generate.imageEvery, 3)
        XCTAssertTrue(generate.heavy)
        let simulate = try SimulateCommand(try XCTUnwrap(parsed(
            ["simulate", "a.json", "b.json", "--shard", "2/3", "--device", "pixel-8", "--column", "40"])))
        XCTAssertTrue(simulate.suite)
        XCTAssertEqual(simulate.shard?.index, 2)
        XCTAssertEqual(simulate.shard?.count, 3)
        XCTAssertEqual(simulate.scrolling.device?.name, "pixel-8")
        XCTAssertEqual(simulate.scrolling.column, 40)
        XCTAssertFalse(simulate.scrolling.deviceSetsPlatform, "simulate keeps the scenario's platform")
    }

    /// `view` decides its plan at parse time, from the options and the terminal it is given.
    func testC1_viewDecidesItsPlanOnce() throws {
        let args = try XCTUnwrap(parsed(["view", Self.sample, "--device", "pixel-8", "--seed", "7"]))
        let config = try ViewCommand.worldConfig(args)
        XCTAssertEqual(config.device?.name, "pixel-8")
        XCTAssertEqual(config.platform, .android, "view: the device's own platform")
        XCTAssertEqual(config.page.networkSeed, 7)
        let piped = try ViewCommand(args, config: config, terminal: ViewTerminal(stdoutIsTerminal: false))
        XCTAssertEqual(piped.plan.output, .text)
        let screen = try ViewCommand(args, config: config, terminal: ViewTerminal())
        XCTAssertEqual(screen.plan.output, .screen)
        let live = try XCTUnwrap(parsed(["view", Self.sample, "--live", "5"]))
        XCTAssertThrowsError(try ViewCommand(live, config: config, terminal: ViewTerminal(stdoutIsTerminal: false))) {
            XCTAssertEqual(($0 as? Refusal)?.message, "--live adds posts to the screen's list; standard output is "
                           + "not a terminal, so view writes the liveblog's text")
        }
        let hook = try XCTUnwrap(parsed(["view", "--hook", "x"]))
        XCTAssertThrowsError(try ViewCommand.worldConfig(hook)) {
            XCTAssertEqual(($0 as? Refusal)?.usageLine, false)
        }
    }
}

/// What a closure writes to the process's standard output and error (file descriptors 1 and 2).
enum Captured {
    static func output(_ body: () -> Void) -> (out: String, err: String) {
        fflush(nil)
        let files = [1, 2].map { fd -> (fd: Int32, saved: Int32, path: String) in
            let path = NSTemporaryDirectory() + "commands-tests-\(getpid())-\(fd)"
            let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            let saved = dup(Int32(fd))
            dup2(file, Int32(fd))
            close(file)
            return (Int32(fd), saved, path)
        }
        body()
        fflush(nil)
        let texts = files.map { f -> String in
            dup2(f.saved, f.fd)
            close(f.saved)
            defer { unlink(f.path) }
            return (try? String(contentsOfFile: f.path, encoding: .utf8)) ?? ""
        }
        return (texts[0], texts[1])
    }
}
