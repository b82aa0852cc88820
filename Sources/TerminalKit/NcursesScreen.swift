import CNcurses
import Foundation
import ImageDecoding
import CSupport
import TerminalCaps
import TextCells

/// The terminal, through ncursesw's wide-character API. Use from one thread (the main one):
/// ncurses keeps global state. Only one may be open at a time.
public final class NcursesScreen: Screen {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notATerminal
        case cannotOpen(term: String)
        public var description: String {
            switch self {
            case .notATerminal: return "standard input and output must be a terminal"
            case let .cannotOpen(term): return "cannot open the terminal (TERM=\(term))"
            }
        }
    }

    public private(set) var capabilities: TerminalCapabilities
    public private(set) var isOpen = false
    /// Frames shown (one `doupdate` each).
    public private(set) var presentCount = 0

    public var cols: Int { isOpen ? Int(lb_cols()) : 0 }
    public var rows: Int { isOpen ? Int(lb_lines()) : 0 }

    private var screen: OpaquePointer?
    let mouseEnabled: Bool
    private var defaultColorsOK = false
    private var pairCache: [Int64: Int32] = [:]
    private var nextPair: Int32 = 1
    private var maxPairs: Int32 = 0
    var buttonDown = false
    var pending: [InputEvent] = []
    var decoder = InputDecoder()
    private var wbuf: [wchar_t] = []
    /// What each frame writes around ncurses' output (G1, G3, G5), from the start-up probe.
    var decorations: FrameDecorations?
    /// SGR-Pixels (1016) is on: mouse reports come in pixels, turned into cells and points (G4).
    var pixelPointer: PixelPointer?
    /// Sixel and iTerm2: the 1×1 window through which `lb_rows_to_write` marks cells (issue 32).
    var cellProbe: UnsafeMutablePointer<WINDOW>?

    /// Bytes that turn on button-event mouse tracking (1002) and SGR reports (1006).
    static let mouseOn = "\u{1B}[?1002h\u{1B}[?1006h"
    static let mouseOff = "\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?1000l"

    /// Opens the terminal: locale, cbreak, noecho, nonl, keypad, no cursor, 25 ms ESC delay,
    /// no click delay, mouse with drag motion, colours (unless NO_COLOR), line-scroll
    /// optimisation (B5), restore on signals (T6).
    /// Before ncurses starts, the terminal is asked what it offers (G1: `TerminalProbe`); `graphics`
    /// overrides the image protocol it would choose (`--graphics`).
    public init(environment env: [String: String] = ProcessInfo.processInfo.environment,
                mouse: Bool = true, graphics: GraphicsChoice = .auto) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw Failure.notATerminal }
        mouseEnabled = mouse
        capabilities = TerminalCapabilities(colorMode: .none, unicode: false)
        setlocale(LC_ALL, "")
        TerminalRestorer.saveTerminalModes()
        let probe = TerminalProbe(environment: env)
        guard let s = newterm(nil, lb_stdout(), lb_stdin()) else {
            throw Failure.cannotOpen(term: env["TERM"] ?? "")
        }
        screen = s
        _ = set_term(s)
        isOpen = true
        let w = lb_stdscr()
        cbreak()
        noecho()
        nonl()
        keypad(w, true)
        intrflush(w, false)
        curs_set(0)
        set_escdelay(25)
        idlok(w, true)       // B5: let ncurses scroll lines instead of repainting them
        scrollok(w, false)
        leaveok(w, true)

        var hasColors = has_colors()
        if hasColors && env["NO_COLOR"] == nil {
            start_color()
            defaultColorsOK = use_default_colors() == LB_OK
        } else {
            hasColors = false
        }
        capabilities = TerminalCapabilities.detect(
            environment: env, terminalColors: Int(lb_colors()),
            terminalHasDirectColor: lb_has_direct_color() == 1, terminalHasColors: hasColors)
        maxPairs = Int32(clamping: lb_color_pairs())
        capabilities.features = probe.features(capabilities, cols: cols, rows: rows, choice: graphics)
        decorations = FrameDecorations(features: capabilities.features, colorMode: capabilities.colorMode)
        startModes(mouse: mouse)
    }

    deinit { shutdown() }

    /// The next present() repaints every cell (the terminal may not hold what ncurses believes).
    public func repaintAll() {
        lb_repaint_all_next()
        decorations?.invalidate()
    }

    /// Restores the terminal: mouse modes off, endwin, the terminal's cleanup out of the signal chain. Idempotent.
    public func shutdown() {
        guard isOpen else { return }
        isOpen = false
        wrefresh(lb_stdscr())
        writeTTY(String(decoding: decorations?.teardown() ?? [], as: UTF8.self) + modesOff)
        if mouseEnabled { mousemask(0, nil) }
        curs_set(1)
        endwin()
        if let p = cellProbe { delwin(p) }
        cellProbe = nil
        if let s = screen { delscreen(s) }
        screen = nil
        TerminalRestorer.uninstall()
    }

    // MARK: drawing

    public func erase() {
        guard isOpen else { return }
        werase(lb_stdscr())
    }

    /// Draws by grapheme cluster (issue 18): runs of single-scalar glyphs go out in one
    /// `waddnwstr`; a cluster of several scalars (a flag, a skin tone, a ZWJ family, a keycap)
    /// goes whole into one cell with `wadd_wch` (see `cellScalars`).
    @discardableResult
    public func put(row: Int, col: Int, _ text: String, _ style: Style) -> Int {
        guard isOpen else { return 0 }
        let width = cols
        guard row >= 0, row < rows, col < width else { return 0 }
        let w = lb_stdscr()
        wbuf.removeAll(keepingCapacity: true)
        lb_wattr_set_ext(w, attributes(style), pair(style))
        var x = col
        var start = -1
        let unicode = capabilities.unicode
        for c in text {
            guard let g = GlyphFilter.glyph(c) else { continue }
            if x + g.width > width { break }
            if x < 0 {
                if x + g.width > 0 {
                    start = 0
                    wbuf.append(0x20)
                }
                x += g.width
                continue
            }
            if start < 0 { start = x }
            if g.text.isASCII {
                wbuf.append(wchar_t(g.text.unicodeScalars.first!.value))
            } else if !unicode {
                for _ in 0..<g.width { wbuf.append(0x3F) } // "?": the locale cannot show it
            } else if g.text.unicodeScalars.count == 1 && Self.ncursesWidth(g.text) == g.width {
                wbuf.append(wchar_t(bitPattern: g.text.unicodeScalars.first!.value))
            } else {
                flush(w, row: row, col: start)
                addCluster(w, g, row: row, col: x)
                start = x + g.width
            }
            x += g.width
        }
        if start >= 0 { flush(w, row: row, col: start) }
        lb_wattr_set_ext(w, LB_A_NORMAL, 0)
        return x - col
    }

    /// Sends the buffered run of simple glyphs, which starts at `col`.
    private func flush(_ w: UnsafeMutablePointer<WINDOW>?, row: Int, col: Int) {
        guard !wbuf.isEmpty else { return }
        wmove(w, Int32(row), Int32(col))
        wbuf.withUnsafeBufferPointer { b in
            _ = waddnwstr(w, b.baseAddress, Int32(b.count))
        }
        wbuf.removeAll(keepingCapacity: true)
    }

    /// One cluster in one cell. `setcchar` stops at the first spacing scalar after the first
    /// (ncurses lib_cchar.c), which would cut 🇩🇪 to 🇩 and 👩‍👩‍👧 to 👩; so the `cchar_t` is
    /// filled here and ncurses writes all its characters out. ncurses measures the cell by its
    /// first scalar: where the cluster is wider (❤️, 1️⃣, 🇩🇪 are one column by wcwidth) the cursor
    /// is moved past the second column, which the terminal fills with the emoji's right half.
    private func addCluster(_ w: UnsafeMutablePointer<WINDOW>?, _ g: Glyph, row: Int, col: Int) {
        var cc = cchar_t()
        let scalars = Self.cellScalars(g.text)
        withUnsafeMutableBytes(of: &cc.chars) { raw in
            let chars = raw.bindMemory(to: wchar_t.self)
            for (i, v) in scalars.enumerated() where i < chars.count { chars[i] = wchar_t(bitPattern: v) }
        }
        wmove(w, Int32(row), Int32(col))
        _ = wadd_wch(w, &cc)
    }

    /// The columns ncurses gives the cluster: its first scalar's wcwidth (`cchar_t` is measured
    /// by `chars[0]`). Where it is less than `TextWidth.width`, `put` skips the missing column itself.
    static func ncursesWidth(_ c: Character) -> Int {
        guard let u = c.unicodeScalars.first else { return 0 }
        return max(0, Int(lb_wcwidth(u.value)))
    }

    /// The scalars of a cluster that fit a cell: all of them up to `CCHARW_MAX` (5); a longer
    /// cluster (👨‍👩‍👧‍👦 is seven) keeps its longest prefix that fits and does not end in a
    /// zero-width joiner, so the terminal shows a whole, smaller sequence rather than a stray joiner.
    static func cellScalars(_ c: Character) -> [UInt32] {
        var v = c.unicodeScalars.map(\.value)
        guard v.count > 5 else { return v }
        v = Array(v.prefix(5))
        while v.count > 1 && v.last == 0x200D { v.removeLast() }
        return v
    }

    /// One frame: `wnoutrefresh` + exactly one `doupdate` (T7), inside synchronized output where
    /// the terminal has it (G3); rows that pixel images left are repainted, and images and links
    /// are written after ncurses' output (G1, G5), sixel and iTerm2 images again where that output
    /// writes their rows (issue 32: it clears their pixels).
    public func present() {
        guard isOpen else { return }
        let w = lb_stdscr()
        wnoutrefresh(w)
        decorations?.screenRows = rows
        let plan = decorations?.plan(written: rowsWritten) ?? FrameDecorations.Plan()
        if !plan.before.isEmpty { writeTTY(plan.before) }
        doupdate()
        if !plan.after.isEmpty { writeTTY(plan.after) }
        presentCount += 1
    }

    /// The rows the coming `doupdate` writes: the stale rows, repainted whole (`wredrawln`), and
    /// with sixel and iTerm2 every row whose text changes, found by `lb_rows_to_write`, which also
    /// keeps ncurses from scrolling a region over the pixels (issue 32).
    func rowsWritten(_ stale: [Int]) -> Set<Int> {
        let w = lb_stdscr()
        for r in stale where r >= 0 && r < rows { wredrawln(w, Int32(r), 1) }
        guard let cellProbe else { return Set(stale) }
        var out = [Int32](repeating: 0, count: max(1, rows))
        let n = Int(lb_rows_to_write(cellProbe, &out))
        guard n >= 0 else { return Set(0..<rows) }
        return Set(stale).union(out.prefix(n).map(Int.init))
    }

    public func placeImage(_ request: PixelImageRequest, pixels: RGBAImage, clip: Range<Int>) {
        decorations?.placeImage(request, pixels: pixels, clip: clip)
    }

    public func link(_ span: LinkSpan) { decorations?.link(span) }

    // MARK: colours

    private func attributes(_ s: Style) -> attr_t {
        var a: attr_t = LB_A_NORMAL
        if s.bold { a |= LB_A_BOLD }
        if s.dim { a |= LB_A_DIM }
        if s.reverse { a |= LB_A_REVERSE }
        if s.underline { a |= LB_A_UNDERLINE }
        if s.italic { a |= LB_A_ITALIC }
        if capabilities.colorMode == .basic8, case let .indexed(i) = s.fg, (8...15).contains(i) {
            a |= LB_A_BOLD // bright colours as bold in eight-colour terminals
        }
        return a
    }

    /// The colour pair for a style's (fg, bg), allocated on first use. When the terminal's
    /// pairs run out the cache starts over from pair 1 (cells still showing a reused pair
    /// take its new colours until they are redrawn).
    private func pair(_ s: Style) -> Int32 {
        if capabilities.colorMode == .none { return 0 }
        let fg = colorNumber(s.fg, foreground: true)
        let bg = colorNumber(s.bg, foreground: false)
        if fg == -1 && bg == -1 { return 0 }
        let key = (Int64(fg) << 32) | Int64(UInt32(bitPattern: bg))
        if let p = pairCache[key] { return p }
        if nextPair >= maxPairs {
            pairCache.removeAll(keepingCapacity: true)
            nextPair = 1
        }
        let p = nextPair
        guard init_extended_pair(p, fg, bg) == LB_OK else { return 0 }
        nextPair += 1
        pairCache[key] = p
        return p
    }

    /// The ncurses colour number for a colour in the current mode (-1: terminal default).
    private func colorNumber(_ c: Color, foreground: Bool) -> Int32 {
        switch c {
        case .default:
            return defaultColorsOK ? -1 : (foreground ? 7 : 0)
        case let .indexed(i):
            switch capabilities.colorMode {
            case .none: return -1
            case .basic8:
                if i < 8 { return Int32(i) }
                if i < 16 { return Int32(i - 8) }
                let (r, g, b) = XtermPalette.rgb(of: i)
                return Int32(XtermPalette.nearestBasic8(r, g, b))
            case .palette256:
                return Int32(i)
            case .direct:
                // In direct-colour terminfo, numbers below 8 are the ANSI colours, others RGB.
                if i < 8 { return Int32(i) }
                let (r, g, b) = XtermPalette.rgb(of: i)
                return Self.packRGB(r, g, b)
            }
        case let .rgb(r, g, b):
            switch capabilities.colorMode {
            case .none: return -1
            case .basic8: return Int32(XtermPalette.nearestBasic8(r, g, b))
            case .palette256: return Int32(XtermPalette.nearest(r, g, b))
            case .direct: return Self.packRGB(r, g, b)
            }
        }
    }

    static func packRGB(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int32 {
        // Values below 8 would mean ANSI colours; the darkest blues move to 8 (0,0,8).
        max(8, (Int32(r) << 16) | (Int32(g) << 8) | Int32(b))
    }

    // MARK: tty

    func writeTTY(_ s: String) { TTYWriter.write(STDOUT_FILENO, s) }
    func writeTTY(_ b: [UInt8]) { TTYWriter.write(STDOUT_FILENO, b) }

    /// Restore bytes for the signal handler, from terminfo where it has them.
    static func restoreSequence(mouse: Bool, modes: String = "") -> String {
        func cap(_ name: String, _ fallback: String) -> String {
            guard let p = lb_tigetstr(name) else { return fallback }
            return stripPadding(String(cString: p))
        }
        var s = modes + (mouse ? mouseOff : "")
        s += cap("sgr0", "\u{1B}[0m")
        s += cap("cnorm", "\u{1B}[?25h")
        s += cap("rmkx", "")
        s += cap("rmcup", "\u{1B}[?1049l")
        return s
    }

    /// Removes terminfo padding `$<…>`.
    static func stripPadding(_ s: String) -> String {
        var out = ""
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == "$", s.index(after: i) < s.endIndex, s[s.index(after: i)] == "<",
               let close = s[i...].firstIndex(of: ">") {
                i = s.index(after: close)
                continue
            }
            out.append(s[i])
            i = s.index(after: i)
        }
        return out
    }
}
