/// One unit of terminal input as ncurses' `get_wch` returns it: a character, or an event ncurses
/// decoded itself (a key code, a mouse report, a resize).
public enum InputUnit: Hashable, Sendable {
    case char(UInt32)
    case event(InputEvent)
    /// A key code or mouse report that stands for nothing here.
    case ignored
}

/// Input units to events (T2, T3; issue 18). After an ESC that ncurses did not decode: a lone
/// Escape, Alt+key, a mouse report ncurses did not recognise (SGR `ESC [ < b ; x ; y M|m`, X10
/// `ESC [ M b x y`), or any other sequence, dropped whole whatever its length: CSI up to its
/// final byte (ECMA-48 5.4), OSC, DCS, SOS, PM and APC strings up to their terminator (BEL,
/// `ESC \` or C1 ST), SS2/SS3 with their one character, nF escapes (`ESC SP F` …) up to their
/// final byte. Nothing of a dropped sequence acts as a keystroke. A sequence cut short by the end
/// of the input there is (`next` answers nil) is dropped as far as it came; an event ncurses
/// decoded in the middle of a sequence ends it and is kept. A bracketed paste (`ESC [ 200 ~` …
/// `ESC [ 201 ~`, mode 2004; issue 15) is one `.paste` event, however many reads it takes to
/// arrive; keys ncurses decoded inside it are text of the paste, not keystrokes, and are dropped.
public struct InputDecoder {
    /// Units read one too far (the ESC that ends a string and the unit after it), read first.
    private var pushback: [InputUnit] = []
    /// The bracketed paste being read.
    private var paste = PasteCollector()

    public init() {}

    /// A unit read past a sequence's end, to be decoded before any new input.
    public mutating func takePushback() -> InputUnit? {
        pushback.isEmpty ? nil : pushback.removeFirst()
    }

    /// The events `first` stands for, reading the rest of its sequence from `next` (no waiting).
    public mutating func decode(_ first: InputUnit, next: @escaping () -> InputUnit?) -> [InputEvent] {
        if paste.active { return continuePaste(first, next: next) }
        switch first {
        case .event(let e): return [e]
        case .ignored: return []
        case .char(27):
            var reader = Reader(next: next, pushback: pushback)
            let events = reader.afterEscape()
            pushback = reader.pushback
            guard reader.pasteBegins else { return events }
            paste.begin()
            guard let u = takePushback() ?? next() else { return events }
            return events + continuePaste(u, next: next)
        case .char(let v): return Key.fromChar(v).map { [.key($0)] } ?? []
        }
    }

    /// Whether a bracketed paste has begun and not yet ended.
    public var pasting: Bool { paste.active }

    /// Reads the paste on from `first` as far as input goes: the `.paste` event when its end
    /// marker came, else nothing yet (it goes on with the next unit decoded).
    private mutating func continuePaste(_ first: InputUnit, next: () -> InputUnit?) -> [InputEvent] {
        var unit: InputUnit? = first
        while let u = unit {
            if case .char(let v) = u, let text = paste.feed(v) { return [.paste(text)] }
            unit = takePushback() ?? next()
        }
        return []
    }

    /// The end of all input (tests): a paste cut short arrives with what it had.
    public mutating func finish() -> [InputEvent] {
        paste.active ? [.paste(paste.finish())] : []
    }

    /// Decodes a whole buffer of units (tests): every unit is consumed.
    public static func decodeAll(_ units: [InputUnit]) -> [InputEvent] {
        var d = InputDecoder()
        var i = 0
        var out: [InputEvent] = []
        func next() -> InputUnit? {
            guard i < units.count else { return nil }
            i += 1
            return units[i - 1]
        }
        while true {
            guard let u = d.takePushback() ?? next() else { break }
            out += d.decode(u, next: next)
        }
        return out + d.finish()
    }
}

/// One escape sequence's reading.
private struct Reader {
    let next: () -> InputUnit?
    var pushback: [InputUnit]
    /// `ESC [ 200 ~` was read: a bracketed paste begins.
    var pasteBegins = false

    init(next: @escaping () -> InputUnit?, pushback: [InputUnit]) {
        self.next = next
        self.pushback = pushback
    }

    /// The next character of the sequence; nil at the end of input or at an event ncurses decoded
    /// (pushed back, so it is kept).
    mutating func read() -> UInt32? {
        while true {
            let u: InputUnit?
            if !pushback.isEmpty { u = pushback.removeFirst() } else { u = next() }
            switch u {
            case .none: return nil
            case .char(let v)?: return v
            case .ignored?: continue
            case .event?:
                pushback.insert(u!, at: 0)
                return nil
            }
        }
    }

    mutating func unread(_ units: UInt32...) {
        pushback.insert(contentsOf: units.map { InputUnit.char($0) }, at: 0)
    }

    mutating func afterEscape() -> [InputEvent] {
        guard let c1 = read() else { return [.key(.escape)] }
        switch c1 {
        case 0x5B: return csi()                                  // [
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F:                       // ] P X ^ _
            skipString()
            return []
        case 0x4E, 0x4F:                                         // N O: SS2, SS3 and one character
            if let c = read(), c == 0x1B { unread(c) }
            return []
        case 0x20...0x2F:                                        // nF: intermediates, then a final
            skipIntermediates()
            return []
        case 0x1B:                                               // ESC ESC: Escape, then again
            unread(c1)
            return [.key(.escape)]
        default:
            // Alt+key: Escape, then the key.
            return [.key(.escape)] + (Key.fromChar(c1).map { [.key($0)] } ?? [])
        }
    }

    /// `ESC [` read: SGR or X10 mouse, or a CSI sequence dropped up to its final byte.
    mutating func csi() -> [InputEvent] {
        guard let c2 = read() else { return [.key(.escape), .key(.char("["))] }
        if c2 == 0x3C { return sgrMouse() }                       // <
        if c2 == 0x49 || c2 == 0x4F { return [.focus(c2 == 0x49)] } // I O: focus in, out (G6)
        if c2 == 0x4D {                                           // M
            guard let b = read(), let x = read(), let y = read(),
                  let ev = MouseReport.decodeX10(Int(b), Int(x), Int(y)) else { return [] }
            return [.mouse(ev)]
        }
        var c = c2
        var params: [UInt32] = []
        // Parameters and intermediates (0x20–0x3F) up to the final byte (0x40–0x7E), however many.
        while (0x20...0x3F).contains(c) {
            if params.count < 4 { params.append(c) }
            guard let d = read() else { return [] }
            c = d
        }
        if c == 0x1B { unread(c) }                                // a new sequence begins: keep it
        // `ESC [ 200 ~`: bracketed paste (mode 2004). `ESC [ 201 ~` alone ends nothing: dropped.
        pasteBegins = c == 0x7E && params == [0x32, 0x30, 0x30]
        return []
    }

    /// `ESC [ <` read: the body `b;x;y` and `M` or `m`. Anything else drops the report.
    mutating func sgrMouse() -> [InputEvent] {
        var body = ""
        while let c = read() {
            if c == 0x4D || c == 0x6D {                           // M m
                guard let ev = MouseReport.decodeSGR(body, final: c == 0x4D ? "M" : "m") else { return [] }
                return [.mouse(ev)]
            }
            guard (0x20...0x3F).contains(c) else {
                if c == 0x1B { unread(c) }
                return []
            }
            // Digits beyond any real coordinate are read and dropped, not kept.
            if body.utf8.count < 32 { body.unicodeScalars.append(UnicodeScalar(c)!) }
        }
        return []
    }

    /// A control string's body, up to BEL, C1 ST (0x9C) or `ESC \`. An ESC followed by anything
    /// else also ends the string, and begins the next sequence (as xterm reads it).
    mutating func skipString() {
        while let c = read() {
            if c == 0x07 || c == 0x9C { return }
            if c == 0x1B {
                guard let d = read() else { return }
                if d != 0x5C { unread(0x1B, d) }
                return
            }
        }
    }

    /// nF escape: intermediates (0x20–0x2F), then one final byte (0x30–0x7E).
    mutating func skipIntermediates() {
        while let c = read() {
            if (0x20...0x2F).contains(c) { continue }
            if c == 0x1B { unread(c) }
            return
        }
    }
}
