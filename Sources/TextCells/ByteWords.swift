/// Reading bytes eight at a time (B7): the scans of the parse and of the first layout look for
/// the first byte of a kind in long runs of ordinary text. A mark sets the high bit of the bytes
/// of a word that are of the kind, exactly at the lowest one (a borrow may also flag bytes above a
/// true one, never below), so the lowest marked byte is the first byte of the kind. Inlinable:
/// the parser's and the layout's hot loops (LiveblogModel) call it across the module boundary.
public enum ByteWords {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let high: UInt64 = 0x8080_8080_8080_8080

    /// Marks the bytes equal to `b`.
    @inlinable @inline(__always)
    public static func equal(_ x: UInt64, _ b: UInt8) -> UInt64 {
        let v = x ^ (ones &* UInt64(b))
        return (v &- ones) & ~v & high
    }

    /// Marks the bytes outside `low`…0x7E (`low` ≥ 1): a high bit, under `low`, or DEL. Exact for
    /// every byte: with the high bit forced on, a byte minus `low` (or 0x7F) never borrows from
    /// the next, so its high bit says whether its low seven bits reach `low` (or are 0x7F).
    @inlinable @inline(__always)
    public static func outsidePrintable(_ x: UInt64, from low: UInt8) -> UInt64 {
        let atLeast = ((x | high) &- ones &* UInt64(low)) & high
        let isDel = ((x | high) &- ones &* 0x7F) & high
        return (x & high) | (atLeast ^ high) | isDel
    }

    /// The first index at or after `i` whose byte `isMarked` (the end when none): whole words
    /// by `mark`, then the last bytes one at a time.
    @inlinable @inline(__always)
    public static func first(in b: UnsafeBufferPointer<UInt8>, from i: Int, mark: (UInt64) -> UInt64,
                      isMarked: (UInt8) -> Bool) -> Int {
        guard let base = b.baseAddress else { return i }
        let n = b.count
        let raw = UnsafeRawPointer(base)
        var j = i
        while j + 8 <= n {
            let m = mark(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)))
            if m != 0 { return j + m.trailingZeroBitCount >> 3 }
            j += 8
        }
        while j < n, !isMarked(base[j]) { j += 1 }
        return j
    }
}
