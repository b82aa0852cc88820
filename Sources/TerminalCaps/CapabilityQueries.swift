/// The questions liveblog asks the terminal at start (G1, G3, G4, G6). Every one is answered by a
/// terminal that knows it and ignored by one that does not; DA1 (`CSI c`) is answered by every
/// terminal, so it goes last and its reply ends the wait early.
public enum CapabilityQueries {
    static let esc = "\u{1B}"

    /// Kitty graphics query: a 1×1 RGB image with `a=q` (query, never stored or shown), answered
    /// `ESC _G i=31 ; OK ESC \` where the protocol works (kitty docs, "Querying support").
    public static let kittyID = 31
    public static let kitty = esc + "_Gi=\(kittyID),s=1,v=1,a=q,t=d,f=24;AAAA" + esc + "\\"
    /// XTVERSION: `ESC P > | name(version) ESC \` (xterm ctlseqs, `CSI > Ps q`).
    public static let xtversion = esc + "[>0q"
    /// DECRQM for a DEC private mode: answered `CSI ? mode ; Ps $ y` (DECRPM).
    public static func decrqm(_ mode: Int) -> String { esc + "[?\(mode)$p" }
    /// Window size in pixels (`CSI 4 ; h ; w t`) and cell size in pixels (`CSI 6 ; h ; w t`).
    public static let textAreaPixels = esc + "[14t"
    public static let cellPixels = esc + "[16t"
    /// OSC 11 query of the background colour: answered `OSC 11 ; rgb:RRRR/GGGG/BBBB ST` (xterm
    /// ctlseqs), ignored elsewhere; it picks the light palette (issue 32).
    public static let background = esc + "]11;?" + esc + "\\"
    /// DA1: `CSI ? 6x ; attrs c`; attribute 4 means sixel graphics.
    public static let da1 = esc + "[c"

    /// The modes asked with DECRQM: 2026 synchronized output, 1016 SGR-Pixels, 1004 focus.
    public static let modes = [2026, 1016, 1004]

    /// All queries in the order they are sent (DA1 last, as the sentinel).
    public static func all(kittyQuery: String = kitty) -> String {
        kittyQuery + xtversion + modes.map(decrqm).joined() + textAreaPixels + cellPixels + background + da1
    }

}
