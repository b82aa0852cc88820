/// The image types of R2, told apart by their first bytes (the Content-Type and the file
/// extension are only hints: a server may send an HTML error page as `image/jpeg`).
public enum ImageFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case png = "PNG"
    case jpeg = "JPEG"
    case webp = "WebP"
    case gif = "GIF"

    public var description: String { rawValue }

    /// The format whose magic number `bytes` starts with, or nil.
    /// PNG: 0x89 0x50 0x4E 0x47 0x0D 0x0A 0x1A 0x0A. JPEG: 0xFF 0xD8 0xFF. GIF: "GIF87a" / "GIF89a".
    /// WebP: "RIFF" <size:4> "WEBP".
    public static func sniff<C: Collection>(_ bytes: C) -> ImageFormat? where C.Element == UInt8 {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) {
            return .gif
        }
        if head.count >= 12, head[0..<4].elementsEqual("RIFF".utf8), head[8..<12].elementsEqual("WEBP".utf8) {
            return .webp
        }
        return nil
    }
}
