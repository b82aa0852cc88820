/// Why bytes could not become an image (R6). Every case says what happened in words a reader
/// can act on; the URL is added by the caller that knows it.
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No bytes at all.
    case empty
    /// The file could not be read (`ImageDecoder.decode(file:)`).
    case unreadable(path: String, reason: String)
    /// The bytes start with no known magic number (`prefix`: the first bytes, printable).
    case notAnImage(prefix: String)
    /// The bytes are of `found` while the caller expected `expected` (`decode(data:expecting:)`).
    case wrongType(expected: ImageFormat, found: ImageFormat?)
    /// The library refused the data: a corrupt or truncated file (its message).
    case corrupt(format: ImageFormat, reason: String)
    /// The data ends before the image does.
    case truncated(format: ImageFormat, reason: String)
    /// The header claims more pixels than allowed (R6 image bomb); nothing was allocated.
    case tooManyPixels(format: ImageFormat, width: Int, height: Int, limit: Int)
    /// The decoded image would exceed the decompressed-size cap; nothing was allocated.
    case overByteCap(format: ImageFormat, bytes: Int, limit: Int)
    /// The library could not allocate its working memory.
    case outOfMemory(format: ImageFormat)

    public var description: String {
        switch self {
        case .empty:
            return "no image data"
        case let .unreadable(path, reason):
            return "cannot open \(path): \(reason)"
        case let .notAnImage(prefix):
            return "not an image (PNG, JPEG, WebP or GIF): starts with \"\(prefix)\""
        case let .wrongType(expected, found):
            return "expected \(expected) but the bytes are \(found.map { "\($0)" } ?? "no image type")"
        case let .corrupt(format, reason):
            return "corrupt \(format): \(reason)"
        case let .truncated(format, reason):
            return "truncated \(format): \(reason)"
        case let .tooManyPixels(format, width, height, limit):
            return "\(format) too large: \(width)×\(height) is over \(limit / 1_000_000) Mpx"
        case let .overByteCap(format, bytes, limit):
            return "\(format) too large: \(bytes) decoded bytes is over the cap of \(limit)"
        case let .outOfMemory(format):
            return "out of memory decoding \(format)"
        }
    }

    /// The first bytes as printable text for `notAnImage`.
    static func printablePrefix<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        String(bytes.prefix(16).map { $0 >= 0x20 && $0 < 0x7F ? Character(UnicodeScalar($0)) : "." })
    }
}
