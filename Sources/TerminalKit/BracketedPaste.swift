/// Bracketed paste (xterm mode 2004; issue 15): with the mode on, the terminal wraps pasted text
/// in `ESC [ 200 ~` … `ESC [ 201 ~`, so a paste arrives as text, never as keystrokes. The
/// collector takes the characters after the start marker one at a time, in constant time each
/// (a 1 MB paste costs 1 MB of appends, never a rescan), up to the end marker; it keeps at most
/// `limit` characters of the text and consumes the rest.
public struct PasteCollector {
    /// Mode 2004 on and off.
    public static let enable = "\u{1B}[?2004h"
    public static let disable = "\u{1B}[?2004l"
    /// `ESC [ 201 ~`: only its first character is an ESC, so a failed partial match restarts
    /// at most at that character.
    static let endMarker: [UInt32] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// How many characters of a paste are kept (the rest is read and dropped).
    public let limit: Int
    public private(set) var active = false
    private var text = String.UnicodeScalarView()
    private var kept = 0
    private var matched = 0

    public init(limit: Int = 1 << 20) { self.limit = limit }

    /// The start marker was read: collect.
    public mutating func begin() {
        active = true
        text = String.UnicodeScalarView()
        kept = 0
        matched = 0
    }

    /// One character of the paste; the whole text when this character completes the end marker.
    public mutating func feed(_ v: UInt32) -> String? {
        if v == PasteCollector.endMarker[matched] {
            matched += 1
            guard matched == PasteCollector.endMarker.count else { return nil }
            return finish(keepingPartialMarker: false)
        }
        // Not the marker after all: what matched of it is text, and `v` may start it again.
        for m in PasteCollector.endMarker.prefix(matched) { append(m) }
        matched = 0
        if v == PasteCollector.endMarker[0] { matched = 1 } else { append(v) }
        return nil
    }

    /// Ends the paste where the input ended (a truncated paste): the text so far.
    public mutating func finish(keepingPartialMarker: Bool = true) -> String {
        if keepingPartialMarker { for m in PasteCollector.endMarker.prefix(matched) { append(m) } }
        let out = String(text)
        active = false
        text = String.UnicodeScalarView()
        kept = 0
        matched = 0
        return out
    }

    private mutating func append(_ v: UInt32) {
        guard kept < limit else { return }
        text.append(UnicodeScalar(v) ?? "\u{FFFD}")
        kept += 1
    }

    /// A paste as a line of prompt text: controls and line breaks become spaces, at most
    /// `maxCount` characters (T8: pasted text is untrusted too).
    public static func promptText(_ paste: String, maxCount: Int) -> String {
        var out = String.UnicodeScalarView()
        var n = 0
        for u in paste.unicodeScalars {
            guard n < maxCount else { break }
            let v = u.value
            let control = v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v)
            out.append(control ? " " : u)
            n += 1
        }
        return String(out)
    }
}
