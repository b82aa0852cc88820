import CWebP

/// WebP through libwebp: `WebPGetInfo` reads the header (VP8, VP8L or VP8X) alone, and
/// `WebPDecodeRGBAInto` decodes into our buffer. An animation (VP8X with its animation flag) is
/// drawn as its first frame, composed on the canvas by libwebpdemux's `WebPAnimDecoder`
/// (issue 31: the simple API refuses animations, which read as "corrupt"), as GIFs are (R2).
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
            if isAnimated(data) { return firstFrame(data, info: info) }
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

    /// RIFF, WEBP, then a VP8X chunk whose flags (byte 20) have the animation bit (0x02).
    static func isAnimated(_ data: [UInt8]) -> Bool {
        data.count > 20 && Array(data[12..<16]) == Array("VP8X".utf8) && data[20] & 0x02 != 0
    }

    /// The first frame of an animation, on its canvas (the size `probe` read and `limits` allowed).
    private static func firstFrame(_ data: [UInt8], info: ImageInfo) -> Result<RGBAImage, ImageError> {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            return .failure(.corrupt(format: .webp, reason: "libwebpdemux is not the version built against"))
        }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        return data.withUnsafeBufferPointer { src -> Result<RGBAImage, ImageError> in
            var webp = WebPData(bytes: src.baseAddress, size: src.count)
            guard let decoder = WebPAnimDecoderNew(&webp, &options) else {
                return .failure(failure(data))
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var anim = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &anim) != 0, Int(anim.canvas_width) == info.width,
                  Int(anim.canvas_height) == info.height else {
                return .failure(.corrupt(format: .webp, reason: "the animation's canvas is not its header's"))
            }
            var frame: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
                return .failure(.corrupt(format: .webp, reason: "libwebpdemux cannot decode the first frame"))
            }
            let count = info.width * info.height * 4
            let filled = ImageDecoder.withPixelBuffer(count: count) { buffer in
                buffer.update(from: frame, count: count)
                return nil
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
