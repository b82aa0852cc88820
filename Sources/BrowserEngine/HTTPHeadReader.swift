import Foundation

/// Reads request heads from a connection (up to the blank line, 64 KiB at most), skipping any
/// body a request declares with Content-Length (GET has none, 1 MiB at most). A head must arrive
/// whole within `headSeconds` (2 s) of being waited for (S2: a client sending a byte a second is cut
/// off, as is one that stays idle).
package struct HTTPHeadReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var deadline = Date.distantFuture
    static let maxHead = 64 << 10
    static let maxBody = 1 << 20
    let headSeconds: Double

    init(fd: Int32, headSeconds: Double = 2) {
        self.fd = fd
        self.headSeconds = headSeconds
    }

    enum Next {
        case head(String)
        /// A head that is not HTTP: answered 400, then the connection is closed.
        case malformed
        /// EOF, the head's time ran out, or it was too long.
        case end
    }

    /// The next head, a malformed one, or the end of the connection.
    mutating func next() -> Next {
        deadline = Date().addingTimeInterval(headSeconds)
        while true {
            if let end = headEnd() {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                guard let length = Self.contentLength(head), length <= Self.maxBody else { return .malformed }
                guard skip(length) else { return .end }
                return .head(head)
            }
            guard buffer.count < Self.maxHead else { return .malformed }
            guard fill() else { return .end }
        }
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for i in 0...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10
            && buffer[i + 2] == 13 && buffer[i + 3] == 10 { return i }
        return nil
    }

    private mutating func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(min(left, 60) * 1000) + 1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return false }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            buffer += chunk[..<n]
            return true
        }
    }

    private mutating func skip(_ n: Int) -> Bool {
        while buffer.count < n {
            guard fill() else { return false }
        }
        buffer.removeFirst(n)
        return true
    }

    /// The body's declared length: 0 when none; nil when the head is malformed (a field line
    /// without a colon, a length that is not digits, or two lengths; S2).
    static func contentLength(_ head: String) -> Int? {
        var length: Int?
        for line in head.split(separator: "\r\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[0].contains(" ") else { return nil }
            guard parts[0].lowercased() == "content-length" else { continue }
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            guard length == nil, !value.isEmpty, value.count <= 12, value.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let n = Int(value) else { return nil }
            length = n
        }
        return length ?? 0
    }

    /// The Host field's value, nil when there is none or more than one.
    static func host(_ head: String) -> String? {
        let hosts = head.split(separator: "\r\n").dropFirst().compactMap { line -> String? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "host" else { return nil }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
        return hosts.count == 1 ? hosts[0] : nil
    }

    /// The request line and whether the connection stays open (HTTP/1.1 without
    /// "Connection: close").
    package static func parse(_ head: String) -> (HTTPRequest, Bool)? {
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let parts = lines.first?.split(separator: " ", omittingEmptySubsequences: false) ?? []
        guard parts.count == 3, parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0", parts[1].hasPrefix("/"),
              parts[0].allSatisfy({ $0.isASCII && $0.isUppercase }) else { return nil }
        let target = String(parts[1])
        let (rawPath, rawQuery) = target.firstIndex(of: "?").map {
            (String(target[..<$0]), String(target[target.index(after: $0)...]))
        } ?? (target, "")
        var query: [String: String] = [:]
        for field in rawQuery.split(separator: "&") {
            let kv = field.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            if let k = kv.first { query[k] = kv.count > 1 ? kv[1] : "" }
        }
        let closes = lines.contains { $0.lowercased().hasPrefix("connection:") && $0.lowercased().contains("close") }
        let path = rawPath.removingPercentEncoding ?? rawPath
        return (HTTPRequest(method: String(parts[0]), path: path, query: query), parts[2] == "HTTP/1.1" && !closes)
    }
}
