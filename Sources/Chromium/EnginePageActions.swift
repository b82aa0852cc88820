import BrowserEngine
import Embed
import EngineProcess
import Foundation
import LiveblogModel

/// What the app and the reader do to the page (E3, E4, E11, E16, X5, X6). In virtual time each
/// runs while the page's time stands still, at the last frame's tick; its events are in the
/// outbox when it returns (touch and wheel events reach the page in the next frame).
extension EnginePage {
    /// The hook's `length` as the engine sees it (E5), -1 without one.
    public func hookLength() throws -> Int {
        try guarded("reading the hook") {
            try evaluate("__liveblogDriver.hookLength()", doing: "reading the hook").intValue ?? -1
        }
    }

    /// Completes a media item's or embed's load now, whatever the network (a scenario's `load`).
    @discardableResult
    public func forceLoad(_ id: String) throws -> Bool {
        let rank = site?.rank(of: id)
        let key: Request = rank != nil && site?.isEmbed(id) == true ? .embed(id) : .media(id)
        let released = gate.force(key, tick: tick)
        sendContinues()
        try guarded("loading \(id) now") { try settle(released, doing: "loading \(id) now") }
        return !released.isEmpty
    }

    public func setNetworkProfile(_ p: NetworkProfile) { gate.setProfile(p, tick: tick) }
    public var networkProfile: NetworkProfile { gate.queue.profile }
    public var isLoading: Bool { !gate.isIdle }

    // MARK: - Geometry of the web view (X5)

    /// The web row's width (a rotation, a resize, T5): the page lays out again; its resize
    /// listener reports the change in the next frame.
    public func setWidth(_ w: Double) throws {
        guard w != width else { return }
        width = w
        try guarded("resizing the web view") { try applyMetrics(doing: "resizing the web view") }
        geometryCache = nil
    }

    /// The web view's height: a content-sized web view is as tall as its row (the host sets it
    /// after each resize callback, E2).
    public func setViewportHeight(_ h: Double) throws {
        guard h != viewportHeight, h > 0 else { return }
        viewportHeight = h
        try guarded("resizing the web view") { try applyMetrics(doing: "resizing the web view") }
        geometryCache = nil
    }

    // MARK: - Reader input (E16, X6)

    /// A tap at page coordinates: touch start now, touch end at the next frame (so the page's
    /// touch handlers, its click and its hold-ending rules run as on a phone).
    /// A finger already down on the page (`touchStart`) only ends there.
    public func tap(x: Double, y: Double) throws {
        try guarded("dispatching a tap") {
            if !touchActive {
                try dispatchTouch("touchStart", points: [(x, y)], doing: "dispatching a tap")
                inputExpected.append(("touchstart", 1))
            }
            touchActive = false
            pendingTouchEnd = (x, y)
        }
    }

    /// A finger down on the web row that the list let through to the page (Q19): touch start
    /// now, at page coordinates; a tap or `touchCancel` ends it.
    public func touchStart(x: Double, y: Double) throws {
        guard !touchActive else { return }
        try guarded("dispatching a touch") {
            try dispatchTouch("touchStart", points: [(x, y)], doing: "dispatching a touch")
            touchActive = true
            inputExpected.append(("touchstart", 1))
        }
    }

    /// The list took the finger for its own scroll (Q19): the page's touch is cancelled.
    public func touchCancel() throws {
        guard touchActive else { return }
        try guarded("cancelling a touch") {
            try dispatchTouch("touchCancel", points: [], doing: "cancelling a touch")
            touchActive = false
            inputExpected.append(("touchcancel", 1))
        }
    }

    /// A mouse-wheel turn over the page at page coordinates.
    public func wheel(x: Double, y: Double, deltaY: Double) throws {
        try guarded("dispatching a wheel turn") {
            let id = try session.send("Input.dispatchMouseEvent", .obj(
                ("type", .string("mouseWheel")), ("x", .number(x)), ("y", .number(y)),
                ("deltaX", .int(0)), ("deltaY", .number(deltaY))), doing: "dispatching a wheel turn")
            client.discardReply(id)
            inputExpected.append(("wheel", 2))
        }
    }

    /// A key pressed while the page has focus (`key` as the DOM names it: "a", "ArrowDown").
    public func key(_ key: String) throws {
        try guarded("dispatching a key") {
            let text = key.count == 1 ? key : ""
            for type in ["keyDown", "keyUp"] {
                var p: [(String, JSONValue)] = [("type", .string(type)), ("key", .string(key))]
                if type == "keyDown", !text.isEmpty { p.append(("text", .string(text))) }
                try session.call("Input.dispatchKeyEvent", .object(p), doing: "dispatching a key")
            }
            try absorb(doing: "dispatching a key")
        }
    }

    func dispatchTouch(_ type: String, points: [(Double, Double)], doing: String) throws {
        let list: [JSONValue] = points.map { .obj(("x", .number($0.0)), ("y", .number($0.1))) }
        let params: JSONValue = .obj(("type", .string(type)), ("touchPoints", .array(list)))
        let id = try session.send("Input.dispatchTouchEvent", params, doing: doing)
        // In virtual time its acknowledgement tells whether another begin frame can bring it (X6).
        if isVirtual { touchAcks.append(id) } else { client.discardReply(id) }
    }

    /// Runs a driver call in the page and collects what it did.
    package func run(_ script: String, doing: String) throws {
        try guarded(doing) {
            try evaluate(script, doing: doing)
            try absorb(doing: doing)
            // What the call asked the network for was asked at this tick.
            gate.endFrame(tick: tick)
            geometryCache = nil
        }
    }
}

