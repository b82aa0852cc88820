import LiveblogModel
import Embed
import Simulation

/// What the front end shows on top of the world: overlays, panels, the jump prompt, messages.
/// None of it changes the world; the App turns choices into world inputs.
public struct UIState {
    public enum Overlay: Equatable {
        case none, help, timeline, console
        case panel(PanelKind, selected: Int)
        case prompt(text: String, selected: Int)
        /// W3: a video or audio URL the page handed over; y runs the player, anything else not.
        case confirmPlayer(PlayerCommand)
    }
    public enum PanelKind: String { case highlights = "Highlights", chapters = "Chapters", scorers = "Scorers" }

    public var overlay: Overlay = .none
    /// A line shown in the toolbar for a while (external links, not found, …).
    public var message: (text: String, until: Double)?
    /// The demo's caption, shown in the navigation bar.
    public var caption: String?
    public var recording: Bool = false
    /// The network badge when the page loads for real (R2: "real", "capture"); nil: its profile.
    public var networkLabel: String?
    public init() {}
}

/// Entries of a panel (L7): the post id and a label.
func panelEntries(_ kind: UIState.PanelKind, _ lb: Liveblog) -> [(id: String, label: String)] {
    switch kind {
    case .highlights:
        return lb.highlights.map { p in
            let text = p.headline ?? p.blocks.lazy.compactMap { if case .text(let t) = $0 { return t.plainText } else { return nil } }.first ?? p.id
            return (p.id, "\(Page.clock(p.createdAt))  \(text)")
        }
    case .chapters:
        return lb.chapters.map { ($0.id, "\(Page.clock($0.createdAt))  \($0.headline ?? $0.id)") }
    case .scorers:
        return lb.scorers.map { p in
            let s = p.sportEvent!
            let who = s.players.isEmpty ? (s.title ?? "Goal") : s.players.joined(separator: ", ")
            return (p.id, "\(s.timeOfPlay ?? Page.clock(p.createdAt))  \(who)\(s.team.map { " (\($0))" } ?? "")")
        }
    }
}

/// Ids that start with the prompt's text (the `/` jump's completion), loaded posts first.
func completions(_ text: String, _ lb: Liveblog, limit: Int = 8) -> [String] {
    let t = text.lowercased()
    var out: [String] = []
    for p in lb.posts where t.isEmpty || p.id.lowercased().hasPrefix(t) {
        out.append(p.id)
        if out.count >= limit { break }
    }
    if out.count < limit && !t.isEmpty {
        for p in lb.posts where !p.id.lowercased().hasPrefix(t) && p.id.lowercased().contains(t) {
            out.append(p.id)
            if out.count >= limit { break }
        }
    }
    return out
}

/// Where a panel's entries sit on a screen of `rows` rows (drawing and clicks share it): the row of
/// the first visible entry, the index of that entry, and how many entries show. Long lists scroll
/// so that the selected entry stays visible.
func panelLayout(rows: Int, count: Int, selected: Int) -> (firstRow: Int, firstEntry: Int, visible: Int) {
    let lines = max(1, count)
    let height = max(2, min(rows - 2, lines + 2))
    let top = max(1, (rows - height) / 2)
    let visible = max(0, height - 2)
    let first = count > visible ? max(0, min(selected - visible / 2, count - visible)) : 0
    return (top + 1, first, visible)
}
