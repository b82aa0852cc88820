import LiveblogModel
import CSupport

/// The columns a grapheme cluster takes on a modern terminal (issue 18): a cluster with emoji
/// presentation is two columns, whatever its first scalar's `wcwidth` says. Emoji presentation
/// here: an emoji variation selector (U+FE0F: ❤️, 🏳️‍🌈, 1️⃣), a combining keycap (U+20E3), or a
/// pair of regional indicators (a flag, 🇩🇪). Other clusters take the model's width
/// (`TextWidth`, wcwidth-based, so that layout and drawing agree), at most 2.
/// Sources: Unicode UTS #51 §4 (emoji presentation sequences), UAX #11 (East Asian Width).
public enum ClusterWidth {
    public static func width(_ c: Character) -> Int {
        if c.isASCII { return 1 }
        let base = min(TextWidth.width(c), 2)
        guard base < 2, c.unicodeScalars.count > 1 else { return base }
        var regional = 0
        for u in c.unicodeScalars {
            switch u.value {
            case 0xFE0F, 0x20E3: return 2
            case 0x1F1E6...0x1F1FF: regional += 1
            default: break
            }
        }
        return regional >= 2 ? 2 : base
    }

    /// The columns ncurses gives the cluster: its first scalar's wcwidth (`cchar_t` is measured
    /// by `chars[0]`). Where it is less than `width`, the screen skips the missing column itself.
    static func ncursesWidth(_ c: Character) -> Int {
        guard let u = c.unicodeScalars.first else { return 0 }
        return max(0, Int(lb_wcwidth(u.value)))
    }
}

extension ClusterWidth {
    /// The columns a string takes, cluster by cluster (what `Screen.put` returns for clean text).
    public static func width(of s: String) -> Int {
        var total = 0
        for c in s { total += c.isASCII ? 1 : width(c) }
        return total
    }
}
