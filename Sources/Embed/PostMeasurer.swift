import Foundation
import LiveblogModel

/// A post's height at one width (E1, issue 14): the column walk (`ColumnSink`), counting from
/// the post's recorded `WrapOps` when it has them, else recording them as it counts. Both give
/// `LineCounter`'s height; measuring reads and writes nothing shared.
struct PostMeasurer {
    let columns: Int
    let line: Double
    let geometry: MediaGeometry

    /// From a recorded program (a width change: B8); a text the program leaves to itself makes
    /// it walk the post.
    func count(_ post: Post, ops: UnsafeBufferPointer<UInt8>, start: Int) -> Double {
        withUnsafePointer(to: post) { count($0, ops: ops, start: start) }
    }

    /// The post by address: a program reads it only at a `dynamic` op (most posts have none),
    /// and a value held across the line counts would be copied for every post (B8).
    func count(_ post: UnsafePointer<Post>, ops: UnsafeBufferPointer<UInt8>, start: Int) -> Double {
        // Not `?? walk(post)`: its closure would copy the post and the geometry every time (B8).
        if let h = PostProgram.run(ops, at: start, columns: columns, geometry: geometry, post: post) {
            return h
        }
        return walk(post.pointee)
    }

    /// `LineCounter`'s walk; out of line, else a program's run copies the geometry for it (B8).
    @inline(never)
    func walk(_ post: Post) -> Double {
        var sink = ColumnSink(lines: LineCounter(lineHeight: line), columns: columns, geometry: geometry)
        PostWalk.walk(post, into: &sink)
        return sink.lines.height
    }

    /// A first measure, or one after a media load: the post's program is appended to `chunk`.
    func record(_ post: Post, into chunk: inout [UInt8]) -> Double {
        var sink = ColumnSink(lines: ProgramRecorder(ops: chunk, lineHeight: line), columns: columns,
                              geometry: geometry)
        chunk = []
        PostWalk.walk(post, into: &sink)
        sink.lines.finish()
        chunk = sink.lines.ops
        return sink.lines.height
    }

    /// Heights of posts 0..<n, in parts on all cores for a large page (B3, B7, B8): posts with
    /// plans are counted from them, the others record theirs (added to `plans`). The result is
    /// the same as one pass, in order.
    func measureAll(_ posts: [Post], count n: Int, plans: inout WrapPlans) -> [Double] {
        plans.extend(to: n)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let parts = n >= 4096 && cores > 1 ? cores * 4 : 1
        var out = [Double](repeating: 0, count: n)
        var recorded = [Recorded](repeating: Recorded(), count: parts)
        let known = plans
        out.withUnsafeMutableBufferPointer { heights in
            recorded.withUnsafeMutableBufferPointer { rec in
                // Each part writes its own slots of `out` and `recorded`, which outlive the parts.
                nonisolated(unsafe) let h = heights.baseAddress!, r = rec.baseAddress!
                let part: @Sendable (Int) -> Void = { c in
                    r[c] = measure(posts, n * c / parts..<n * (c + 1) / parts, known, into: h)
                }
                if parts == 1 {
                    part(0)
                } else {
                    DispatchQueue.concurrentPerform(iterations: parts, execute: part)
                }
            }
        }
        for rec in recorded where !rec.refs.isEmpty { plans.add(chunk: rec.chunk, refs: rec.refs) }
        return out
    }

    /// What one part recorded: the ops of its new posts, and where each post's start.
    struct Recorded {
        var chunk: [UInt8] = []
        var refs: [(post: Int, offset: Int)] = []
    }

    private func measure(_ posts: [Post], _ range: Range<Int>, _ plans: WrapPlans,
                         into heights: UnsafeMutablePointer<Double>) -> Recorded {
        var rec = Recorded()
        // Posts read in place and a closure that writes nothing: else the compiler copies the
        // post and the geometry for every post (B8: a width change's time).
        posts.withUnsafeBufferPointer { ps in
            for i in range {
                let post = ps.baseAddress! + i
                if let h = plans.withOps(of: i, { ops, at in ops.map { count(post, ops: $0, start: at) } }) {
                    heights[i] = h
                } else {
                    rec.refs.append((i, rec.chunk.count))
                    heights[i] = record(ps[i], into: &rec.chunk)
                }
            }
        }
        // Kept for the page's life: without the slack the array grew with (B6, B7: memory).
        if rec.chunk.capacity > rec.chunk.count + rec.chunk.count / 16 {
            rec.chunk = rec.chunk.withUnsafeBufferPointer { Array($0) }
        }
        return rec
    }
}
