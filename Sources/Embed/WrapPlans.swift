import LiveblogModel

/// Every measured post as a `PostProgram` (issue 14, B8): recorded by the first measure of a
/// post, read by every later one, so that a width change neither walks the posts' blocks nor
/// decodes their text again. Programs live in a few large chunks (one a measuring task), each
/// post points at its start: no array a post.
struct WrapPlans {
    /// A post's program: its chunk (high 32 bits) and the index of its first byte.
    typealias Ref = UInt64
    static let none: Ref = .max

    private(set) var chunks: [[UInt8]] = []
    /// By post index; `none` where no program was recorded yet.
    private(set) var refs: [Ref] = []
    /// The chunk that records after a media load go to.
    private var spill: Int?

    var count: Int { refs.count }
    /// The bytes of every program recorded (B6, B7: kept for the page's life).
    var byteCount: Int { chunks.reduce(0) { $0 + $1.count } }

    /// Makes room for programs of posts 0..<n (the ones missing are recorded by the next measure).
    mutating func extend(to n: Int) {
        refs.pad(toCount: n, with: WrapPlans.none)
    }

    /// Posts arrived at the top (L8): their programs are recorded when next measured.
    mutating func insertAtTop(_ n: Int) { insert(n, at: 0) }

    /// Posts arrived at index i (pinned posts streamed in above others, B9): theirs are recorded
    /// when next measured, every other post keeps its own.
    mutating func insert(_ n: Int, at i: Int) {
        guard i <= refs.count else { return }
        refs.insert(contentsOf: repeatElement(WrapPlans.none, count: n), at: i)
    }

    mutating func removeAll() {
        chunks = []
        refs = []
        spill = nil
    }

    /// Adds a chunk recorded by a measure, and where each new post's program starts in it.
    mutating func add(chunk: [UInt8], refs new: [(post: Int, offset: Int)]) {
        let c = UInt64(chunks.count)
        chunks.append(chunk)
        for r in new { refs[r.post] = c << 32 | UInt64(r.offset) }
    }

    /// Records post i's program again (a media of it loaded: its height's rule changed) at the
    /// end of the chunk kept for such records; the old program is left unused.
    mutating func record(_ i: Int, _ body: (inout [UInt8]) -> Double) -> Double {
        extend(to: i + 1)
        let c: Int
        if let s = spill {
            c = s
        } else {
            c = chunks.count
            spill = c
            chunks.append([])
        }
        let offset = chunks[c].count
        let h = body(&chunks[c])
        refs[i] = UInt64(c) << 32 | UInt64(offset)
        return h
    }

    /// Calls `body` with the ops of post i from its first op, or nil when it has none.
    func withOps<R>(of i: Int, _ body: (UnsafeBufferPointer<UInt8>?, Int) -> R) -> R {
        guard i < refs.count, refs[i] != WrapPlans.none else { return body(nil, 0) }
        let r = refs[i]
        return chunks[Int(r >> 32)].withUnsafeBufferPointer { body($0, Int(r & 0xFFFF_FFFF)) }
    }
}

/// A post's height as a program over the width (issue 14): the column walk's steps in its order,
/// with texts as `WrapOps` and media as the sizes their height is scaled from. Running it at a
/// width gives `LineCounter`'s height exactly (the same lines, the same block heights added in
/// the same order); a text the ops leave to itself makes it give nil (the caller walks the post).
/// The program does not depend on load states: an image with no declared size and an embed with
/// no declared height are a `dynamic` op, whose height the geometry gives when the program runs
/// (the post's such items in walk order), so a load changes no program (B6, B7: no re-records).
enum PostProgram {
    // Its own ops, one byte each, between the texts' `WrapOps` (which read exactly one text).
    static let line: UInt8 = 0
    static let text: UInt8 = 1
    static let quote: UInt8 = 2
    /// A block's height: `block` and 8 bytes, or `block16` and 2 for a whole number under 65 536
    /// (most: `MediaGeometry` rounds heights).
    static let block: UInt8 = 3
    static let block16: UInt8 = 4
    /// A declared size (width, height): 8 bytes each, or 2 each for whole pixels under 65 536.
    static let scaled: UInt8 = 5
    static let scaled16: UInt8 = 6
    static let end: UInt8 = 7
    static let dynamic: UInt8 = 8

    static func run(_ ops: UnsafeBufferPointer<UInt8>, at start: Int, columns: Int,
                    geometry g: MediaGeometry, post: UnsafePointer<Post>) -> Double? {
        var k = start
        var lines = 0
        var blocks = 0.0
        // Built at the first dynamic op only: most posts have none, and a width change must not
        // read every post's blocks (B8).
        var items: DynamicItems?
        while true {
            let op = ops[k]
            k += 1
            switch op {
            case line:
                lines += 1
            case text, quote:
                let c = op == text ? columns : max(1, columns - 2)
                guard let n = WrapOps.lineCount(ops, at: &k, columns: c) else { return nil }
                lines += n
            case block, block16:
                blocks += number(ops, &k, short: op == block16)
            case scaled, scaled16:
                let w = number(ops, &k, short: op == scaled16), h = number(ops, &k, short: op == scaled16)
                blocks += g.declaredHeight(w, h)
            case dynamic:
                guard let h = DynamicItems.next(&items, post, g) else { return nil }
                blocks += h
            default:
                return blocks + Double(lines) * g.line
            }
        }
    }

    /// A number stored by `append`, low byte first.
    static func number(_ ops: UnsafeBufferPointer<UInt8>, _ k: inout Int, short: Bool) -> Double {
        let raw = UnsafeRawPointer(ops.baseAddress! + k)
        if short {
            k += 2
            return Double(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
        }
        k += 8
        return Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)))
    }

    /// Whether `x` is stored in 2 bytes: exactly a whole number under 65 536 (not -0).
    static func isShort(_ x: Double) -> Bool {
        x >= 0 && x <= 65535 && x.rounded(.towardZero) == x && x.sign == .plus
    }

    static func append(_ x: Double, short: Bool, to ops: inout [UInt8]) {
        let bits = short ? UInt64(UInt16(x)) : x.bitPattern
        for b in 0..<(short ? 2 : 8) { ops.append(UInt8(truncatingIfNeeded: bits >> (8 * b))) }
    }
}

/// The first measure of a post (and the one after a media load): records its program (appended
/// to `ops`) and counts as `LineCounter` does, its texts' lines from the ops just recorded.
struct ProgramRecorder: LineSink {
    var ops: [UInt8]
    let lineHeight: Double
    private(set) var lines = 0
    private(set) var blocks = 0.0

    init(ops: [UInt8], lineHeight: Double) {
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
        ops.append(indent == PostWalk.quoteIndent ? PostProgram.quote : PostProgram.text)
        let start = ops.count
        WrapOps.append(text, to: &ops)
        lines += count(from: start, columns: columns) ?? TextLayout.lineCount(text, columns: columns)
    }
    mutating func wrapped(plain: String, columns: Int, _ kind: (String) -> PageItem.Kind) {
        ops.append(PostProgram.text)
        let start = ops.count
        WrapOps.append(plain: plain, to: &ops)
        lines += count(from: start, columns: columns) ?? TextLayout.lineCount(plain: plain, columns: columns)
    }
    mutating func line(_ kind: @autoclosure () -> PageItem.Kind, indent: Int) {
        ops.append(PostProgram.line)
        lines += 1
    }
    mutating func block(_ kind: @autoclosure () -> PageItem.Kind, height: Double) {
        let short = PostProgram.isShort(height)
        ops.append(short ? PostProgram.block16 : PostProgram.block)
        PostProgram.append(height, short: short, to: &ops)
        blocks += height
    }
    /// As `MediaGeometry.height`: scaled from the declared size; with none, what its load state
    /// gives when the program runs.
    mutating func media(_ m: Media, _ g: MediaGeometry) {
        // V4: a remote image not fetched is one line whatever it declares.
        if g.isNotFetched(m) { return block(.media(m, .pending), height: g.height(m)) }
        if m.hasDeclaredSize, let w = m.width, let h = m.height {
            let short = PostProgram.isShort(w) && PostProgram.isShort(h)
            ops.append(short ? PostProgram.scaled16 : PostProgram.scaled)
            PostProgram.append(w, short: short, to: &ops)
            PostProgram.append(h, short: short, to: &ops)
        } else {
            ops.append(PostProgram.dynamic)
        }
        blocks += g.height(m)
    }
    /// As `MediaGeometry.height(_: WebEmbed)`: the declared height, else what its load gives.
    mutating func embed(_ e: WebEmbed, _ g: MediaGeometry) {
        if DynamicItems.isDynamic(e) {
            ops.append(PostProgram.dynamic)
            blocks += g.height(e)
        } else {
            block(g.embedItem(e), height: g.height(e))
        }
    }
    mutating func finish() { ops.append(PostProgram.end) }
}

/// A post's images without a declared size and embeds without a declared height, in the order the
/// column walk meets them: the `dynamic` ops of its program, one each.
struct DynamicItems {
    let blocks: [Block]
    private var b = 0
    private var m = 0

    init(blocks: [Block]) { self.blocks = blocks }

    /// The next item's height, `items` built at the first: out of line, so that a program that
    /// runs inline copies neither the post nor the geometry for it (B8: a width change's time).
    @inline(never)
    static func next(_ items: inout DynamicItems?, _ post: UnsafePointer<Post>,
                     _ g: MediaGeometry) -> Double? {
        if items == nil { items = DynamicItems(blocks: post.pointee.blocks) }
        return items?.nextHeight(g)
    }

    static func isDynamic(_ e: WebEmbed) -> Bool { !(e.declaredHeight.map { $0 > 0 } ?? false) }

    /// The next such item's height now; nil when the post has no more (the program is stale).
    mutating func nextHeight(_ g: MediaGeometry) -> Double? {
        while b < blocks.count {
            switch blocks[b] {
            case .media(let ms):
                while m < ms.count {
                    let item = ms[m]
                    m += 1
                    if !item.hasDeclaredSize { return g.height(item) }
                }
            case .embed(let e) where m == 0:
                m = 1
                if DynamicItems.isDynamic(e) { return g.height(e) }
                continue
            default:
                break
            }
            b += 1
            m = 0
        }
        return nil
    }
}
