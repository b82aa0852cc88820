import Foundation
import XCTest
import LiveblogModel
import Embed
import Host
@testable import QA
import Simulation
import TerminalKit
import TestSupport
@testable import TerminalUI

/// The render half of the scenario fuzzer (issue #7): random worlds (ScenarioFuzzer) drawn into
/// an off-screen CellGrid now and then, at the world's size and at random sizes from 1×1 to
/// 300×80, with and without overlays. Nothing may crash, and no cell may hold a control
/// character or an escape (T8). `LIVEBLOG_FUZZ_COUNT` / `LIVEBLOG_FUZZ_SEED` as in FuzzTests.
final class RenderFuzzTests: XCTestCase {
    static var env: [String: String] { ProcessInfo.processInfo.environment }

    static let localImages: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let images = root.appendingPathComponent("Assets/images").path
        return [images + "/pitch.png", images + "/corrupt.png", images + "/missing.png", images + "/make_images.py"]
    }()

    static func badCells(_ g: CellGrid) -> [String] {
        var bad: [String] = []
        for r in 0..<g.rows {
            for c in 0..<g.cols {
                let t = g.cell(row: r, col: c).text
                if t.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                    bad.append("(\(r),\(c)) \(t.unicodeScalars.map { String($0.value, radix: 16) })")
                }
            }
        }
        return bad
    }

    func testFuzz_T8_randomWorldsRenderAtAnySizeWithoutControls() {
        let seeds: [UInt64]
        if let s = RenderFuzzTests.env["LIVEBLOG_FUZZ_SEED"], let seed = UInt64(s) { seeds = [seed] }
        else {
            let n = RenderFuzzTests.env["LIVEBLOG_FUZZ_COUNT"].flatMap(Int.init).map { $0 / 4 } ?? 400
            seeds = (0..<UInt64(max(0, n))).map { 1 + $0 * 5 }
        }
        // Each seed draws its own world with its own renderer: ParallelSeeds runs them on every
        // core (printing a crashing seed), and the findings are reported here in the seeds' order.
        let found: [(frames: Int, problems: [String])] = ParallelSeeds.map(seeds) { RenderFuzzTests.draw(seed: $0) }
        var failures = 0
        let frames = found.map(\.frames).reduce(0, +)
        for (seed, f) in zip(seeds, found) where !f.problems.isEmpty {
            failures += 1
            if failures <= 5 {
                let s = ScenarioFuzzer.scenario(seed: seed, localImages: RenderFuzzTests.localImages)
                XCTFail("render fuzz seed \(seed) (replay: LIVEBLOG_FUZZ_SEED=\(seed)): " + ScenarioFuzzer.describe(s) + "\n  "
                        + f.problems.prefix(4).joined(separator: "\n  "))
            }
        }
        print("render fuzz: \(seeds.count) scenarios, \(frames) frames drawn, \(failures) failing")
        XCTAssertGreaterThan(frames, seeds.count / 2)
    }

    /// One random world run with frames drawn now and then at random sizes: the frames drawn and
    /// what was wrong with them.
    static func draw(seed: UInt64) -> (frames: Int, problems: [String]) {
        let overlays: [(any Overlay)?] = [nil, HelpOverlay(), ConsoleOverlay(), TimelineOverlay(),
                                           PanelOverlay(.highlights), PanelOverlay(.scorers, selected: 3),
                                           PanelOverlay(.chapters), PromptOverlay(text: "p1\u{1B}[2J", selected: 0)]
        let s = ScenarioFuzzer.scenario(seed: seed, localImages: RenderFuzzTests.localImages)
        let runner = ScenarioRunner(scenario: s)
        runner.keepRecords = false
        let renderer = Renderer()
        renderer.synchronousImages = true
        var rng = SeededRandom(seed: seed ^ 0xF00D)
        let world = runner.world
        var problems: [String] = []
        var frames = 0
        let inner = world.sink
        world.sink = { r in
            inner(r)
            guard case .frame = r.event, rng.unit() < 0.08 else { return }
            let sameSize = rng.unit() < 0.6
            let cols = sameSize ? world.config.cols : [1, 2, 19, 20, 80, 300][rng.int(0, 5)]
            let rows = sameSize ? world.config.rows : [1, 2, 7, 8, 24, 80][rng.int(0, 5)]
            let grid = CellGrid(cols: cols, rows: rows,
                                capabilities: rng.unit() < 0.3 ? TerminalCapabilities(colorMode: .none, unicode: false) : .testDefault)
            var ui = UIState()
            ui.overlay = overlays[rng.int(0, overlays.count - 1)]
            if rng.unit() < 0.2 { ui.message = ("flash \u{1B}]2;PWNED\u{07}", world.seconds + 1) }
            renderer.draw(world, ui, on: grid)
            frames += 1
            let bad = RenderFuzzTests.badCells(grid)
            if !bad.isEmpty { problems.append("t=\(TraceRecord.time(r.tick)) \(cols)x\(rows): control characters in cells \(bad.prefix(3))") }
            if (cols < 20 || rows < 8) && rows >= 3 && cols >= 18, !grid.text().contains("too small") {
                problems.append("t=\(TraceRecord.time(r.tick)) \(cols)x\(rows): no \"terminal too small\"")
            }
        }
        runner.run()
        return (frames, problems)
    }
}

/// T8: every string path to the screen is sanitised, also for liveblogs built in code (which
/// bypass the loader's sanitiser): title, post text, alt text, URLs, ids, scorer names, panel
/// labels, console lines, the focused link, flash messages and the prompt.
final class RenderSanitiseTests: XCTestCase {
    func testT8_everyStringPathShowsPlaceholdersNotControls() {
        let osc = "\u{1B}]2;PWNED\u{07}", cls = "\u{1B}[2J"
        let posts = [
            Post(id: "p\(osc)0", createdAt: 3, highlight: .sticky, headline: "Head\(cls)line",
                 blocks: [.text(RichText(runs: [TextRun(text: "see "), TextRun(text: "link\(osc)", link: "https://evil.example.org/\(osc)")])),
                          .media([Media(id: "m\(osc)", url: "https://img.example.com/\(osc).png", alt: "alt\(osc)text")])],
                 sportEvent: SportEvent(eventType: "goal", title: "Goal", team: "T\(osc)", players: ["Scorer\(osc)Name"], timeOfPlay: "9'\(cls)")),
            Post(id: "p1", createdAt: 2, highlight: .milestone, headline: "Chapter\(osc)", blocks: [.text(RichText(plain: "plain"))]),
        ]
        let lb = Liveblog(id: "x\(osc)", title: "Title\(osc)\(cls)End", posts: posts)
        var c = WorldConfig()
        c.cols = 100; c.rows = 30
        let world = World(liveblog: lb, config: c)
        world.advance(to: 10)
        world.jump(to: "p\(osc)0")
        world.key("Tab")
        world.page.log("error", "console \(osc)")
        world.advance(to: 120)
        let renderer = Renderer()
        renderer.synchronousImages = true
        let overlays: [(any Overlay)?] = [nil, PanelOverlay(.highlights), PanelOverlay(.chapters),
                                           PanelOverlay(.scorers), ConsoleOverlay(), TimelineOverlay(),
                                           PromptOverlay(text: "p\(osc)", selected: 0)]
        for o in overlays {
            let grid = CellGrid(cols: 100, rows: 30)
            var ui = UIState()
            ui.overlay = o
            ui.caption = o == nil ? nil : "caption\(osc)"
            if o is ConsoleOverlay { ui.message = ("flash\(cls)", world.seconds + 5) }
            renderer.draw(world, ui, on: grid)
            let text = grid.text()
            XCTAssertTrue(RenderFuzzTests.badCells(grid).isEmpty, "\(String(describing: o)): \(RenderFuzzTests.badCells(grid).prefix(3))")
            XCTAssertFalse(text.contains("PWNED") && !text.contains("\u{241B}"), "\(String(describing: o)): an OSC body without its placeholder")
            XCTAssertTrue(text.contains("\u{241B}"), "\(String(describing: o)): visible placeholders\n\(text)")
            XCTAssertFalse(text.contains("?]2;"), "\(String(describing: o)): a raw ESC turned into ? with its sequence shown\n\(text)")
        }
    }
}
