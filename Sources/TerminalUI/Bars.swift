import Foundation
import LiveblogModel
import Simulation
import TerminalKit
import TextCells

/// The navigation bar above the list (H1): the title, the origin, and badges for the mode,
/// platform, hook, network, device (D1) and recording.
struct NavBar {
    let facts: NavFacts
    let ui: UIState
    /// W1: the load progress, drawn as the bar's bottom edge; nil once the page is loaded.
    var progress: Double?

    func draw(on screen: Screen, _ t: Theme, in area: Rect) {
        guard area.height > 0 else { return }
        let w = facts, rows = area.height
        let s = progress.map { ProgressBar(progress: $0).edge(of: screen, t, row: area.bottom - 1, in: area) } ?? screen
        for r in area.rows { s.fill(row: r, col: area.col, width: area.width, " ", t.navBar) }
        // W2: canGoBack / canGoForward, shown while there is somewhere to go.
        let back = w.canGoBack ? ["\(t.back) H"] : []
        let history = back + (w.canGoForward ? ["L \(t.forward)"] : [])
        var badges = history + Self.emulation(w, ui) + (ui.recording ? ["● rec"] : [])
        // Issue 32: whole badges only; the last ones give way on a narrow terminal.
        func width(_ b: [String]) -> Int {
            TextWidth.width(t.ascii(b.map { " \($0) " }.joined(separator: " ")))
        }
        while badges.count > 1, width(badges) > area.width - 2 { badges.removeLast() }
        let badgeText = badges.map { " \($0) " }.joined(separator: " ")
        let badgeW = TextWidth.width(t.ascii(badgeText))
        let titleRow = area.row + (rows >= 2 ? rows - 2 : 0)
        let lastRow = area.bottom - 1
        let title = ui.caption ?? w.title
        let maxTitle = max(0, area.width - 2 - (titleRow == lastRow ? badgeW + 1 : 0))
        s.put(row: titleRow, col: area.col + 1, t.ascii(truncate(title, maxTitle, t)), t.navBar)
        var c = area.col + max(1, area.width - badgeW - 1)
        for b in badges {
            c += s.put(row: lastRow, col: c, t.ascii(" \(b) "), t.navBadge)
            c += 1
        }
        if rows >= 2 && titleRow != lastRow {
            let origin = truncate("liveblog · \(w.origin)", max(0, c - area.col - badgeW - 3), t)
            s.put(row: lastRow, col: area.col + 1, t.ascii(origin), t.navBar)
        }
    }
}

extension NavBar {
    /// The emulation's defaults (`view`'s): a badge that says one of these says nothing to a reader.
    static let defaults: Set<String> = ["content", "ios", "hook 2p", "fast", "real", "terminal"]

    /// V4: the emulation's badges (mode, platform, hook, network, device): all of them in the lab
    /// (`--lab`, compare, `--explain`) or with a device; for a reader only those that differ from
    /// the defaults.
    static func emulation(_ w: NavFacts, _ ui: UIState) -> [String] {
        let all = [w.mode, w.platform, w.hook, ui.networkLabel ?? w.network] + (w.device.map { [$0] } ?? [])
        let device = w.device.map { $0 != "terminal" } ?? false
        if ui.lab || ui.aids != nil || device { return all }
        return all.filter { !defaults.contains($0) }
    }
}

/// The toolbar below the list: a message, the focused link, the keys, or the state of the jump
/// (E3–E13: held time left, end reason, calls and corrections, top, clamping, drops).
struct Toolbar {
    /// The keys' hint, from the key map (T2).
    static let keys = KeyMap.reader.hint

    /// Issue 32: the hint in `room` columns: whole hints only, and the way out (`? help`,
    /// `q quit`, the last two) always, the others from the left while they fit.
    static func keys(fitting room: Int) -> String {
        guard TextWidth.width(keys) > room else { return keys }
        let hints = KeyMap.reader.bindings.compactMap(\.hint)
        let way = Array(hints.suffix(2)), rest = hints.dropLast(2)
        var kept: [String] = []
        for h in rest {
            let line = (kept + [h] + way).joined(separator: " · ")
            if TextWidth.width(line) > room { break }
            kept.append(h)
        }
        return (kept + way).joined(separator: " · ")
    }

    let facts: ToolbarFacts
    let ui: UIState
    /// R3: the "N new posts" pill at the bar's right end, off the list (issue 32); nil while no
    /// post arrived above the view.
    var pill: NewPostsPill?
    /// W1: the load progress as the bar's top edge, when there is no navigation bar; nil once
    /// the page is loaded (or the navigation bar shows it).
    var progress: Double?

    func draw(on screen: Screen, _ t: Theme, in area: Rect) {
        guard area.height > 0 else { return }
        let w = facts
        let s = progress.map { ProgressBar(progress: $0).edge(of: screen, t, row: area.row, in: area) } ?? screen
        for r in area.rows { s.fill(row: r, col: area.col, width: area.width, " ", t.toolbar) }
        pill?.draw(on: s, t, in: area)
        let r = area.bottom - 1
        var room = area.width - 2 - (pill?.reserved(in: area) ?? 0)
        func line(_ text: String, _ style: Style) {
            s.put(row: r, col: area.col + 1, t.ascii(truncate(text, room, t)), style)
        }
        if let m = ui.message, m.until > w.seconds { return line(m.text, t.toolbarHot) }
        if let href = w.focusedHref {
            return line("link: \(href)  (Enter follows, Tab next, Esc back to the list)", t.toolbarHot)
        }
        let search = ui.search.map { [("\($0.label) n N Esc", true)] } ?? []
        // V4: a reader sees the jump's state while it holds or moves, then the keys again; the
        // lab (`--lab`, compare, `--explain`) and a recording keep it.
        let jump = w.jump.flatMap { j in
            j.heldLeft != nil || j.animating || ui.lab || ui.aids != nil || ui.recording ? j : nil
        }
        guard let j = jump else {
            room -= drawPosition(on: s, t, row: r, in: area, room: room)
            if search.isEmpty { return line(Self.keys(fitting: room), t.toolbar) }
            return line(search[0].0, t.toolbarHot)
        }
        var c = area.col + 1
        for (text, hot) in search + jumpParts(j, t) {
            let txt = t.ascii(text)
            if c + TextWidth.width(txt) > area.col + 1 + room { break }
            c += s.put(row: r, col: c, txt, hot ? t.toolbarHot : t.toolbar)
            c += s.put(row: r, col: c, "  ", t.toolbar)
        }
    }

    /// V3: the reading position at the bar's right end (`post 12/68 · 18 %`), while the pill
    /// does not hold it: the whole form where the way out's hints still fit beside it, else the
    /// short one, else none. The columns it took.
    func drawPosition(on s: Screen, _ t: Theme, row r: Int, in area: Rect, room: Int) -> Int {
        guard pill == nil, let p = facts.position else { return 0 }
        let long = p.post.map { "post \($0)/\(p.of) · \(p.percent) %" } ?? "\(p.percent) %"
        let short = p.post.map { "\($0)/\(p.of)" } ?? "\(p.percent)%"
        let minimum = TextWidth.width(Self.keys(fitting: 0)) + 2
        guard let text = [long, short].first(where: { room - TextWidth.width($0) - 2 >= minimum }) else { return 0 }
        let width = TextWidth.width(t.ascii(text))
        s.put(row: r, col: area.right - 1 - width, t.ascii(text), t.toolbar)
        return width + 2
    }

    /// The jump's state as labelled parts; `true` marks the ones shown highlighted.
    func jumpParts(_ facts: JumpFacts, _ t: Theme) -> [(String, Bool)] {
        let j = facts.status
        var parts: [(String, Bool)] = []
        parts.append(("jump #\(j.jumpId)\(j.postId.map { " \(t.arrow) \($0)" } ?? "")", true))
        if let left = facts.heldLeft {
            // The time the hold has LEFT, labelled so: not the time held so far (issue 17).
            parts.append((String(format: "%.1fs left", left), true))
        } else if let reason = j.endReason {
            parts.append(("ended: \(reason)", false))
        }
        parts.append(("calls \(j.calls) (\(j.corrections) corr)", false))
        if let top = j.lastTop { parts.append(("top \(Int(top.rounded()))", false)) }
        if j.clamped { parts.append(("clamped", true)) }
        if facts.animating { parts.append(("animating", true)) }
        if j.drops > 0 { parts.append(("dropped \(j.drops)", true)) }
        if let y = facts.postY { parts.append(("y \(Int(y.rounded()))", false)) }
        return parts
    }
}
