import LiveblogModel
import Embed

/// The history of jumps (W2), as a browser keeps its session history: one entry per jump, each
/// with the reading position the reader left it at. A jump drops the entries ahead of the
/// current one; back and forward keep the position they leave, as browsers keep the scroll
/// position of the entry they leave (HTML's "persist history entry state": scroll restoration).
public struct JumpHistory: Equatable, Sendable {
    /// Chrome keeps at most 50 entries a tab (content/browser: `kMaxSessionHistoryEntries`).
    public static let maxEntries = 50

    /// The entries' positions; nil for the current entry until the reader leaves it.
    public private(set) var entries: [ReadingPosition?] = [nil]
    public private(set) var index = 0

    public init() {}

    public var canGoBack: Bool { index > 0 }
    public var canGoForward: Bool { index < entries.count - 1 }

    /// A jump: the current entry keeps `left`, the entries ahead go, a new entry follows.
    public mutating func jumped(leaving left: ReadingPosition?) {
        entries[index] = left
        entries.removeSubrange((index + 1)...)
        entries.append(nil)
        let over = entries.count - JumpHistory.maxEntries
        if over > 0 { entries.removeFirst(over) }
        index = entries.count - 1
    }

    /// Back (-1) or forward (+1): the current entry keeps `left`, and the entry that way
    /// becomes current (its position is `current`); false when there is none.
    public mutating func go(_ step: Int, leaving left: ReadingPosition?) -> Bool {
        let j = index + step
        guard j >= 0, j < entries.count else { return false }
        entries[index] = left
        index = j
        return true
    }

    /// The position kept for the current entry (nil before the reader first left it).
    public var current: ReadingPosition? { entries[index] }
}

/// Back and forward through the jumps (W2): every jump the page makes is a history entry that
/// keeps the reading position it left; back and forward restore those positions, as a browser
/// restores the scroll position of a history entry. Going back is reader input (E16): it ends a
/// held jump (E11, reason `input`).
extension World {
    /// The reading position now: the first post at least partly visible under the top inset, and
    /// how far the top of the visible area is inside it. nil when the page shows no posts.
    public func readingPosition() -> ReadingPosition? {
        guard pageSide.page.showsPosts, pageSide.page.loadedCount > 0 else { return nil }
        let f = webFrame
        let topY = insetTop - f.top + f.scroll
        let last = pageSide.page.loadedCount - 1
        let end = pageSide.page.postTop(index: last) + pageSide.page.postHeight(index: last)
        let y = min(max(topY, pageSide.page.postTop(index: 0)), end - 0.001)
        guard let i = pageSide.page.postIndex(at: y) else { return nil }
        return ReadingPosition(postId: pageSide.page.liveblog.posts[i].id, offset: topY - pageSide.page.postTop(index: i))
    }

    /// A jump was found (the page's `nav` line): a new history entry; the one it leaves keeps
    /// the reading position before the jump moves anything.
    func noteJump() {
        history.jumped(leaving: readingPosition())
    }

    /// Back (`Backspace`, `H`, the mouse's back button) or forward (`L`).
    func goInHistory(_ step: Int) {
        guard history.go(step, leaving: readingPosition()) else { return }
        pageInput(.history)
        guard let p = history.current else { return }
        guard let i = pageSide.page.loadedPostIndex(p.postId) else {
            pageCall { $0.log("warn", "history: post \(p.postId) is not on the pageSide.page") }
            return
        }
        // The reader takes over, as with a scroll key: motion stops, the host stops following.
        scrollSide.readerTookOver(now: tick)
        // M3's collapsing header moves the page at another rate than its scroll: a few rounds.
        for _ in 0..<4 {
            restoreAnchor((i, insetTop + p.postY))
            guard let y = postY(p.postId), abs(y - p.postY) > 0.01 else { break }
        }
        if config.mode == .content {
            // A page that changed since stays in its range, as a browser clamps a restored scroll.
            scrollSide.clampIntoRange()
        }
        let way = step < 0 ? "back" : "forward"
        pageCall { $0.log("info", "\(way) to \(p.postId) at \(Int(p.offset.rounded())) pt into it") }
    }
}
