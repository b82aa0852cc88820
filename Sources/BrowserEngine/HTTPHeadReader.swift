import Foundation

/// Reads request heads from a connection (up to the blank line, 64 KiB at most), skipping any
/// body a request declares with Content-Length (GET has none).
struct HTTPHeadReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    static let maxHead = 64 << 10

    init(fd: Int32) { self.fd = fd }

    /// The next head's text, or nil at the end of the connection (EOF, timeout, too long).
    mutating func nextHead() -> String? {
        while true {
            if let end = headEnd() {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                let length = Self.contentLength(head)
                guard skip(length) else { return nil }
                return head
            }
            guard buffer.count < Self.maxHead, fill() else { return nil }
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
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            buffer += chunk[..<n]
            return true
        }
    }

    private mutating func skip(_ n: Int) -> Bool {
        while buffer.count < n {
            guard n < 1 << 20, fill() else { return false }
        }
        buffer.removeFirst(n)
        return true
    }

    static func contentLength(_ head: String) -> Int {
        for line in head.split(separator: "\r\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                return Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0
            }
        }
        return 0
    }

    /// The request line and whether the connection stays open (HTTP/1.1 without
    /// "Connection: close").
    static func parse(_ head: String) -> (HTTPRequest, Bool)? {
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
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
