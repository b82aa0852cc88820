import ScrollPhysics

/// F1, F9 `android`: the pan engine's gestures as RecyclerView's onTouchEvent and ViewFlinger
/// handle them, in the device's px on the animation clock (the world's 120 Hz ticks):
/// - ACTION_DOWN: the VelocityTracker starts (LSQ2, AndroidVelocityTracker), a running fling
///   stops, a showing stretch is caught (stopGlowAnimations);
/// - ACTION_MOVE: `dy = mLastTouchY − (int) (y + 0.5f)`; a showing stretch takes its share first
///   (releaseVerticalGlow), the list scrolls what it can, the rest pulls the edge effect
///   (pullGlows), scrolling away from an end releases it (considerReleasingGlowsOnScroll);
/// - ACTION_UP: `fling((int) -yVelocity)` with the tracker's velocity clamped to the maximum
///   fling velocity, then releaseGlows;
/// - each frame: ViewFlinger.run, then the edge effects' draw.
/// The finger's y is the viewport's pt times the density (MotionEvent's float px).
extension PanEngine {
    /// F9: the android list's screen density and measured height (px); the World sets them with
    /// the law. A new height makes new edge effects (RecyclerView.invalidateGlows on a size change),
    /// a new density a new flinger; before the first touch or fling there is none to renew.
    public func useAndroid(density: Double, height: Int) {
        androidList = (density, height)
        guard let a = android else { return }
        if a.density == density {
            if a.edges.height != height { android?.edges = AndroidEdges(height: height) }
            return
        }
        android = AndroidFlinger(density: density, height: height)
    }

    var androidDensity: Double { androidList.density }

    /// The flinger, made now if the reader never touched or flung the list before.
    func androidFlinger() -> AndroidFlinger {
        android ?? AndroidFlinger(density: androidList.density, height: androidList.height)
    }

    /// MotionEvent.getY(): the finger's px.
    func fingerPx(_ y: Double) -> Float { Float(y * androidDensity) }

    /// `(int) (e.getY() + 0.5f)`.
    func touchPx(_ y: Double) -> Int { Java.int(fingerPx(y) + 0.5) }

    /// The edge effect that shows (F1: `EdgeEffect.getDistance()`), nil when none does.
    public var edgeEffect: (edge: ScrollEdge, distance: Double)? {
        guard physics == .android, let s = android?.edges.showing else { return nil }
        return (s.edge, Double(s.distance))
    }

    /// An edge effect is still animating or held (the run loop keeps drawing).
    public var edgeEffectActive: Bool { physics == .android && !(android?.edges.isFinished ?? true) }

    /// `EdgeEffect.getDistance()` of the edge effect showing most (0 when none shows), F1.
    public var edgeEffectDistance: Double { edgeEffect?.distance ?? 0 }

    func androidDown(y: Double, now: Int) {
        androidTracker.down(nanos: AndroidClock.nanos(tick: now), position: fingerPx(y))
        lastTouchPx = touchPx(y)
        guard physics == .android else { return }
        let up = target.room(contentUp: false, scene) != 0, down = target.room(contentUp: true, scene) != 0
        let ms = AndroidClock.millis(tick: now)
        var a = androidFlinger()
        _ = a.edges.catchShowing(canScrollUp: up, canScrollDown: down, atMs: ms)
        android = a
    }

    /// LinearLayoutManager.scrollBy on the target: consumes what there is of `dy` px. A step that
    /// takes all the room there is ends exactly at the end (without a device the target's offsets
    /// need not be on the px grid; a sub-px remainder is the end too).
    func scrollStep(_ dy: Int) -> Int {
        guard dy != 0 else { return 0 }
        let roomPt = abs(target.room(contentUp: dy > 0, scene))
        let room = Java.round(roomPt * androidDensity)
        let consumed = dy > 0 ? min(dy, room) : max(dy, -room)
        if abs(consumed) == room, roomPt > 0 {
            _ = target.pan(by: dy > 0 ? -roomPt : roomPt, bounces: false, &scene)
        } else if consumed != 0 {
            _ = target.pan(by: -Double(consumed) / androidDensity, bounces: false, &scene)
        }
        return consumed
    }

    /// One ACTION_MOVE of a drag (the list is DRAGGING).
    func androidDrag(to y: Double, now: Int) {
        let ms = AndroidClock.millis(tick: now)
        let yPx = touchPx(y)
        var dy = lastTouchPx - yPx
        lastTouchPx = yPx
        guard dy != 0 else { return }
        var a = androidFlinger()
        let up = target.room(contentUp: false, scene) != 0, down = target.room(contentUp: true, scene) != 0
        dy -= a.edges.releaseVertical(dy: dy, canScrollUp: up, canScrollDown: down, atMs: ms)
        let consumed = scrollStep(dy)
        a.edges.pull(overscroll: dy - consumed, atMs: ms)
        a.edges.considerReleasing(dy: dy, atMs: ms)
        android = a
    }

    /// ACTION_UP after a drag: RecyclerView.fling with the tracker's velocity, then releaseGlows.
    /// True when it flung.
    func androidRelease(now: Int) -> Bool {
        var a = androidFlinger()
        let ms = AndroidClock.millis(tick: now)
        let up = AndroidClock.nanos(tick: now)
        let v = androidTracker.velocity(upNanos: up, maxVelocity: Float(a.maximumVelocity))
        var flung = a.fling(Java.int(-v), atMs: ms)
        if flung { flung = !firstRun(&a, atMs: ms) }
        a.edges.releaseAll(atMs: ms)
        android = a
        return flung
    }

    /// The ViewFlinger's first run, in the frame that flung (postOnAnimation from an input
    /// callback runs in the same frame's animation callbacks): nothing moves at 0 ms, but a fling
    /// of no distance is done there. True when it was.
    private func firstRun(_ a: inout AndroidFlinger, atMs ms: Int) -> Bool {
        a.run(atMs: ms, scrollStep: scrollStep).done
    }

    /// A fling at `v` content pt/s (+ = content up: RecyclerView's dy > 0) from keys or a wheel
    /// stream: RecyclerView.fling with its px/s (the flywheel adds a running fling's velocity).
    func androidFling(contentVelocity v: Double, now: Int) -> Bool {
        guard v.isFinite else { return false }
        var a = androidFlinger()
        let ms = AndroidClock.millis(tick: now)
        var flung = a.fling(Java.int(v * a.density), atMs: ms)
        if flung { flung = !firstRun(&a, atMs: ms) }
        android = a
        return flung
    }

    /// Would a release at `speed` content pt/s start inertia under the law in force.
    func startsFling(_ speed: Double) -> Bool {
        guard physics == .android else { return physics.law.startsFling(velocity: speed) }
        return AndroidFlingLaw(density: androidDensity).startsFling(velocity: speed)
    }

    /// One frame of the android list: ViewFlinger.run, then the edge effects' draw.
    func stepAndroid(now: Int) {
        guard physics == .android, var a = android else { return }
        let ms = AndroidClock.millis(tick: now)
        if a.isFlinging {
            let f = a.run(atMs: ms, scrollStep: scrollStep)
            lastMovementTick = now
            if f.done {
                android = a
                target.settle(&scene)
                scene.perform(.readerIdle)
                a = android ?? a
            }
        }
        a.edges.draw(atMs: ms)
        android = a
    }
}
