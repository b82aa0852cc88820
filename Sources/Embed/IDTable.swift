/// A map from string ids to values, for the page's per-media tables (B7): keys and values in two
/// plain arrays in insertion order, and a `SlotIndex` of their entry numbers. A `[String: Value]`
/// keeps a key and a value in every bucket and rounds its buckets up to a power of two: 4.2 MB
/// for the heavy liveblog's 65 000 media owners, this takes 2.6 MB. Entries are never removed
/// (the page only adds ids, or builds a new table).
struct IDTable<Value> {
    private(set) var keys: [String] = []
    private(set) var values: [Value] = []
    private var index = SlotIndex()

    init() {}

    var count: Int { keys.count }

    /// Where `key` is in `keys` and `values`, if it is there.
    func entry(of key: String) -> Int? {
        let (s, found) = index.find(key) { keys[Int($0)] }
        return found ? Int(index[s]) : nil
    }

    subscript(key: String) -> Value? { entry(of: key).map { values[$0] } }

    /// Sets the value of `key`; false when the key was there already (its value replaced).
    @discardableResult
    mutating func set(_ v: Value, for key: String) -> Bool {
        index.reserveOne { [keys] in keys[Int($0)] }
        let (s, found) = index.find(key) { keys[Int($0)] }
        if found {
            values[Int(index[s])] = v
            return false
        }
        keys.append(key)
        values.append(v)
        index.set(slot: s, to: Int32(keys.count - 1))
        return true
    }
}

extension IDTable: Sendable where Value: Sendable {}
