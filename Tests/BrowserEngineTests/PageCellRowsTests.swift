import Embed
import Foundation
import LiveblogModel
import TestSupport
import XCTest
@testable import BrowserEngine

/// The rows `PageCellLayout` gives for a snapshot, read as a person reads the screen (V5).
struct PageCellRowsCheck {
    /// Row → its first column, its text, its width in cells.
    private(set) var rows: [Int: (indent: Int, text: String, width: Int)] = [:]
    let columns: Int
    let snapshot: PageLayoutSnapshot

    init(snapshot s: PageLayoutSnapshot, columns: Int) {
        self.columns = columns
        snapshot = s
        let items = PageCellLayout.items(s, cell: CellMetrics(), columns: columns, from: s.from, to: s.to,
                                         postIndex: { _ in nil }, media: { (Media(id: $0.src, url: $0.src), .pending) })
        for item in items {
            switch item.kind {
            case .text(let l), .headline(let l):
                rows[Int((item.y / 16).rounded(.down))] = (item.indent, l.plainText, l.width)
            default: continue
            }
        }
    }

    var lines: [String] { rows.keys.sorted().map { rows[$0]!.text } }

    /// The rows wider than their cells.
    var tooWide: [String] { rows.values.filter { $0.indent + $0.width > columns }.map(\.text) }

    /// The text of each group of rows with no blank row between them.
    var groups: [String] {
        var out: [String] = []
        var last = Int.min
        for k in rows.keys.sorted() {
            if k == last + 1, !out.isEmpty { out[out.count - 1] += " " + rows[k]!.text } else { out.append(rows[k]!.text) }
            last = k
        }
        return out
    }

    static func squash(_ s: String) -> String { s.filter { !$0.isWhitespace } }

    /// Is the phrase read on rows that follow each other (however it is wrapped)?
    func consecutive(_ phrase: String) -> Bool {
        let p = Self.squash(phrase)
        return groups.contains { Self.squash($0).contains(p) }
    }

    /// The engine's paragraphs (read here on their own: line boxes each starting less than 3 pt
    /// below the one above) whose text is not whole on consecutive rows (a blank row inside it,
    /// a letter cut or shortened).
    var paragraphsNotOnConsecutiveRows: [String] {
        var lines: [(top: Double, bottom: Double, text: String)] = []
        for run in snapshot.runs.sorted(by: { ($0.y, $0.x) < ($1.y, $1.x) })
        where !snapshot.images.contains(where: { PageCellRows.isEmbed($0) && PageCellRows.holds($0, run) }) {
            if let i = lines.indices.last, abs(lines[i].top - run.y) < 0.5 {
                lines[i].text += " " + run.text
                lines[i].bottom = max(lines[i].bottom, run.y + run.height)
            } else {
                lines.append((run.y, run.y + run.height, run.text))
            }
        }
        var paragraphs: [[String]] = []
        var prevBottom = -Double.infinity
        for l in lines {
            if !paragraphs.isEmpty, l.top >= prevBottom - 0.5, l.top - prevBottom < 3 {
                paragraphs[paragraphs.count - 1].append(l.text)
            } else {
                paragraphs.append([l.text])
            }
            prevBottom = l.bottom
        }
        let squashedGroups = groups.map(Self.squash)
        return paragraphs.map { $0.joined(separator: " ") }
            .filter { p in !squashedGroups.contains { $0.contains(Self.squash(p)) } }
    }

    func dump(around text: String) -> String {
        let keys = rows.keys.sorted()
        guard let k = keys.first(where: { rows[$0]!.text.contains(text) }) else { return "no \(text) in:\n" + lines.joined(separator: "\n") }
        return (k - 6...k + 6).map { r in rows[r].map { String(repeating: " ", count: $0.indent) + $0.text } ?? "" }
            .joined(separator: "\n")
    }
}

/// V5 in process: the engine's line boxes as cell rows, on boxes recorded from a real Chromium
/// run of the bundled sample (`EngineTextRowsTests` records them: LIVEBLOG_RECORD_TEXT_ROWS=1)
/// and on boxes made here.
final class PageCellRowsTests: XCTestCase {
    private let cell = CellMetrics()

    private func recorded() throws -> PageLayoutSnapshot {
        let json = try String(contentsOfFile: EngineTextRowsTests.fixture, encoding: .utf8)
        return try PageLayoutSnapshot.parse(.string(json), from: 0, to: 40_000)
    }

    func testV5_theRecordedSampleReadsInWholeRowsWithNoBlankRowInsideAParagraph() throws {
        let rows = PageCellRowsCheck(snapshot: try recorded(), columns: EngineTextRowsTests.columns)
        XCTAssertGreaterThan(rows.lines.count, 200, "the whole sample")
        XCTAssertEqual(rows.tooWide, [], "no letter cut at the column's edge")
        XCTAssertEqual(rows.paragraphsNotOnConsecutiveRows, [])
        XCTAssertTrue(rows.consecutive("Full report and reaction on our site."), rows.dump(around: "Full report"))
        let cards = rows.lines.filter { $0.contains("twitter.com") }
        XCTAssertEqual(cards, ["▸ twitter.com · https://twitter.com/northvaleutd/status/1791234567890"])
    }

    func testV5_theRecordedSampleInNarrowCellsIsWrappedOrShortenedWithOneEllipsisNeverCut() throws {
        for columns in [40, 24] {
            let rows = PageCellRowsCheck(snapshot: try recorded(), columns: columns)
            XCTAssertEqual(rows.tooWide, [], "\(columns) columns")
            // The sample's own "…" stand between spaces; a row shortened ends with one.
            let shortened = rows.lines.map { $0.replacingOccurrences(of: " … ", with: " ") }.filter { $0.contains("…") }
            XCTAssertFalse(shortened.isEmpty, "a 720-pt layout in \(columns) columns has rows with no room to wrap")
            for line in shortened {
                XCTAssertTrue(line.hasSuffix("…") && line.filter { $0 == "…" }.count == 1, "one … at the end: \(line)")
            }
        }
    }

    private func items(_ runs: [PageTextRun], images: [PageImageBox] = [], columns: Int = 40) -> [PageItem] {
        let s = PageLayoutSnapshot(from: 0, to: 1000, contentHeight: 1000, runs: runs, images: images)
        return PageCellLayout.items(s, cell: cell, columns: columns, from: 0, to: 1000, postIndex: { _ in 0 },
                                    media: { (Media(id: $0.src, url: $0.src), .pending) })
    }

    private func text(_ item: PageItem) -> String { item.textRuns?.map(\.text).joined() ?? "" }

    /// A paragraph of 20-pt lines (DejaVu Sans 16 px / 1.25), each 19 pt tall as the engine's
    /// text rects are: four lines on four rows, the next paragraph (after a margin) at its own row.
    func testV5_aParagraphsLinesAreOnConsecutiveRowsAndTheNextParagraphAtItsOwnRow() {
        let lines = (0..<4).map { PageTextRun(x: 8, y: Double($0) * 20 + 0.5, width: 200, height: 19, text: "line \($0)") }
        let next = PageTextRun(x: 8, y: 96.5, width: 100, height: 19, text: "next paragraph") // after a 16-px margin
        let got = items(lines + [next])
        XCTAssertEqual(got.map(\.y), [0, 16, 32, 48, 96])
        XCTAssertEqual(got.map(text), ["line 0", "line 1", "line 2", "line 3", "next paragraph"])
    }

    /// A site's generous line height (16 px text, 1.6: 25.6-pt lines, 18.6-pt text rects): the
    /// lines of one block of the page are one paragraph on consecutive rows; the next block, after
    /// a 16-px margin, starts at its own row.
    func testV5_aParagraphWithAGenerousLineHeightIsOnConsecutiveRowsToo() {
        let lines = (0..<3).map {
            PageTextRun(x: 8, y: Double($0) * 25.6 + 3.5, width: 200, height: 18.6, text: "line \($0)", block: 4)
        }
        let next = PageTextRun(x: 8, y: 3 * 25.6 + 16 + 3.5, width: 100, height: 18.6, text: "next paragraph", block: 5)
        let got = items(lines + [next])
        XCTAssertEqual(got.map(\.y), [0, 16, 32, 96])
    }

    func testV5_aLineWiderThanItsCellsIsWrappedAtAWordWhereItsParagraphHasRoom() {
        let long = "That is all from us today. Full report and reaction on our site."
        let got = items([PageTextRun(x: 8, y: 0.5, width: 500, height: 19, text: long),
                         PageTextRun(x: 8, y: 100, width: 80, height: 19, text: "after")], columns: 31)
        XCTAssertEqual(got.map(text), ["That is all from us today.", "Full report and reaction on", "our site.", "after"])
        XCTAssertEqual(got.map(\.y), [0, 16, 32, 96])
        XCTAssertEqual(got.map(\.indent), [1, 1, 1, 1])
    }

    func testV5_withoutRoomOrForARowThatKeepsItsPlaceALineIsShortenedWithOneEllipsis() {
        // A line with the next line 20 pt below it: no row free to wrap into.
        let got = items([PageTextRun(x: 8, y: 0, width: 500, height: 16, text: "Full report and reaction on our site."),
                         PageTextRun(x: 8, y: 24, width: 60, height: 16, text: "next")], columns: 21)
        XCTAssertEqual(got.map(text), ["Full report and rea…", "next"])
        // Runs at their own columns (a label at the right) keep their place: shortened, never wrapped.
        let row = items([PageTextRun(x: 8, y: 0, width: 90, height: 19, text: "Half-time"),
                         PageTextRun(x: 200, y: 0, width: 150, height: 19, text: "Harbour City 0–1 Northvale")],
                        columns: 36)
        XCTAssertEqual(row.map(text), ["Half-time" + String(repeating: " ", count: 15) + "Harbour Ci…"])
    }

    /// An embed: one card row with its site and its link, and the rest of the box the engine keeps
    /// for it (X9's geometry) the framed embed the emulated page draws, not blank rows.
    func testV5_anEmbedIsOneCardRowWithItsSiteAndItsLink() {
        let box = PageImageBox(x: 8, y: 32, width: 400, height: 220, state: .loaded,
                               src: "https://twitter.com/northvaleutd/status/1", element: "embed")
        let link = PageTextRun(x: 13, y: 37, width: 380, height: 19, text: "https://twitter.com/northvaleutd/status/1",
                               style: .link, href: "https://twitter.com/northvaleutd/status/1")
        let frame = PageImageBox(x: 8, y: 300, width: 400, height: 200, state: .loaded,
                                 src: "https://www.youtube.com/embed/abc", element: "iframe")
        let all = items([link], images: [box, frame], columns: 60)
        let got = all.filter { if case .text = $0.kind { true } else { false } }
        XCTAssertEqual(got.map(text), ["▸ twitter.com · https://twitter.com/northvaleutd/status/1",
                                       "▸ www.youtube.com · https://www.youtube.com/embed/abc"])
        XCTAssertEqual(got.map(\.y), [32, 288])
        XCTAssertEqual(got.map(\.height), [16, 16])
        XCTAssertEqual(got[0].textRuns?.last?.link, "https://twitter.com/northvaleutd/status/1", "Tab reaches its link")
        // Under each card, down to the last whole row of its box: the framed embed, with its link.
        let frames = all.compactMap { item -> (Double, Double, String)? in
            guard case let .embed(e, loaded) = item.kind, loaded else { return nil }
            return (item.y, item.height, e.url)
        }
        XCTAssertEqual(frames.map(\.0), [48, 304])
        XCTAssertEqual(frames.map(\.1), [192, 192], "to the rows the boxes end in: 252 in row 15 (240), 500 in row 31 (496)")
        XCTAssertEqual(frames.map(\.2), ["https://twitter.com/northvaleutd/status/1", "https://www.youtube.com/embed/abc"])
    }
}
