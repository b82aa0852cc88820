import CSupport

/// Display width of a grapheme cluster (a Swift `Character`) as modern terminals draw it
/// (E1, issue 18): `wcwidth` (the table ncurses itself uses) for the cluster's base, and two
/// columns for a cluster in emoji presentation: an emoji base with U+FE0F (❤️, 1️⃣), a keycap, a
/// flag (two regional indicators), a skin-tone modifier (👍🏽) or a ZWJ sequence (👩‍👩‍👧, 🏳️‍🌈),
/// each drawn as ONE 2-column cluster. U+FE0F or U+20E3 after a base that is no emoji asks for a
/// presentation the base does not have: the base's width (UTS #51 §1.4.3, as terminals draw it).
/// A soft hyphen is 0 columns: invisible unless a line breaks at it, where it is drawn as "-"
/// (see `TextLayout`). Sources: Unicode UTS #51 §4 (emoji presentation sequences), UAX #11.
///
/// The one width function (issue 25): layout (LiveblogModel, Embed, the World's link hit-test)
/// and drawing (TerminalKit's screens, TerminalUI's truncation) both call it, so a line is as
/// wide on the screen as the layout made it.
public enum TextWidth {
    /// The soft hyphen, U+00AD: a break point inside a word (Unicode, UAX #14 class BA).
    public static let softHyphen: Character = "\u{AD}"

    /// The columns of one cluster: 0, 1 or 2. An ASCII control is 0 here (the screen draws
    /// controls as "?" before measuring; layout sees them only in fuzzing).
    @inlinable
    public static func width(_ c: Character) -> Int {
        if c.isASCII { return c.asciiValue.map { $0 >= 0x20 && $0 < 0x7F ? 1 : 0 } ?? 1 }
        let scalars = c.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value == 0xAD { return 0 }
        var w = max(Int(lb_wcwidth(first.value)), 0)
        var index = 0
        for u in scalars {
            index += 1
            if index == 1 { continue }
            if isEmojiPresentation(u.value, after: first) { return 2 }
            let cw = Int(lb_wcwidth(u.value))
            if cw > 0 && w == 0 { w = cw }
        }
        return w
    }

    /// Whether a scalar following `first` in one cluster makes it an emoji drawn 2 columns wide.
    @inlinable @inline(__always)
    static func isEmojiPresentation(_ v: UInt32, after first: Unicode.Scalar) -> Bool {
        switch v {
        case 0xFE0F, 0x20E3, 0x200D:                   // emoji style, keycap, ZWJ sequence
            return first.properties.isEmoji
        case 0x1F3FB...0x1F3FF:                        // skin tones (Fitzpatrick modifiers)
            return true
        case 0x1F1E6...0x1F1FF:                        // second regional indicator: a flag
            return (0x1F1E6...0x1F1FF).contains(first.value)
        default:
            return false
        }
    }

    /// The columns of a string, cluster by cluster (every ASCII character one: the string is
    /// sanitised text, as the screen's `put` returns for it).
    @inlinable
    public static func width(_ s: String) -> Int {
        var total = 0
        for c in s {
            if c.isASCII { total += 1 } else { total += width(c) }
        }
        return total
    }
}
