import Arguments
import XCTest

/// Issue 39: one `view` pipeline. Each option the URL path used to drop (`--linear`, TERM=dumb,
/// pipes, `--graphics`, `--engine`, `--page-url`, `--live`, `--poll`, `--fetch-deadline`) on a
/// file, a file with `--network real` and a URL: the plan carries it, or refuses it with a reason
/// that names the option.
final class ViewPlanTests: XCTestCase {
    static let file = "match.json"
    static let url = "http://127.0.0.1:8080/live.json"
    /// A file, a file read for real, a URL: the command line of each and whether it is a URL.
    static let sources: [(name: String, words: [String], isURL: Bool)] = [
        ("file", [file], false), ("file --network real", [file, "--network", "real"], false), ("url", [url], true),
    ]
    static let screen = ViewTerminal()
    static let pipe = ViewTerminal(stdoutIsTerminal: false)
    static let dumb = ViewTerminal(linearReason: "TERM=dumb cannot move the cursor")

    func plan(_ words: [String], url: Bool, _ terminal: ViewTerminal = screen,
              file: StaticString = #filePath, line: UInt = #line) -> Result<ViewPlan, ViewRefusal>? {
        guard case let .run(_, args) = ArgumentParser.parse(["view"] + words, root: LiveblogCommands.root) else {
            XCTFail("\(words) does not parse", file: file, line: line)
            return nil
        }
        return ViewPlan.decide(args, sourceIsURL: url, terminal: terminal)
    }

    func planned(_ words: [String], url: Bool, _ terminal: ViewTerminal = screen,
                 file: StaticString = #filePath, line: UInt = #line) -> ViewPlan? {
        switch plan(words, url: url, terminal, file: file, line: line) {
        case let .success(p)?: return p
        case let .failure(r)?: XCTFail("\(words): refused: \(r.message)", file: file, line: line)
        case nil: break
        }
        return nil
    }

    func refusal(_ words: [String], url: Bool, _ terminal: ViewTerminal = screen,
                 file: StaticString = #filePath, line: UInt = #line) -> String {
        switch plan(words, url: url, terminal, file: file, line: line) {
        case let .failure(r)?: return r.message
        case let .success(p)?: XCTFail("\(words): not refused: \(p)", file: file, line: line)
        case nil: break
        }
        return ""
    }

    func testReadingPerSource() {
        let f = planned([Self.file], url: false)
        XCTAssertEqual(f?.realSession, false)
        XCTAssertEqual(f?.realImages, false)
        let real = planned([Self.file, "--network", "real"], url: false)
        XCTAssertEqual(real?.realSession, true)
        XCTAssertEqual(real?.realImages, true)
        XCTAssertEqual(real?.streams, false, "a file is read whole")
        let u = planned([Self.url], url: true)
        XCTAssertEqual(u?.realSession, true)
        XCTAssertEqual(u?.realImages, true, "a URL's images are real by default")
        XCTAssertEqual(u?.polls, true, "polled every 20 s by default")
        XCTAssertEqual(u?.streams, true)
        XCTAssertEqual(planned([Self.url, "--network", "3g"], url: true)?.realImages, false)
        XCTAssertEqual(planned([Self.url, "--poll", "0"], url: true)?.polls, false)
    }

    /// `--linear` and a terminal without cursor addressing read linearly on every source (the
    /// URL path opened the full screen and sent kitty and DA1 queries).
    func testLinearAndDumbTermOnEverySource() {
        for s in Self.sources {
            XCTAssertEqual(planned(s.words + ["--linear"], url: s.isURL)?.output, .linear(reason: "--linear"), s.name)
            XCTAssertEqual(planned(s.words, url: s.isURL, Self.dumb)?.output,
                           .linear(reason: "TERM=dumb cannot move the cursor"), s.name)
            XCTAssertEqual(planned(s.words, url: s.isURL)?.output, .screen, s.name)
        }
    }

    /// Into a pipe, the text, on every source; a missing stdin is refused without the usage line.
    func testPipesWriteTextOnEverySource() {
        for s in Self.sources {
            XCTAssertEqual(planned(s.words, url: s.isURL, Self.pipe)?.output, .text, s.name)
            XCTAssertEqual(planned(s.words + ["--linear"], url: s.isURL, Self.pipe)?.output, .text, s.name)
            let noStdin = plan(s.words, url: s.isURL, ViewTerminal(stdinIsTerminal: false))
            guard case let .failure(r)? = noStdin else { XCTFail(s.name); continue }
            XCTAssertFalse(r.usageLine)
            XCTAssertTrue(r.message.hasPrefix("view needs a terminal"), r.message)
        }
    }

    /// Every `--graphics` mode reaches the screen on every source; off the screen a mode other
    /// than auto is refused with the reason.
    func testEveryGraphicsModeOnEverySource() {
        let modes = ["auto", "kitty", "sixel", "iterm2", "symbols", "halfblocks", "ascii"]
        for s in Self.sources {
            for m in modes {
                XCTAssertEqual(planned(s.words + ["--graphics", m], url: s.isURL)?.graphics, m, "\(s.name) \(m)")
                let off: [(ViewTerminal, String)] = [(Self.pipe, "standard output is not a terminal"),
                                                     (Self.dumb, "view reads linearly here (TERM=dumb")]
                for (terminal, why) in off {
                    guard m != "auto" else {
                        XCTAssertNotNil(planned(s.words + ["--graphics", m], url: s.isURL, terminal))
                        continue
                    }
                    let r = refusal(s.words + ["--graphics", m], url: s.isURL, terminal)
                    XCTAssertTrue(r.hasPrefix("--graphics \(m) draws images on the screen; \(why)"), r)
                }
            }
        }
    }

    /// `--engine chromium` and `--page-url` run Chromium on a file and on a URL (the URL path
    /// started no browser); a URL is then read whole, not polled, its images through the engine.
    func testEngineOnEverySource() {
        for s in Self.sources where s.words.count == 1 {
            for words in [["--engine", "chromium"], ["--page-url", "http://127.0.0.1:9/mine.html"]] {
                let p = planned(s.words + words, url: s.isURL)
                XCTAssertEqual(p?.engineOption, words[0] == "--page-url" ? "--page-url" : "--engine chromium", "\(s.name) \(words)")
                XCTAssertEqual(p?.realImages, false, "\(s.name) \(words)")
                XCTAssertEqual(p?.polls, false, "\(s.name) \(words)")
                XCTAssertEqual(p?.streams, false, "\(s.name) \(words)")
                XCTAssertEqual(p?.realSession, s.isURL, "\(s.name) \(words)")
            }
            XCTAssertEqual(planned(s.words + ["--engine", "emulated"], url: s.isURL)?.realEngine, false)
            XCTAssertEqual(planned(s.words + ["--engine", "chromium", "--network", "3g"], url: s.isURL)?.realEngine, true)
        }
    }

    func testEngineRefusalsNameTheReason() {
        for s in Self.sources where s.words.count == 1 {
            for (words, option) in [(["--engine", "chromium"], "--engine chromium"),
                                    (["--engine", "webkit"], "--engine webkit"),
                                    (["--engine", "platform"], "--engine platform"),
                                    (["--page-url", "http://127.0.0.1:9/mine.html"], "--page-url")] {
                XCTAssertTrue(refusal(s.words + words, url: s.isURL, Self.pipe)
                    .hasPrefix("\(option) runs the web row's page on the screen; standard output is not a terminal"))
                XCTAssertTrue(refusal(s.words + words + ["--linear"], url: s.isURL)
                    .hasPrefix("\(option) runs the web row's page on the screen; view reads linearly here (--linear)"))
                XCTAssertTrue(refusal(s.words + words, url: s.isURL, Self.dumb).contains("TERM=dumb"))
                XCTAssertTrue(refusal(s.words + words + ["--network", "real"], url: s.isURL)
                    .hasPrefix("--network real fetches the images of the emulated page; with \(option)"))
            }
        }
        XCTAssertTrue(refusal([Self.url, "--engine", "chromium", "--poll", "5"], url: true)
            .hasPrefix("--poll: the page in Chromium takes no live updates (R3)"))
        XCTAssertNotNil(planned([Self.url, "--engine", "chromium", "--poll", "0"], url: true))
        XCTAssertTrue(refusal([Self.url, "--engine", "chromium", "--record", "s.json"], url: true)
            .hasPrefix("--record of a URL captures its responses for the emulated page"))
        XCTAssertNotNil(planned([Self.file, "--engine", "chromium", "--record", "s.json"], url: false))
        XCTAssertTrue(refusal([Self.url, "--engine", "webkit", "--poll", "5"], url: true)
            .hasPrefix("--poll: the page in WebKit takes no live updates (R3), so with --engine webkit"))
    }

    /// X11: `--engine webkit` and `--engine platform` are real engines as Chromium is: on every
    /// source their page loads its media through the engine, and off the screen they are refused
    /// (a pipe read the text and ignored them).
    func testEveryRealEngineOnEverySource() {
        for s in Self.sources where s.words.count == 1 {
            for engine in ["webkit", "platform"] {
                let p = planned(s.words + ["--engine", engine], url: s.isURL)
                XCTAssertEqual(p?.engineOption, "--engine \(engine)", "\(s.name) \(engine)")
                XCTAssertEqual(p?.realImages, false, "\(s.name) \(engine)")
                XCTAssertEqual(p?.polls, false, "\(s.name) \(engine)")
                XCTAssertEqual(p?.streams, false, "\(s.name) \(engine)")
                XCTAssertEqual(p?.realSession, s.isURL, "\(s.name) \(engine)")
            }
        }
    }

    /// `--poll` is a URL's; `--fetch-deadline` bounds what is fetched; `--live` adds to the screen.
    func testSourceOptions() {
        XCTAssertEqual(refusal([Self.file, "--poll", "5"], url: false),
                       "--poll polls a URL source for changes (R3); a file is read once")
        XCTAssertNotNil(planned([Self.file, "--poll", "0"], url: false))
        XCTAssertTrue(refusal([Self.url, "--poll", "5"], url: true, Self.pipe).hasPrefix("--poll updates the screen's list"))
        XCTAssertTrue(refusal([Self.file, "--fetch-deadline", "5"], url: false)
            .hasPrefix("--fetch-deadline bounds what is fetched, and nothing is: a file's media"))
        XCTAssertNotNil(planned([Self.file, "--network", "real", "--fetch-deadline", "5"], url: false))
        XCTAssertTrue(refusal([Self.file, "--network", "real", "--fetch-deadline", "5"], url: false, Self.pipe)
            .hasSuffix("the file is read from disk and written as text"))
        XCTAssertNotNil(planned([Self.url, "--fetch-deadline", "5"], url: true, Self.pipe))
        for s in Self.sources {
            XCTAssertNotNil(planned(s.words + ["--live", "5"], url: s.isURL), s.name)
            XCTAssertTrue(refusal(s.words + ["--live", "5"], url: s.isURL, Self.dumb)
                .hasPrefix("--live adds posts to the screen's list; view reads linearly here"), s.name)
        }
    }

    /// Q11 on every source: a recording is of a screen session.
    func testRecordingOnlyOnTheScreen() {
        for s in Self.sources {
            let rec = s.words + ["--record", "s.json"]
            XCTAssertNotNil(planned(rec, url: s.isURL), s.name)
            XCTAssertTrue(refusal(rec + ["--linear"], url: s.isURL).hasSuffix("--linear reads without it"))
            XCTAssertTrue(refusal(rec, url: s.isURL, Self.pipe).hasSuffix("stdin and stdout must be a terminal"))
            XCTAssertTrue(refusal(rec, url: s.isURL, Self.dumb).hasSuffix("reads linearly (TERM=dumb cannot move the cursor)"))
            XCTAssertTrue(refusal(rec + ["--reading"], url: s.isURL).hasSuffix("record without it"))
        }
    }
}
