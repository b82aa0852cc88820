import BrowserEngine
import EngineProcess
import Foundation
import TextCells
import VirtualTime

/// What a hostile page does to the run, handled as its events arrive (S5, S6, S8), even while a
/// command waits for its reply: a dialog is dismissed as by a web view without a UI delegate
/// (WKWebView without `WKUIDelegate`, an Android WebView without `WebChromeClient`: `alert`
/// returns, `confirm` is false, `prompt` is null) and noted; the page's own navigation of its
/// main frame goes ahead in the engine, and in virtual time ends the run at once with "the page
/// navigated to …" (a scenario's page must stay on its document; `view` follows it); a crashed
/// renderer ends the run saying so; console lines past `maxConsolePerFrame` in one frame are
/// dropped and counted.
extension EnginePage {
    /// Console and exception lines kept per frame; the rest are counted in a note.
    static let maxConsolePerFrame = 100

    func installGuards() {
        client.setEventFilter(session: session.sessionId) { [weak self] event in
            guard let self else { return true }
            return try self.filter(event)
        }
    }

    func removeGuards() { client.setEventFilter(session: session.sessionId, nil) }

    private func filter(_ e: ProtocolEvent) throws -> Bool {
        let p = e.params
        switch e.method {
        case "Page.javascriptDialogOpening":
            let type = p["type"]?.stringValue ?? "alert"
            // beforeunload: the navigation goes ahead, as a web view without a delegate lets it.
            let accept = type == "beforeunload"
            if let id = try? session.send("Page.handleJavaScriptDialog", .obj(("accept", .bool(accept)))) {
                client.discardReply(id)
            }
            let text = String(Sanitizer.clean(p["message"]?.stringValue ?? "").prefix(120))
            let answer = ["confirm": "false", "prompt": "null"][type].map { ", answered \($0)" } ?? ""
            outbox.append(.engine(.note("the page opened \(type == "alert" ? "an" : "a") \(type) dialog \"\(text)\": dismissed as a web view "
                                        + "without a UI delegate does\(answer) (S5)")))
            return false
        case "Runtime.consoleAPICalled", "Runtime.exceptionThrown":
            consoleThisFrame += 1
            guard consoleThisFrame <= Self.maxConsolePerFrame else {
                consoleDropped += 1
                return false
            }
            return true
        case "Fetch.requestPaused" where !loading && p["resourceType"]?.stringValue == "Document"
            && p["frameId"]?.stringValue == session.targetId:
            // The page navigates its main frame (a script, a reload, a link, a download): the
            // request goes ahead, so the engine is never left waiting on it.
            if let f = p["requestId"]?.stringValue,
               let id = try? session.send("Fetch.continueRequest", .obj(("requestId", .string(f)))) {
                client.discardReply(id)
            }
            return false
        case "Page.frameNavigated" where !loading && p["frame"]?["parentId"] == nil && isVirtual:
            let to = Sanitizer.clean(p["frame"]?["url"]?.stringValue ?? "another document")
            throw EngineError.page("the page navigated to \(to) at \(at) "
                + "(its own script, a reload or a link): a scenario's page must stay on its document, so the run "
                + "ends here (S5; view follows a page's navigations)")
        case "Inspector.targetCrashed", "Target.targetCrashed":
            crashed = true
            throw EngineError.page("the page's renderer crashed (or was killed) at \(at); "
                + "the run ends here (S8)")
        default:
            return true
        }
    }

    /// The page's time now, for messages.
    private var at: String { String(format: "%.3f s", VirtualClock.seconds(tick)) }

    /// At a frame's end: the console lines dropped in it, said once (S6).
    func noteDroppedConsole() {
        if consoleDropped > 0 {
            outbox.append(.engine(.note("\(consoleDropped) console lines dropped at \(at): "
                                        + "more than \(Self.maxConsolePerFrame) in one frame (S6)")))
        }
        consoleThisFrame = 0
        consoleDropped = 0
    }
}
