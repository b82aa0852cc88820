import LiveblogModel
import TerminalKit
import TextCells

/// Text cut to a number of columns, with an ellipsis where it was cut (T8: sanitised first,
/// whatever the string's source). Works per grapheme cluster, measured as the screen draws it.
func truncate(_ s: String, _ width: Int, _ t: Theme) -> String {
    guard width > 0 else { return "" }
    let s = Sanitizer.clean(s)
    if TextWidth.width(s) <= width { return s }
    var out = ""
    var w = 0
    let ell = t.ellipsis
    let ew = TextWidth.width(ell)
    for ch in s {
        let cw = TextWidth.width(ch)
        if w + cw + ew > width { break }
        out.append(ch)
        w += cw
    }
    return out + (width > ew ? ell : "")
}

/// The end of `s` that fits `width` columns, with an ellipsis at the left where it was cut: the
/// `/` prompt keeps its cursor end visible (issue 18).
func truncateLeft(_ s: String, _ width: Int, _ t: Theme) -> String {
    guard width > 0 else { return "" }
    let s = Sanitizer.clean(s)
    if TextWidth.width(s) <= width { return s }
    let ell = t.ellipsis
    let room = width - TextWidth.width(ell)
    guard room > 0 else { return String(repeating: ".", count: width) }
    var tail: [Character] = []
    var w = 0
    for ch in s.reversed() {
        let cw = TextWidth.width(ch)
        if w + cw > room { break }
        tail.append(ch)
        w += cw
    }
    return ell + String(tail.reversed())
}

/// Text cut to a number of columns, without an ellipsis.
func truncateCells(_ s: String, _ width: Int) -> String {
    let s = Sanitizer.clean(s)
    if TextWidth.width(s) <= width { return s }
    var out = "", w = 0
    for ch in s {
        let cw = TextWidth.width(ch)
        if w + cw > width { break }
        out.append(ch)
        w += cw
    }
    return out
}
