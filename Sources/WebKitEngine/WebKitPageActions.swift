import BrowserEngine
import Embed
import EngineProcess
import Foundation
import LiveblogModel
import TextCells

/// inject.js's channel as WebKit delivers it (the same messages as Chromium's binding), and what
/// the app and the reader do to a WebKit page (the driver calls are Chromium's, X14 in part).
extension WebKitPage {
    func channel(_ payload: String) {
        guard let m = try? JSONParser.parse(payload), let k = m["k"]?.stringValue else { return }
        switch k {
        case "report": report(m)
        case "hook":
            let call = InjectedChannel.hook(m)
            outbox.append(call)
            // The call's own bridge message (posted inside it) after the call, as in Chromium.
            if case .page = call { flushBridge() }
        case "layout": layout(m)
        case "navResult":
            guard !speaksProtocol, let e = InjectedChannel.navResult(m) else { return }
            outbox.append(.page(e))
        case "external": external(m)
        case "popups-blocked":
            note("the page tried to open a window (window.open): blocked, as a single-window web view does (S5)")
        default: break
        }
    }

    private func report(_ m: JSONValue) {
        switch m["kind"]?.stringValue {
        case "ready":
            ready = true
            speaksProtocol = m["protocol"]?.intValue == 1
            initialized = m["initialized"]?.boolValue ?? true
        case "nav", "hold-end":
            if let e = InjectedChannel.reported(m) { outbox.append(.page(e)) }
        case "layout": layout(m)
        case "received": if let u = m["url"]?.stringValue { pageHas(u) }
        case "external": external(m)
        default: break
        }
    }

    private func layout(_ m: JSONValue) {
        let (height, refused) = InjectedChannel.layoutHeight(m)
        if let refused { outbox.append(.engine(refused)) }
        guard let h = height else { return }
        // X13: the embed's report and inject.js's ResizeObserver can both tell one height (which
        // comes first is WebKit's rendering timing): a height the page has already is not a line.
        let same = h == contentHeight && clocked
        contentHeight = h
        geometryCache = nil
        guard !loading, !same else { return }
        outbox.append(.page(.layout(height: h, cause: m["cause"]?.stringValue ?? "page")))
    }

    private func external(_ m: JSONValue) {
        if let e = InjectedChannel.external(m) { outbox.append(.page(e)) }
    }

    // MARK: - The app's calls (the injected channel's are `InjectedCalls`')

    /// Completes a media item's or embed's load now, whatever the network (a scenario's `load`):
    /// the gate releases it and the page has it before this returns (X13; real time: nothing is held).
    public func forceLoad(_ id: String) throws -> Bool {
        guard gate != nil else { return false }
        let key: Request = site?.rank(of: id) != nil && site?.isEmbed(id) == true ? .embed(id) : .media(id)
        let released = gate?.force(key, tick: tick) ?? []
        try guarded("loading \(id) now") {
            try answerReleased(doing: "loading \(id) now", oneByOne: true)
            try settle(released, doing: "loading \(id) now")
        }
        return !released.isEmpty
    }

    public func setNetworkProfile(_ p: NetworkProfile) {
        profile = p
        if gate != nil { return gate!.setProfile(p, tick: tick) }
        if clocked, site == nil, p != .instant, failure == nil {
            // X13, X14: a page of one's own cannot follow a profile in WebKit: the run ends here.
            let message = "tick \(tick): " + WebKitPage.profileRefusal(p)
            failure = .page(message)
            outbox.append(.engine(.crash(message: message)))
            return
        }
        if p != .instant {
            note("the network profile is not applied to WebKit's page here (X13: only the reference embed in `simulate` "
                 + "is served through the gate): responses come at once")
        }
    }

    // MARK: - The web view's size

    public func setWidth(_ w: Double) throws {
        guard w != width else { return }
        width = w
        try resize()
    }

    /// A content-sized web view is as tall as its document, up to `maxWindowHeight` (said once).
    public func setViewportHeight(_ h: Double) throws {
        guard h != viewportHeight, h > 0 else { return }
        viewportHeight = h
        if h > WebKitPage.maxWindowHeight {
            note("the WebKit window stops at \(Int(WebKitPage.maxWindowHeight)) px (X11's windows stop at 32 767): "
                 + "the document keeps its own height; input below the window scrolls the page to it first")
        }
        try resize()
    }

    private func resize() throws {
        try guarded("resizing the web view") {
            try helper.call("resize", [("width", .int(Int(width.rounded()))),
                                       ("height", .int(Int(windowHeight(viewportHeight))))],
                            doing: "resizing the web view")
            geometryCache = nil
        }
    }

    // MARK: - Reader input (X14: clicks, wheel turns and keys; WebKitGTK has no touch without a touchscreen)

    /// A tap arrives as a click (WebKitGTK has no touch events without a touchscreen).
    public func tap(x: Double, y: Double) throws {
        try guarded("dispatching a tap") {
            guard let wy = try windowY(y, doing: "dispatching a tap") else { return }
            try helper.call("click", [("x", .number(x)), ("y", .number(wy))], doing: "dispatching a tap")
            try absorb(doing: "dispatching a tap")
        }
    }

    /// A wheel turn as a GDK smooth scroll event at its place.
    public func wheel(x: Double, y: Double, deltaY: Double) throws {
        try guarded("dispatching a wheel turn") {
            guard let wy = try windowY(y, doing: "dispatching a wheel turn") else { return }
            try helper.call("wheel", [("x", .number(x)), ("y", .number(wy)), ("deltaY", .number(deltaY))],
                            doing: "dispatching a wheel turn")
            try absorb(doing: "dispatching a wheel turn")
        }
    }

    /// Page y `y` in the window: a point below the window (which stops at `maxWindowHeight`)
    /// is brought into it by scrolling the page (the page's boxes are read in document
    /// coordinates, so nothing it reports moves); nil when even that cannot reach it.
    private func windowY(_ y: Double, doing: String) throws -> Double? {
        let h = windowHeight(viewportHeight)
        if y < windowScrollY || y >= windowScrollY + h {
            let target = max(0, y - h / 2)
            windowScrollY = try evaluate("(window.scrollTo(0, \(ProtocolJSON.number(target))), window.scrollY)",
                                         doing: doing).doubleValue ?? 0
            geometryCache = nil
        }
        let wy = y - windowScrollY
        guard wy >= 0, wy < h else {
            note("input outside the WebKit window's reach is not dispatched")
            return nil
        }
        return wy
    }

    /// A key as the DOM names it, sent as GDK's key.
    public func key(_ key: String) throws {
        let names = ["ArrowDown": "Down", "ArrowUp": "Up", "ArrowLeft": "Left", "ArrowRight": "Right", "Enter": "Return",
                     " ": "space", "PageDown": "Page_Down", "PageUp": "Page_Up", "Backspace": "BackSpace"]
        try guarded("dispatching a key") {
            try helper.call("key", [("key", .string(names[key] ?? key))], doing: "dispatching a key")
            try absorb(doing: "dispatching a key")
        }
    }
}
