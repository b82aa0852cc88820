import CPNG

/// PNG through libpng's simplified API (docs/architecture.md, "Swift and C notes"): errors come back in
/// `image.message` without setjmp; `png_image_begin_read_from_memory` reads the header alone.
enum PNGDecoder {
    static func probe(_ data: [UInt8]) -> Result<ImageInfo, ImageError> {
        withHeader(data) { image in
            .success(headerInfo(image))
        }
    }

    static func decode(_ data: [UInt8], limits: DecodeLimits) -> Result<RGBAImage, ImageError> {
        withHeader(data) { image in
            let info = headerInfo(image)
            if let refusal = limits.refusal(info) { return .failure(refusal) }
            image.pointee.format = LB_PNG_FORMAT_RGBA
            let stride = info.width * 4
            let filled = ImageDecoder.withPixelBuffer(count: stride * info.height) { buffer in
                if png_image_finish_read(image, nil, buffer, png_int_32(stride), nil) != 0 { return nil }
                return failure(message(image))
            }
            return filled.map { RGBAImage(width: info.width, height: info.height, pixels: $0) }
        }
    }

    /// Runs `body` with a png_image whose header was read from `data`; frees it afterwards.
    private static func withHeader<T>(_ data: [UInt8],
                                      _ body: (UnsafeMutablePointer<png_image>) -> Result<T, ImageError>)
        -> Result<T, ImageError> {
        let image = UnsafeMutablePointer<png_image>.allocate(capacity: 1)
        defer { image.deallocate() }
        image.initialize(to: png_image())
        image.pointee.version = png_uint_32(LB_PNG_IMAGE_VERSION)
        defer { png_image_free(image) }
        return data.withUnsafeBytes { raw in
            guard png_image_begin_read_from_memory(image, raw.baseAddress, raw.count) != 0 else {
                return .failure(failure(message(image)))
            }
            return body(image)
        }
    }

    private static func headerInfo(_ image: UnsafeMutablePointer<png_image>) -> ImageInfo {
        ImageInfo(format: .png, width: Int(image.pointee.width), height: Int(image.pointee.height))
    }

    /// libpng's message for the last error of `image`.
    private static func message(_ image: UnsafeMutablePointer<png_image>) -> String {
        withUnsafeBytes(of: image.pointee.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// libpng reports a short file as "Not enough image data", "read beyond end of data" or
    /// "unexpected end of file"; anything else is corruption.
    private static func failure(_ message: String) -> ImageError {
        let lower = message.lowercased()
        if lower.contains("not enough") || lower.contains("end of") || lower.contains("truncated") {
            return .truncated(format: .png, reason: message)
        }
        if lower.contains("out of memory") { return .outOfMemory(format: .png) }
        return .corrupt(format: .png, reason: message.isEmpty ? "libpng refused the data" : message)
    }
}
