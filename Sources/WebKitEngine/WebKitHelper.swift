import EngineProcess
import Foundation
import LiveblogModel

/// The WebKit helper's process (X11): `liveblog-webkit` (Assets/webkit) started as Chromium is
/// (`BrowserProcess`: its own process group remembered by the signal guard, a fresh run
/// directory with its log, as an unprivileged user when we are root), with the JSON lines on its
/// fds 3 and 4. It starts its own Xvfb (`-displayfd`, a free display) as its child in the same
/// group, which dies with it (PR_SET_PDEATHSIG); the helper ends when its fd 3 closes, so
/// neither outlives us however we end. Every wait is bounded.
public final class WebKitHelper {
    private let process: BrowserProcess
    private let transport: PipeTransport
    private var nextId = 1
    private var pending: [Int: String] = [:]
    private var replies: [Int: Result<JSONValue, EngineError>] = [:]
    /// Commands whose answer nobody waits for any more (dropped when it comes).
    private var abandoned: Set<Int> = []
    private var events: [JSONValue] = []
    /// WebKitGTK's version ("2.50.6") and the virtual display's number.
    public private(set) var version = ""
    public private(set) var display = -1
    public var commandTimeout: Double = 10
    public private(set) var isClosed = false
    public var pid: Int32 { process.pid }
    public var runDirectory: String { process.runDirectory }
    public var privileges: EnginePrivileges { process.privileges }
    /// Real seconds from the spawn to the helper's `ready` (Xvfb up, GTK open).
    public private(set) var startSeconds: Double = 0

    /// Builds (on first use) and starts the helper and waits (bounded) until it is ready.
    /// `screen`: the virtual display's size in device pixels (X12: the device's CSS size times the
    /// window scale, so that the page's `screen.width` and `screen.height` are the device's).
    public static func launch(privileges: EnginePrivileges? = nil, screen: (width: Int, height: Int)? = nil,
                              startTimeout: Double = 20) throws -> WebKitHelper {
        let (helper, xvfb) = try WebKitLocator.locate()
        signal(SIGPIPE, SIG_IGN)
        let privileges = privileges ?? EnginePrivileges.plan()
        let started = Date()
        let process = try BrowserProcess(executable: helper, privileges: privileges) { _ in
            // WebKit's own sandbox (bubblewrap) needs the user namespaces Chromium's needs.
            ["--xvfb", xvfb] + (privileges.sandbox ? ["--sandbox"] : [])
                + (screen.map { ["--screen", "\($0.width)x\($0.height)"] } ?? [])
        }
        let h = WebKitHelper(process: process)
        do {
            let ready = try h.waitForEvent("ready", doing: "starting WebKit (\(helper))", timeout: startTimeout)
            h.version = ready["webkit"]?.stringValue ?? "?"
            h.display = ready["display"]?.intValue ?? -1
        } catch {
            h.close()
            throw error
        }
        h.startSeconds = Date().timeIntervalSince(started)
        return h
    }

    private init(process: BrowserProcess) {
        self.process = process
        transport = PipeTransport(writeFD: process.commandFD, readFD: process.eventFD, delimiter: 10)
    }

    deinit { close() }

    /// Asks the helper to quit, then kills its group (Xvfb and WebKit's processes with it),
    /// reaps it and removes its run directory.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        if !transport.closed { _ = transport.write("{\"id\":0,\"cmd\":\"quit\"}", timeout: 0.2) }
        process.terminate()
    }

    // MARK: - Commands

    @discardableResult
    public func send(_ cmd: String, _ fields: [(String, JSONValue)] = [], doing: String) throws -> Int {
        let id = nextId
        nextId += 1
        let line = ProtocolJSON.write(.object([("id", .int(id)), ("cmd", .string(cmd))] + fields))
        guard !isClosed, !transport.closed, transport.write(line, timeout: commandTimeout) else {
            throw exited(doing: doing)
        }
        pending[id] = cmd
        return id
    }

    /// Sends a command and waits (bounded) for its value; the helper's error is `commandFailed`.
    @discardableResult
    public func call(_ cmd: String, _ fields: [(String, JSONValue)] = [], doing: String,
                     timeout: Double? = nil) throws -> JSONValue {
        let id = try send(cmd, fields, doing: doing)
        let limit = timeout ?? commandTimeout
        let deadline = Date().addingTimeInterval(limit)
        while replies[id] == nil {
            guard Date() < deadline else {
                throw EngineError.timeout(waitingFor: "the WebKit helper's answer to \(cmd)", seconds: limit, doing: doing)
            }
            try read(until: deadline, doing: doing)
        }
        pending[id] = nil
        return try replies.removeValue(forKey: id)!.get()
    }

    /// Reads what arrives within `timeout` seconds (at least what is there now).
    public func pump(timeout: Double, doing: String) throws {
        try read(until: Date().addingTimeInterval(timeout), doing: doing)
    }

    /// A command sent with `send` has been answered (read it with `takeReply`); never waits.
    public func hasReply(_ id: Int) -> Bool { replies[id] != nil }

    /// The answer to a command sent with `send`, once (nil: not yet).
    public func takeReply(_ id: Int) -> Result<JSONValue, EngineError>? {
        guard let r = replies.removeValue(forKey: id) else { return nil }
        pending[id] = nil
        return r
    }

    /// Nobody waits for command `id`'s answer any more: dropped now or when it comes.
    public func discardReply(_ id: Int) {
        if replies.removeValue(forKey: id) == nil, pending[id] != nil { abandoned.insert(id) }
        pending[id] = nil
    }

    /// Events (`{"ev": …}`) in arrival order since the last call.
    public func takeEvents() -> [JSONValue] {
        defer { events = [] }
        return events
    }

    private func waitForEvent(_ name: String, doing: String, timeout: Double) throws -> JSONValue {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let i = events.firstIndex(where: { $0["ev"]?.stringValue == name }) { return events.remove(at: i) }
            if let e = events.first(where: { $0["ev"]?.stringValue == "error" }) {
                throw EngineError.launchFailed("the WebKit helper: \(e["message"]?.stringValue ?? "failed"); "
                                                 + "its log: \(process.logTail())")
            }
            guard Date() < deadline else {
                throw EngineError.timeout(waitingFor: "the WebKit helper's \(name)", seconds: timeout, doing: doing)
            }
            try read(until: deadline, doing: doing)
        }
    }

    /// One message (or none by `deadline`); the pipe's end is the helper's.
    private func read(until deadline: Date, doing: String) throws {
        switch transport.read(timeout: max(0, deadline.timeIntervalSinceNow)) {
        case .timedOut: return
        case .closed: throw exited(doing: doing)
        case .message(let bytes):
            try take(bytes)
            // What else is there already, without waiting.
            while case .message(let more) = transport.read(timeout: 0) { try take(more) }
        }
    }

    private func take(_ bytes: [UInt8]) throws {
        guard let m = try? JSONParser.parse(String(decoding: bytes, as: UTF8.self)) else {
            throw EngineError.malformed("a WebKit helper line that is not JSON")
        }
        guard let id = m["id"]?.intValue, id > 0 else { return events.append(m) }
        if abandoned.remove(id) != nil { return }
        if let e = m["error"]?.stringValue {
            replies[id] = .failure(.commandFailed(command: pending[id] ?? "command", code: 0, message: e))
        } else {
            replies[id] = .success(m["value"] ?? .null)
        }
    }

    private func exited(doing: String) -> EngineError {
        if transport.oversized { return .page("the WebKit helper sent a message larger than liveblog's cap of 256 MiB") }
        return .engineExited(doing: doing, status: process.reap(wait: true) ?? "its pipe closed", log: process.logTail())
    }
}
