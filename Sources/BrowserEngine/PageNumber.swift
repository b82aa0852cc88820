import Foundation

/// Numbers from the page are data, not trust (S4): a page can send 1e308, -Infinity or NaN as a
/// hook's top, a layout height, a box (a `getBoundingClientRect` of its own, or
/// `transform: scale(1e30)`). Every such number is checked where it crosses into liveblog: a
/// coordinate or size is finite and within ±2^25 CSS px (Blink's LayoutUnit range: no laid-out
/// box is larger), else the value is rejected (and the call or box with it) and the run says so in
/// an `engine` note. Past the border every number is one a layout could give, so no conversion to
/// an integer can trap.
package enum PageNumber {
    /// 2^25 CSS px, the range of Blink's LayoutUnit (and more than any page lays out).
    static let limit = 33_554_432.0

    /// A coordinate (a top, a y, an x): finite and within ±limit.
    package static func coordinate(_ v: Double?) -> Double? {
        guard let v, v.isFinite, abs(v) <= limit else { return nil }
        return v
    }

    /// A size (a height, a width): finite, within 0…limit.
    package static func size(_ v: Double?) -> Double? {
        guard let v, v.isFinite, v >= 0, v <= limit else { return nil }
        return v
    }

    /// A size clamped into 0…limit (NaN: 0), for a height the page must have.
    package static func clampedSize(_ v: Double) -> Double {
        v.isNaN ? 0 : min(max(v, 0), limit)
    }

    /// How a rejected number reads in a note: its JSON text.
    static func shown(_ v: Double?) -> String {
        guard let v else { return "no number" }
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v > 0 ? "Infinity" : "-Infinity" }
        return "\(v)"
    }

    /// The note for a rejected value.
    package static func note(_ what: String, _ v: Double?) -> String {
        "the page sent \(what) \(shown(v)): not a finite number within ±\(Int(limit)) px; it is ignored (S4)"
    }
}
