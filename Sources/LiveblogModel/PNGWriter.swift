import CPNG

/// Writes 8-bit RGBA PNG files through libpng's simplified write API
/// (`png_image_write_to_memory`, libpng 1.6 manual, "Simplified API"): no hand-written deflate;
/// errors come back in `image.message`, without setjmp (docs/architecture.md, "Swift and C notes"). The
/// chunk helpers below assemble deliberately damaged files for the decoder's tests.
public enum PNGWriter {
    /// `rgba` holds `width * height * 4` bytes, rows top to bottom; missing bytes are transparent
    /// black, extra bytes are ignored. Sizes below 1 are taken as 1. Empty only if libpng fails.
    public static func write(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        let w = max(1, width), h = max(1, height)
        var pixels = rgba
        if pixels.count != w * h * 4 {
            pixels = Array(pixels.prefix(w * h * 4))
            pixels += [UInt8](repeating: 0, count: w * h * 4 - pixels.count)
        }
        var image = png_image()
        image.version = png_uint_32(LB_PNG_IMAGE_VERSION)
        image.width = png_uint_32(w)
        image.height = png_uint_32(h)
        image.format = png_uint_32(LB_PNG_FORMAT_RGBA)
        let stride = png_int_32(w * 4)
        var size: png_alloc_size_t = 0
        // First call: the size; second call: the bytes.
        guard png_image_write_to_memory(&image, nil, &size, 0, pixels, stride, nil) != 0, size > 0 else {
            png_image_free(&image)
            return []
        }
        var out = [UInt8](repeating: 0, count: Int(size))
        let ok = out.withUnsafeMutableBytes {
            png_image_write_to_memory(&image, $0.baseAddress, &size, 0, pixels, stride, nil)
        }
        png_image_free(&image)
        return ok != 0 ? Array(out.prefix(Int(size))) : []
    }

    // MARK: - Chunks, for damaged files in tests

    /// The 8-byte PNG signature.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// One chunk: length, type, data and CRC-32 (zlib's `crc32`, the one libpng uses).
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    /// An IHDR chunk: 8 bits per sample, `colorType` (6: RGBA), no interlace.
    public static func ihdr(width: UInt32, height: UInt32, colorType: UInt8 = 6) -> [UInt8] {
        chunk("IHDR", be32(width) + be32(height) + [8, colorType, 0, 0, 0])
    }

    /// CRC-32 (ISO-HDLC, as PNG uses) of `bytes`.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        let c = bytes.withUnsafeBufferPointer { CPNG.crc32(0, $0.baseAddress, uInt($0.count)) }
        return UInt32(truncatingIfNeeded: c)
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
}
