/// Post heights as prefix sums (a Fenwick tree): the top of post i, the post at y, and a
/// height change are all O(log n) (principle 5 of docs/architecture.md, B2). Structural changes (posts
/// arriving at the top) rebuild in O(n), which is rare; appends at the bottom are O(log n) each.
/// Heights are whole points, so every sum is exact in a Double.
public struct HeightIndex: Sendable {
    private var tree: [Double]      // 1-based Fenwick array
    private var values: [Double]

    public init(heights: [Double] = []) {
        values = heights
        tree = []
        rebuild()
    }

    public var count: Int { values.count }
    public var total: Double { prefix(values.count) }
    public subscript(i: Int) -> Double { values[i] }

    /// Standard O(n) build: each node adds itself into its parent once, children before parents.
    private mutating func rebuild() {
        let n = values.count
        tree = [0] + values
        var i = 1
        while i <= n {
            let j = i + (i & (-i))
            if j <= n { tree[j] += tree[i] }
            i += 1
        }
    }

    /// Sum of heights[0..<i].
    public func prefix(_ i: Int) -> Double {
        var s = 0.0
        var j = min(i, values.count)
        while j > 0 {
            s += tree[j]
            j -= j & (-j)
        }
        return s
    }

    public mutating func set(_ i: Int, _ h: Double) {
        let d = h - values[i]
        if d == 0 { return }
        values[i] = h
        var j = i + 1
        while j < tree.count {
            tree[j] += d
            j += j & (-j)
        }
    }

    /// The index of the element that contains y (prefix(i) <= y < prefix(i+1)); clamps to 0..<count.
    /// Zero-height elements are skipped over. Returns nil when empty.
    public func index(containing y: Double) -> Int? {
        let n = values.count
        guard n > 0 else { return nil }
        if y < 0 { return 0 }
        var pos = 0
        var rem = y
        var step = 1
        while step * 2 <= n { step *= 2 }
        while step > 0 {
            let next = pos + step
            if next <= n && tree[next] <= rem {
                pos = next
                rem -= tree[next]
            }
            step /= 2
        }
        return min(pos, n - 1)
    }

    public mutating func insert(contentsOf heights: [Double], at i: Int) {
        values.insert(contentsOf: heights, at: i)
        rebuild()
    }

    /// Posts at the bottom (a page of older posts, a streamed body: B9): O(log n) each, the new
    /// node covering (k - lowbit(k), k] is its value plus the sums already in the tree.
    public mutating func append(contentsOf heights: [Double]) {
        for h in heights {
            values.append(h)
            let k = values.count
            tree.append(h + prefix(k - 1) - prefix(k - (k & (-k))))
        }
    }

    public mutating func replaceAll(_ heights: [Double]) {
        values = heights
        rebuild()
    }
}
