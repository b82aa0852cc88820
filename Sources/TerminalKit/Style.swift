import TerminalCaps
import Foundation

/// A colour as the renderer asks for it; the screen maps it to what the terminal can show.
public enum Color: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case `default`
    /// An xterm palette index, 0–255 (0–7 basic, 8–15 bright, 16–231 cube, 232–255 grey).
    case indexed(UInt8)
    /// 24-bit colour; shown as is in direct-colour terminals, quantised elsewhere.
    case rgb(UInt8, UInt8, UInt8)
}

/// Attributes and colours of one cell.
public struct Style: Hashable, Sendable {
    public var fg: Color
    public var bg: Color
    public var bold: Bool
    public var italic: Bool
    public var underline: Bool
    public var dim: Bool
    public var reverse: Bool

    public init(fg: Color = .default, bg: Color = .default, bold: Bool = false, italic: Bool = false,
                underline: Bool = false, dim: Bool = false, reverse: Bool = false) {
        self.fg = fg
        self.bg = bg
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.dim = dim
        self.reverse = reverse
    }

    /// Default colours, no attributes.
    public static let plain = Style()
}

/// One terminal cell: one grapheme cluster and its style. The right half of a wide
/// character is a cell with `text == ""`.
public struct Cell: Hashable, Sendable {
    public var text: String
    public var style: Style

    public init(text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// A space in the default style.
    public static let blank = Cell(text: " ", style: .plain)
}

/// How many colours the terminal shows.
public enum ColorMode: Int, Hashable, Sendable, Comparable, CaseIterable {
    /// No colour at all (NO_COLOR, or a monochrome terminal): attributes only.
    case none
    /// The eight ANSI colours.
    case basic8
    /// The xterm 256-colour palette.
    case palette256
    /// 24-bit colour.
    case direct

    public static func < (a: ColorMode, b: ColorMode) -> Bool { a.rawValue < b.rawValue }
}

/// What the terminal can show, decided once at start (T6: NO_COLOR, ASCII fallback).
public struct TerminalCapabilities: Hashable, Sendable {
    public var colorMode: ColorMode
    /// The locale is UTF-8: box drawing, half blocks, braille and wide characters may be drawn.
    public var unicode: Bool
    /// What the terminal answered at start (G1, G3–G6): images, synchronized output, links…
    public var features: TerminalFeatures

    public init(colorMode: ColorMode, unicode: Bool, features: TerminalFeatures = .silent) {
        self.colorMode = colorMode
        self.unicode = unicode
        self.features = features
    }

    /// What tests and the bench use: 256 colours and Unicode.
    public static let testDefault = TerminalCapabilities(colorMode: .palette256, unicode: true)

    /// Decides from the environment and from what ncurses reports for the terminal.
    /// - `NO_COLOR` set (any value) → `.none`.
    /// - The terminal description has direct colour (`RGB` flag / 2^24 colours) → `.direct`
    ///   (ncurses then numbers colours as RGB values, so the palette modes cannot be used with it).
    ///   `COLORTERM=truecolor|24bit` alone is not enough: ncurses can only send what terminfo describes.
    /// - ≥ 256 colours → `.palette256`; ≥ 8 → `.basic8`; otherwise `.none`.
    /// - `unicode` when the effective locale (`LC_ALL`, else `LC_CTYPE`, else `LANG`) names UTF-8.
    public static func detect(environment env: [String: String], terminalColors: Int,
                              terminalHasDirectColor: Bool,
                              terminalHasColors: Bool = true) -> TerminalCapabilities {
        let unicode = localeIsUTF8(env)
        if env["NO_COLOR"] != nil || !terminalHasColors {
            return TerminalCapabilities(colorMode: .none, unicode: unicode)
        }
        let mode: ColorMode
        if terminalHasDirectColor {
            mode = .direct
        } else if terminalColors >= 256 {
            mode = .palette256
        } else if terminalColors >= 8 {
            mode = .basic8
        } else {
            mode = .none
        }
        return TerminalCapabilities(colorMode: mode, unicode: unicode)
    }

    /// A guess from the environment alone, for output that does not go through ncurses:
    /// `COLORTERM=truecolor|24bit` → direct, `TERM` containing `256color` → 256, `TERM=dumb` or
    /// unset → none, otherwise basic8.
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment)
        -> TerminalCapabilities {
        let unicode = localeIsUTF8(env)
        if env["NO_COLOR"] != nil { return TerminalCapabilities(colorMode: .none, unicode: unicode) }
        let term = env["TERM"] ?? ""
        let colorterm = (env["COLORTERM"] ?? "").lowercased()
        let mode: ColorMode
        if term.isEmpty || term == "dumb" {
            mode = .none
        } else if colorterm == "truecolor" || colorterm == "24bit" || term.hasSuffix("-direct") {
            mode = .direct
        } else if term.contains("256color") {
            mode = .palette256
        } else {
            mode = .basic8
        }
        return TerminalCapabilities(colorMode: mode, unicode: unicode)
    }

    /// The effective LC_CTYPE by POSIX precedence names UTF-8.
    public static func localeIsUTF8(_ env: [String: String]) -> Bool {
        let name: String
        if let v = env["LC_ALL"], !v.isEmpty { name = v }
        else if let v = env["LC_CTYPE"], !v.isEmpty { name = v }
        else if let v = env["LANG"], !v.isEmpty { name = v }
        else { return false }
        let u = name.uppercased()
        return u.contains("UTF-8") || u.contains("UTF8")
    }
}
