import EngineProcess
import Foundation
import LiveblogModel

/// An event from the engine: its method, parameters and the session it belongs to (nil: the
/// browser's own).
public struct ProtocolEvent: Sendable {
    public let method: String
    public let params: JSONValue
    public let sessionId: String?
}

/// The DevTools protocol over the pipe (X2): commands by id with bounded waits for their replies
/// (a timeout names the command), events queued in arrival order until taken.
public final class DevToolsClient {
    private let transport: PipeTransport
    private var nextId = 1
    /// Commands sent and not answered yet, by id: their method (for messages).
    private var pending: [Int: String] = [:]
    private var replies: [Int: Result<JSONValue, EngineError>] = [:]
    private var events: [ProtocolEvent] = []
    /// Seconds a command may take unless a call says otherwise.
    public var commandTimeout: Double
    /// How the engine ended, for the message when its pipe closes.
    var exitInfo: () -> (status: String, log: String) = { ("ended", "") }
    /// Each session's look at its events as they arrive, before they are queued (S5, S6): false
    /// drops the event; a throw ends the wait that read it (a page that navigated away).
    private var filters: [String: (ProtocolEvent) throws -> Bool] = [:]

    /// Sets (or, with nil, removes) the filter of `session`'s events.
    public func setEventFilter(session: String, _ filter: ((ProtocolEvent) throws -> Bool)?) {
        filters[session] = filter
    }

    init(transport: PipeTransport, commandTimeout: Double) {
        self.transport = transport
        self.commandTimeout = commandTimeout
    }

    // MARK: - Commands

    /// Sends a command; its reply is kept until `reply(to:)` takes it.
    @discardableResult
    public func send(_ method: String, _ params: JSONValue = .object([]), session: String? = nil,
                     doing: String? = nil) throws -> Int {
        let id = nextId
        nextId += 1
        var pairs: [(String, JSONValue)] = [("id", .int(id)), ("method", .string(method)), ("params", params)]
        if let session { pairs.append(("sessionId", .string(session))) }
        guard !transport.closed, transport.write(ProtocolJSON.write(.object(pairs)), timeout: commandTimeout) else {
            throw exited(doing: doing ?? "sending \(method)")
        }
        pending[id] = method
        return id
    }

    /// Waits for the reply to command `id` (its result, or the engine's error).
    public func reply(to id: Int, doing: String? = nil, timeout: Double? = nil) throws -> JSONValue {
        let method = pending[id] ?? "command \(id)"
        let doing = doing ?? "running \(method)"
        let limit = timeout ?? commandTimeout
        let deadline = Date().addingTimeInterval(limit)
        while replies[id] == nil {
            try readOne(until: deadline, waitingFor: "the reply to \(method)", seconds: limit, doing: doing)
        }
        pending[id] = nil
        return try replies.removeValue(forKey: id)!.get()
    }

    /// Sends a command and waits for its reply.
    @discardableResult
    public func call(_ method: String, _ params: JSONValue = .object([]), session: String? = nil,
                     doing: String? = nil, timeout: Double? = nil) throws -> JSONValue {
        let id = try send(method, params, session: session, doing: doing)
        return try reply(to: id, doing: doing, timeout: timeout)
    }

    /// Has the reply to `id` arrived (after the last read)?
    public func hasReply(_ id: Int) -> Bool { replies[id] != nil || rawReplies[id] != nil }

    /// Sends a command whose reply is kept as its bytes, not parsed here (a screenshot's is
    /// hundreds of kB of base64: the caller parses it off the drawing thread, X9).
    public func sendRaw(_ method: String, _ params: JSONValue = .object([]), session: String? = nil,
                        doing: String? = nil) throws -> Int {
        let id = try send(method, params, session: session, doing: doing)
        raw.insert(id)
        return id
    }

    /// The reply to a `sendRaw` command as it came (nil: not yet), taken out.
    public func takeRawReply(_ id: Int) -> [UInt8]? {
        guard let bytes = rawReplies.removeValue(forKey: id) else { return nil }
        pending[id] = nil
        return bytes
    }
    private var raw: Set<Int> = []
    private var rawReplies: [Int: [UInt8]] = [:]

    /// Forgets a command whose reply does not matter (it is dropped when it comes).
    public func discardReply(_ id: Int) {
        let arrived = replies.removeValue(forKey: id) != nil || rawReplies.removeValue(forKey: id) != nil
        pending[id] = nil
        raw.remove(id)
        // One that came already is gone; only one still to come is dropped on arrival.
        if !arrived { discarded.insert(id) }
    }
    private var discarded: Set<Int> = []

    // MARK: - Events

    /// Waits for the first event (queued or arriving) that matches, and takes it out of the queue.
    public func waitForEvent(_ method: String, session: String? = nil, doing: String, timeout: Double? = nil,
                             where matches: (ProtocolEvent) -> Bool = { _ in true }) throws -> ProtocolEvent {
        let limit = timeout ?? commandTimeout
        let deadline = Date().addingTimeInterval(limit)
        var searched = 0
        while true {
            while searched < events.count {
                let e = events[searched]
                if e.method == method, session == nil || e.sessionId == session, matches(e) {
                    return events.remove(at: searched)
                }
                searched += 1
            }
            try readOne(until: deadline, waitingFor: "the event \(method)", seconds: limit, doing: doing)
        }
    }

    /// Every event queued so far, oldest first; the queue is emptied.
    public func takeEvents() -> [ProtocolEvent] {
        defer { events = [] }
        return events
    }

    /// Reads whatever has arrived, without waiting: at most `atMost` messages (S6: a page's flood
    /// of events cannot keep the caller, and the reader's keys, waiting).
    public func readAvailable(doing: String, atMost: Int = .max) throws {
        for _ in 0..<atMost {
            switch transport.read(timeout: 0) {
            case .message(let m): try dispatch(m)
            case .timedOut: return
            case .closed: throw exited(doing: doing)
            }
        }
    }

    /// Waits up to `timeout` for one message (true when one came).
    @discardableResult
    public func pump(timeout: Double, doing: String) throws -> Bool {
        switch transport.read(timeout: timeout) {
        case .message(let m):
            try dispatch(m)
            return true
        case .timedOut: return false
        case .closed: throw exited(doing: doing)
        }
    }

    public var isClosed: Bool { transport.closed }

    // MARK: - Reading

    private func readOne(until deadline: Date, waitingFor what: String, seconds: Double, doing: String) throws {
        switch transport.read(timeout: max(0, deadline.timeIntervalSinceNow)) {
        case .message(let m): try dispatch(m)
        case .timedOut: throw EngineError.timeout(waitingFor: what, seconds: seconds, doing: doing)
        case .closed: throw exited(doing: doing)
        }
    }

    private func dispatch(_ bytes: [UInt8]) throws {
        if !raw.isEmpty, let id = Self.replyId(bytes), raw.remove(id) != nil {
            rawReplies[id] = bytes
            return
        }
        let message: JSONValue
        do {
            message = try JSONParser.parse(bytes: bytes)
        } catch {
            throw EngineError.malformed("\(error)")
        }
        if let id = message["id"]?.intValue {
            if discarded.remove(id) != nil { return }
            if let error = message["error"] {
                let method = pending[id] ?? "command \(id)"
                replies[id] = .failure(.commandFailed(command: method, code: error["code"]?.intValue ?? 0,
                                                      message: error["message"]?.stringValue ?? "error"))
            } else {
                replies[id] = .success(message["result"] ?? .object([]))
            }
            return
        }
        guard let method = message["method"]?.stringValue else {
            throw EngineError.malformed("neither a reply nor an event")
        }
        let event = ProtocolEvent(method: method, params: message["params"] ?? .object([]),
                                  sessionId: message["sessionId"]?.stringValue)
        if let s = event.sessionId, let filter = filters[s], try !filter(event) { return }
        events.append(event)
    }

    /// The id of a reply, read from its start as the engine writes it (`{"id":12,...`); nil
    /// for anything else (an event starts with `{"method":`).
    static func replyId(_ bytes: [UInt8]) -> Int? {
        let prefix = Array("{\"id\":".utf8)
        guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return nil }
        var id = 0, i = prefix.count
        while i < bytes.count, i < prefix.count + 12, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            id = id * 10 + Int(bytes[i] - 0x30)
            i += 1
        }
        return i > prefix.count && i < bytes.count && bytes[i] == UInt8(ascii: ",") ? id : nil
    }

    private func exited(doing: String) -> EngineError {
        if transport.oversized {
            return .page("the engine sent a message larger than liveblog's cap of \(transport.cap >> 20) MiB "
                         + "while \(doing) (a page's huge value or console line); the run ends here")
        }
        let info = exitInfo()
        return .engineExited(doing: doing, status: info.status, log: info.log)
    }
}
