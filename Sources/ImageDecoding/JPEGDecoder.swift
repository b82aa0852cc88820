import CTurboJPEG

/// JPEG through libjpeg-turbo's TurboJPEG API: `tjDecompressHeader3` reads the header alone,
/// `tjDecompress2` decodes into our buffer; errors are return codes (no setjmp in Swift).
/// A warning (in practice libjpeg's "Premature end of JPEG file", after which it may also fail
/// with "Bogus marker length") still fills the buffer with grey, so it is treated as a
/// truncated file rather than shown half decoded.
enum JPEGDecoder {
    static func probe(_ data: [UInt8]) -> Result<ImageInfo, ImageError> {
        withHandle { handle in header(handle, data).map(\.info) }
    }

    static func decode(_ data: [UInt8], limits: DecodeLimits) -> Result<RGBAImage, ImageError> {
        withHandle { handle in
            header(handle, data).flatMap { info, colorspace in
                if let refusal = limits.refusal(info) { return .failure(refusal) }
                // CMYK and YCCK files (print workflows) cannot become RGB in libjpeg: take CMYK
                // and convert it ourselves, as browsers do.
                let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
                let format = cmyk ? TJPF_CMYK : TJPF_RGBA
                let pitch = info.width * 4
                // TJFLAG_LIMITSCANS: refuse progressive files with more than 500 scans (a CPU bomb).
                let flags = Int32(TJFLAG_ACCURATEDCT | TJFLAG_LIMITSCANS)
                let filled = ImageDecoder.withPixelBuffer(count: pitch * info.height) { buffer in
                    let rc = data.withUnsafeBufferPointer { src in
                        tjDecompress2(handle, src.baseAddress, UInt(src.count), buffer,
                                      Int32(info.width), Int32(pitch), Int32(info.height),
                                      Int32(format.rawValue), flags)
                    }
                    if rc != 0 { return failure(handle) }
                    if cmyk { convertInvertedCMYK(buffer, pixels: info.width * info.height) }
                    return nil
                }
                return filled.map { RGBAImage(width: info.width, height: info.height, pixels: $0) }
            }
        }
    }

    /// CMYK as Adobe applications store it in JPEG (inverted: 255 is no ink) to opaque RGBA in
    /// place, the naive conversion browsers use: R = C′·K′/255 and so on.
    static func convertInvertedCMYK(_ buffer: UnsafeMutablePointer<UInt8>, pixels: Int) {
        for i in 0..<pixels {
            let p = buffer + i * 4
            let k = Int(p[3])
            p[0] = UInt8((Int(p[0]) * k + 127) / 255)
            p[1] = UInt8((Int(p[1]) * k + 127) / 255)
            p[2] = UInt8((Int(p[2]) * k + 127) / 255)
            p[3] = 255
        }
    }

    private static func header(_ handle: tjhandle,
                               _ data: [UInt8]) -> Result<(info: ImageInfo, colorspace: Int32), ImageError> {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let rc = data.withUnsafeBufferPointer { src in
            tjDecompressHeader3(handle, src.baseAddress, UInt(src.count), &width, &height,
                                &subsampling, &colorspace)
        }
        guard rc == 0 else { return .failure(failure(handle)) }
        return .success((ImageInfo(format: .jpeg, width: Int(width), height: Int(height)), colorspace))
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
