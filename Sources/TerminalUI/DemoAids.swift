import Foundation
import TerminalKit
import TextCells

/// Issue 32, a demo that explains itself (C3): what the aids remember between frames. The
/// synthetic finger (the demo's scripted drags and taps, the reader's own with `view --explain`)
/// and the y(t) strip's recent samples. The App fills it in (it reads the World); the aids draw
/// it with the frame's model.
public struct DemoAids {
    /// The finger in viewport points; `upAt` the world's second it lifted, nil while it is down.
    struct Finger: Equatable {
        var x: Double
        var y: Double
        var upAt: Double?
    }
    var finger: Finger?
    /// What the strip plots (a change starts it afresh) and its samples (world seconds, pt).
    var subject: YStrip.Subject?
    var samples: [(t: Double, v: Double)] = []
    /// C9: when the jump's target first came within 32 pt of its place: from then on the strip's
    /// scale is the corrections', not the long way in.
    var landedAt: Double?

    /// C10: the whole page during a jump, and the page height its strip spans (it grows with
    /// the page, never shrinks, so the page's growth shows).
    var map: PageMap?
    var mapSpan: Double = 0

    mutating func setMap(_ m: PageMap?) {
        if m == nil || map?.postId != m?.postId { mapSpan = 0 }
        map = m
        if let m, m.height > mapSpan { mapSpan = mapSpan == 0 ? m.height * 1.2 : m.height }
    }

    /// How long the finger shows faded after it lifts.
    static let fade = 0.3

    public init() {}

    mutating func press(x: Double, y: Double) { finger = Finger(x: x, y: y, upAt: nil) }
    mutating func move(x: Double, y: Double) { finger = Finger(x: x, y: y, upAt: nil) }
    mutating func lift(x: Double, y: Double, at t: Double) { finger = Finger(x: x, y: y, upAt: t) }

    /// The finger still shows faded at `t`, so the loop keeps drawing until it goes.
    func fingerFading(at t: Double) -> Bool {
        guard let up = finger?.upAt else { return false }
        return t - up < Self.fade
    }

    /// One sample a loop turn; samples older than the strip's window go.
    mutating func sample(_ subject: YStrip.Subject, _ v: Double, at t: Double) {
        if subject != self.subject {
            self.subject = subject
            samples = []
            landedAt = nil
        }
        if case .target = subject, landedAt == nil, abs(v) < 32 { landedAt = t }
        if let last = samples.last, last.t >= t { samples[samples.count - 1] = (t, v) } else { samples.append((t, v)) }
        let from = t - YStrip.window - 1
        if let first = samples.firstIndex(where: { $0.t >= from }), first > 0 { samples.removeFirst(first) }
    }
}

/// The y(t) strip (issue 32): the last four seconds of the jump target's y (0 = its place under
/// the bar) or, with no jump under way, of the scroll offset (around where it is now), in braille
/// dots, zoomed to the smallest of ±25, ±50, ±100 and ±200 pt that holds them (beyond ±200 pt
/// they stay at the edge).
struct YStrip {
    enum Subject: Equatable {
        case target(String)
        case offset
    }
    static let window = 4.0
    static let halves: [Double] = [25, 50, 100, 200]

    let centre: Double
    /// The half-height of the strip in pt (its scale: ±half around the centre).
    let half: Double
    /// Some sample was beyond ±200 pt.
    let clipped: Bool
    let lines: [String]

    init(samples: [(t: Double, v: Double)], now: Double, centre: Double, columns: Int, rows: Int = 2,
         unicode: Bool = true, scaleFrom: Double? = nil) {
        self.centre = centre
        let recent = samples.filter { $0.t >= max(now - Self.window, scaleFrom ?? -.infinity) }
        let far = recent.map { abs($0.v - centre) }.max() ?? 0
        half = Self.halves.first { far <= $0 } ?? Self.halves.last!
        clipped = far > Self.halves.last!
        let dotsW = max(1, columns * 2), dotsH = max(1, rows * 4)
        var grid = [[UInt8]](repeating: [UInt8](repeating: 0, count: max(1, columns)), count: max(1, rows))
        let bits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
        func plot(_ x: Int, _ y: Int) {
            guard x >= 0, x < dotsW, y >= 0, y < dotsH else { return }
            grid[y / 4][x / 2] |= bits[y % 4][x % 2]
        }
        let h = half
        func dy(_ v: Double) -> Int {
            let c = min(max(v, centre - h), centre + h)
            return Int(((centre + h - c) / (2 * h) * Double(dotsH - 1)).rounded())
        }
        // The centre line, dotted.
        for x in stride(from: 0, to: dotsW, by: 4) { plot(x, dy(centre)) }
        var last: Int?, i = 0
        for x in 0..<dotsW {
            let t = now - Self.window + (Double(x) + 1) / Double(dotsW) * Self.window
            while i < samples.count, samples[i].t <= t { i += 1 }
            guard i > 0, samples[i - 1].t >= now - Self.window - 1 else { continue }
            let y = dy(samples[i - 1].v)
            // A step between two columns is drawn as a vertical run, so each correction shows.
            for yy in min(last ?? y, y)...max(last ?? y, y) { plot(x, yy) }
            last = y
        }
        lines = grid.map { row in
            String(row.map { b -> Character in
                b == 0 ? " " : (unicode ? Character(UnicodeScalar(0x2800 + UInt32(b))!) : "*")
            })
        }
    }

    /// The strip's title: what it plots.
    static func title(_ subject: Subject) -> String {
        switch subject {
        case .target(let id): return "y(t) \(id)"
        case .offset: return "y(t) offset"
        }
    }

    /// The time axis under the strip, with its scale between the ends: `-4s  ±50 pt  now`
    /// (`±200+` when samples lie beyond it).
    static func axis(half: Double, clipped: Bool, columns: Int) -> String {
        let long = "±\(Int(half)) pt" + (clipped ? "+" : ""), short = "±\(Int(half))" + (clipped ? "+" : "")
        for scale in [long, short] {
            let gap = columns - 6 - scale.count
            if gap >= 2 {
                return "-4s" + String(repeating: " ", count: gap / 2) + scale
                    + String(repeating: " ", count: gap - gap / 2) + "now"
            }
            if gap + 3 >= 1 { return scale + String(repeating: " ", count: gap + 3) + "now" }
        }
        return String(short.prefix(columns))
    }
}
