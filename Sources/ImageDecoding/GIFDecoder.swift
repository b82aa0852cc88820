import CGIF

/// GIF through giflib, first frame only (R2). Not `DGifSlurp`: it decodes every frame, and an
/// animation of many large frames is a bomb the header does not announce. Records are read one
/// at a time instead; the first image descriptor is checked against the limits (as is the
/// logical screen) before its lines are decoded, and the rest of the file is never read.
enum GIFDecoder {
    static func probe(_ data: [UInt8]) -> Result<ImageInfo, ImageError> {
        GIFReader.withFile(data) { gif in .success(screenInfo(gif)) }
    }

    static func decode(_ data: [UInt8], limits: DecodeLimits) -> Result<RGBAImage, ImageError> {
        GIFReader.withFile(data) { gif in
            let screen = screenInfo(gif)
            // Some encoders leave the logical screen empty; the first frame gives the size then.
            if screen.width > 0 || screen.height > 0, let refusal = limits.refusal(screen) {
                return .failure(refusal)
            }
            return firstFrame(gif, screen: screen, limits: limits)
        }
    }

    private static func screenInfo(_ gif: UnsafeMutablePointer<GifFileType>) -> ImageInfo {
        ImageInfo(format: .gif, width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight))
    }

    /// Skips extensions (keeping the transparent index of a graphics control block) up to the
    /// first image, then decodes it onto a transparent canvas of the screen's size.
    private static func firstFrame(_ gif: UnsafeMutablePointer<GifFileType>, screen: ImageInfo,
                                   limits: DecodeLimits) -> Result<RGBAImage, ImageError> {
        var transparent = -1
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { return .failure(GIFReader.failure(gif)) }
            switch record {
            case EXTENSION_RECORD_TYPE:
                switch GIFReader.readExtension(gif) {
                case let .success(index): if let index { transparent = index }
                case let .failure(error): return .failure(error)
                }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { return .failure(GIFReader.failure(gif)) }
                return GIFFrame.decode(gif, screen: screen, transparent: transparent, limits: limits)
            case TERMINATE_RECORD_TYPE:
                return .failure(.corrupt(format: .gif, reason: "no image in the file"))
            default:
                return .failure(.corrupt(format: .gif, reason: "unknown record type"))
            }
        }
    }
}
