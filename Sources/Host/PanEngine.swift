import VirtualTime
import ScrollPhysics

/// One pan gesture and its inertia, as in the seed (nested-pan-inertia-webview): began / changed /
/// ended like a UIPanGestureRecognizer (P1), a UIDynamicItemBehavior-like item with resistance 2.0
/// on release at 180 pt/s or faster (P2), the damped bottom overscroll and spring back (P3), the
/// interaction lock (P4), and keys and wheel notches turned into gestures (P5, P6).
/// Time comes in as ticks (120 Hz); nothing here reads a clock.
///
/// Each call is given the World's list as it is (a `ListScene`) and returns what it did to it as
/// `ScrollEffect`s, in order, with what the World must hear (the reader began scrolling with an
/// input, a motion goes on by itself, nothing moves any more): the World applies them.
public final class PanEngine {
    public var target: PanTarget { didSet { target.use(physics) } }
    /// The working copy of the list during a call (`run`).
    var scene = ListScene(list: NativeList(headerRows: 0, footerRows: 0, webRowHeight: 0,
                                           scrollView: ScrollView(viewportHeight: 0, insetTop: 0, insetBottom: 0)),
                          tick: 0)

    public private(set) var item: DynamicItem?
    /// F1, F2: the law of inertia and of the edges, chosen by the World (`PhysicsModel.selected`).
    /// `.uidynamic` is the seed's DynamicItem path, unchanged; `.uikit` and `.android` run a
    /// `LawGlide`. The target learns it too (its drags at the edges follow the law).
    public var physics: PhysicsModel = .uidynamic { didSet { target.use(physics) } }
    private var glide: LawGlide?
    /// F1, F9 `android`: RecyclerView's fling and its edge effects, in the device's px
    /// (PanEngineAndroid.swift), made at the reader's first touch or fling (nil until then:
    /// nothing flings, no edge shows, so nothing of it runs, not even the edges' frame).
    var android: AndroidFlinger?
    /// The list's density and measured height (px) the flinger is made for (`useAndroid`).
    var androidList = (density: 1.0, height: 0)
    /// Its finger velocity, made at the first touch.
    lazy var androidTracker = AndroidVelocityTracker()
    /// RecyclerView's mLastTouchY, px.
    var lastTouchPx = 0
    /// The finger's velocity, made at the first touch.
    private lazy var tracker = VelocityTracker()
    private var touch: Touch?
    private var ease: Ease?
    /// The stream of wheel notches or key repeats under way (P5, P6); nil when there is none.
    private var stream: WheelStream?
    /// Issue 32, `--reading`: a calm reader's keys: a held key's repeats scroll line by line and
    /// stop at the last press, their speed never carried into inertia (wheels and J/K keep theirs).
    public var calmKeys = false
    /// The stream under way comes from keys.
    private var streamFromKeys = false
    public internal(set) var lastMovementTick: Int?

    struct Touch {
        var startY: Double
        var lastY: Double
        var dragging: Bool
        /// A press that stopped inertia is never a tap (P4).
        var stoppedMotion: Bool
    }

    /// A key or wheel scroll: a delta eased over time, applied through the target.
    struct Ease {
        var motion: ScrollAnimation   // from 0 to the total delta (content movement, + = up)
        var startTick: Int
        var applied: Double
    }

    public init(target: PanTarget) { self.target = target }

    /// Native rows take no taps while inertia runs (P4).
    public var interactionLocked: Bool { item != nil || glide != nil || isFlinging }
    /// F9: the android list's ViewFlinger is flinging.
    var isFlinging: Bool { android?.isFlinging == true }
    public var isTouching: Bool { touch != nil }
    /// The finger now down stopped a motion when it went down (so it is no tap, F3).
    public var pressStoppedMotion: Bool { touch?.stoppedMotion == true }
    public var isDragging: Bool { touch?.dragging == true }
    /// Inertia runs (UIKit's isDecelerating; a fling on android).
    public var isDecelerating: Bool { item != nil || glide != nil || isFlinging }
    /// A key or wheel scroll eases the content (an animation, not deceleration).
    public var isEasing: Bool { ease != nil || streamPending }
    public var isMoving: Bool {
        item != nil || glide != nil || isFlinging || ease != nil || touch?.dragging == true || streamPending
    }
    private var streamPending: Bool { stream != nil }

    private func seconds(_ tick: Int) -> Double { VirtualClock.seconds(tick) }

    // MARK: Touch (mouse drag, scenario drag and tap)

    /// Touch down. Returns true when it stopped a motion (so the press is not a tap).
    /// `stopsScroll`: the press also stops a scroll the list runs on its own (F3: the jump's
    /// smooth scroll or animated setContentOffset), so it is not a tap either.
    public func touchDown(y: Double, now: Int, stopsScroll: Bool = false, in s: ListScene) -> [ScrollEffect] {
        run(s) { touchDown(y: y, now: now, stopsScroll: stopsScroll) }
    }

    /// Runs `body` on a working copy of `s`; what it did, in order.
    func run(_ s: ListScene, _ body: () -> Void) -> [ScrollEffect] {
        scene = s
        body()
        return scene.effects
    }

    @discardableResult
    func touchDown(y: Double, now: Int, stopsScroll: Bool) -> Bool {
        let stopped = item != nil || glide != nil || isFlinging || ease != nil || stopsScroll
        item = nil
        glide = nil
        android?.stop()
        ease = nil
        stream = nil
        target.panBegan(&scene)
        tracker.reset()
        tracker.add(time: seconds(now), position: y)
        androidDown(y: y, now: now)
        touch = Touch(startY: y, lastY: y, dragging: false, stoppedMotion: stopped)
        return stopped
    }

    public func touchMove(y: Double, now: Int, in s: ListScene) -> [ScrollEffect] {
        run(s) { touchMove(y: y, now: now) }
    }

    func touchMove(y: Double, now: Int) {
        guard var t = touch else { return }
        tracker.add(time: seconds(now), position: y)
        androidTracker.move(nanos: AndroidClock.nanos(tick: now), position: fingerPx(y))
        if !t.dragging {
            // The pan is recognised past the touch slop; the content then follows the finger
            // from where it went down, as UIScrollView's pan does.
            guard abs(y - t.startY) > PhysicsConstants.touchSlop else { return }
            t.dragging = true
            touch = t
            target.panBegan(&scene)
            scene.perform(.readerBegan(.touch, tick: now))
            dragStep(by: y - t.startY, now: now, to: y)
        } else {
            dragStep(by: y - t.lastY, now: now, to: y)
        }
        t.lastY = y
        touch = t
        lastMovementTick = now
    }

    public enum TouchResult: Equatable { case tap, drag, none }

    /// Touch up: a tap, or the end of a drag (with inertia at 180 pt/s or faster).
    public func touchUp(y: Double, now: Int, in s: ListScene) -> (TouchResult, [ScrollEffect]) {
        var result = TouchResult.none
        let effects = run(s) { result = touchUp(y: y, now: now) }
        return (result, effects)
    }

    func touchUp(y: Double, now: Int) -> TouchResult {
        guard let t = touch else { return .none }
        if t.lastY != y { touchMove(y: y, now: now) }
        let current = touch ?? t
        touch = nil
        guard current.dragging else {
            android?.edges.releaseAll(atMs: AndroidClock.millis(tick: now))
            // A press that stopped a bounce mid-way: the content springs back on release (P3).
            target.settle(&scene)
            scene.perform(.readerIdle)
            return current.stoppedMotion ? .none : .tap
        }
        let flung = physics == .android ? androidRelease(now: now)
            : startInertia(contentVelocity: -tracker.velocity(at: seconds(now)), now: now)
        if flung {
            scene.perform(.readerSettling)
        } else {
            target.settle(&scene)
            scene.perform(.readerIdle)
        }
        return .drag
    }

    // MARK: Keys and wheel (P5, P6)

    /// Scrolls content by `delta` pt (+ = content up, as j / wheel down) with an ease-out of 0.15 s;
    /// scrolls closer than 80 ms apart form one stream whose speed carries into inertia.
    public func easedScroll(by delta: Double, now: Int, homeEnd: Bool = false, input: ScrollInput = .key,
                            in s: ListScene) -> [ScrollEffect] {
        run(s) { easedScroll(by: delta, now: now, homeEnd: homeEnd, input: input) }
    }

    func easedScroll(by delta: Double, now: Int, homeEnd: Bool, input: ScrollInput) {
        let continuing = stream?.isActive(at: seconds(now)) == true && ease != nil
        var notches = stream ?? WheelStream()
        notches.add(at: seconds(now), delta: delta)
        stream = notches
        streamFromKeys = input == .key
        item = nil
        glide = nil
        android?.stop()
        if !continuing { target.panBegan(&scene) }
        // Every notch and key press is the reader scrolling, also inside a stream that began
        // before a jump: the World hears of each (H5) and tells the host if it is a drag (F4).
        scene.perform(.readerBegan(input, tick: now))
        var total = delta
        if let e = ease, continuing { total += e.motion.to - e.applied }
        // No overscroll from keys: the delta stops at the bounds.
        let room = target.room(contentUp: total > 0, scene)
        total = total > 0 ? min(total, room) : max(total, room)
        let motion: ScrollAnimation = homeEnd ? .homeEnd(from: 0, to: total) : .keyScroll(from: 0, to: total)
        ease = Ease(motion: motion, startTick: now, applied: 0)
        scene.perform(.readerSettling)
        lastMovementTick = now
    }

    /// J / K: a fling at `velocity` pt/s of content (+ = content up).
    public func fling(contentVelocity: Double, now: Int, in s: ListScene) -> [ScrollEffect] {
        run(s) { fling(contentVelocity: contentVelocity, now: now) }
    }

    func fling(contentVelocity: Double, now: Int) {
        ease = nil
        stream = nil
        target.panBegan(&scene)
        scene.perform(.readerBegan(.key, tick: now))
        if startInertia(contentVelocity: contentVelocity, now: now) { scene.perform(.readerSettling) } else { scene.perform(.readerIdle) }
    }

    /// Stops the inertia, eases and streams where they are, keeping a finger that is down (the app
    /// scrolled the list itself).
    public func stopMotion() {
        item = nil
        glide = nil
        android?.stop()
        ease = nil
        stream = nil
    }

    /// Stops everything where it is.
    public func stop() {
        item = nil
        glide = nil
        android?.stop()
        ease = nil
        touch = nil
        stream = nil
    }

    /// A finger step of a drag: the target moves (at the edges as its law says); on android the
    /// step is RecyclerView's, in px (PanEngineAndroid.swift).
    private func dragStep(by d: Double, now: Int, to y: Double) {
        guard physics == .android else {
            _ = target.pan(by: d, bounces: true, &scene)
            return
        }
        androidDrag(to: y, now: now)
    }

    /// Starts inertia at `v` (content pt/s, + = content up) under `physics`; false: no inertia.
    /// uidynamic: the seed's item (P2). Otherwise the law's glide (F1, F2).
    private func startInertia(contentVelocity v: Double, now: Int) -> Bool {
        guard physics != .uidynamic else {
            item = DynamicItem.fling(releaseVelocity: -v)
            return item != nil
        }
        if physics == .android { return androidFling(contentVelocity: v, now: now) }
        glide = LawGlide.start(velocity: v, target: target, now: now, scene)
        return glide != nil
    }

    /// One tick of a platform-law fling (uikit; android's is `stepAndroid`).
    private func stepGlide(now: Int) {
        guard var g = glide else { return }
        let result = g.step(now: now, target: target, &scene)
        lastMovementTick = now
        glide = g
        if result != .moving {
            glide = nil
            target.settle(&scene)
            scene.perform(.readerIdle)
        }
    }

    // MARK: Stepping (120 Hz)

    public func step(now: Int, in s: ListScene) -> [ScrollEffect] {
        run(s) { step(now: now) }
    }

    func step(now: Int) {
        if var e = ease {
            let t = seconds(now - e.startTick)
            let v = e.motion.value(at: t)
            let d = v - e.applied
            if d != 0 { _ = target.pan(by: -d, bounces: false, &scene); lastMovementTick = now }
            e.applied = v
            ease = t >= e.motion.duration ? nil : e
        }
        // A stream of notches / key repeats ends 80 ms after the last; its speed carries into inertia.
        if let notches = stream, !notches.isActive(at: seconds(now)) {
            let speed = notches.count > 1 && !(calmKeys && streamFromKeys) ? notches.speed : 0
            stream = nil
            if physics != .uidynamic, startsFling(speed) {
                ease = nil
                target.panBegan(&scene)
                _ = startInertia(contentVelocity: speed, now: now)
            } else if physics == .uidynamic, abs(speed) >= DynamicItem.threshold {
                ease = nil
                target.panBegan(&scene)
                item = DynamicItem(velocity: -speed)
            } else if ease == nil, item == nil, glide == nil, !isFlinging {
                target.settle(&scene)
                scene.perform(.readerIdle)
            }
        }
        stepGlide(now: now)
        stepAndroid(now: now)
        if var it = item {
            let d = it.step()
            let atBound = target.pan(by: d, bounces: true, &scene)
            lastMovementTick = now
            if atBound || abs(d) < DynamicItem.stopDisplacement {
                item = nil
                target.settle(&scene)
                scene.perform(.readerIdle)
            } else {
                item = it
            }
        }
        if ease == nil, item == nil, glide == nil, !isFlinging, touch == nil, stream == nil,
           lastEaseRunning {
            // A key or wheel ease that stopped a bounce ends at the overscrolled offset: spring back (P3).
            target.settle(&scene)
            scene.perform(.readerIdle)
        }
        lastEaseRunning = ease != nil || item != nil || glide != nil || isFlinging
    }
    private var lastEaseRunning = false
}
