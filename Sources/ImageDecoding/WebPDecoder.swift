import CWebP

/// WebP through libwebp: `WebPGetInfo` reads the header (VP8, VP8L or VP8X) alone, and
/// `WebPDecodeRGBAInto` decodes into our buffer (for an animation, the first frame).
enum WebPDecoder {
    static func probe(_ data: [UInt8]) -> Result<ImageInfo, ImageError> {
        var width: Int32 = 0, height: Int32 = 0
        let ok = data.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
        guard ok != 0 else {
            return .failure(.corrupt(format: .webp, reason: "libwebp cannot read the header"))
        }
        return .success(ImageInfo(format: .webp, width: Int(width), height: Int(height)))
    }

    static func decode(_ data: [UInt8], limits: DecodeLimits) -> Result<RGBAImage, ImageError> {
        probe(data).flatMap { info in
            if let refusal = limits.refusal(info) { return .failure(refusal) }
            let stride = info.width * 4
            let count = stride * info.height
            let filled = ImageDecoder.withPixelBuffer(count: count) { buffer in
                let out = data.withUnsafeBufferPointer { src in
                    WebPDecodeRGBAInto(src.baseAddress, src.count, buffer, count, Int32(stride))
                }
                return out == nil ? failure(data) : nil
            }
            return filled.map { RGBAImage(width: info.width, height: info.height, pixels: $0) }
        }
    }

    /// libwebp's simple API only says "failed"; the RIFF size tells a short file from a bad one.
    private static func failure(_ data: [UInt8]) -> ImageError {
        if data.count >= 8 {
            let riffSize = Int(data[4]) | Int(data[5]) << 8 | Int(data[6]) << 16 | Int(data[7]) << 24
            if data.count < riffSize + 8 {
                return .truncated(format: .webp, reason: "\(data.count) of \(riffSize + 8) bytes")
            }
        }
        return .corrupt(format: .webp, reason: "libwebp cannot decode the bitstream")
    }
}
