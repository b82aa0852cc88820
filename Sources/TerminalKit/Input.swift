/// A key, after ncurses' key decoding.
public enum Key: Hashable, Sendable {
    /// A printable character (also space).
    case char(Character)
    /// Ctrl plus a letter: `.ctrl("c")` (lowercase). Tab, Enter and Backspace are their own keys.
    case ctrl(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, tab, backTab, backspace, escape, delete, insert
    /// F1…F12 (and beyond, as the terminal reports them).
    case function(Int)
}

/// A mouse event in 0-based screen cells.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A button went down: 1 left, 2 middle, 3 right, 8 back, 9 forward.
        case press(button: Int)
        /// The button went up.
        case release
        /// Motion while a button is held (xterm mode 1002).
        case drag
        case wheelUp
        case wheelDown
        /// Motion with no button held (only when the terminal reports it).
        case move
    }

    public var kind: Kind
    public var row: Int
    public var col: Int
    /// The pointer's position in cells, with the fraction inside the cell, where the terminal
    /// reports pixels (SGR-Pixels, G4): pixels ÷ the cell's pixels. nil: only the cell is known.
    public var exactCol: Double?
    public var exactRow: Double?

    public init(kind: Kind, row: Int, col: Int, exactCol: Double? = nil, exactRow: Double? = nil) {
        self.kind = kind
        self.row = row
        self.col = col
        self.exactCol = exactCol
        self.exactRow = exactRow
    }
}

public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(cols: Int, rows: Int)
    /// Pasted text (bracketed paste, mode 2004; issue 15), as the terminal sent it: untrusted.
    case paste(String)
    /// The terminal gained (true) or lost focus (mode 1004: `CSI I`, `CSI O`; G6).
    case focus(Bool)
}

/// Decoding of xterm mouse reports that ncurses did not decode itself (for instance SGR 1006
/// reports under `TERM=tmux-256color`, whose terminfo announces the X10 form `\E[M`).
enum MouseReport {
    /// Decodes the body of an SGR report, `b;x;y` between `ESC [ <` and the final `M` (press,
    /// motion, wheel) or `m` (release). Coordinates in the report are 1-based.
    static func decodeSGR(_ body: String, final: Character) -> MouseEvent? {
        let parts = body.split(separator: ";", omittingEmptySubsequences: false)
        guard parts.count == 3, let b = Int(parts[0]), let x = Int(parts[1]), let y = Int(parts[2]),
              final == "M" || final == "m" else { return nil }
        return decode(button: b, col: x - 1, row: y - 1, release: final == "m")
    }

    /// Decodes an X10/normal report `ESC [ M Cb Cx Cy` (each byte offset by 32).
    static func decodeX10(_ cb: Int, _ cx: Int, _ cy: Int) -> MouseEvent? {
        guard cb >= 32, cx >= 33, cy >= 33 else { return nil }
        let b = cb - 32
        if b & 64 == 0 && b & 32 == 0 && b & 3 == 3 {
            return MouseEvent(kind: .release, row: cy - 33, col: cx - 33)
        }
        return decode(button: b, col: cx - 33, row: cy - 33, release: false)
    }

    /// Button code: low two bits the button (0 left, 1 middle, 2 right, 3 none), +4 shift,
    /// +8 meta, +16 ctrl, +32 motion, +64 wheel (64 up, 65 down, 66/67 horizontal), +128 the
    /// extra buttons (xterm's ctlseqs: 128 is button 8, the mouse's back button; 129 button 9,
    /// forward).
    static func decode(button b: Int, col: Int, row: Int, release: Bool) -> MouseEvent? {
        let col = max(0, col), row = max(0, row)
        if b & 128 != 0 {
            if b & 32 != 0 { return MouseEvent(kind: .drag, row: row, col: col) }
            let kind: MouseEvent.Kind = release ? .release : .press(button: 8 + (b & 3))
            return MouseEvent(kind: kind, row: row, col: col)
        }
        if b & 64 != 0 {
            if release { return nil }
            switch b & 3 {
            case 0: return MouseEvent(kind: .wheelUp, row: row, col: col)
            case 1: return MouseEvent(kind: .wheelDown, row: row, col: col)
            default: return nil // horizontal wheel: not used
            }
        }
        if b & 32 != 0 {
            return MouseEvent(kind: (b & 3) == 3 ? .move : .drag, row: row, col: col)
        }
        if release { return MouseEvent(kind: .release, row: row, col: col) }
        if b & 3 == 3 { return MouseEvent(kind: .release, row: row, col: col) }
        return MouseEvent(kind: .press(button: (b & 3) + 1), row: row, col: col)
    }
}

extension Key {
    /// The key for a character ncurses returned from `get_wch` as text (not a key code).
    static func fromChar(_ v: UInt32) -> Key? {
        switch v {
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 27: return .escape
        case 1...26: return .ctrl(Character(UnicodeScalar(v + 96)!))
        case 0: return .ctrl(" ")
        case 28...31: return nil
        case 0x80...0x9F: return nil
        default:
            guard let u = UnicodeScalar(v) else { return nil }
            return .char(Character(u))
        }
    }
}
