import Simulation
/// A jump's chart from its trace lines (Q8: `liveblog plot`), the jump chosen as TraceMetrics
/// chooses it: the post's frames, and a mark for the nav line, every load that moves the page
/// (`layout` with cause image, embed, page or live), every correction (`hook` with `correction:
/// true`), every host drop, re-aim and settle, every pull-back (TraceMetrics'), every reader
/// `input`, and the hold's end; the reader's drags as spans; the tolerance band and the metrics.
extension JumpChart {
    public init(trace lines: [TraceLine], metrics m: TraceMetrics) {
        let span = TraceMetrics.jumpSpan(lines, post: m.post)
        var range = span.range
        // The hold's end can come after the next jump's nav line (reason new-jump): include it.
        if let e = m.holdEndMilliseconds, let i = lines[range.lowerBound...].firstIndex(where: {
            $0.kind == "hold-end" && $0.milliseconds == e && $0.int("jumpId") == m.jumpId
        }), i >= range.upperBound {
            range = range.lowerBound..<(i + 1)
        }
        var samples: [(milliseconds: Int, y: Double?)] = []
        var marks: [Mark] = []
        var drags: [(from: Int, to: Int)] = []
        var pulls = m.pullBacks
        for l in lines[range] {
            if let p = l.framePost, p.id == m.post { samples.append((l.milliseconds, p.y)) }
            if let mark = JumpChart.mark(l, jumpId: m.jumpId) { marks.append(mark) }
            if l.kind == "host", let i = pulls.firstIndex(of: l.milliseconds) {
                pulls.remove(at: i)
                marks.append(Mark(milliseconds: l.milliseconds, kind: .pullBack))
            }
            if l.kind == "input", l.string("kind") == "drag-begin" {
                drags.append((l.milliseconds, l.milliseconds))
            }
            if l.kind == "input", l.string("kind") == "drag-end", let last = drags.last, last.from == last.to {
                drags[drags.count - 1].to = l.milliseconds
            }
        }
        let end = lines[range].last?.milliseconds ?? 0
        drags = drags.map { ($0.from, $0.to == $0.from ? max(end, $0.from) : $0.to) }
        let title = "post \(m.post)" + (m.jumpId.map { ", jump #\($0)" } ?? "")
        self.init(title: title, samples: samples, marks: marks, target: m.options.target)
        tolerance = m.options.tolerance
        self.drags = drags
        metrics = m
    }

    /// The mark a trace line makes on the jump's chart, if any.
    static func mark(_ l: TraceLine, jumpId: Int?) -> Mark? {
        let ms = l.milliseconds
        switch (l.kind, l.string("action")) {
        case ("nav", _) where l.string("result") == "found":
            return Mark(milliseconds: ms, kind: .jump, label: l.string("id"))
        case ("layout", _) where loadCauses.contains(l.string("cause") ?? ""):
            return Mark(milliseconds: ms, kind: .load, label: l.string("cause"))
        case ("hook", _) where l.bool("correction") == true: return Mark(milliseconds: ms, kind: .correction)
        case ("host", "drop"): return Mark(milliseconds: ms, kind: .drop)
        case ("host", "reaim"): return Mark(milliseconds: ms, kind: .reaim)
        case ("host", "settle"): return Mark(milliseconds: ms, kind: .settle)
        case ("input", _): return Mark(milliseconds: ms, kind: .input, label: l.string("kind"))
        case ("hold-end", _) where jumpId == nil || l.int("jumpId") == jumpId:
            return Mark(milliseconds: ms, kind: .holdEnd, label: l.string("reason"))
        default: return nil
        }
    }
}
