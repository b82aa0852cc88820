import CTurboJPEG

/// JPEG through libjpeg-turbo's TurboJPEG API: `tjDecompressHeader3` reads the header alone,
/// `tjDecompress2` decodes into our buffer; errors are return codes (no setjmp in Swift).
/// A warning (in practice libjpeg's "Premature end of JPEG file", after which it may also fail
/// with "Bogus marker length") still fills the buffer with grey, so it is treated as a
/// truncated file rather than shown half decoded.
enum JPEGDecoder {
    static func probe(_ data: [UInt8]) -> Result<ImageInfo, ImageError> {
        withHandle { handle in header(handle, data) }
    }

    static func decode(_ data: [UInt8], limits: DecodeLimits) -> Result<RGBAImage, ImageError> {
        withHandle { handle in
            header(handle, data).flatMap { info in
                if let refusal = limits.refusal(info) { return .failure(refusal) }
                let pitch = info.width * 4
                // TJFLAG_LIMITSCANS: refuse progressive files with more than 500 scans (a CPU bomb).
                let flags = Int32(TJFLAG_ACCURATEDCT | TJFLAG_LIMITSCANS)
                let filled = ImageDecoder.withPixelBuffer(count: pitch * info.height) { buffer in
                    let rc = data.withUnsafeBufferPointer { src in
                        tjDecompress2(handle, src.baseAddress, UInt(src.count), buffer,
                                      Int32(info.width), Int32(pitch), Int32(info.height),
                                      Int32(TJPF_RGBA.rawValue), flags)
                    }
                    return rc == 0 ? nil : failure(handle)
                }
                return filled.map { RGBAImage(width: info.width, height: info.height, pixels: $0) }
            }
        }
    }

    private static func header(_ handle: tjhandle, _ data: [UInt8]) -> Result<ImageInfo, ImageError> {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let rc = data.withUnsafeBufferPointer { src in
            tjDecompressHeader3(handle, src.baseAddress, UInt(src.count), &width, &height,
                                &subsampling, &colorspace)
        }
        guard rc == 0 else { return .failure(failure(handle)) }
        return .success(ImageInfo(format: .jpeg, width: Int(width), height: Int(height)))
    }

    private static func withHandle<T>(_ body: (tjhandle) -> Result<T, ImageError>) -> Result<T, ImageError> {
        guard let handle = tjInitDecompress() else { return .failure(.outOfMemory(format: .jpeg)) }
        defer { tjDestroy(handle) }
        return body(handle)
    }

    private static func failure(_ handle: tjhandle) -> ImageError {
        let message = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "libjpeg-turbo refused the data"
        let lower = message.lowercased()
        if tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) || lower.contains("premature end") {
            return .truncated(format: .jpeg, reason: message)
        }
        return .corrupt(format: .jpeg, reason: message)
    }
}
