import Foundation
import LiveblogModel

/// Issue 32, times a reader trusts: a post's time in the reader's zone (`TZ`, the App's
/// `ui.timeZone`; UTC in tests and `simulate`), marked with its offset ("15:23 UTC",
/// "10:38 UTC+1", "21:08 UTC+5:30"), and with the day ("Sat 18 May 15:23 UTC") whenever the
/// liveblog's posts do not all fall on one day of that zone: a feed that spans days, or one that
/// crosses midnight. The page's own layout keeps its UTC clock (the traces' contract); this is the
/// terminal's reading of it.
struct PostClock {
    let zone: TimeZone
    /// The posts span more than one local day: every time shows its day.
    let withDate: Bool

    static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    init(zone: TimeZone, span: (oldest: Double, newest: Double)?) {
        self.zone = zone
        if let (a, b) = span {
            withDate = PostClock.localDay(a, zone) != PostClock.localDay(b, zone)
        } else {
            withDate = false
        }
    }

    /// Seconds east of UTC at `unix` (daylight saving included).
    static func offset(_ unix: Double, _ zone: TimeZone) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: safe(unix)))
    }

    /// A file may hold any number (1e300 traps in Int()): the far ones read as 1970.
    static func safe(_ unix: Double) -> Double { abs(unix) < 1e12 ? unix : 0 }

    /// Days since 1970-01-01 in the zone.
    static func localDay(_ unix: Double, _ zone: TimeZone) -> Int {
        let s = Int(safe(unix).rounded(.down)) + offset(unix, zone)
        return s >= 0 ? s / 86400 : (s - 86399) / 86400
    }

    /// "UTC", "UTC+1", "UTC-4", "UTC+5:30".
    static func mark(_ offsetSeconds: Int) -> String {
        guard offsetSeconds != 0 else { return "UTC" }
        let m = abs(offsetSeconds) / 60
        let sign = offsetSeconds < 0 ? "-" : "+"
        return "UTC\(sign)\(m / 60)" + (m % 60 == 0 ? "" : ":" + two(m % 60))
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    func text(_ unix: Double) -> String {
        let off = PostClock.offset(unix, zone)
        let s = Int(PostClock.safe(unix).rounded(.down)) + off
        let sec = ((s % 86400) + 86400) % 86400
        let clock = "\(PostClock.two(sec / 3600)):\(PostClock.two(sec % 3600 / 60)) \(PostClock.mark(off))"
        guard withDate else { return clock }
        let day = PostClock.localDay(unix, zone)
        let (_, mo, d) = RFC3339.civil(days: day)
        let weekday = PostClock.weekdays[((day % 7) + 11) % 7]
        return "\(weekday) \(d) \(PostClock.months[mo - 1]) \(clock)"
    }
}
