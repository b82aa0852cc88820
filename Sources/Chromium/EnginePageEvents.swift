import BrowserEngine
import Embed
import EngineProcess
import Foundation
import LiveblogModel
import TextCells

/// The engine's events as the page's (X5, X10): the injected script's channel (hook calls, the
/// embed's reports, layout, input), the platform's bridge, the console, navigations; network
/// events go to the gate.
extension EnginePage {
    package func absorb(doing: String) throws {
        for e in client.takeEvents() where e.sessionId == session.sessionId {
            try handle(e, doing: doing)
        }
        if let prefetcher {
            let continuing = Set(gate.toContinue)
            prefetcher.startHeld(where: { gate.isHeld(fetchId: $0) }, released: { continuing.contains($0) })
        }
        sendContinues()
        for refused in site?.takeRefusals() ?? [] { outbox.append(.engine(.note(refused))) }
        noteDroppedConsole()
    }

    private func handle(_ e: ProtocolEvent, doing: String) throws {
        let p = e.params
        switch e.method {
        case "Network.requestWillBeSent":
            guard let id = p["requestId"]?.stringValue, let u = p["request"]?["url"]?.stringValue else { return }
            let document = p["type"]?.stringValue == "Document"
            let main = document && (p["frameId"]?.stringValue == session.targetId
                                    || u.split(separator: "#").first == url.split(separator: "#").first)
            gate.willSend(id: id, url: u, redirect: p["redirectResponse"] != nil, immediate: main)
            if requestURLs.count < 10_000 { requestURLs[id] = u }
            if !(document && p["frameId"]?.stringValue == session.targetId) {
                progress.started(id: id, type: p["type"]?.stringValue)
            }
        case "Network.responseReceived", "Network.loadingFinished", "Network.loadingFailed":
            outcome(e)
        case "Page.loadEventFired":
            progress.documentLoaded()
        case "Fetch.requestPaused":
            guard let f = p["requestId"]?.stringValue else { return }
            gate.paused(fetchId: f, networkId: p["networkId"]?.stringValue)
            // Q20: a held request of a page of one's own is fetched now, in parallel, in real time.
            prefetcher?.paused(fetchId: f, request: p["request"], tick: tick)
        case "Runtime.bindingCalled":
            let payload = p["payload"]?.stringValue ?? ""
            switch p["name"]?.stringValue {
            case InjectedScript.channel: channel(payload)
            case InjectedScript.viewChanged: (viewChanged, layoutChanged) = (true, true)
            default: bridge(payload)
            }
        case "Runtime.consoleAPICalled":
            let text = EnginePage.consoleText(p["args"]?.arrayValue ?? [])
            outbox.append(.page(.console(level: EngineEvent.consoleLevel(p["type"]?.stringValue ?? "log"),
                                         message: Sanitizer.clean(text))))
        case "Runtime.exceptionThrown":
            let d = p["exceptionDetails"]
            let text = d?["exception"]?["description"]?.stringValue ?? d?["text"]?.stringValue ?? "Uncaught error"
            outbox.append(.page(.console(level: "error", message: Sanitizer.clean(text))))
        case "Page.frameNavigated":
            if p["frame"]?["parentId"] == nil {
                outbox.append(.engine(.navigation(url: shownURL)))
                progress.documentStarted()
                // A new document: nothing read of the old one holds (X9; its version restarts at 0).
                documents += 1
                (viewChanged, layoutChanged, layoutHeld, geometryCache) = (true, true, nil, nil)
            }
        case "Page.domContentEventFired":
            documentReady = true
            if site == nil { ready = true }
        case "Inspector.targetCrashed", "Target.targetCrashed":
            crashed = true
            throw EngineError.engineExited(doing: doing, status: "the page's renderer crashed", log: "")
        default:
            break
        }
    }

    // MARK: - The injected script's channel (docs/engine.md)

    private func channel(_ payload: String) {
        guard let m = try? JSONParser.parse(payload), let k = m["k"]?.stringValue else { return }
        switch k {
        case "report": report(m)
        case "hook": outbox.append(InjectedChannel.hook(m))
        case "layout": layout(m)
        case "input": if let t = m["type"]?.stringValue { inputSeen.append(t) }
        case "navResult":
            guard !speaksProtocol, let e = InjectedChannel.navResult(m) else { return }
            outbox.append(.page(e))
        case "external": external(m)
        case "console-dropped": consoleDropped += max(0, min(m["n"]?.intValue ?? 0, 1 << 30))
        case "popups-blocked":
            let n = max(0, min(m["n"]?.intValue ?? 0, 1 << 30))
            outbox.append(.engine(.note("the page tried to open \(n) window\(n == 1 ? "" : "s") (window.open): "
                                        + "blocked, as a single-window web view does (S5)")))
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
        case "received":
            guard let u = m["url"]?.stringValue, let url = URL(string: u, relativeTo: URL(string: self.url))
            else { return }
            received[EnginePage.pathAndQuery(url.absoluteURL), default: 0] += 1
        case "external": external(m)
        default: break
        }
    }

    /// A request's response or its end: the gate and the progress hear of it; a failure of the
    /// page's is a resource line (Q16), its own document's also a note (S8).
    private func outcome(_ e: ProtocolEvent) {
        let p = e.params
        switch e.method {
        case "Network.responseReceived":
            guard let status = p["response"]?["status"]?.intValue, status >= 400 else { return }
            // Q16: every request of the page that failed is a resource line.
            let u = p["response"]?["url"]?.stringValue ?? requestURLs[p["requestId"]?.stringValue ?? ""] ?? ""
            outbox.append(.page(.resource(url: shown(u), status: status, error: nil)))
            if let id = p["requestId"]?.stringValue { reported.insert(id) }
            // S8: the page's own document answered with an error: the engine shows the server's page.
            guard p["type"]?.stringValue == "Document", p["frameId"]?.stringValue == session.targetId else { return }
            let text = Sanitizer.clean(p["response"]?["statusText"]?.stringValue ?? "")
            outbox.append(.engine(.note("the page \(shownURL) answered HTTP \(status)\(text.isEmpty ? "" : " " + text): "
                                        + "what loads is the server's error page (S8)")))
        default:
            guard let id = p["requestId"]?.stringValue else { return }
            if e.method == "Network.loadingFailed", p["canceled"]?.boolValue != true, !reported.contains(id) {
                let why = Sanitizer.clean(p["errorText"]?.stringValue ?? "failed")
                outbox.append(.page(.resource(url: shown(requestURLs[id] ?? ""), status: nil, error: why)))
            }
            requestURLs[id] = nil
            reported.remove(id)
            gate.finished(id: id)
            progress.ended(id: id)
        }
    }

    /// A request's URL as the trace shows it: the reference embed's without its port and token.
    func shown(_ url: String) -> String {
        guard let server, url.hasPrefix(server.base) else { return Sanitizer.clean(url) }
        return Sanitizer.clean(String(url.dropFirst(server.base.count)))
    }

    private func layout(_ m: JSONValue) {
        let (height, refused) = InjectedChannel.layoutHeight(m)
        if let refused { outbox.append(.engine(refused)) }
        guard let h = height else { return }
        contentHeight = h
        geometryCache = nil
        // The height at load is the web row's first; later changes are layout lines (E2).
        guard !loading else { return }
        outbox.append(.page(.layout(height: h, cause: m["cause"]?.stringValue ?? "page")))
    }

    private func external(_ m: JSONValue) {
        if let e = InjectedChannel.external(m) { outbox.append(.page(e)) }
    }

    // MARK: - The bridge (X5)

    /// What the native side reads: iOS `dict["top"] as? CGFloat` (no number: the message is
    /// dropped), `dict["correction"] as? Bool ?? false`, `dict["jumpId"] as? Int ?? 0`;
    /// Android's three converted values.
    private func bridge(_ payload: String) {
        guard let m = try? JSONParser.parse(payload) else { return }
        if m["platform"]?.stringValue == "android", let a = m["args"]?.arrayValue, a.count == 3 {
            if let raw = a[0].doubleValue, PageNumber.coordinate(raw) == nil {
                return outbox.append(.engine(.note(PageNumber.note("tickarooLiveblogScrollTo's top", raw))))
            }
            outbox.append(.bridge(BoundBridgeCall(platform: .android, top: a[0].doubleValue ?? 0,
                                                  correction: a[1].boolValue ?? false, jumpId: a[2].intValue ?? 0)))
            return
        }
        guard let body = m["body"], let top = body["top"]?.doubleValue else { return }
        guard PageNumber.coordinate(top) != nil else {
            return outbox.append(.engine(.note(PageNumber.note("scrollToSwift's top", top))))
        }
        let correction = body["correction"]?.boolValue ?? body["correction"]?.doubleValue.map { $0 == 1 } ?? false
        let jumpId = body["jumpId"]?.doubleValue.flatMap { Int(exactly: $0) } ?? 0
        outbox.append(.bridge(BoundBridgeCall(platform: .ios, top: top, correction: correction, jumpId: jumpId)))
    }

    // MARK: - Console

    static func consoleText(_ args: [JSONValue]) -> String {
        args.map { a -> String in
            if let s = a["value"]?.stringValue { return s }
            if let n = a["value"]?.doubleValue { return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)" }
            if let b = a["value"]?.boolValue { return b ? "true" : "false" }
            if let u = a["unserializableValue"]?.stringValue { return u }
            return a["description"]?.stringValue ?? a["type"]?.stringValue ?? ""
        }.joined(separator: " ")
    }
}
