import EngineProcess
import Foundation
import LiveblogModel

/// One browser engine for the run (X2): a Chromium process group driven over the DevTools pipe.
/// `close()` (also on deinit) ends it; if we end first, the signal guard or the pipe's EOF ends
/// it (docs/engine.md).
public final class Browser {
    public let client: DevToolsClient
    /// `Browser.getVersion`'s product, e.g. "HeadlessChrome/156.0.8078.114".
    public let product: String
    /// The engine's user agent as it reports it (the version the platform user agents carry).
    public let userAgent: String
    public let executable: String
    public let options: LaunchOptions
    private let process: BrowserProcess
    private(set) public var isClosed = false

    /// The first process's id (its process group has the same number).
    public var pid: Int32 { process.pid }
    public var profileDirectory: String { process.profileDirectory }
    /// The run's directory: the profile, the engine's log and `owner.pid` (S1).
    public var runDirectory: String { process.runDirectory }
    /// Who the engine runs as, and whether its sandbox is on (S3).
    public var privileges: EnginePrivileges { process.privileges }

    /// Finds and starts the engine and waits (bounded) for its first answer.
    public static func launch(_ options: LaunchOptions = LaunchOptions()) throws -> Browser {
        let executable = try options.executable ?? EngineLocator.locate()
        // A write to a pipe whose reader is gone must be an error, not the end of us.
        signal(SIGPIPE, SIG_IGN)
        let privileges = options.privileges ?? EnginePrivileges.plan()
        let process = try BrowserProcess(executable: executable, privileges: privileges) {
            options.arguments(userDataDir: $0, sandbox: privileges.sandbox)
        }
        return try Browser(process: process, executable: executable, options: options)
    }

    private init(process: BrowserProcess, executable: String, options: LaunchOptions) throws {
        self.process = process
        self.executable = executable
        self.options = options
        let transport = PipeTransport(writeFD: process.commandFD, readFD: process.eventFD)
        client = DevToolsClient(transport: transport, commandTimeout: options.commandTimeout)
        client.exitInfo = { [unowned process] in
            (process.reap(wait: true) ?? "its pipe closed", process.logTail())
        }
        do {
            let v = try client.call("Browser.getVersion", doing: "starting the browser engine (\(executable))",
                                    timeout: options.startTimeout)
            product = v["product"]?.stringValue ?? "unknown"
            userAgent = v["userAgent"]?.stringValue ?? ""
            // S5: a page's downloads are refused, as a web view without a download delegate does.
            _ = try client.call("Browser.setDownloadBehavior", .obj(("behavior", .string("deny"))),
                                doing: "starting the browser engine (\(executable))")
        } catch {
            process.terminate()
            throw error
        }
    }

    deinit { close() }

    /// A new page (tab) and a flattened session on it; `beginFrameControl`: frames only when
    /// `HeadlessExperimental.beginFrame` asks (X7).
    public func newPage(width: Int, height: Int, beginFrameControl: Bool) throws -> TargetSession {
        let doing = "opening a page in the browser engine"
        let created = try client.call("Target.createTarget", .obj(
            ("url", .string("about:blank")), ("width", .int(width)), ("height", .int(height)),
            ("enableBeginFrameControl", .bool(beginFrameControl))), doing: doing)
        guard let targetId = created["targetId"]?.stringValue else {
            throw EngineError.malformed("Target.createTarget gave no targetId")
        }
        let attached = try client.call("Target.attachToTarget", .obj(
            ("targetId", .string(targetId)), ("flatten", .bool(true))), doing: doing)
        guard let sessionId = attached["sessionId"]?.stringValue else {
            throw EngineError.malformed("Target.attachToTarget gave no sessionId")
        }
        return TargetSession(client: client, targetId: targetId, sessionId: sessionId)
    }

    /// Closes a page without waiting (a page under begin-frame control answers only after a
    /// frame that nobody asks for); an engine that is gone is not an error here.
    public func closePage(_ page: TargetSession) {
        guard !isClosed, !client.isClosed else { return }
        if let id = try? client.send("Target.closeTarget", .obj(("targetId", .string(page.targetId))),
                                     doing: "closing a page") {
            client.discardReply(id)
        }
    }

    /// Is the engine's first process still running?
    public var isRunning: Bool { !isClosed && process.isRunning }

    /// Ends the engine: asks it to close (bounded, 2 s), then kills its process group, reaps it
    /// and removes its profile. Safe to call again.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        if process.isRunning, !client.isClosed {
            if let id = try? client.send("Browser.close", doing: "closing the browser engine") {
                _ = try? client.reply(to: id, timeout: 2)
            }
        }
        process.terminate()
    }
}

/// A page's session (flattened: the session id on each message over the browser's pipe).
public struct TargetSession: Sendable {
    public let targetId: String
    public let sessionId: String
    private let clientBox: ClientBox

    init(client: DevToolsClient, targetId: String, sessionId: String) {
        self.targetId = targetId
        self.sessionId = sessionId
        clientBox = ClientBox(client)
    }

    public var client: DevToolsClient { clientBox.client }

    @discardableResult
    public func call(_ method: String, _ params: JSONValue = .object([]), doing: String? = nil,
                     timeout: Double? = nil) throws -> JSONValue {
        try client.call(method, params, session: sessionId, doing: doing, timeout: timeout)
    }

    @discardableResult
    public func send(_ method: String, _ params: JSONValue = .object([]), doing: String? = nil) throws -> Int {
        try client.send(method, params, session: sessionId, doing: doing)
    }

    /// A command whose reply is kept unparsed (`DevToolsClient.sendRaw`).
    public func sendRaw(_ method: String, _ params: JSONValue = .object([]), doing: String? = nil) throws -> Int {
        try client.sendRaw(method, params, session: sessionId, doing: doing)
    }
}

/// Holds the client for a `Sendable` session value (the client is used from one thread).
// @unchecked Sendable: the session value crosses threads, but its client is used from one thread.
final class ClientBox: @unchecked Sendable {
    let client: DevToolsClient
    init(_ client: DevToolsClient) { self.client = client }
}
