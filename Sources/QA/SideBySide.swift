import LiveblogModel
import Simulation
import TextCells
import VirtualTime

/// A3 (issue 43): `liveblog compare --log LOG`: the app's log and its replay on the reference
/// host side by side in the terminal, as two columns on one time axis: what each side did (the
/// app's hook calls, its own host lines, the reader's input, the web view's heights; the
/// reference host's scrolls, drops, re-aims and settles) and, every half second and at the
/// first divergence and the largest distance, both lists' offsets and the distance.
public enum SideBySide {
    /// The columns' width in characters.
    static let column = 40

    public static func text(_ audit: AppLogAudit, result r: AppLogAudit.Result) -> String {
        let replay = audit.replay
        var rows: [(ms: Int, rank: Int, left: String, right: String, distance: String)] = []
        for e in replay.events {
            rows.append((e.milliseconds, 0, e.reference ? "" : e.words, e.reference ? e.words : "", ""))
        }
        let f = JSONWriterShort.points
        var lastShown = -1_000_000
        for s in replay.samples {
            let mark = s.milliseconds == r.firstDivergence?.milliseconds ? "  ← first divergence"
                : s.milliseconds == r.maxDistanceMilliseconds ? "  ← largest" : ""
            guard !mark.isEmpty || s.milliseconds - lastShown >= 500 else { continue }
            lastShown = s.milliseconds
            func side(_ offset: Double, _ y: Double?) -> String {
                "offset \(f(offset))" + (y.map { ", post y \(f($0))" } ?? "")
            }
            let refY = s.appY.map { $0 + s.app - s.reference }
            rows.append((s.milliseconds, 1, side(s.app, s.appY), side(s.reference, refY), f(abs(s.app - s.reference)) + mark))
        }
        rows.sort { ($0.ms, $0.rank) < ($1.ms, $1.rank) }
        let device = r.geometry.device ?? "its geometry"
        var out = pad("      t", 9) + "│ " + pad("the app (\(r.geometry.platform.rawValue), \(device))", column) + "│ "
            + pad("the reference host (\(r.referenceName))", column) + "│ distance pt\n"
        out += String(repeating: "─", count: 9) + "┼" + String(repeating: "─", count: column + 1) + "┼"
            + String(repeating: "─", count: column + 1) + "┼" + String(repeating: "─", count: 12) + "\n"
        var lastTime = -1
        for row in rows {
            let t = row.ms == lastTime ? "" : JSONWriterShort.seconds(VirtualClock.seconds(milliseconds: row.ms))
            lastTime = row.ms
            out += pad(String(repeating: " ", count: max(0, 8 - t.count)) + t, 9) + "│ " + pad(row.left, column)
                + "│ " + pad(row.right, column) + "│ " + row.distance + "\n"
        }
        return Sanitizer.clean(out + r.text, keepNewlines: true)
    }

    /// `s` cut or padded to `n` characters.
    static func pad(_ s: String, _ n: Int) -> String {
        s.count > n ? String(s.prefix(n - 1)) + "…" : s + String(repeating: " ", count: n - s.count)
    }
}
