import VirtualTime
import ScrollPhysics

/// F1, F2: a fling (or UIKit's spring back) under the `uikit` law, stepped at 120 Hz like the
/// seed's dynamic item (the `uidynamic` law stays on PanEngine's DynamicItem path, `android` runs
/// RecyclerView's own flinger: PanEngineAndroid.swift).
///
/// - On the M1 list it runs in the list's own offsets, so it can overshoot a bound by the rubber
///   band and spring back (UIKitDecelerationMotion), also from a rubber-banded release.
/// - Through M2's router or M3's web view (only by `--physics`): bounded by the room the target
///   has at release, it stops at the bound (the seed's targets show no overshoot there).
struct LawGlide {
    let motion: UIKitDecelerationMotion
    let startTick: Int
    /// The motion's value applied so far.
    var applied: Double
    /// uikit on the M1 list: it moves the list's own offset, and the offset it last set.
    let onList: Bool
    var lastSet: Double

    enum Step: Equatable {
        case moving
        case finished
        /// The list could not consume the step: a bound, met at this offset velocity (pt/s).
        case hitBound(ScrollEdge, velocity: Double)
    }

    /// The glide a release at `v` (content pt/s, + = content up) starts, nil for none.
    static func start(velocity v: Double, target: PanTarget, now: Int, _ s: ListScene) -> LawGlide? {
        let law = UIKitDecelerationLaw()
        let viewport = target.indicator(s).viewport
        if target is ListPanTarget {
            let sv = s.scrollView
            let bounds = ScrollBounds(min: sv.minOffset, max: sv.maxOffset, viewport: sv.viewportHeight)
            // A release outside the bounds (a rubber-banded drag) always springs back.
            guard law.startsFling(velocity: v) || !bounds.contains(sv.offset) else { return nil }
            let motion = law.motion(from: sv.offset, velocity: v, bounds: bounds)
            return LawGlide(motion: motion, startTick: now, applied: sv.offset, onList: true, lastSet: sv.offset)
        }
        guard law.startsFling(velocity: v) else { return nil }
        let room = (down: target.room(contentUp: false, s), up: target.room(contentUp: true, s))
        let bounds = ScrollBounds(min: room.down, max: room.up, viewport: viewport)
        return LawGlide(motion: law.motion(from: 0, velocity: v, bounds: bounds), startTick: now, applied: 0,
                        onList: false, lastSet: 0)
    }

    /// One 120 Hz step at tick `now`.
    mutating func step(now: Int, target: PanTarget, _ s: inout ListScene) -> Step {
        let t = VirtualClock.seconds(now - startTick)
        let y = motion.value(at: t)
        let d = y - applied
        applied = y
        if onList {
            // The list's own offset; if the app moved it meanwhile (a restored offset after a
            // resize), the glide goes on from there.
            let o = s.scrollView.offset
            s.perform(.setOffset(o == lastSet ? y : o + d))
            lastSet = s.scrollView.offset
            return motion.isFinished(at: t) ? .finished : .moving
        }
        if d != 0 {
            let room = target.room(contentUp: d > 0, s)
            let blocked = abs(d) > abs(room) + 1e-9
            _ = target.pan(by: -d, bounces: false, &s)
            if blocked {
                // The velocity there (the last nonzero one at the motion's end).
                var v = motion.velocity(at: t)
                if v == 0 { v = motion.velocity(at: VirtualClock.seconds(now - 1 - startTick)) }
                return .hitBound(d > 0 ? .bottom : .top, velocity: v)
            }
        }
        return motion.isFinished(at: t) ? .finished : .moving
    }
}
