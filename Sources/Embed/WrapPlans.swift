import LiveblogModel

/// Every measured post's texts as `WrapOps` (issue 14, B8): recorded by the first measure of a
/// post, read by every later one, so that a width change counts lines from two bytes a word
/// instead of decoding every Character again. The ops do not depend on the width, nor on media
/// (heights of images and embeds still come from the walk). Ops live in a few large chunks (one
/// a measuring task), each post points at its start: no array a post.
struct WrapPlans {
    /// A post's plan: its chunk (high 32 bits) and the index of its first op.
    typealias Ref = UInt64
    static let none: Ref = .max

    private(set) var chunks: [[UInt16]] = []
    /// By post index; `none` where no plan was recorded yet.
    private(set) var refs: [Ref] = []

    var count: Int { refs.count }
    var opCount: Int { chunks.reduce(0) { $0 + $1.count } }

    /// Makes room for plans of posts 0..<n (the ones missing are recorded by the next measure).
    mutating func extend(to n: Int) {
        if refs.count < n { refs.append(contentsOf: repeatElement(WrapPlans.none, count: n - refs.count)) }
    }

    /// Posts arrived at the top (L8): their plans are recorded when next measured.
    mutating func insertAtTop(_ n: Int) {
        refs.insert(contentsOf: repeatElement(WrapPlans.none, count: n), at: 0)
    }

    mutating func removeAll() {
        chunks = []
        refs = []
    }

    /// Adds chunks recorded by a measure, and where each new post's plan starts in them.
    mutating func add(chunk: [UInt16], refs new: [(post: Int, offset: Int)]) {
        let c = UInt64(chunks.count)
        chunks.append(chunk)
        for r in new { refs[r.post] = c << 32 | UInt64(r.offset) }
    }

    /// Calls `body` with the ops of post i from its first op, or nil when it has no plan.
    func withOps<R>(of i: Int, _ body: (UnsafeBufferPointer<UInt16>?, Int) -> R) -> R {
        guard i < refs.count, refs[i] != WrapPlans.none else { return body(nil, 0) }
        let r = refs[i]
        return chunks[Int(r >> 32)].withUnsafeBufferPointer { body($0, Int(r & 0xFFFF_FFFF)) }
    }
}

/// Measuring from a post's recorded ops: the same count as `LineCounter` (the ops give
/// `TextLayout.lineCount`'s lines; a text they do not describe is counted from itself).
struct OpsCounter: LineSink {
    let ops: UnsafeBufferPointer<UInt16>
    var next: Int
    let lineHeight: Double
    private(set) var lines = 0
    private(set) var blocks = 0.0

    init(ops: UnsafeBufferPointer<UInt16>, start: Int, lineHeight: Double) {
        self.ops = ops
        next = start
        self.lineHeight = lineHeight
    }

    var height: Double { blocks + Double(lines) * lineHeight }

    mutating func wrapped(_ text: RichText, columns: Int, indent: Int,
                          _ kind: (StyledLine) -> PageItem.Kind) {
        lines += WrapOps.lineCount(ops, at: &next, columns: columns)
            ?? TextLayout.lineCount(text, columns: columns)
    }
    mutating func wrapped(plain: String, columns: Int, _ kind: (String) -> PageItem.Kind) {
        lines += WrapOps.lineCount(ops, at: &next, columns: columns)
            ?? TextLayout.lineCount(plain: plain, columns: columns)
    }
    mutating func line(_ kind: @autoclosure () -> PageItem.Kind, indent: Int) { lines += 1 }
    mutating func block(_ kind: @autoclosure () -> PageItem.Kind, height: Double) { blocks += height }
}

/// The first measure of a post: records its texts' ops (appended to `ops`) and counts from them.
struct OpsRecorder: LineSink {
    var ops: [UInt16]
    let lineHeight: Double
    private(set) var lines = 0
    private(set) var blocks = 0.0

    init(ops: [UInt16], lineHeight: Double) {
        self.ops = ops
        self.lineHeight = lineHeight
    }

    var height: Double { blocks + Double(lines) * lineHeight }

    private mutating func count(from start: Int, columns: Int) -> Int? {
        ops.withUnsafeBufferPointer { b in
            var i = start
            return WrapOps.lineCount(b, at: &i, columns: columns)
        }
    }

    mutating func wrapped(_ text: RichText, columns: Int, indent: Int,
                          _ kind: (StyledLine) -> PageItem.Kind) {
        let start = ops.count
        WrapOps.append(text, to: &ops)
        lines += count(from: start, columns: columns) ?? TextLayout.lineCount(text, columns: columns)
    }
    mutating func wrapped(plain: String, columns: Int, _ kind: (String) -> PageItem.Kind) {
        let start = ops.count
        WrapOps.append(plain: plain, to: &ops)
        lines += count(from: start, columns: columns) ?? TextLayout.lineCount(plain: plain, columns: columns)
    }
    mutating func line(_ kind: @autoclosure () -> PageItem.Kind, indent: Int) { lines += 1 }
    mutating func block(_ kind: @autoclosure () -> PageItem.Kind, height: Double) { blocks += height }
}
