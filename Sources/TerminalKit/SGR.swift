/// A style as SGR bytes (ECMA-48 8.3.117, xterm's 256 and direct colour forms), for the cells
/// liveblog writes itself after ncurses' frame: link text inside OSC 8 (G5). The colour is the
/// one ncurses would show in that colour mode, so the rewritten cells look the same.
public enum SGR {
    public static func sequence(_ s: Style, mode: ColorMode) -> String {
        var p = ["0"]
        if s.bold { p.append("1") }
        if s.dim { p.append("2") }
        if s.italic { p.append("3") }
        if s.underline { p.append("4") }
        if s.reverse { p.append("7") }
        if mode == .basic8, case let .indexed(i) = s.fg, (8...15).contains(i), !s.bold { p.append("1") }
        p += color(s.fg, mode: mode, base: 30)
        p += color(s.bg, mode: mode, base: 40)
        return "\u{1B}[" + p.joined(separator: ";") + "m"
    }

    static func color(_ c: Color, mode: ColorMode, base: Int) -> [String] {
        switch (c, mode) {
        case (.default, _), (_, .none): return []
        case let (.indexed(i), .basic8):
            if i < 16 { return [String(base + Int(i % 8))] }
            let (r, g, b) = XtermPalette.rgb(of: i)
            return [String(base + Int(XtermPalette.nearestBasic8(r, g, b)))]
        case let (.rgb(r, g, b), .basic8): return [String(base + Int(XtermPalette.nearestBasic8(r, g, b)))]
        case let (.indexed(i), .palette256): return [String(base + 8), "5", String(i)]
        case let (.rgb(r, g, b), .palette256):
            return [String(base + 8), "5", String(XtermPalette.nearest(r, g, b))]
        case let (.indexed(i), .direct):
            if i < 8 { return [String(base + Int(i))] }
            let (r, g, b) = XtermPalette.rgb(of: i)
            return [String(base + 8), "2", String(r), String(g), String(b)]
        case let (.rgb(r, g, b), .direct): return [String(base + 8), "2", String(r), String(g), String(b)]
        }
    }
}
