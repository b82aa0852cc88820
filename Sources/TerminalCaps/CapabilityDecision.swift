/// From the terminal's replies to the features liveblog uses (G1, G3–G6). The replies decide;
/// the environment only breaks ties where the terminal stayed silent (iTerm2 by TERM_PROGRAM
/// when XTVERSION did not answer) and says whether we run inside tmux.
public enum CapabilityDecision {
    /// The inputs besides the replies.
    public struct Context: Hashable, Sendable {
        /// The locale is UTF-8 (symbols and half blocks need it).
        public var unicode: Bool
        /// 256 colours or more (chafa's symbols need them to beat half blocks).
        public var richColor: Bool
        /// TMUX is set.
        public var insideTmux: Bool
        /// tmux's `allow-passthrough` is on (only asked inside tmux).
        public var tmuxAllowsPassthrough: Bool
        /// TERM_PROGRAM, for the iTerm2 tie-break.
        public var termProgram: String?
        /// The terminal grid, to derive the cell size from `CSI 14 t`.
        public var cols: Int
        public var rows: Int

        public init(unicode: Bool, richColor: Bool, insideTmux: Bool = false,
                    tmuxAllowsPassthrough: Bool = false, termProgram: String? = nil,
                    cols: Int = 0, rows: Int = 0) {
            self.unicode = unicode
            self.richColor = richColor
            self.insideTmux = insideTmux
            self.tmuxAllowsPassthrough = tmuxAllowsPassthrough
            self.termProgram = termProgram
            self.cols = cols
            self.rows = rows
        }
    }

    /// Terminals whose XTVERSION names them as supporting OSC 8 hyperlinks (no query exists).
    static let hyperlinkTerminals = [
        "kitty", "wezterm", "foot", "iterm2", "contour", "ghostty", "vte", "konsole",
    ]

    public static func decide(_ r: TerminalReplies, _ c: Context,
                              choice: GraphicsChoice = .auto) -> TerminalFeatures {
        let name = r.version?.lowercased() ?? ""
        let sync = r.modeSupported(2026)
        var f = TerminalFeatures(graphics: graphics(r, c, name: name))
        if case let .forced(p) = choice { f.graphics = p }
        f.synchronizedOutput = sync
        f.sgrPixels = r.modeSupported(1016)
        f.focusEvents = r.modeSupported(1004)
        f.cellPixels = cellSize(r, c)
        // OSC 8: every terminal with synchronized output also links (kitty, WezTerm, foot, iTerm2,
        // contour, Alacritty ≥ 0.13, Windows Terminal, ghostty), as do the names listed above.
        f.hyperlinks = sync || hyperlinkTerminals.contains { name.contains($0) }
        // OSC 52: only where the terminal proved modern; xterm keeps it off by default.
        f.clipboard = f.hyperlinks
        f.tmuxPassthrough = c.insideTmux && c.tmuxAllowsPassthrough
        f.terminalName = r.version
        f.lightBackground = isLight(r.background)
        return f
    }

    /// A background is light when its relative luminance (Rec. 709 weights) is over one half.
    static func isLight(_ rgb: [Double]?) -> Bool {
        guard let c = rgb, c.count == 3 else { return false }
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] > 0.5
    }

    /// The best rung of the ladder the replies allow.
    static func graphics(_ r: TerminalReplies, _ c: Context, name: String) -> GraphicsProtocol {
        let pixelsAllowed = !c.insideTmux || c.tmuxAllowsPassthrough
        if pixelsAllowed {
            if r.kittyOK { return .kitty }
            if r.sixel { return .sixel }
            if name.contains("iterm2") { return .iterm2 }
            let silentITerm = r.version == nil && r.da1 != nil && c.termProgram == "iTerm.app"
            if silentITerm && !c.insideTmux { return .iterm2 }
        }
        guard c.unicode else { return .ascii }
        // Quadrants and sextants need a modern font: only where the terminal answered a modern query.
        let modern = r.version != nil || r.modeSupported(2026) || r.kittyAnswered || c.insideTmux
        return c.richColor && modern ? .symbols : .halfblocks
    }

    /// The cell size (G4): `CSI 16 t`, else `CSI 14 t` or TIOCGWINSZ's pixels divided by the grid
    /// (xterm answers neither window op by default, but fills the pixel fields of TIOCGWINSZ).
    static func cellSize(_ r: TerminalReplies, _ c: Context) -> CellPixelSize? {
        if let cell = r.cell { return cell }
        for a in [r.textArea, r.winsizePixels].compactMap({ $0 })
        where c.cols > 0 && c.rows > 0 && a.width >= c.cols && a.height >= c.rows {
            return CellPixelSize(width: a.width / c.cols, height: a.height / c.rows)
        }
        return nil
    }
}
