import BrowserEngine
import Embed
import EngineProcess
import Foundation
import LiveblogModel
import TextCells
import VirtualTime

/// X13: the reference embed's network in WebKit under `simulate`. WebKitGTK cannot claim `http`,
/// and a response held in a loopback server (or a proxy) occupies one of the six connections
/// WebKit's network process keeps to a host, so the page's own files then wait behind held
/// images (tried: the page never became ready). So the page is served through a URI scheme of the
/// helper's own (`liveblog://embed/…`, registered secure and CORS-enabled, so the page is a
/// secure context with same-origin fetches, as 127.0.0.1 is to Chromium): each request is a
/// `request` event of the helper, in the order the page made it (the web process's messages to
/// the helper keep their order, so a request made in a frame arrives before that frame's round
/// trip ends), held in the helper, which takes no connection, until liveblog answers it. The
/// answers are the loopback server's (`EmbedSite.handle`); the gate is Chromium's `NetworkGate`
/// (the same seeded `NetworkQueue`): a request belongs to the frame in which it arrived, is
/// released at the frame its delay is due, and the frame then waits until the page has it (an
/// image's load or error event, a fetch's `received` report).
extension WebKitPage {
    static let scheme = "liveblog"
    static let schemeBase = "liveblog://embed"
    /// The gate reads http(s) URLs: a scheme URL goes to it as this origin's.
    static let gateOrigin = "http://embed.liveblog"

    /// X13, X14: why a page of one's own (`--page-url`) cannot run under a network profile in
    /// WebKit's `simulate`. Chromium pauses every request of the page (DevTools' Fetch domain) and
    /// releases it by the profile; WebKitGTK's only hook to hold a request is a URI scheme of the
    /// embedder's own, which cannot claim `http` or `https`, and a proxy in front of the page would
    /// see `https` only as opaque tunnels (and each held response takes one of the six connections
    /// WebKit keeps to a host, starving the page's own files). So the combination is refused, not
    /// run with responses at once as if the profile applied.
    public static func profileRefusal(_ p: NetworkProfile) -> String {
        "the network profile \(p.rawValue) cannot be applied to a page of your own (--page-url) in WebKit: WebKitGTK "
            + "cannot hold its http(s) requests (a URI scheme of liveblog's own cannot claim http or https, and a proxy "
            + "sees https only as tunnels), so its responses would come at once; use the network profile instant "
            + "with --engine webkit, or --engine chromium, which releases them by the profile"
    }

    static func schemeClassifier(site: EmbedSite) -> (URL) -> (key: Request, rank: Int)? {
        { url in
            guard url.absoluteString.hasPrefix(gateOrigin + "/"), let key = EmbedSite.key(path: url.path) else { return nil }
            switch key {
            case .media(let id), .embed(let id): return (key, site.rank(of: id) ?? Int.max / 4)
            case .page(let n): return (key, Int.max / 2 + n)
            }
        }
    }

    /// A scheme URL's path and query ("/media/m1", "/data/page-1.json?after=…"); nil for another URL.
    static func schemePath(_ uri: String) -> String? {
        guard uri.hasPrefix(schemeBase) else { return nil }
        let rest = String(uri.dropFirst(schemeBase.count))
        let path = String(rest.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        return path.isEmpty ? "/" : path.hasPrefix("/") ? path : nil
    }

    /// A request of the page, held in the helper until the gate releases it.
    func schemeRequest(rid: Int, uri: String) {
        let id = "r\(rid)"
        schemeRequests[id] = (rid, uri)
        let path = WebKitPage.schemePath(uri) ?? "/"
        let main = uri.split(separator: "#").first == url.split(separator: "#").first
        gate?.willSend(id: id, url: WebKitPage.gateOrigin + path, redirect: false, immediate: main)
        gate?.paused(fetchId: id, networkId: id)
    }

    /// Answers every request the gate let go: the embed's answer, at once. `oneByOne`: each
    /// delayed one is answered after the page has the one before (its load event), so the page's
    /// loads of a frame happen in the gate's order on every run, not in the order WebKit finishes them.
    func answerReleased(doing: String, oneByOne: Bool = false) throws {
        guard var g = gate else { return }
        let ids = g.takeContinues()
        gate = g
        for id in ids {
            guard let r = schemeRequests.removeValue(forKey: id) else { continue }
            let path = WebKitPage.schemePath(r.uri) ?? "/"
            let response = site.map { site in
                HTTPHeadReader.parse("GET \(path) HTTP/1.1\r\n").map { site.handle($0.0) } ?? .badRequest
            } ?? .notFound
            try helper.call("respond", [("rid", .int(r.rid)), ("status", .int(response.status)),
                                        ("type", .string(response.contentType)),
                                        ("body", .string(Data(response.body).base64EncodedString()))], doing: doing)
            // A refused file's note where it was answered (in the gate's order).
            for refused in site?.takeRefusals() ?? [] { outbox.append(.engine(.note(refused))) }
            if EmbedSite.key(path: path) != nil, gate?.isReleasedAndWaited(id) == true {
                // The page has it once it says so (an image's load or error, a fetch's report).
                awaitingPage[path, default: []].append(id)
                if oneByOne { try settle([id], doing: doing) }
            } else {
                gate?.finished(id: id)
            }
        }
    }

    /// The page reported it has `u` (relative to the page): its request is settled.
    func pageHas(_ u: String) {
        guard let resolved = URL(string: u, relativeTo: URL(string: url))?.absoluteString,
              let path = WebKitPage.schemePath(resolved), var ids = awaitingPage[path], !ids.isEmpty else { return }
        let id = ids.removeFirst()
        awaitingPage[path] = ids.isEmpty ? nil : ids
        gate?.finished(id: id)
    }

    /// The World's frames to `target` in virtual time: each 60 Hz frame releases what is due and
    /// waits until the page has it, then steps the page's clock (timers, animation frames, one
    /// frame of WebKit's own), then collects what the page did; its requests join the gate.
    func steppedFrames(to target: Int) throws {
        try guarded("stepping the page") {
            var t = tick
            while t < target {
                t = min(target, t + VirtualClock.ticksPerFrame)
                let doing = "stepping the page to tick \(t) (\(String(format: "%.3f", VirtualClock.seconds(t))) s)"
                if var g = gate {
                    let released = g.release(tick: t)
                    gate = g
                    try answerReleased(doing: doing, oneByOne: true)
                    try settle(released, doing: doing)
                }
                try helper.call("call", [("body", .string(WebKitClock.step(millis: WebKitClock.millis(t), draw: true,
                                                                             settle: true)))], doing: doing)
                tick = t
                try absorb(doing: doing)
                flushBridge()
                gate?.endFrame(tick: t)
                geometryCache = nil
            }
        }
    }

    /// Waits (bounded, as Chromium's) until the page has the released responses; a stalled one
    /// is noted once and never waited for again (S6).
    func settle(_ released: [String], doing: String) throws {
        guard !released.isEmpty else { return }
        let started = Date()
        let limit = stalledWait >= config.maxStalledWait ? config.settleTimeoutAfterStalls : config.settleTimeout
        let deadline = started.addingTimeInterval(limit)
        while true {
            let waiting = released.filter { gate?.unsettled.contains($0) == true }
            if waiting.isEmpty { return }
            guard Date() < deadline else {
                gate?.abandon(waiting)
                for (path, ids) in awaitingPage { awaitingPage[path] = ids.filter { !waiting.contains($0) } }
                stalledWait += Date().timeIntervalSince(started)
                let what = waiting.compactMap { gate?.url(of: $0) }.prefix(3)
                    .map { Sanitizer.clean(String($0.dropFirst(WebKitPage.gateOrigin.count))) }.joined(separator: ", ")
                outbox.append(.engine(.note("tick \(tick): \(what) did not reach the page within "
                    + "\(String(format: "%.2f", limit)) s (stalled, not waited for again); it lands in a later frame, if ever")))
                return
            }
            try helper.pump(timeout: min(0.05, max(0.001, deadline.timeIntervalSinceNow)), doing: doing)
            try absorb(doing: doing)
        }
    }
}

extension NetworkGate {
    /// Is request `id` released and not yet had by the page (the page is to say when it has it)?
    func isReleasedAndWaited(_ id: String) -> Bool { unsettled.contains(id) }
}
