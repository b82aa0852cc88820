import Foundation

/// A port on 127.0.0.1 that was free a moment ago: bound to port 0, read back, closed. For the
/// bench's and the tests' own servers (B9, R7), and for a port nothing listens on (R6).
public enum LoopbackPort {
    public static func unused() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { s in
                _ = bind(fd, s, length)
                _ = getsockname(fd, s, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
