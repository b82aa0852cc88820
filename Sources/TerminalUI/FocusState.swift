/// G6: the terminal's focus (mode 1004 reports `CSI I` / `CSI O`). While unfocused nothing
/// animates and the run loop wakes seldom; on return the reader learns how many posts came.
struct FocusState {
    /// Focused unless the terminal said otherwise (terminals without 1004 never say).
    private(set) var focused = true
    /// The page's post count when focus left.
    private var postsAtBlur: Int?

    /// How long the run loop may sleep in input while unfocused (ms): live posts and loads still
    /// arrive, at a slower pace, and no frame is drawn.
    static let unfocusedTimeoutMs = 1000

    mutating func blur(postCount: Int) {
        guard focused else { return }
        focused = false
        postsAtBlur = postCount
    }

    /// Focus came back: the message to show, if posts arrived meanwhile.
    mutating func focus(postCount: Int) -> String? {
        guard !focused else { return nil }
        focused = true
        defer { postsAtBlur = nil }
        guard let before = postsAtBlur, postCount > before else { return nil }
        let n = postCount - before
        return "\(n) new since you left"
    }
}
