/// A decoded image (R2, I3, G1): RGBA8, straight (not premultiplied) alpha, rows top to bottom,
/// `width * height * 4` bytes without padding. The one picture type: decoders make it, the
/// half-block raster (TerminalKit) and libchafa's encoders (TerminalGraphics) draw it.
public struct RGBAImage: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "RGBA size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Rows `y0..<y1` only (the visible part of an image clipped at the bars, G1).
    public func rows(_ y0: Int, _ y1: Int) -> RGBAImage {
        let a = max(0, min(height, y0)), b = max(a, min(height, y1))
        return RGBAImage(width: width, height: b - a, pixels: Array(pixels[(a * width * 4)..<(b * width * 4)]))
    }
}

/// What a header says before any pixel is decoded (`ImageDecoder.probe`).
public struct ImageInfo: Hashable, Sendable {
    public let format: ImageFormat
    public let width: Int
    public let height: Int

    public init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }
}

/// The limits of one decode (R6 image bombs). Both are checked against the header before the
/// pixel buffer is allocated.
public struct DecodeLimits: Hashable, Sendable {
    /// R6: more than 50 megapixels is refused.
    public static let maxPixelsDefault = 50_000_000
    /// The decompressed-size cap: 50 Mpx of RGBA8.
    public static let maxDecodedBytesDefault = 200_000_000

    public var maxPixels: Int
    public var maxDecodedBytes: Int

    public init(maxPixels: Int = DecodeLimits.maxPixelsDefault,
                maxDecodedBytes: Int = DecodeLimits.maxDecodedBytesDefault) {
        self.maxPixels = maxPixels
        self.maxDecodedBytes = maxDecodedBytes
    }

    public static let standard = DecodeLimits()

    /// Nil when `width × height` fits both limits, else the error naming the size.
    func refusal(_ info: ImageInfo) -> ImageError? {
        guard info.width > 0, info.height > 0 else {
            return .corrupt(format: info.format, reason: "empty image \(info.width)×\(info.height)")
        }
        let (pixels, overflow) = info.width.multipliedReportingOverflow(by: info.height)
        if overflow || pixels > maxPixels {
            return .tooManyPixels(format: info.format, width: info.width, height: info.height,
                                  limit: maxPixels)
        }
        let (bytes, overflow4) = pixels.multipliedReportingOverflow(by: 4)
        if overflow4 || bytes > maxDecodedBytes {
            return .overByteCap(format: info.format, bytes: bytes, limit: maxDecodedBytes)
        }
        return nil
    }
}
