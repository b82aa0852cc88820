import Foundation
import TestSupport
import XCTest

/// G7: the real binary on a pseudo-terminal that answers the capability queries each way; what
/// liveblog then writes is checked against each feature's documented form (G1, G3, G4, G5, G6).
final class ModernTerminalEndToEndTests: XCTestCase {
    static let sample = TestPaths.sample

    /// Runs the sample, lets `steps` happen, quits; the output after the probe's queries.
    func session(_ profile: PseudoTerminal.Profile, extra: [String] = [],
                 _ steps: (PseudoTerminal) -> Void = { _ in }) throws -> (after: Output, term: PseudoTerminal) {
        let bin = try Requirement.liveblogBinary()
        let t = try PseudoTerminal(profile)
        try t.spawn(bin, ["view", Self.sample, "--network", "instant", "--event", "ev-063"] + extra)
        XCTAssertTrue(t.waitFor(10, "\u{1B}[c"), "the probe asks")
        XCTAssertTrue(t.waitFor(10, "Coastal"))
        steps(t)
        let status = t.quit()
        XCTAssertEqual(status, 0, "liveblog exits 0 after q")
        let data = Data(t.output)
        if ProcessInfo.processInfo.environment["LIVEBLOG_DUMP"] != nil {
            try? data.write(to: URL(fileURLWithPath: "/tmp/liveblog-pty-\(profile).out"))
        }
        let after = data.range(of: Data("\u{1B}[c".utf8)).map { data[$0.upperBound...] } ?? data
        return (Output(data: Data(after)), t)
    }

    /// What liveblog wrote, searched as bytes (megabytes of image data make String search slow).
    struct Output {
        let data: Data
        func contains(_ s: String) -> Bool { data.range(of: Data(s.utf8)) != nil }
        func count(_ s: String) -> Int {
            var n = 0, from = data.startIndex
            while let r = data.range(of: Data(s.utf8), in: from..<data.endIndex) {
                n += 1
                from = r.upperBound
            }
            return n
        }
        func matches(_ pattern: String) -> Bool {
            guard let re = try? NSRegularExpression(pattern: pattern) else { return false }
            let t = String(decoding: data, as: UTF8.self)
            return re.firstMatch(in: t, range: NSRange(t.startIndex..., in: t)) != nil
        }
    }

    func testG7_kittyTerminalGetsKittyImagesSyncPixelsMouseFocusAndLinks() throws {
        let (out, _) = try session(.kitty) { t in
            XCTAssertTrue(t.waitFor(15, "\u{1B}_Ga=p,"), "an image is placed")
            for _ in 0..<12 { t.send("j"); usleep(60_000) }
            usleep(500_000)
        }
        // G1: transmitted once under an id, placed with a=p, no replies asked for (q=2).
        XCTAssertTrue(out.contains("\u{1B}_Ga=t,i="), "kitty transmission")
        XCTAssertGreaterThan(out.count("\u{1B}_Ga=p,"), 1, "placed again as the text scrolls")
        XCTAssertFalse(out.contains("\u{1B}P0;1;0q"), "no sixel")
        // G3: every frame inside 2026, balanced.
        let begins = out.count("\u{1B}[?2026h"), ends = out.count("\u{1B}[?2026l")
        XCTAssertGreaterThan(begins, 3)
        XCTAssertEqual(begins, ends - 1, "each frame ends its update; the exit ends it once more")
        // G4, G6: pixel mouse and focus reports on at start, off at exit.
        XCTAssertTrue(out.contains("\u{1B}[?1016h"))
        XCTAssertTrue(out.contains("\u{1B}[?1016l"))
        XCTAssertTrue(out.contains("\u{1B}[?1004h"))
        XCTAssertTrue(out.contains("\u{1B}[?1004l"))
        // G5: link text inside OSC 8.
        XCTAssertTrue(out.contains("\u{1B}]8;;https://"), "an OSC 8 link")
        XCTAssertTrue(out.matches("\u{1B}\\]8;;https://[^\u{1B}]*\u{1B}\\\\[^\u{1B}]+\u{1B}\\]8;;\u{1B}\\\\"),
                      "OSC 8 open, the text, OSC 8 close")
    }

    func testG7_sixelTerminalGetsSixelAndNoSync() throws {
        let (out, _) = try session(.xtermSixel()) { t in
            XCTAssertTrue(t.waitFor(15, "\u{1B}P0;1;0q"), "a sixel image")
        }
        XCTAssertTrue(out.matches("\u{1B}P0;1;0q\"1;1;[0-9]+;[0-9]+#"),
                      "DCS q with raster attributes and a colour register")
        XCTAssertFalse(out.contains("\u{1B}_G"), "no kitty")
        XCTAssertFalse(out.contains("\u{1B}[?2026h"), "DECRPM said 2026 is not known")
        XCTAssertTrue(out.contains("\u{1B}[?1016h"))
    }

    func testG7_unsupportedTerminalGetsNoneOfIt() throws {
        let (out, _) = try session(.unsupported) { t in
            XCTAssertTrue(t.waitFor(15, "▀"), "images as half blocks")
        }
        for seq in ["\u{1B}_G", "\u{1B}P0;1;0q", "\u{1B}]1337", "\u{1B}[?2026h", "\u{1B}[?1016h", "\u{1B}[?1004h", "\u{1B}]8;"] {
            XCTAssertFalse(out.contains(seq), "\(seq.debugDescription) written to a terminal without it")
        }
    }

    func testG7_silentTerminalDelaysStartByAtMostTheTimeout() throws {
        let (out, t) = try session(.silent)
        let q = try XCTUnwrap(t.queryTime), a = try XCTUnwrap(t.afterQueryTime)
        let ms = a.timeIntervalSince(q) * 1000
        XCTAssertGreaterThan(ms, 100, "it did wait for an answer")
        // The 150 ms timeout itself is checked on a virtual clock (CapabilityProbeTests); here only
        // that the real binary waits, and that the wait is bounded.
        XCTAssertLessThan(ms, 10_000, "bounded: no hang")
        XCTAssertFalse(out.contains("\u{1B}[?2026h"))
    }

    func testG1_graphicsOptionOverridesTheProbe() throws {
        let (out, _) = try session(.kitty, extra: ["--graphics", "sixel"]) { t in
            XCTAssertTrue(t.waitFor(15, "\u{1B}P0;1;0q"), "sixel forced on a kitty terminal")
        }
        XCTAssertFalse(out.contains("\u{1B}_Ga=t"))
    }

    /// Issue 32: sixel and iTerm2 pixels live in the cells and xterm moves every image with a
    /// scrolled region; while the reader scrolls over images, ncurses repaints rows instead: no
    /// region but the whole screen (ncurses' own reset), no insert or delete line.
    func testG1_cellPixelTerminalsGetNoScrolledRegionWhileImagesScroll() throws {
        for graphics in ["sixel", "iterm2"] {
            let (out, _) = try session(.xtermSixel(), extra: ["--graphics", graphics]) { t in
                XCTAssertTrue(t.waitFor(15, graphics == "sixel" ? "\u{1B}P0;1;0q" : "\u{1B}]1337;File="))
                usleep(300_000)
                for key in Array(repeating: "j", count: 10) + [" ", "\u{1B}[5~", "k", "k"] {
                    t.send(key)
                    usleep(120_000)
                }
                usleep(500_000)
            }
            let regions = Self.sequences(out.data, final: UInt8(ascii: "r"))
            XCTAssertEqual(Set(regions), ["1;40"], "\(graphics): scroll regions set")
            for final in [UInt8(ascii: "L"), UInt8(ascii: "M")] {
                XCTAssertEqual(Self.sequences(out.data, final: final), [], "\(graphics): CSI \(final) (IL, DL)")
            }
        }
    }

    /// The parameters of every CSI sequence ending in `final` (digits and `;` only).
    static func sequences(_ d: Data, final: UInt8) -> [String] {
        let b = [UInt8](d)
        var found: [String] = [], i = 0
        while i + 2 < b.count {
            guard b[i] == 0x1B, b[i + 1] == UInt8(ascii: "[") else { i += 1; continue }
            var j = i + 2
            while j < b.count, b[j] == UInt8(ascii: ";") || (0x30...0x39).contains(b[j]) { j += 1 }
            if j < b.count, b[j] == final { found.append(String(decoding: b[(i + 2)..<j], as: UTF8.self)) }
            i = j
        }
        return found
    }
}

/// G4 through the real binary: with 1016 on, SGR reports carry pixels; the recording shows the
/// pointer at the sub-cell points they imply (cells of 10 × 20 px → 8 × 16 pt).
final class PixelMouseEndToEndTests: XCTestCase {
    func testG4_pixelReportsReachTheWorldAtSubCellPoints() throws {
        let bin = try Requirement.liveblogBinary()
        let rec = FileManager.default.temporaryDirectory.appendingPathComponent("lb-pixels-\(getpid()).json").path
        defer { unlink(rec) }
        let t = try PseudoTerminal(.kitty)
        try t.spawn(bin, ["view", ModernTerminalEndToEndTests.sample, "--network", "instant", "--record", rec])
        XCTAssertTrue(t.waitFor(10, "\u{1B}[?1016h"))
        XCTAssertTrue(t.waitFor(10, "Coastal"))
        // Press at pixel (105, 205), drag to (105, 245), release: 1-based pixels.
        t.send("\u{1B}[<0;105;205M")
        usleep(50_000)
        t.send("\u{1B}[<32;105;245M")
        usleep(50_000)
        t.send("\u{1B}[<0;105;245m")
        usleep(200_000)
        XCTAssertEqual(t.quit(), 0)
        let json = try String(contentsOfFile: rec, encoding: .utf8)
        // x = 104 px × 8 / 10 = 83.2 pt from the terminal's edge; `view` reads as the terminal device
        // (D5), whose 92-cell column (90 of text) is centred in 120 from cell 14 (112 pt): −28.8 pt.
        // y = 204 px × 16 / 20 = 163.2 pt, then 244 × 16 / 20 = 195.2 pt.
        XCTAssertTrue(json.contains("\"x\" : -28.8") || json.contains("\"x\": -28.8"), json)
        XCTAssertTrue(json.contains("163.2"), json)
        XCTAssertTrue(json.contains("195.2"), json)
    }
}
