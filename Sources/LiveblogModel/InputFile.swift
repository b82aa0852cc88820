import Foundation

/// Bounded reading of a liveblog file (issue 18, L4): the input is opened ONCE, and read only
/// when it is a regular file, a FIFO or a pipe (standard input); devices (`/dev/zero`,
/// `/dev/urandom`, a terminal) and directories are refused before any read. At most
/// `LiveblogInput.maxBytes` are read: a regular file larger than that (a sparse 2 GB file, say)
/// fails at once from its size; a stream fails as soon as it passes the cap. A JSON document
/// stops being read at the first byte that can never be part of JSON outside a string; the
/// parser then reports that byte (line and column) from the bytes read, as it would have from
/// the whole file, since it reads left to right and stops at the first error.
public enum LiveblogInput {
    /// 512 MiB: ten times the largest liveblog the benchmarks open (100 000 posts, ~60 MB).
    public static let maxBytes = 512 << 20
    /// Bytes per read(2).
    static let chunkBytes = 1 << 16

    /// What was read from a stream, and why reading stopped.
    struct Read {
        enum Stop: Equatable { case end, badByte, cap }
        var bytes: [UInt8]
        var stop: Stop
    }

    /// What kind of file `fd` is, or the reason it is refused.
    enum Kind: Equatable { case regular(size: Int), stream }

    static func kind(of fd: Int32, name: String) throws -> Kind {
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            throw LiveblogError(file: name, place: "", message: "cannot read the file")
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG:
            let size = Int(st.st_size)
            if size > maxBytes { throw tooLarge(name, size: size) }
            return .regular(size: size)
        case S_IFIFO, S_IFSOCK:
            return .stream
        case S_IFDIR:
            throw LiveblogError(file: name, place: "", message: "is a directory, not a liveblog file")
        default:
            throw LiveblogError(file: name, place: "", message:
                "is a device, not a liveblog file; liveblog reads regular files, pipes and standard input")
        }
    }

    static func tooLarge(_ name: String, size: Int?) -> LiveblogError {
        let what = size.map { "the file is \(mebibytes($0)) MiB" } ?? "the input is larger than that"
        return LiveblogError(file: name, place: "", message:
            "\(what); liveblog reads liveblogs of up to \(maxBytes >> 20) MiB")
    }

    static func mebibytes(_ n: Int) -> String {
        String(format: "%.1f", Double(n) / Double(1 << 20))
    }

    /// Reads `fd` from its current offset until the end, the cap or the first bad byte of a
    /// JSON document. `expected` (a regular file's size) sizes the buffer once.
    static func read(_ fd: Int32, expected: Int = 0) -> Read? {
        var out: [UInt8] = []
        out.reserveCapacity(min(max(expected, chunkBytes), maxBytes))
        var scan = JSONByteScanner()
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { return Read(bytes: out, stop: .end) }
            if out.count + n > maxBytes { return Read(bytes: out, stop: .cap) }
            if let bad = scan.firstBadByte(chunk[0..<n]) {
                out.append(contentsOf: chunk[0...bad])
                return Read(bytes: out, stop: .badByte)
            }
            out.append(contentsOf: chunk[0..<n])
        }
    }
}

/// Finds, chunk by chunk, the first byte that cannot be part of a JSON document outside a
/// string (RFC 8259: whitespace, structural characters, numbers and the literals true, false,
/// null). HTML (a first byte '<') is never refused: its JSON-LD blocks are found later.
struct JSONByteScanner {
    private enum State { case start, html, json, string, escape }
    private var state = State.start
    private var offset = 0

    /// Bytes allowed outside strings: whitespace, `{}[],:`, number characters, literal letters.
    private static let allowed: [Bool] = {
        var t = [Bool](repeating: false, count: 256)
        for b in Array(" \t\r\n{}[],:0123456789+-.eEtrufalsn\"".utf8) { t[Int(b)] = true }
        return t
    }()

    /// The index in `bytes` of the first bad byte, else nil (and the state carries on).
    mutating func firstBadByte(_ bytes: ArraySlice<UInt8>) -> Int? {
        for i in bytes.indices {
            let b = bytes[i]
            defer { offset += 1 }
            switch state {
            case .html:
                return nil
            case .start:
                if isBOM(b) { continue }
                if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { continue }
                if b == UInt8(ascii: "<") { state = .html; return nil }
                state = .json
                if let bad = outside(b, i) { return bad }
            case .json:
                if let bad = outside(b, i) { return bad }
            case .string:
                if b == UInt8(ascii: "\\") { state = .escape } else if b == UInt8(ascii: "\"") { state = .json }
            case .escape:
                state = .string
            }
        }
        return nil
    }

    private var bomSeen = 0

    /// A byte of the UTF-8 byte order mark at the very start.
    private mutating func isBOM(_ b: UInt8) -> Bool {
        guard offset == bomSeen, bomSeen < 3, b == [0xEF, 0xBB, 0xBF][bomSeen] else { return false }
        bomSeen += 1
        return true
    }

    private mutating func outside(_ b: UInt8, _ i: Int) -> Int? {
        if b == UInt8(ascii: "\"") {
            state = .string
            return nil
        }
        return JSONByteScanner.allowed[Int(b)] ? nil : i
    }
}
