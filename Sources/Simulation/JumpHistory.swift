import LiveblogModel

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
