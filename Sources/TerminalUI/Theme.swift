import Foundation
import LiveblogModel
import TerminalKit
import TextCells

/// Colours and glyphs, with monochrome (NO_COLOR) and ASCII (non-UTF-8 locale) fallbacks (T6).
struct Theme {
    let caps: TerminalCapabilities
    var color: Bool { caps.colorMode != .none }
    var unicode: Bool { caps.unicode }

    func c(_ i: UInt8) -> Color { color ? .indexed(i) : .default }
    /// Issue 32: the terminal's background is light (OSC 11): text colours drawn on it darken.
    var light: Bool { caps.features.lightBackground }
    /// A colour on the terminal's own background: `dark` on a dark one, `onLight` on a light one.
    func c(_ dark: UInt8, onLight: UInt8) -> Color { c(light ? onLight : dark) }

    var navBar: Style {
        color ? Style(fg: .indexed(255), bg: .indexed(24), bold: true) : Style(reverse: true)
    }
    var navBadge: Style {
        color ? Style(fg: .indexed(16), bg: .indexed(75), bold: true) : Style(bold: true, reverse: true)
    }
    var toolbar: Style { color ? Style(fg: .indexed(252), bg: .indexed(236)) : Style(reverse: true) }
    var toolbarHot: Style {
        color ? Style(fg: .indexed(214), bg: .indexed(236), bold: true) : Style(bold: true, reverse: true)
    }
    /// R3's pill in the toolbar: a badge, so it reads as something to press.
    var pill: Style {
        color ? Style(fg: .indexed(16), bg: .indexed(214), bold: true) : Style(bold: true)
    }
    var text: Style { Style() }
    /// Issue 32: a search's match in the text, as less marks its matches.
    var searchMatch: Style {
        color ? Style(fg: .indexed(16), bg: .indexed(220), bold: true) : Style(reverse: true)
    }
    var dim: Style { Style(fg: c(245, onLight: 240), dim: !color) }
    var title: Style { Style(fg: c(231, onLight: 16), bold: true) }
    var link: Style { Style(fg: c(75, onLight: 25), underline: true) }
    var focusedLink: Style { Style(fg: c(16), bg: c(214), underline: true, reverse: !color) }
    var highlight: Style { Style(fg: c(220, onLight: 130), bold: true) }
    var milestone: Style { Style(fg: c(213, onLight: 127), bold: true) }
    var goal: Style { Style(fg: c(118, onLight: 28), bold: true) }
    var rule: Style { Style(fg: c(238, onLight: 250), dim: !color) }
    var native: Style { Style(fg: c(250), bg: color ? .indexed(234) : .default) }
    var nativeTitle: Style { Style(fg: c(231), bg: color ? .indexed(234) : .default, bold: true) }
    var placeholder: Style { Style(fg: c(244), bg: color ? .indexed(235) : .default) }
    var broken: Style { Style(fg: c(203), bg: color ? .indexed(235) : .default, bold: true) }
    var embed: Style { Style(fg: c(153), bg: color ? .indexed(17) : .default) }
    var siteHeader: Style {
        color ? Style(fg: .indexed(16), bg: .indexed(250), bold: true) : Style(reverse: true)
    }
    /// Android's edge effect line (F1): bright, bold.
    var edgeEffect: Style { color ? Style(fg: c(159, onLight: 31), bold: true) : Style(bold: true) }
    var indicator: Style { color ? Style(fg: c(250, onLight: 244)) : Style(reverse: true) }
    var overlay: Style { color ? Style(fg: .indexed(252), bg: .indexed(235)) : Style() }
    var overlayTitle: Style {
        color ? Style(fg: .indexed(214), bg: .indexed(235), bold: true) : Style(bold: true)
    }
    var notice: Style { Style(fg: c(203, onLight: 160), bold: true) }
    var quote: Style { Style(fg: c(187, onLight: 95), italic: true) }
    /// The loading progress bar under the navigation bar (W1).
    var progress: Style { Style(fg: c(75), bold: !color) }

    var ruleChar: Character { unicode ? "─" : "-" }
    var spinner: [String] {
        unicode ? ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] : ["|", "/", "-", "\\"]
    }
    var thumb: Character { unicode ? "┃" : "#" }
    var track: Character { unicode ? "│" : "|" }
    var shade: Character { unicode ? "░" : "." }
    var ellipsis: String { unicode ? "…" : "..." }
    var quoteBar: String { unicode ? "│ " : "| " }
    var star: String { unicode ? "★" : "*" }
    var diamond: String { unicode ? "◆" : "#" }
    var pin: String { unicode ? "▲" : "^" }
    var cross: String { unicode ? "✖" : "x" }
    var play: String { unicode ? "▶" : ">" }
    var arrow: String { unicode ? "→" : "->" }
    var back: String { unicode ? "◀" : "<" }
    var forward: String { unicode ? "▶" : ">" }

    /// Replaces characters the terminal cannot show when the locale is not UTF-8.
    /// Every string drawn passes here or through `truncate`: it is sanitised (T8) whatever its
    /// source (liveblog text, ids, URLs, alt text, console, command-line and scenario input),
    /// then made ASCII when the terminal is not UTF-8. Clean text costs one byte scan.
    func ascii(_ s: String) -> String {
        let s = Sanitizer.clean(s)
        if unicode { return s }
        var out = ""
        for ch in s {
            out.append(ch.isASCII ? ch : Theme.asciiFallback(ch))
        }
        return out
    }

    /// One ASCII character for one character of text (so wrapped lines keep their length):
    /// common punctuation by look, accented Latin letters without their accents, else "?".
    static func asciiFallback(_ ch: Character) -> Character {
        switch ch {
        case "–", "—", "‒", "−", "─": return "-"
        case "‘", "’", "‚", "′": return "'"
        case "“", "”", "„", "″": return "\""
        case "·", "•", "…": return "."
        case "×": return "x"
        case "\u{00A0}", "\u{2009}", "\u{202F}": return " "
        default: break
        }
        let folded = String(ch).folding(options: [.diacriticInsensitive], locale: nil)
        if let f = folded.first, folded.count == 1, f.isASCII { return f }
        return "?"
    }
}
