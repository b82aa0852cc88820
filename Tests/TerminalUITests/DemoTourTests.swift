import Foundation
import XCTest
import Simulation
import TerminalKit
@testable import TerminalUI

/// Issue 44: the demo as a presenter's tool, in process and in virtual time (C11): its controls
/// (C8), steps that show what they say with captions that wrap (C9), the page beside the phone
/// (C10), and golden frames of every step at 100×30 and 200×60.
final class DemoTourTests: XCTestCase {
    /// The band's rows as drawn: the caption band at the screen's foot.
    private func band(_ rig: DemoTourRig) -> [String] {
        let lines = rig.lines()
        let n = DemoBandView(band: rig.app.ui.band!).lines(width: rig.cols, Theme(caps: .testDefault)).count
        return Array(lines.suffix(n))
    }

    // MARK: - C8 the controls

    func testC8_spacePausesTheWorldAndSaysSoThenResumes() throws {
        let rig = try DemoTourRig(cols: 100, rows: 30)
        rig.run(2)
        let at = rig.app.world.tick
        rig.key(.char(" "))
        rig.run(3)
        XCTAssertEqual(rig.app.world.tick, at, "paused, the world's clock stands still")
        XCTAssertTrue(band(rig).last?.hasPrefix(" Paused · space resumes") == true, band(rig).joined(separator: "\n"))
        XCTAssertEqual(rig.app.tour?.index, 0)
        rig.key(.char(" "))
        rig.run(1)
        XCTAssertEqual(rig.app.world.tick, at + 120, "resumed at the terminal's pace")
        XCTAssertFalse(band(rig).joined().contains("Paused"))
    }

    func testC8_arrowsGoToThePreviousAndNextStepFromTheirStart() throws {
        let rig = try DemoTourRig(cols: 100, rows: 30)
        rig.run(3)
        rig.key(.right)
        XCTAssertEqual(rig.app.tour?.index, 1)
        XCTAssertEqual(rig.app.world.tick, 0, "a step starts on a fresh world")
        XCTAssertTrue(band(rig)[0].hasPrefix(" Demo 2/9 · Android"), band(rig)[0])
        rig.key(.right)
        rig.key(.left)
        rig.key(.left)
        XCTAssertEqual(rig.app.tour?.index, 0)
        rig.key(.left)
        XCTAssertEqual(rig.app.tour?.index, 0, "no step before the first")
        // The steps follow each other by themselves too.
        rig.run(12.1)
        XCTAssertEqual(rig.app.tour?.index, 1)
    }

    /// `r` replays the step from its start, and a step replayed draws the same frames (C11).
    func testC8_replayStartsTheStepAgainAndDrawsTheSameFrames() throws {
        let rig = try DemoTourRig(cols: 100, rows: 30)
        rig.runStep(to: 3)
        let first = GoldenStyles.render(rig.grid())
        rig.run(2)
        rig.key(.char("r"))
        XCTAssertEqual(rig.app.world.tick, 0)
        XCTAssertEqual(rig.app.tour?.index, 0)
        rig.runStep(to: 3)
        XCTAssertEqual(GoldenStyles.render(rig.grid()), first)
    }

    func testC8_slowMotionRunsAtAQuarterAndBack() throws {
        let rig = try DemoTourRig(cols: 100, rows: 30)
        rig.key(.char("s"))
        rig.run(4)
        XCTAssertEqual(rig.app.world.tick, 120, "4 s of the terminal's clock are 1 s of the step's")
        XCTAssertTrue(band(rig).last?.hasPrefix(" Slow motion (¼ speed)") == true, band(rig).joined(separator: "\n"))
        rig.key(.char("s"))
        rig.run(1)
        XCTAssertEqual(rig.app.world.tick, 240)
        XCTAssertFalse(band(rig).joined().contains("Slow motion"))
    }

    func testC8_qEndsTheDemo() throws {
        let rig = try DemoTourRig(cols: 100, rows: 30)
        rig.run(1)
        XCTAssertTrue(rig.app.running)
        rig.key(.char("q"))
        XCTAssertFalse(rig.app.running)
        XCTAssertTrue(rig.app.endedByReader)
    }

    /// Any other key, and the mouse, leave the demo running; a key shows the hint of the keys.
    func testC8_otherKeysAreIgnoredWithAHint() throws {
        let rig = try DemoTourRig(cols: 100, rows: 30)
        rig.run(1)
        for k: Key in [.char("x"), .char("j"), .enter, .escape, .down] { rig.key(k) }
        rig.app.handle(.mouse(MouseEvent(kind: .wheelDown, row: 10, col: 40)))
        XCTAssertTrue(rig.app.running)
        XCTAssertEqual(rig.app.tour?.index, 0)
        XCTAssertEqual(band(rig).last, " Keys: " + DemoTour.keys)
        rig.run(3.1)
        XCTAssertEqual(band(rig).last, " " + DemoTour.keys, "the hint goes after 3 s")
    }

    /// `demo --step N` starts at step N; `--loop` starts again after the last step.
    func testC8_stepOptionAndLoop() throws {
        let rig = try DemoTourRig(cols: 100, rows: 30, step: 5)
        XCTAssertTrue(band(rig)[0].hasPrefix(" Demo 6/9 · A native header"), band(rig)[0])
        let once = try DemoTourRig(cols: 100, rows: 30, step: 8)
        once.run(6)
        XCTAssertTrue(once.app.tour?.finished == true)
        XCTAssertTrue(once.app.running, "the last frame stays until q")
        XCTAssertTrue(band(once).last?.hasPrefix(" The end of the tour") == true)
        let kiosk = try DemoTourRig(cols: 100, rows: 30, step: 8, loop: true)
        kiosk.run(6)
        XCTAssertEqual(kiosk.app.tour?.index, 0)
        XCTAssertTrue(band(kiosk)[0].hasPrefix(" Demo 1/9"))
    }

    // MARK: - C9 steps that show their claim

    /// Step 1: corrections that move the post by more than a row, said in plain words.
    func testC9_correctionsMoveThePostAndAreSaidInPlainWords() throws {
        let rig = try DemoTourRig(cols: 100, rows: 30)
        var events: Set<String> = []
        var moved: [Int] = []
        var landed = false, pushed = 0.0
        while rig.app.tour?.index == 0 {
            rig.run(1.0 / 60)
            if let y = rig.app.world.postY("ev-019") {
                if abs(y) < 16 { landed = true } else if landed { pushed = max(pushed, y) }
            }
            if let e = rig.app.tour?.event, !events.contains(e) {
                events.insert(e)
                if e.contains(" above it loaded"), let r = e.range(of: "moved ") {
                    moved.append(Int(e[r.upperBound...].prefix { $0.isNumber }) ?? 0)
                }
            }
        }
        XCTAssertTrue(events.contains("The page asks the app to scroll to the post"), "\(events)")
        XCTAssertGreaterThanOrEqual(moved.count, 2, "\(events)")
        XCTAssertTrue(moved.allSatisfy { $0 >= 16 }, "each correction moves the post a row or more: \(moved)")
        XCTAssertFalse(events.contains { $0.contains("hook") || $0.contains("corr)") }, "\(events)")
        XCTAssertGreaterThanOrEqual(pushed, 160, "once landed, a correction pushes the post ten rows down, in view")
    }

    func testC9_androidStepRunsOnAPixel8WithItsBadge() throws {
        let rig = try DemoTourRig(cols: 100, rows: 30, step: 1)
        rig.runStep(to: 1)
        XCTAssertEqual(rig.app.world.config.device?.name, "pixel-8")
        XCTAssertEqual(rig.app.world.config.platform, .android)
        let top = rig.lines().prefix(4).joined(separator: "\n")
        XCTAssertTrue(top.contains(" android ") && top.contains(" pixel-8 ") && top.contains("412×915 pt"), top)
        XCTAssertFalse(rig.text().contains("iphone-15"))
    }

    /// Step 6 starts at the top with the header in view, and it collapses and fades while shown.
    func testC9_headerStepStartsAtTheTopAndTheHeaderCollapsesInView() throws {
        let rig = try DemoTourRig(cols: 100, rows: 30, step: 5)
        rig.runStep(to: 0.9)
        XCTAssertEqual(rig.app.world.value(.headerFade), 1)
        XCTAssertTrue(rig.text().contains("68 updates"), "the header's rows show")
        var fades: [Double] = []
        while rig.app.world.seconds < 5 {
            rig.run(0.1)
            fades.append(rig.app.world.value(.headerFade))
        }
        XCTAssertTrue(fades.contains { $0 > 0.2 && $0 < 0.9 }, "it fades by steps one sees: \(fades)")
        XCTAssertEqual(fades.last, 0)
    }

    /// Step 8: the page's width changes, and back; the screen shows it.
    func testC9_theWidthChangeHappens() throws {
        let rig = try DemoTourRig(cols: 100, rows: 30, step: 7)
        rig.runStep(to: 2)
        XCTAssertEqual(rig.app.world.config.cols, 100)
        let wide = rig.text()
        rig.runStep(to: 4)
        XCTAssertEqual(rig.app.world.config.cols, 60)
        XCTAssertNotEqual(rig.text(), wide)
        XCTAssertTrue(rig.app.tour?.event?.hasPrefix("The terminal is 60 columns wide now: the page lays out "
                                                     + "again at that width; the post moved") == true,
                      rig.app.tour?.event ?? "")
        rig.runStep(to: 7)
        XCTAssertEqual(rig.app.world.config.cols, 100)
    }

    /// Step 7: live posts arrive above the reader, who stays on what they were reading; said so.
    func testC9_livePostsArriveAboveAndTheReaderStays() throws {
        let rig = try DemoTourRig(cols: 100, rows: 30, step: 6)
        rig.runStep(to: 1.9)
        // The phone's rows, from its left rail (the margin's y(t) strip moves on).
        func phone() -> [String] { rig.lines()[2..<24].map { String($0.drop { $0 != "│" }) } }
        let before = phone()
        rig.runStep(to: 4.5)
        XCTAssertEqual(rig.app.world.page.loadedCount, try Fixture.sample().posts.count + 3)
        XCTAssertEqual(phone(), before, "the reader's rows stay")
        XCTAssertTrue(rig.app.tour?.event?.hasPrefix("New posts arrived at the top of the page") == true,
                      rig.app.tour?.event ?? "")
    }

    /// Without Chromium, step 9 says so in a line and the tour comes to its end.
    func testC9_theEnginesStepIsSkippedWithAClearLine() throws {
        let rig = try DemoTourRig(cols: 100, rows: 30, step: 8, engines: "no Chromium (apt-get install chromium)")
        rig.run(1)
        XCTAssertTrue(band(rig).contains(" Skipped: no Chromium (apt-get install chromium)"), band(rig).joined(separator: "\n"))
    }

    /// Every caption, and what-happened line, wraps at 80, 100 and 200 columns: no word is cut,
    /// no line is longer than the terminal, every word is on the screen.
    func testC9_captionsWrapAndAreNeverCut() throws {
        for (cols, rows) in [(80, 24), (100, 30), (200, 60)] {
            for step in 0..<DemoTour.count {
                let rig = try DemoTourRig(cols: cols, rows: rows, step: step)
                rig.runStep(to: step == 0 ? 8 : 2)
                let b = rig.app.ui.band!
                let shown = band(rig)
                for l in shown { XCTAssertLessThanOrEqual(l.count, cols, l) }
                let words = (b.lines + [b.status]).joined(separator: " ").split(separator: " ").map(String.init)
                let drawn = shown.joined(separator: " ").split(separator: " ").map(String.init)
                XCTAssertEqual(drawn, words, "\(cols) columns, step \(step + 1)")
                XCTAssertFalse(shown.joined().contains("…"), "\(cols) columns, step \(step + 1)")
            }
        }
    }

    /// The y(t) strip's scale, once the target has landed, is the corrections' (176 pt: ±200,
    /// not clipped), not the long way in (6000 pt).
    func testC9_theStripZoomsOnTheCorrections() {
        var aids = DemoAids()
        for (t, v) in [(0.0, 6000.0), (0.2, 3000), (0.4, 10), (0.5, 0), (1.5, 176), (1.8, 0), (2.0, 0)] {
            aids.sample(.target("ev-019"), v, at: t)
        }
        XCTAssertEqual(aids.landedAt, 0.4)
        let zoomed = YStrip(samples: aids.samples, now: 2, centre: 0, columns: 20, scaleFrom: aids.landedAt)
        XCTAssertEqual(zoomed.half, 200)
        XCTAssertFalse(zoomed.clipped)
        XCTAssertTrue(YStrip(samples: aids.samples, now: 2, centre: 0, columns: 20).clipped)
    }

    // MARK: - C10 the page beside the phone

    /// During step 1's jump: the whole page in the margin, an image above the post turning from
    /// a placeholder into loaded as it arrives, the post's place, the viewport's box following.
    func testC10_pageMapShowsAnImageArrivingAbovePost() throws {
        for (cols, rows) in [(100, 30), (200, 60)] {
            let rig = try DemoTourRig(cols: cols, rows: rows)
            rig.runStep(to: 1)
            var before = rig.app.ui.aids?.map?.images.filter { $0.state == .loaded }.count ?? 0
            var arrived = false
            while rig.app.world.seconds < 10, !arrived {
                let prior = rig.text()
                rig.run(1.0 / 60)
                let now = rig.app.ui.aids?.map?.images.filter { $0.state == .loaded }.count ?? 0
                if now > before {
                    arrived = true
                    XCTAssertTrue(prior.contains("░░"), "a placeholder before")
                    XCTAssertTrue(rig.text().contains("█"), "loaded after")
                    XCTAssertTrue(rig.text().contains("\(now) of "), rig.text())
                    XCTAssertTrue(rig.text().contains("◂ the post"))
                    XCTAssertTrue(rig.text().contains("The whole page"))
                    assertGolden("demo-map-image-arrives-\(cols)x\(rows)", rig.grid())
                }
                before = now
            }
            XCTAssertTrue(arrived, "\(cols)×\(rows): an image above the post arrived during the jump")
            // At 100 columns the map is in the strip's place; at 200 both show.
            let strip = rig.text().contains("y(t) ev-")
            XCTAssertEqual(strip, cols == 200, rig.text())
        }
    }

    // MARK: - C11 golden frames of every step

    /// Each step's key frame (its world second), at 100×30 and 200×60.
    static let keyFrames: [Double] = [8, 3, 4, 1.5, 2, 4, 4, 3.5, 1]

    func testC11_everyStepsKeyFrameIsAGoldenScreen() throws {
        for (cols, rows) in [(100, 30), (200, 60)] {
            for (i, t) in Self.keyFrames.enumerated() {
                let rig = try DemoTourRig(cols: cols, rows: rows, step: i)
                rig.runStep(to: t)
                assertGolden("demo-step\(i + 1)-\(cols)x\(rows)", rig.grid())
            }
        }
    }
}
