/// The laid-out items of recently drawn posts, by post index, bounded (issue 6): a frame needs
/// the posts in view, a jump or a scroll a few more; nothing needs all of them. When the cache
/// holds twice its capacity, the least recently used half is dropped (amortised O(1) a use).
struct PostItemCache {
    let capacity: Int
    private var entries: [Int: (items: [PageItem], used: UInt64)] = [:]
    private var clock: UInt64 = 0

    init(capacity: Int) { self.capacity = max(1, capacity) }

    var count: Int { entries.count }

    mutating func get(_ i: Int) -> [PageItem]? {
        guard let e = entries[i] else { return nil }
        clock += 1
        entries[i] = (e.items, clock)
        return e.items
    }

    mutating func put(_ i: Int, _ items: [PageItem]) {
        clock += 1
        entries[i] = (items, clock)
        if entries.count >= 2 * capacity { evict() }
    }

    mutating func remove(_ i: Int) { entries[i] = nil }

    mutating func removeAll() { entries = [:] }

    private mutating func evict() {
        let stamps = entries.values.map(\.used).sorted()
        let cut = stamps[stamps.count - capacity]
        entries = entries.filter { $0.value.used >= cut }
    }
}
