/// RFC 3339 / ISO 8601 timestamps as JSON Feed and schema.org write them, to unix seconds.
/// Accepts `2024-05-18T15:02:07Z`, fractions (`.250`), offsets (`+02:00`, `+0200`), a missing
/// offset (UTC), a missing seconds field (`15:02+02:00`), a space or `t` for `T`, and a bare date.
public enum RFC3339 {
    public static func parse(_ text: String) -> Double? {
        let b = Array(text.utf8)
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= b.count else { return nil }
            var v = 0
            for k in 0..<n {
                let c = b[i + k]
                guard (0x30...0x39).contains(c) else { return nil }
                v = v * 10 + Int(c - 0x30)
            }
            i += n
            return v
        }
        func expect(_ c: Character) -> Bool {
            guard i < b.count, b[i] == c.asciiValue else { return false }
            i += 1; return true
        }
        while i < b.count, b[i] == 0x20 { i += 1 }
        guard let year = digits(4), expect("-"), let month = digits(2), expect("-"), let day = digits(2),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var seconds = 0.0
        var offset = 0
        if i < b.count, b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") || b[i] == 0x20 {
            i += 1
            guard let h = digits(2), expect(":"), let m = digits(2), h <= 24, m <= 59 else { return nil }
            var s = 0.0
            if expect(":") {
                guard let sec = digits(2), sec <= 60 else { return nil }
                s = Double(sec)
                if i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
                    i += 1
                    var scale = 0.1
                    var any = false
                    while i < b.count, (0x30...0x39).contains(b[i]) {
                        s += Double(b[i] - 0x30) * scale; scale /= 10; i += 1; any = true
                    }
                    guard any else { return nil }
                }
            }
            seconds = Double(h * 3600 + m * 60) + s
            if i < b.count {
                if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") { i += 1 } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                    let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
                    i += 1
                    guard let oh = digits(2) else { return nil }
                    _ = expect(":")
                    let om = digits(2) ?? 0
                    guard oh <= 23, om <= 59 else { return nil }
                    offset = sign * (oh * 3600 + om * 60)
                }
            }
        }
        while i < b.count, b[i] == 0x20 { i += 1 }
        guard i == b.count else { return nil }
        return Double(daysFromCivil(year, month, day)) * 86400 + seconds - Double(offset)
    }

    /// Days since 1970-01-01 (Howard Hinnant's algorithm).
    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// Year, month and day of a count of days since 1970-01-01 (Howard Hinnant's civil_from_days).
    public static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Unix seconds as `2024-05-18T15:02:07Z` (whole seconds).
    public static func format(_ t: Double) -> String {
        // Years 0000–9999 only; a file may hold any number (1e300 would trap in Int()).
        guard t.isFinite, t >= -62_167_219_200, t < 253_402_300_800 else { return "unix \(t)" }
        let secs = Int(t.rounded(.down))
        var days = secs / 86400
        var rem = secs % 86400
        if rem < 0 { rem += 86400; days -= 1 }
        let (y, m, d) = civil(days: days)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(y)-\(two(m))-\(two(d))T\(two(rem / 3600)):\(two(rem / 60 % 60)):\(two(rem % 60))Z"
    }
}
