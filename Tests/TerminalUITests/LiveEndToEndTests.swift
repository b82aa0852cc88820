import Foundation
import XCTest

/// R3, L8 end to end (issue 32): `view --live 1` in tmux; the line being read keeps its screen row
/// through three live posts and the toolbar's pill counts them.
extension EndToEndTests {
    func testR3_viewLiveKeepsTheReadLinesRowThroughThreeLivePosts() throws {
        try start(cols: 80, rows: 24, args: "view --live 1")
        waitFor("the sample") { $0.contains("Coastal Cup Final") && $0.contains("j/k scroll") }
        for _ in 0..<14 {
            keys("j")
            usleep(120_000)
        }
        // Settled: two captures 300 ms apart agree on the list's rows.
        // The list's rows without the scroll indicator's thumb (last column), which moves as
        // posts arrive: the text is what keeps its row.
        func list(_ s: String) -> [String] {
            lines(s).dropFirst(2).prefix(21).map { row in
                var r = row.replacingOccurrences(of: "┃", with: " ")
                while r.last == " " { r.removeLast() }
                return r
            }
        }
        var settled = list(capture())
        for _ in 0..<20 {
            usleep(300_000)
            let next = list(capture())
            if next == settled { break }
            settled = next
        }
        // A line of text to follow: the first list row with words, not a rule or a blank.
        let row = try XCTUnwrap(settled.firstIndex { $0.count > 12 && $0.contains(" ") && !$0.contains("──") },
                                settled.joined(separator: "\n"))
        let line = settled[row]
        // Posts may have come while scrolling: three more from here.
        func pill(_ s: String) -> Int {
            guard let r = s.range(of: #"↑ \d+ new post"#, options: .regularExpression) else { return 0 }
            return Int(s[r].dropFirst(2).prefix { $0.isNumber }) ?? 0
        }
        let first = pill(capture())
        var seen = first
        for _ in 0..<3 {
            let screen = waitFor("live post \(seen + 1)", timeout: 8) { pill($0) > seen }
            seen = pill(screen)
            XCTAssertEqual(list(screen).firstIndex(of: line), row,
                           "the read line keeps its row at \(seen) new posts:\n\(line)\n\(screen)")
            XCTAssertTrue(lines(screen)[23].contains("new post"), "the pill is in the toolbar")
        }
        XCTAssertGreaterThanOrEqual(seen, first + 3)
        keys("0")
        waitFor("the newest post at the top") { !$0.contains("new post") }
        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0")
    }
}

/// Issue 32: `/` search with `n` and `N` in tmux, the count in the toolbar.
extension EndToEndTests {
    func testT2_searchWithNextAndPreviousInTmux() throws {
        try start(cols: 80, rows: 24)
        waitFor("the sample") { $0.contains("Coastal Cup Final") && $0.contains("/ search") }
        keys("/")
        literal("Mensah")
        keys("Enter")
        let first = waitFor("the first match") { $0.contains("/Mensah 1/") }
        let total = try XCTUnwrap(first.range(of: #"/Mensah 1/\d+"#, options: .regularExpression)
            .map { Int(first[$0].split(separator: "/").last ?? "") }.flatMap { $0 })
        XCTAssertGreaterThan(total, 2)
        XCTAssertTrue(first.contains("Mensah"))
        keys("n")
        waitFor("the second match") { $0.contains("/Mensah 2/\(total)") }
        keys("N")
        waitFor("back to the first") { $0.contains("/Mensah 1/\(total)") }
        keys("Escape")
        waitFor("the search ended") { !$0.contains("/Mensah") }
        keys("q")
        XCTAssertEqual(waitForExit(), "EXIT=0")
    }
}
