import Foundation

/// An HTTP/1.1 request as the loopback server reads it: the method, the path (percent-decoded)
/// and the query's fields.
public struct HTTPRequest: Sendable {
    public let method: String
    public let path: String
    public let query: [String: String]
}

/// A whole response: the server adds Content-Length, Cache-Control: no-store and keep-alive.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]

    public init(status: Int = 200, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    public static func text(_ s: String, status: Int = 200,
                            type: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, contentType: type, body: Array(s.utf8))
    }

    public static let notFound = HTTPResponse.text("not found\n", status: 404)
    public static let badRequest = HTTPResponse.text("bad request\n", status: 400)
}

/// A small HTTP/1.1 server on 127.0.0.1 (Glibc sockets, a thread a connection; X3): GET and
/// HEAD, keep-alive. It answers at once; the network profile's delays are applied in the page's
/// virtual time by `NetworkGate`.
///
/// Other users of the machine and other pages reach 127.0.0.1 too (S2), so it answers only
/// requests under a per-run random path (`base`: http://127.0.0.1:PORT/s-<32 hex>/), with the
/// `Host` its own address (a page elsewhere that rebinds a name to 127.0.0.1 sends its own name),
/// and treats every client as hostile: a malformed head is 400, a head takes at most 2 s to
/// arrive (idle keep-alive included), heads are 64 KiB and bodies 1 MiB at most, and at most 32
/// connections are open at once (the rest wait in the listen queue).
// @unchecked Sendable: `stopped` and `connections` are under `lock`; the rest is set before a thread starts.
public final class LoopbackHTTPServer: @unchecked Sendable {
    public let port: Int
    /// The per-run path segment every request must start with ("s-" and 32 random hex digits).
    public let token: String
    static let maxConnections = 32
    private let listenFD: Int32
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    private let lock = NSLock()
    private var stopped = false
    private var connections: Set<Int32> = []
    private let acceptDone = DispatchSemaphore(value: 0)

    public init(handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        self.handler = handler
        token = "s-" + (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { s in
                bind(fd, s, length) == 0 && listen(fd, 64) == 0 && getsockname(fd, s, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw ServerError("bind 127.0.0.1: \(String(cString: strerror(errno)))")
        }
        listenFD = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "liveblog-embed-server"
        thread.start()
    }

    deinit { stop() }

    public var origin: String { "http://127.0.0.1:\(port)" }
    /// Where the served site starts: every request's path is under it.
    public var base: String { origin + "/" + token }

    /// A site's path for one of ours ("/s-…/media/m1" → "/media/m1"); nil when it is not under
    /// this run's token.
    func sitePath(_ path: String) -> String? {
        let prefix = "/" + token
        guard path.hasPrefix(prefix) else { return nil }
        let rest = String(path.dropFirst(prefix.count))
        return rest.isEmpty ? "/" : rest.hasPrefix("/") ? rest : nil
    }

    /// Stops accepting, closes every connection, waits (bounded) for the accept thread.
    public func stop() {
        lock.lock()
        let was = stopped
        stopped = true
        let open = connections
        lock.unlock()
        guard !was else { return }
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
        _ = acceptDone.wait(timeout: .now() + 2)
        close(listenFD)
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop() {
        defer { acceptDone.signal() }
        while !isStopped {
            // At the cap, new clients wait in the listen queue until a connection ends (a head
            // takes 2 s at most, so an idle one frees its place by then).
            lock.lock()
            let full = connections.count >= Self.maxConnections
            lock.unlock()
            if full {
                usleep(20_000)
                continue
            }
            var p = pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) > 0 else { continue }
            let client = accept(listenFD, nil, nil)
            guard client >= 0 else {
                // Out of descriptors (or a client gone): wait instead of spinning on the listener.
                usleep(20_000)
                continue
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            lock.lock()
            connections.insert(client)
            lock.unlock()
            let t = Thread { [self] in serve(client) }
            t.name = "liveblog-embed-connection"
            t.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer {
            lock.lock()
            connections.remove(fd)
            lock.unlock()
            close(fd)
        }
        var reader = HTTPHeadReader(fd: fd)
        while !isStopped {
            let head: String
            switch reader.next() {
            case .head(let h): head = h
            case .malformed:
                _ = send(fd, .badRequest, head: false, keepAlive: false)
                return
            case .end: return
            }
            guard let (request, keepAlive) = HTTPHeadReader.parse(head) else {
                _ = send(fd, .badRequest, head: false, keepAlive: false)
                return
            }
            let response = answer(request, host: HTTPHeadReader.host(head))
            guard send(fd, response, head: request.method == "HEAD", keepAlive: keepAlive), keepAlive else { return }
        }
    }

    /// The handler's answer for a request of ours: our Host, our token, GET or HEAD (S2).
    func answer(_ request: HTTPRequest, host: String?) -> HTTPResponse {
        guard host == "127.0.0.1:\(port)" else { return .text("misdirected request\n", status: 421) }
        guard let path = sitePath(request.path) else { return .notFound }
        guard ["GET", "HEAD"].contains(request.method) else { return .text("method not allowed\n", status: 405) }
        return handler(HTTPRequest(method: request.method, path: path, query: request.query))
    }

    private func send(_ fd: Int32, _ r: HTTPResponse, head: Bool, keepAlive: Bool) -> Bool {
        let reason = [200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
                      421: "Misdirected Request"][r.status] ?? "Status"
        let text = "HTTP/1.1 \(r.status) \(reason)\r\nContent-Type: \(r.contentType)\r\n"
            + "Content-Length: \(r.body.count)\r\nCache-Control: no-store\r\n"
            + "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        var bytes = Array(text.utf8)
        if !head { bytes += r.body }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                Foundation.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }
}

public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ d: String) { description = "the embed's loopback server: " + d }
}
