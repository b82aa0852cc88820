/// Open addressing over 32-bit values whose keys live elsewhere (B7): linear probing, at most
/// three quarters full, `Int32.min` an empty slot. The owner says which key a stored value stands
/// for (`keyOf`), so the index keeps no strings: `IDTable` stores entry numbers into its own key
/// array, `PostIndex` positions of posts whose ids are the keys. A `[String: Value]` keeps a key
/// and a value in every bucket instead (6.3 MB for the catalog at 100 000 posts).
struct SlotIndex: Sendable {
    static let empty = Int32.min
    private var slots: [Int32]
    private(set) var count = 0

    init(capacity n: Int = 0) {
        slots = [Int32](repeating: SlotIndex.empty, count: SlotIndex.slotCount(for: n))
    }

    private static func slotCount(for n: Int) -> Int {
        var s = 16
        while s * 3 < n * 4 + 4 { s *= 2 }
        return s
    }

    subscript(slot: Int) -> Int32 { slots[slot] }

    /// The slot whose value's key is `key`, or the empty slot where it would go. `keyOf` gives
    /// the key of a stored value (nil: it matches no key).
    func find(_ key: String, keyOf: (Int32) -> String?) -> (slot: Int, found: Bool) {
        let mask = slots.count - 1
        var s = key.hashValue & mask
        while true {
            let v = slots[s]
            if v == SlotIndex.empty { return (s, false) }
            if keyOf(v) == key { return (s, true) }
            s = (s + 1) & mask
        }
    }

    /// Stores `v` in slot `s` (found by `find`, after `reserveOne`).
    mutating func set(slot s: Int, to v: Int32) {
        if slots[s] == SlotIndex.empty { count += 1 }
        slots[s] = v
    }

    /// Room for one more value: the index doubles at three quarters full, every value placed
    /// again under its key.
    mutating func reserveOne(keyOf: (Int32) -> String?) {
        guard (count + 1) * 4 > slots.count * 3 else { return }
        let old = slots
        slots = [Int32](repeating: SlotIndex.empty, count: SlotIndex.slotCount(for: max(16, count * 2)))
        let mask = slots.count - 1
        for v in old where v != SlotIndex.empty {
            guard let key = keyOf(v) else { preconditionFailure("a stored value without its key") }
            var s = key.hashValue & mask
            while slots[s] != SlotIndex.empty { s = (s + 1) & mask }
            slots[s] = v
        }
    }

    /// Adds `delta` to every stored value of at least `threshold` (the keys stay where they are).
    mutating func shift(atLeast threshold: Int32, by delta: Int32) {
        for s in slots.indices where slots[s] != SlotIndex.empty && slots[s] >= threshold { slots[s] += delta }
    }
}
