/// What a terminal offers beyond colours, found by asking it at start (G1, G3–G6).

/// The graphics ladder of G1, best first.
public enum GraphicsProtocol: String, CaseIterable, Hashable, Sendable, Comparable {
    /// The kitty graphics protocol (APC `ESC _G … ESC \`).
    case kitty
    /// DEC sixel (DCS `ESC P q … ESC \`).
    case sixel
    /// iTerm2 inline images (OSC 1337 File=).
    case iterm2
    /// Unicode symbols in colour: blocks, quadrants, sextants (libchafa's symbol mode).
    case symbols
    /// Upper half blocks, one cell = two pixels (the built-in `ImageRaster`).
    case halfblocks
    /// ASCII characters by luminance.
    case ascii

    /// Draws real pixels (not cells).
    public var isPixels: Bool { self == .kitty || self == .sixel || self == .iterm2 }

    public static func < (a: GraphicsProtocol, b: GraphicsProtocol) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The `--graphics` option: a protocol, or `auto` (ask the terminal).
public enum GraphicsChoice: Hashable, Sendable {
    case auto
    case forced(GraphicsProtocol)

    /// Parses `kitty|sixel|iterm2|symbols|halfblocks|ascii|auto`.
    public init?(argument: String) {
        if argument == "auto" { self = .auto; return }
        guard let p = GraphicsProtocol(rawValue: argument) else { return nil }
        self = .forced(p)
    }

    public static let names = ["auto"] + GraphicsProtocol.allCases.map(\.rawValue)
}

/// The size of one terminal cell in pixels (from `CSI 16 t`, or `CSI 14 t` ÷ the grid).
public struct CellPixelSize: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// The probe's result: what liveblog may send to this terminal.
public struct TerminalFeatures: Hashable, Sendable {
    /// The best image protocol (G1).
    public var graphics: GraphicsProtocol
    /// DEC private mode 2026 (G3).
    public var synchronizedOutput: Bool
    /// SGR-Pixels mouse reports, mode 1016 (G4).
    public var sgrPixels: Bool
    /// Pixels per cell, when the terminal told (G4; also sizes pixel images).
    public var cellPixels: CellPixelSize?
    /// OSC 8 hyperlinks (G5).
    public var hyperlinks: Bool
    /// OSC 52 clipboard writes (G5); harmless where ignored, so on unless the terminal is silent.
    public var clipboard: Bool
    /// Focus events, mode 1004 (G6).
    public var focusEvents: Bool
    /// Inside tmux: sequences that tmux does not know must be wrapped for pass-through.
    public var tmuxPassthrough: Bool
    /// The terminal's name and version from XTVERSION, when it answered.
    public var terminalName: String?
    /// OSC 11 said the background is light (issue 32): the light palette.
    public var lightBackground = false

    public init(graphics: GraphicsProtocol, synchronizedOutput: Bool = false, sgrPixels: Bool = false,
                cellPixels: CellPixelSize? = nil, hyperlinks: Bool = false, clipboard: Bool = false,
                focusEvents: Bool = false, tmuxPassthrough: Bool = false, terminalName: String? = nil) {
        self.graphics = graphics
        self.synchronizedOutput = synchronizedOutput
        self.sgrPixels = sgrPixels
        self.cellPixels = cellPixels
        self.hyperlinks = hyperlinks
        self.clipboard = clipboard
        self.focusEvents = focusEvents
        self.tmuxPassthrough = tmuxPassthrough
        self.terminalName = terminalName
    }

    /// A terminal that answered nothing: today's half blocks, nothing extra.
    public static let silent = TerminalFeatures(graphics: .halfblocks)
}
