/// The answers a terminal gave to `CapabilityQueries`, parsed from the raw bytes it sent back.
public struct TerminalReplies: Hashable, Sendable {
    /// The kitty graphics query was answered; `kittyOK` when the answer was "OK".
    public var kittyAnswered = false
    public var kittyOK = false
    /// DA1 attributes (nil: no DA1 reply came, the terminal is silent or too slow).
    public var da1: [Int]?
    /// XTVERSION's text, e.g. "XTerm(390)", "kitty(0.31.0)", "tmux 3.3a".
    public var version: String?
    /// DECRPM values per mode: 0 unknown, 1 set, 2 reset, 3 always set, 4 always reset.
    public var modes: [Int: Int] = [:]
    /// `CSI 4 ; h ; w t`: the text area in pixels.
    public var textArea: CellPixelSize?
    /// `CSI 6 ; h ; w t`: one cell in pixels.
    public var cell: CellPixelSize?
    /// TIOCGWINSZ's pixel size of the text area (xterm fills it; many terminals leave it 0).
    public var winsizePixels: CellPixelSize?
    /// OSC 11: the background colour, each channel 0…1 (issue 32).
    public var background: [Double]?

    public init() {}

    /// DECRPM says the mode exists and can be set (1, 2 or 3).
    public func modeSupported(_ mode: Int) -> Bool {
        guard let v = modes[mode] else { return false }
        return v == 1 || v == 2 || v == 3
    }

    /// Sixel graphics: DA1 attribute 4.
    public var sixel: Bool { da1?.contains(4) ?? false }
}

/// Splits terminal output into control strings and parses the replies (xterm ctlseqs).
public enum ReplyParser {
    /// Parses everything in `bytes`; unknown sequences and stray bytes are ignored.
    public static func parse(_ bytes: [UInt8]) -> TerminalReplies {
        var r = TerminalReplies()
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x1B, i + 1 < bytes.count else {
                i += 1
                continue
            }
            switch bytes[i + 1] {
            case 0x5B: // [  CSI
                i = csi(bytes, from: i + 2, into: &r)
            case 0x5D: // ] OSC: until ST or BEL
                let (body, next) = controlString(bytes, from: i + 2)
                r.background = osc11(body) ?? r.background
                i = next
            case 0x5F, 0x50: // _ APC, P DCS: until ST (ESC \) or BEL
                let (body, next) = controlString(bytes, from: i + 2)
                if bytes[i + 1] == 0x5F { apc(body, into: &r) } else { dcs(body, into: &r) }
                i = next
            default:
                i += 2
            }
        }
        return r
    }

    /// Whether `bytes` holds a complete DA1 reply (the sentinel: everything before it has come).
    public static func hasDA1(_ bytes: [UInt8]) -> Bool {
        parse(bytes).da1 != nil
    }

    /// The body of an APC/DCS/OSC string and the index after its terminator (or the end).
    static func controlString(_ b: [UInt8], from start: Int) -> ([UInt8], Int) {
        var j = start
        while j < b.count {
            if b[j] == 0x07 { return (Array(b[start..<j]), j + 1) }
            if b[j] == 0x1B, j + 1 < b.count, b[j + 1] == 0x5C { return (Array(b[start..<j]), j + 2) }
            j += 1
        }
        return (Array(b[start..<j]), j)
    }

    /// Parses one CSI sequence starting after `ESC [`; returns the index after its final byte.
    static func csi(_ b: [UInt8], from start: Int, into r: inout TerminalReplies) -> Int {
        var j = start
        while j < b.count, !(0x40...0x7E).contains(b[j]) { j += 1 }
        guard j < b.count else { return j }
        let body = String(decoding: b[start..<j], as: UTF8.self)
        let final = Character(UnicodeScalar(b[j]))
        csiReply(body, final: final, into: &r)
        return j + 1
    }

    static func csiReply(_ body: String, final: Character, into r: inout TerminalReplies) {
        switch final {
        case "c" where body.hasPrefix("?"):
            r.da1 = numbers(body.dropFirst())
        case "y" where body.hasPrefix("?") && body.hasSuffix("$"):
            let n = numbers(body.dropFirst().dropLast())
            if n.count == 2 { r.modes[n[0]] = n[1] }
        case "t":
            let n = numbers(Substring(body))
            guard n.count == 3, n[1] > 0, n[2] > 0 else { return }
            if n[0] == 4 { r.textArea = CellPixelSize(width: n[2], height: n[1]) }
            if n[0] == 6 { r.cell = CellPixelSize(width: n[2], height: n[1]) }
        default:
            break
        }
    }

    /// Kitty: `G i=31 ; OK` (or `G i=31 ; ENOTSUPPORTED:…`).
    static func apc(_ body: [UInt8], into r: inout TerminalReplies) {
        let s = String(decoding: body, as: UTF8.self)
        guard s.hasPrefix("G") else { return }
        let parts = s.dropFirst().split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        let keys = parts.first.map { $0.split(separator: ",") } ?? []
        guard keys.contains("i=\(CapabilityQueries.kittyID)") else { return }
        r.kittyAnswered = true
        r.kittyOK = parts.count == 2 && parts[1] == "OK"
    }

    /// OSC 11's reply body `11;rgb:RRRR/GGGG/BBBB` (1 to 4 hex digits a channel): the channels 0…1.
    static func osc11(_ body: [UInt8]) -> [Double]? {
        let s = String(decoding: body, as: UTF8.self)
        guard s.hasPrefix("11;rgb:") else { return nil }
        let parts = s.dropFirst(7).split(separator: "/")
        guard parts.count == 3 else { return nil }
        let channels = parts.compactMap { p -> Double? in
            guard (1...4).contains(p.count), let v = Int(p, radix: 16) else { return nil }
            return Double(v) / Double((1 << (4 * p.count)) - 1)
        }
        return channels.count == 3 ? channels : nil
    }

    /// XTVERSION: `> | text`.
    static func dcs(_ body: [UInt8], into r: inout TerminalReplies) {
        let s = String(decoding: body, as: UTF8.self)
        if s.hasPrefix(">|") { r.version = String(s.dropFirst(2)) }
    }

    static func numbers(_ s: Substring) -> [Int] {
        s.split(separator: ";", omittingEmptySubsequences: false).compactMap { Int($0) }
    }
}
