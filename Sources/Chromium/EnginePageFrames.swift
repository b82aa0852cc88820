import BrowserEngine
import Embed
import EngineProcess
import Foundation
import LiveblogModel
import TextCells
import VirtualTime

/// The page's frames (X7). In virtual time one page frame is: release the responses due now
/// and wait until the page has them; let virtual time run to the frame's time (timers, the
/// page's tasks); draw one frame (`HeadlessExperimental.beginFrame`: animation frames,
/// layout, resize observers); then a round trip to the page, after which every event of the
/// frame has arrived. Nothing the engine does depends on how fast this machine is.
extension EnginePage {
    /// Runs the page's frames up to `tick` (every second tick, 60 Hz), collecting their events.
    public func frame(tick target: Int) throws {
        guard target > tick else { return }
        try guarded("stepping the page") {
            if !isVirtual { return try realTimeFrame(tick: target) }
            var t = tick
            while t < target {
                t = min(target, t + VirtualClock.ticksPerFrame)
                let seconds = String(format: "%.3f", VirtualClock.seconds(t))
                let doing = "stepping the page to tick \(t) (\(seconds) s)"
                try releaseDue(tick: t, doing: doing)
                try stepVirtual(toMicros: baseMicros + Int64(t) * 1_000_000 / Int64(VirtualClock.ticksPerSecond),
                                tick: t, doing: doing)
            }
        }
    }

    /// Virtual time to `toMicros`, then one frame drawn; events of it are attributed to `tick`.
    func stepVirtual(toMicros target: Int64, tick t: Int, doing: String) throws {
        if pendingTouchEnd != nil {
            pendingTouchEnd = nil
            try dispatchTouch("touchEnd", points: [], doing: doing)
            inputExpected.append(("touchend", 1))
        }
        let budget = Double(max(0, target - micros)) / 1000
        if budget > 0 {
            try session.call("Emulation.setVirtualTimePolicy", .obj(("policy", .string("advance")),
                                                                   ("budget", .number(budget))), doing: doing)
            _ = try client.waitForEvent("Emulation.virtualTimeBudgetExpired", session: session.sessionId, doing: doing)
        }
        micros = max(micros, target)
        var drawn = [try drawFrame(display: !inputExpected.isEmpty, doing: doing)]
        tick = t
        try absorb(doing: doing)
        // X6: input due in this frame that missed its begin frame is given another one at the
        // same time (bounded) rather than landing a frame late. Input that reaches the page only
        // while it is awaited came after the frame's flush: the page has it, the frame's geometry
        // not (a wheel's scroll, X7), so one more frame at the same time reads it.
        var redraws = 0
        while redraws < config.inputRedraws {
            let missing = !dueInputMissing.isEmpty
            let arrived = try awaitDueInput(doing: doing)
            guard !arrived ? redrawHelps : missing else { break }
            redraws += 1
            drawn.append(try drawFrame(display: true, doing: doing))
            try absorb(doing: doing)
            if arrived { break }
        }
        for id in touchAcks { client.discardReply(id) }
        touchAcks = []
        gate.endFrame(tick: t)
        checkInput()
        reportProgress()
        geometryCache = nil
        for d in drawn where d["exceptionDetails"] == nil { frameGeometry(d["result"]?["value"]) }
    }

    /// One frame at the page's current time, then the round trip: the page's events of the
    /// frame were sent before its answer. After the load it brings the posts' boxes of the frame
    /// too (the World reads them every frame, Q20). With the page's flush armed, its answer is
    /// asked with the begin frame (B12).
    private func drawFrame(display: Bool, doing: String) throws -> JSONValue {
        // A frame is drawn only while touch or wheel input is on its way to the page (undrawn
        // frames hold it back, docs/engine.md); the others run their animation frames, layout and
        // resize observers alike, cheaper (Q20, B12). A touch that still misses its frame is given
        // another one (`awaitDueInput`), drawn.
        let begin: JSONValue = .obj(("interval", .number(1000.0 / 60)), ("noDisplayUpdates", .bool(!display)))
        try finishBeginFrame(doing: doing)
        // Every begin frame settles the page's armed flush, asked for or not.
        flushSeq = flushSeq.map { $0 + 1 }
        // A frame with input on its way is flushed after its begin frame: the input can reach the
        // page after the frame's own flush would (X6, Q19).
        guard !loading, !display, let n = flushSeq else {
            try session.call("HeadlessExperimental.beginFrame", begin, doing: doing)
            return try flushAfter(doing: doing)
        }
        let asked = try session.send("Runtime.evaluate", .obj(
            ("expression", .string("__liveblogDriver.awaitFlush(\(n))")), ("awaitPromise", .bool(true)),
            ("returnByValue", .bool(true))), doing: doing)
        // The begin frame's own answer (the compositor's frame done) is taken before the next
        // begin frame or capture; the page's events of the frame are in with the flush's.
        pendingBeginFrame = try session.send("HeadlessExperimental.beginFrame", begin, doing: doing)
        let deadline = Date().addingTimeInterval(client.commandTimeout)
        while !client.hasReply(asked), let id = pendingBeginFrame, !client.hasReply(id), Date() < deadline {
            _ = try client.pump(timeout: max(0.001, deadline.timeIntervalSinceNow), doing: doing)
        }
        // The begin frame's answer (from the browser) often overtakes the flush's (from the page)
        // by a moment: that moment is waited for before a barrier's round trip (speed only; the
        // barrier decides either way).
        let grace = Date().addingTimeInterval(config.armedFlushGrace)
        while !client.hasReply(asked), Date() < grace {
            _ = try client.pump(timeout: max(0.0002, grace.timeIntervalSinceNow), doing: doing)
        }
        if !client.hasReply(asked) {
            // The frame is done and the flush has not answered (its animation frame did not run):
            // a barrier decides. An answer sent before it is taken; one not sent never reads.
            try finishBeginFrame(doing: doing)
            try session.call("Runtime.evaluate", .obj(("expression", .string("__liveblogDriver.cancelFlush(\(n))"))),
                             doing: doing)
        }
        guard client.hasReply(asked), let answer = try? client.reply(to: asked, doing: doing),
              answer["exceptionDetails"] == nil, let value = answer["result"]?["value"]?.stringValue,
              value != "unarmed", value != "cancelled" else {
            client.discardReply(asked)
            (flushSeq, armedFallbacks) = (nil, armedFallbacks + 1)
            return try flushAfter(doing: doing)
        }
        armedAnswers += 1
        return answer
    }

    /// Waits for the answer to the last begin frame, when it was not waited for (B12).
    func finishBeginFrame(doing: String) throws {
        guard let id = pendingBeginFrame else { return }
        pendingBeginFrame = nil
        // A frame the engine refused to finish (a navigation came between) is no error of the
        // run; a silent engine, a crash or the page's own navigation are, as before.
        do { _ = try client.reply(to: id, doing: doing) } catch EngineError.commandFailed {}
    }

    /// The flush as a round trip after the begin frame; once the page has its driver, the next
    /// frame's flush is armed.
    private func flushAfter(doing: String) throws -> JSONValue {
        try finishBeginFrame(doing: doing)
        let flush = loading ? "0" : "window.__liveblogDriver ? __liveblogDriver.frameGeometry() : ''"
        let answer = try session.call("Runtime.evaluate", .obj(("expression", .string(flush)),
                                                               ("returnByValue", .bool(true))), doing: doing)
        if !loading, flushSeq == nil, flushArmable {
            let armed = try session.call("Runtime.evaluate", .obj(
                ("expression", .string("window.__liveblogDriver ? __liveblogDriver.armFlush() : -1")),
                ("returnByValue", .bool(true))), doing: doing)
            if let count = armed["result"]?["value"]?.intValue, count >= 0 { flushSeq = count } else { flushArmable = false }
        }
        return answer
    }

    /// The flush's geometry: new boxes, or "same" as the last read (kept then); anything else
    /// (the load, a page without the driver) leaves the next read to `geometry()`.
    private func frameGeometry(_ value: JSONValue?) {
        guard let value, let text = value.stringValue, !text.isEmpty else { return }
        if text == "same" {
            geometryCache = lastGeometry
        } else if let g = try? PageGeometry.parse(value) {
            keep(g)
        }
    }

    /// The view's frame: no virtual time; what is due is released and what came is collected.
    private func realTimeFrame(tick t: Int) throws {
        let doing = "running the page at tick \(t)"
        if pendingTouchEnd != nil {
            pendingTouchEnd = nil
            try dispatchTouch("touchEnd", points: [], doing: doing)
        }
        gate.release(tick: t)
        sendContinues()
        tick = t
        // S6: a flood of events waits for the next frame; the reader's keys come first.
        try client.readAvailable(doing: doing, atMost: 2000)
        try absorb(doing: doing)
        gate.endFrame(tick: t)
        reportProgress()
        // The posts' boxes are read again once the page said it changed (engine-view.js), and every
        // 5 s whatever it said (what it does not watch: a Web Animation, an iframe's content).
        if t - lastForcedRead >= 5 * VirtualClock.ticksPerSecond {
            (viewChanged, layoutChanged, lastForcedRead) = (true, true, t)
        }
        if viewChanged { geometryCache = nil }
    }

    /// W1: progress moved by a tenth, or reached 1 (after the load: its own value is the row's).
    func reportProgress() {
        guard !loading, let v = progress.report() else { return }
        outbox.append(.page(.progress(v)))
    }

    // MARK: - The network gate (X3)

    /// Releases the responses due at `tick` and waits (bounded) until the page has them: the
    /// engine reports each loaded (or failed), and the reference embed each fetch it read.
    func releaseDue(tick t: Int, doing: String) throws {
        let released = gate.release(tick: t)
        sendContinues()
        try settle(released, doing: doing)
    }

    /// Waits (bounded) until the page has the released responses.
    func settle(_ released: [String], doing: String) throws {
        guard !released.isEmpty else { return }
        var acks: [String] = []
        if speaksProtocol {
            for id in released {
                guard let u = gate.url(of: id), let url = URL(string: u) else { continue }
                let path = EmbedSite.sitePath(url.path)
                let fetched = path.hasPrefix("/data/") || path.hasPrefix("/embed/")
                if fetched { acks.append(EnginePage.pathAndQuery(url)) }
            }
        }
        let started = Date()
        let limit = stalledWait >= config.maxStalledWait ? config.settleTimeoutAfterStalls : config.settleTimeout
        let deadline = started.addingTimeInterval(limit)
        while true {
            acks.removeAll { path in
                guard let n = received[path], n > 0 else { return false }
                received[path] = n > 1 ? n - 1 : nil
                return true
            }
            let waiting = released.filter { gate.unsettled.contains($0) }
            if waiting.isEmpty && acks.isEmpty { return }
            guard Date() < deadline else {
                // S6: a stalled request is noted once and never waited for again; the run's total
                // wait for stalls is bounded.
                gate.abandon(waiting)
                stalledWait += Date().timeIntervalSince(started)
                let what = (waiting.compactMap { gate.url(of: $0) } + acks).prefix(3).map { Sanitizer.clean($0) }
                    .joined(separator: ", ")
                let seconds = limit == limit.rounded() ? "\(Int(limit)) s" : String(format: "%.2f s", limit)
                for id in waiting {
                    outbox.append(.page(.resource(url: shown(gate.url(of: id) ?? ""), status: nil,
                                                  error: "stalled: no response within \(seconds)")))
                }
                let spent = stalledWait >= config.maxStalledWait
                    ? "; the run's \(Int(config.maxStalledWait)) s for stalls is spent" : ""
                outbox.append(.engine(.note("tick \(tick): \(what) did not reach the page within \(seconds) "
                    + "(stalled, not waited for again\(spent)); it lands in a later frame, if ever")))
                return
            }
            try client.pump(timeout: min(0.5, max(0.001, deadline.timeIntervalSinceNow)), doing: doing)
            try absorb(doing: doing)
        }
    }

    func sendContinues() {
        for f in gate.takeContinues() {
            var command = ("Fetch.continueRequest", JSONValue.obj(("requestId", .string(f))))
            if let prefetcher, prefetcher.has(f) {
                // Q20: the answer fetched ahead; one still on its way is waited for as a stall is.
                let limit = stalledWait >= config.maxStalledWait ? config.settleTimeoutAfterStalls : config.settleTimeout
                let started = Date()
                if let answer = prefetcher.answer(f, waiting: limit, tick: tick) { command = answer }
                let waited = Date().timeIntervalSince(started)
                if waited >= limit { stalledWait += waited }
            }
            if let id = try? session.send(command.0, command.1) { client.discardReply(id) }
        }
    }

    static func pathAndQuery(_ url: URL) -> String {
        let c = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let q = c?.percentEncodedQuery.map { "?" + $0 } ?? ""
        return (c?.percentEncodedPath ?? url.path) + q
    }

    /// The input due in this frame that the page has not reported yet, by kind.
    private var dueInputMissing: [String] {
        var seen = inputSeen
        return inputExpected.filter { $0.frames <= 1 }.map(\.kind).filter { kind in
            guard let i = seen.firstIndex(of: kind) else { return true }
            seen.remove(at: i)
            return false
        }
    }

    /// Whether another begin frame can bring the missing input: a touch the renderer has not
    /// acknowledged is still to be delivered (one it has, went where the page's window listeners
    /// do not hear it: an iframe); a wheel turn has no acknowledgement to tell.
    private var redrawHelps: Bool {
        dueInputMissing.contains("wheel") || touchAcks.contains { !client.hasReply($0) }
    }

    /// Whether the input due in this frame reached the page's listeners, waiting for its report
    /// a moment. A touch is delivered to the page at a begin frame; the touch (browser, renderer
    /// compositor) and the begin frame take different ways, so on a busy machine the frame can
    /// come first, and the touch waits for the next one (X6, X7, Q19).
    private func awaitDueInput(doing: String) throws -> Bool {
        guard !inputExpected.isEmpty, !dueInputMissing.isEmpty else { return true }
        let deadline = Date().addingTimeInterval(config.inputWait)
        while !dueInputMissing.isEmpty, Date() < deadline {
            _ = try client.pump(timeout: min(0.01, max(0.001, deadline.timeIntervalSinceNow)), doing: doing)
            try absorb(doing: doing)
        }
        return dueInputMissing.isEmpty
    }

    /// Touch events reach the page in the frame after they were sent, wheel turns in the one
    /// after that; one that did not is noted (docs/engine.md).
    private func checkInput() {
        guard !inputExpected.isEmpty else { return }
        var missing: [String] = []
        var still: [(kind: String, frames: Int)] = []
        for e in inputExpected {
            if let i = inputSeen.firstIndex(of: e.kind) {
                inputSeen.remove(at: i)
            } else if e.frames > 1 {
                still.append((e.kind, e.frames - 1))
            } else {
                missing.append(e.kind)
            }
        }
        inputExpected = still
        if still.isEmpty { inputSeen = [] }
        if !missing.isEmpty {
            outbox.append(.engine(.note("tick \(tick): the page did not see \(missing.joined(separator: ", ")) "
                                        + "in the frame it was due")))
        }
    }
}
