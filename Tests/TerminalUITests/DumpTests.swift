import Foundation
import TestSupport
import XCTest
import LiveblogModel
import TerminalKit
import TextCells

/// Issue 15: `liveblog dump` (and `view` into a pipe). Golden text of the bundled sample, the
/// corpus's errors exactly as `check` gives them, no control bytes in any output (T8), and a
/// 100 000-post liveblog piped into `head -50` ending at once with exit 0.
final class DumpTests: XCTestCase {
    static let corpusDir = Fixture.repoRoot + "/Tests/Corpus"

    /// Runs the binary with stdin from /dev/null (or `stdinPath`), stdout and stderr to files.
    func run(_ args: [String], stdinPath: String = "/dev/null",
             env: [String: String] = [:]) throws -> (status: Int32, out: [UInt8], err: String) {
        // V6: the dump reads times in the reader's zone; UTC unless a test says otherwise.
        let r = Subprocess.output(try Requirement.liveblogBinary(), args, stdin: stdinPath,
                                  env: ["TZ": "UTC"].merging(env) { $1 })
        XCTAssertNotEqual(r.code, -1, "the binary starts and ends: \(r.err)")
        return (r.code, r.bytes, r.err)
    }

    func assertNoControlBytes(_ bytes: [UInt8], _ what: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        if let i = bytes.firstIndex(where: { $0 < 0x20 && $0 != 0x0A }) {
            XCTFail("\(what): byte 0x\(String(bytes[i], radix: 16)) at offset \(i)", file: file, line: line)
        }
    }

    func dumpText(_ lb: Liveblog, width: Int, from start: Int = 0) -> String {
        var text = ""
        PlainText.write(lb, width: width, from: start, zone: TimeZone(identifier: "UTC")) { text += $0 + "\n"; return true }
        return text
    }

    /// Compares with `Golden/<name>.txt`; `LIVEBLOG_UPDATE_GOLDEN=1` (re)writes it.
    func assertGoldenText(_ name: String, _ text: String,
                          file: StaticString = #filePath, line: UInt = #line) {
        Golden.assertMatches(text, path: Fixture.goldenDir + "/\(name).txt", what: "the text", file: file, line: line)
    }

    // MARK: - Golden text

    func testC5_dumpOfTheSampleAt80And40Columns() throws {
        let lb = try Fixture.sample()
        for width in [80, 40] {
            let text = dumpText(lb, width: width)
            assertGoldenText("dump-sample-\(width)", text)
            for l in text.split(separator: "\n") {
                XCTAssertLessThanOrEqual(TextWidth.width(String(l)), width, "wrapped at \(width): \(l)")
            }
            // The binary prints the same bytes.
            let r = try run(["dump", Fixture.samplePath, "--width", "\(width)"])
            XCTAssertEqual(r.status, 0, r.err)
            XCTAssertEqual(String(decoding: r.out, as: UTF8.self), text)
            XCTAssertEqual(r.err, "")
            // `view` into a file does the same, at $COLUMNS when stdout is no terminal.
            let v = try run(["view", Fixture.samplePath], env: ["COLUMNS": "\(width)"])
            XCTAssertEqual(v.status, 0, v.err)
            XCTAssertEqual(String(decoding: v.out, as: UTF8.self), text)
        }
    }

    func testL7_T8_dumpMarksHighlightsLinksMediaAndEmbeds() throws {
        let text = dumpText(try Fixture.sample(), width: 80)
        for needle in ["2024-05-18 17:20 UTC (id ev-068)", "[milestone] (id ev-057)", "[sticky]", "[inplace]",
                       "our site[1].", "[1] https://www.example.com/coastal-cup",
                       "[image: The trophy on the podium, 96×128]",
                       "[embed: https://www.youtube.com/watch?v=coastal-cup-final-highlights]",
                       "> — Daniel Marchetti, Harbour City captain", "[unsupported: PollContentBlock]"] {
            XCTAssertTrue(text.contains(needle), "the dump shows \(needle)")
        }
        // Newest first (L4): the first post line is the newest post.
        let firstPost = text.components(separatedBy: "\n").first { $0.hasPrefix("2024-") }
        XCTAssertEqual(firstPost, "2024-05-18 17:20 UTC (id ev-068)")
    }

    /// V6: the dump reads post times in the reader's zone, the zone marked, as the list does.
    func testV6_dumpTimesAreInTheReadersZoneMarked() throws {
        let r = try run(["dump", Fixture.samplePath, "--width", "80"], env: ["TZ": "Europe/Berlin"])
        XCTAssertEqual(r.status, 0, r.err)
        let text = String(decoding: r.out, as: UTF8.self)
        XCTAssertTrue(text.contains("2024-05-18 19:20 UTC+2 (id ev-068)"), String(text.prefix(400)))
        XCTAssertFalse(text.contains("17:20Z"), "no UTC time left unmarked")
        XCTAssertEqual(PlainText.time(0, in: TimeZone(secondsFromGMT: 19800)!), "1970-01-01 05:30 UTC+5:30")
        XCTAssertEqual(PlainText.time(0, in: TimeZone(secondsFromGMT: -4 * 3600)!), "1969-12-31 20:00 UTC-4")
    }

    func testC6_dumpEventStartsThereAndAnUnknownIdIsExit65() throws {
        let lb = try Fixture.sample()
        let r = try run(["dump", Fixture.samplePath, "--width", "80", "--event", "ev-010"])
        XCTAssertEqual(r.status, 0, r.err)
        let text = String(decoding: r.out, as: UTF8.self)
        XCTAssertEqual(text, dumpText(lb, width: 80, from: try XCTUnwrap(lb.index(ofPost: "ev-010"))))
        XCTAssertTrue(text.contains("from post ev-010"))
        XCTAssertFalse(text.contains("(id ev-011)"), "newer posts are left out")
        let bad = try run(["dump", Fixture.samplePath, "--event", "nope\u{1B}[2J"])
        XCTAssertEqual(bad.status, 65)
        XCTAssertEqual(bad.out, [])
        XCTAssertTrue(bad.err.contains("no post with id \"nope␛\""), bad.err)
        assertNoControlBytes(Array(bad.err.utf8), "the message")
    }

    // MARK: - The corpus

    func testL4_T8_corpusGivesCheckMessagesAndNoControlBytes() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: DumpTests.corpusDir).sorted()
        XCTAssertGreaterThan(names.count, 20)
        var failures = 0
        for name in names {
            let path = DumpTests.corpusDir + "/" + name
            let check = try run(["check", path])
            for width in [80, 7] {
                let dump = try run(["dump", path, "--width", "\(width)"])
                assertNoControlBytes(dump.out, "dump \(name) at \(width)")
                assertNoControlBytes(Array(dump.err.utf8.filter { $0 != 0x0A }), "stderr of dump \(name)")
                if check.status != 0 {
                    failures += 1
                    XCTAssertEqual(dump.status, check.status, "\(name): the exit code of check")
                    XCTAssertEqual(dump.err, check.err, "\(name): the message of check")
                    XCTAssertEqual(dump.out, [], "\(name): nothing on stdout")
                } else {
                    XCTAssertEqual(dump.status, 0, "\(name): \(dump.err)")
                    XCTAssertEqual(dump.err, "", name)
                }
            }
        }
        XCTAssertGreaterThan(failures, 20, "the corpus has bad inputs")
        let missing = try run(["dump", DumpTests.corpusDir + "/no-such-file.json"])
        XCTAssertEqual(missing.status, 66)
        XCTAssertEqual(missing.err, try run(["check", DumpTests.corpusDir + "/no-such-file.json"]).err)
    }

    func testT8_controlCharactersNeverReachTheDump() {
        let nasty = "a\u{1B}[31mred\u{7}\u{0}b\r\nc\u{9B}2J\u{1B}]0;title\u{7}\u{202E}d\te"
        let post = Post(id: "p\u{1B}1", createdAt: 1e300, highlight: .milestone, headline: nasty,
                        blocks: [.text(RichText(runs: [TextRun(text: nasty, link: "http://x/\u{1B}[2J")])),
                                 .quote(text: RichText(plain: nasty), author: nasty),
                                 .media([Media(id: "m", width: 3, height: 4, url: "u", alt: nasty)]),
                                 .embed(WebEmbed(id: "e", url: nasty)), .emoji(nasty), .unknown(type: nasty)],
                        sportEvent: SportEvent(eventType: nasty, players: [nasty], timeOfPlay: nasty))
        let board = Scoreboard(homeTeam: nasty, awayTeam: nasty, homeScore: 1, awayScore: 2)
        let lb = Liveblog(id: nasty, title: nasty, scoreboard: board, posts: [post])
        for width in [1, 2, 5, 40, 200] {
            assertNoControlBytes(Array(dumpText(lb, width: width).utf8), "width \(width)")
        }
    }

    // MARK: - Streaming

    /// The text is made post by post as it is taken: a reader that stops after 50 lines stops it.
    func testC5_dumpStopsWhenTheReaderStops() {
        let lb = LiveblogGenerator.generate(posts: 5000, seed: 3)
        var taken = 0
        let finished = PlainText.write(lb, width: 80) { _ in
            taken += 1
            return taken < 50
        }
        XCTAssertFalse(finished)
        XCTAssertEqual(taken, 50, "no line is made after the reader stopped")
    }

    /// `generate --posts 5000 | dump | head -50`: head gets its 50 lines, and dump ends after head
    /// has gone (SIGPIPE ignored, EPIPE stops it) with exit 0 and no message. 5 000 posts are some
    /// 2 MB of text, far past a pipe's buffer, so dump writes on after head is gone; that it makes
    /// no line once its reader stopped is testC5_dumpStopsWhenTheReaderStops, in process (this was
    /// 100 000 posts, 20 s, for a timed "at once").
    func testC5_fiveThousandPostsIntoHeadEnds() throws {
        _ = try Requirement.liveblogBinary()
        let dir = NSTemporaryDirectory() + "lb-head-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let b = Fixture.binary
        let script = """
            '\(b)' generate --posts 5000 | { '\(b)' dump --width 80 2>'\(dir)/err'; echo $? >'\(dir)/rc'; \
            date +%s.%N >'\(dir)/t-dump'; } | { head -50 >'\(dir)/out'; date +%s.%N >'\(dir)/t-head'; }
            """
        var pid: pid_t = 0
        let words: [String] = ["/bin/sh", "-c", script]
        let argv = words.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        XCTAssertEqual(posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ), 0)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        func read(_ f: String) -> String {
            let s = (try? String(contentsOfFile: dir + "/" + f, encoding: .utf8)) ?? ""
            return s.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertEqual(read("rc"), "0", "dump's exit status")
        XCTAssertEqual(read("err"), "", "no message from dump")
        let out = read("out")
        XCTAssertEqual(out.components(separatedBy: "\n").count, 50)
        XCTAssertTrue(out.hasPrefix("Westbrook Athletic vs Harbour City FC (generated)"), out)
        let tDump = Double(read("t-dump")) ?? 0, tHead = Double(read("t-head")) ?? .infinity
        XCTAssertLessThan(tDump - tHead, 30, "bounded: dump ends once head has its lines, no hang")
    }
}
