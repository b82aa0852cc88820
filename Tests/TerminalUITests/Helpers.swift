import Foundation
import XCTest
import LiveblogModel
import Embed
import Host
import Simulation
import TerminalKit
@testable import TerminalUI
import TestSupport

/// Paths and fixtures shared by the TerminalUI tests.
enum Fixture {
    static let repoRoot = TestPaths.root
    static let samplePath = TestPaths.sample
    static let goldenDir = repoRoot + "/Tests/TerminalUITests/Golden"
    /// The built binary (a test checks `Requirement.liveblogBinary()` first).
    static var binary: String { TestPaths.liveblog }

    // nonisolated(unsafe): XCTest runs a class's tests on one thread; the cache is a value.
    nonisolated(unsafe) static var cachedSample: Liveblog?
    static func sample() throws -> Liveblog {
        if let s = cachedSample { return s }
        let s = try LiveblogLoader.load(path: samplePath)
        cachedSample = s
        return s
    }

    static func config(cols: Int, rows: Int, mode: Mode = .content, platform: Platform = .ios,
                       network: NetworkProfile = .instant, seed: UInt64 = 7,
                       hook: String? = "function (top, info) {}") -> WorldConfig {
        var c = WorldConfig()
        c.cols = cols
        c.rows = rows
        c.mode = mode
        c.platform = platform
        c.page.networkProfile = network
        c.page.networkSeed = seed
        c.hook = hook.flatMap { try? HookSignature(parsing: $0) }
        return c
    }

    static func world(cols: Int, rows: Int, mode: Mode = .content, platform: Platform = .ios,
                      network: NetworkProfile = .instant, seed: UInt64 = 7) throws -> World {
        let w = World(liveblog: try sample(), config: config(cols: cols, rows: rows, mode: mode, platform: platform,
                                                             network: network, seed: seed))
        w.advance(to: 0)
        return w
    }

    /// Draws the world (and UI state) into a fresh grid of the world's size.
    static func draw(_ w: World, _ ui: UIState = UIState(), renderer: Renderer? = nil,
                     cols: Int? = nil, rows: Int? = nil,
                     capabilities: TerminalCapabilities = .testDefault) -> CellGrid {
        let r = renderer ?? {
            let r = Renderer()
            r.synchronousImages = true
            return r
        }()
        let g = CellGrid(cols: cols ?? w.config.cols, rows: rows ?? w.config.rows, capabilities: capabilities)
        r.draw(w, ui, on: g)
        return g
    }
}

/// Compares the grid with `Golden/<name>.txt`: its text, then a style layer (ratatui's
/// `assert_buffer` compares styles too). `LIVEBLOG_UPDATE_GOLDEN=1` (re)writes the file.
func assertGolden(_ name: String, _ grid: CellGrid, file: StaticString = #filePath, line: UInt = #line) {
    Golden.assertMatches(GoldenStyles.render(grid), path: Fixture.goldenDir + "/\(name).txt", what: "screen",
                         showActual: true, file: file, line: line)
}

/// T6: the same screen drawn for a light terminal (OSC 11 answered with a light background) is the
/// golden `light-NAME`, and none of the dark palette's faint colours (grey 245, yellow 220, white
/// 231) is drawn on the terminal's own background there.
func assertLightGolden(_ name: String, _ w: World, _ ui: UIState = UIState(), cols: Int? = nil, rows: Int? = nil,
                       file: StaticString = #filePath, line: UInt = #line) {
    var light = TerminalCapabilities.testDefault
    light.features.lightBackground = true
    let g = Fixture.draw(w, ui, cols: cols, rows: rows, capabilities: light)
    assertGolden("light-" + name, g, file: file, line: line)
    for row in 0..<g.rows {
        for col in 0..<g.cols where g.styleAt(row: row, col: col).bg == .default && g.cell(row: row, col: col).text != " " {
            let fg = g.styleAt(row: row, col: col).fg
            for faint in [245, 220, 231] as [UInt8] where fg == .indexed(faint) {
                XCTFail("colour \(faint) on the light background at (\(row), \(col)) of light-\(name)", file: file, line: line)
            }
        }
    }
}

/// A golden file: the screen's text (rows, trailing spaces trimmed), then `-- styles --` and one
/// letter a cell ("." the plain style; the right half of a wide character repeats its letter;
/// trailing "." trimmed), then `-- legend --` naming each letter's style, in order of first use.
enum GoldenStyles {
    static let alphabet: [Character] = {
        var a: [Character] = []
        for r in [0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x100...0x17F, 0x400...0x4FF] as [ClosedRange<UInt32>] {
            for v in r { a.append(Character(UnicodeScalar(v)!)) }
        }
        return a
    }()

    static func render(_ grid: CellGrid) -> String {
        var letters: [Style: Character] = [.plain: "."]
        var legend: [String] = []
        var rows: [String] = []
        for r in 0..<grid.rows {
            var row = ""
            for cell in grid.row(r) {
                if letters[cell.style] == nil {
                    let ch = legend.count < alphabet.count ? alphabet[legend.count] : "?"
                    letters[cell.style] = ch
                    legend.append("\(ch) \(describe(cell.style))")
                }
                row.append(letters[cell.style]!)
            }
            while row.last == "." { row.removeLast() }
            rows.append(row)
        }
        return grid.text() + "\n-- styles --\n" + rows.joined(separator: "\n") + "\n-- legend --\n"
            + (legend.isEmpty ? "" : legend.joined(separator: "\n") + "\n")
    }

    static func describe(_ s: Style) -> String {
        func color(_ c: Color) -> String {
            switch c {
            case .default: return "default"
            case .indexed(let i): return "\(i)"
            case let .rgb(r, g, b): return String(format: "#%02x%02x%02x", r, g, b)
            }
        }
        var parts = ["fg=\(color(s.fg))", "bg=\(color(s.bg))"]
        for (on, name) in [(s.bold, "bold"), (s.dim, "dim"), (s.italic, "italic"), (s.underline, "underline"),
                           (s.reverse, "reverse")] where on { parts.append(name) }
        return parts.joined(separator: " ")
    }
}
