import Foundation

/// Reads a PNG's size from its IHDR chunk without decoding it (the page needs the final
/// height of an image with no declared size when it loads; drawing decodes with libpng).
public enum PNGHeader {
    public enum Failure: Error, Equatable { case missing, notPNG, corrupt, tooLarge(width: Int, height: Int) }

    /// The largest image the viewer takes: 50 megapixels (TerminalKit's PNGImage decodes no more).
    public static let maxPixels = 50_000_000

    public static func size(ofFile path: String) -> Result<(width: Int, height: Int), Failure> {
        guard let fh = FileHandle(forReadingAtPath: path) else { return .failure(.missing) }
        defer { try? fh.close() }
        let data = [UInt8](fh.readData(ofLength: 33))
        return size(ofBytes: data)
    }

    public static func size(ofBytes b: [UInt8]) -> Result<(width: Int, height: Int), Failure> {
        let sig: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard b.count >= 8, Array(b[0..<8]) == sig else { return .failure(.notPNG) }
        guard b.count >= 24, b[12] == 0x49, b[13] == 0x48, b[14] == 0x44, b[15] == 0x52 else { return .failure(.corrupt) }
        func be32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        let w = be32(16), h = be32(20)
        guard w > 0, h > 0, w <= 1 << 24, h <= 1 << 24 else { return .failure(.corrupt) }
        guard w * h <= maxPixels else { return .failure(.tooLarge(width: w, height: h)) }
        return .success((w, h))
    }
}
