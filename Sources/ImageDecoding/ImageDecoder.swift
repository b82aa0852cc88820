/// The one entry point of image decoding (R2, R6): the type is sniffed from the bytes, the
/// header read and checked against the limits, and only then are pixels allocated and decoded
/// by the library made for the type (libpng, libjpeg-turbo, libwebp, giflib).
/// Pure and thread-safe: callers run it off the drawing thread (B10).
public enum ImageDecoder {
    /// The size from the header alone; no pixel is decoded.
    public static func probe(data: [UInt8]) -> Result<ImageInfo, ImageError> {
        guard !data.isEmpty else { return .failure(.empty) }
        guard let format = ImageFormat.sniff(data) else {
            return .failure(.notAnImage(prefix: ImageError.printablePrefix(data)))
        }
        switch format {
        case .png: return PNGDecoder.probe(data)
        case .jpeg: return JPEGDecoder.probe(data)
        case .webp: return WebPDecoder.probe(data)
        case .gif: return GIFDecoder.probe(data)
        }
    }

    /// Decodes `data` into RGBA8. Refuses images over `limits` before allocating them.
    public static func decode(data: [UInt8],
                              limits: DecodeLimits = .standard) -> Result<RGBAImage, ImageError> {
        guard !data.isEmpty else { return .failure(.empty) }
        guard let format = ImageFormat.sniff(data) else {
            return .failure(.notAnImage(prefix: ImageError.printablePrefix(data)))
        }
        switch format {
        case .png: return PNGDecoder.decode(data, limits: limits)
        case .jpeg: return JPEGDecoder.decode(data, limits: limits)
        case .webp: return WebPDecoder.decode(data, limits: limits)
        case .gif: return GIFDecoder.decode(data, limits: limits)
        }
    }

    /// The image in the file at `path` (read whole, at most `cap` bytes), whatever its type: the
    /// drawing side's images from files (I3) go through the same decoders as fetched ones (R2).
    public static func decode(file path: String, cap: Int = ImageFile.maxBytesDefault,
                              limits: DecodeLimits = .standard) -> Result<RGBAImage, ImageError> {
        switch ImageFile.read(path: path, cap: cap) {
        case let .success(bytes): return decode(data: bytes, limits: limits)
        case let .failure(failure): return .failure(.unreadable(path: path, reason: failure.reason))
        }
    }

    /// As `decode(data:limits:)`, and the bytes must be of `expecting` (e.g. the type a
    /// Content-Type or an extension announced): R6 "an image whose bytes are not its type".
    public static func decode(data: [UInt8], expecting: ImageFormat,
                              limits: DecodeLimits = .standard) -> Result<RGBAImage, ImageError> {
        let found = ImageFormat.sniff(data)
        guard found == expecting else { return .failure(.wrongType(expected: expecting, found: found)) }
        return decode(data: data, limits: limits)
    }

    /// A pixel buffer of `count` bytes filled by `fill`, which returns nil on success or an
    /// error; allocated only after the caller checked the limits.
    static func withPixelBuffer(count: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> ImageError?)
        -> Result<[UInt8], ImageError> {
        var failure: ImageError?
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress!.initialize(repeating: 0, count: count)
            failure = fill(buffer.baseAddress!)
            initialized = count
        }
        if let failure { return .failure(failure) }
        return .success(pixels)
    }
}
