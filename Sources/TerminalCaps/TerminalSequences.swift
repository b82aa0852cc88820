import Foundation

/// The control sequences liveblog writes for the modern-terminal features (xterm ctlseqs; the
/// synchronized-output, OSC 8 and OSC 52 notes they cite).
public enum TerminalSequences {
    static let esc = "\u{1B}"
    static let st = "\u{1B}\\"

    /// G3: Begin/End Synchronized Update (DEC private mode 2026).
    public static let syncBegin = esc + "[?2026h"
    public static let syncEnd = esc + "[?2026l"

    /// G4: SGR-Pixels mouse (1016) on top of SGR (1006); off restores cell reports.
    public static let sgrPixelsOn = esc + "[?1016h"
    public static let sgrPixelsOff = esc + "[?1016l"

    /// G6: focus in/out reports (`CSI I`, `CSI O`).
    public static let focusOn = esc + "[?1004h"
    public static let focusOff = esc + "[?1004l"

    /// G5: OSC 8 hyperlink around `text`: `OSC 8 ; params ; URI ST text OSC 8 ; ; ST`.
    /// The URI is limited to printable ASCII (bytes 32–126), as the OSC 8 note requires; others
    /// are percent-encoded. `id` groups cells of one link broken across lines.
    public static func hyperlinkOpen(_ uri: String, id: String? = nil) -> String {
        let params = id.map { "id=" + safeParam($0) } ?? ""
        return esc + "]8;" + params + ";" + safeURI(uri) + st
    }

    public static let hyperlinkClose = esc + "]8;;" + st

    public static func hyperlink(_ uri: String, text: String, id: String? = nil) -> String {
        hyperlinkOpen(uri, id: id) + text + hyperlinkClose
    }

    /// G5: OSC 52 puts `text` on the clipboard ("c"): `OSC 52 ; c ; base64 ST`.
    public static func copyToClipboard(_ text: String) -> String {
        esc + "]52;c;" + Data(text.utf8).base64EncodedString() + st
    }

    /// Printable ASCII only; everything else percent-encoded (no ESC, BEL or ST can get in).
    static func safeURI(_ uri: String) -> String {
        var out = ""
        for b in uri.utf8 {
            if (0x21...0x7E).contains(b) {
                out.unicodeScalars.append(UnicodeScalar(b))
            } else {
                out += String(format: "%%%02X", b)
            }
        }
        return out
    }

    /// OSC 8 parameters may not contain ':' or ';' (they separate key=value pairs).
    static func safeParam(_ s: String) -> String {
        String(safeURI(s).filter { $0 != ":" && $0 != ";" })
    }
}
