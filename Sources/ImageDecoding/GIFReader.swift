import CGIF

/// giflib over bytes in memory: `DGifOpen` with a read callback whose user pointer is the
/// cursor below, so no temporary file and no global state.
enum GIFReader {
    /// The bytes and the read position, handed to giflib as `UserData`.
    final class Cursor {
        let data: [UInt8]
        var offset = 0
        init(_ data: [UInt8]) { self.data = data }
    }

    /// giflib's InputFunc: copies up to `count` bytes; fewer at the end (giflib then reports
    /// D_GIF_ERR_READ_FAILED, a truncated file).
    private static let read: InputFunc = { gif, buffer, count in
        guard let gif, let buffer, let user = gif.pointee.UserData else { return 0 }
        let cursor = Unmanaged<Cursor>.fromOpaque(user).takeUnretainedValue()
        let n = max(0, min(Int(count), cursor.data.count - cursor.offset))
        cursor.data.withUnsafeBufferPointer { src in
            buffer.update(from: src.baseAddress! + cursor.offset, count: n)
        }
        cursor.offset += n
        return Int32(n)
    }

    /// Opens `data` (reading the screen descriptor), runs `body`, closes the file.
    static func withFile<T>(_ data: [UInt8],
                            _ body: (UnsafeMutablePointer<GifFileType>) -> Result<T, ImageError>)
        -> Result<T, ImageError> {
        let cursor = Cursor(data)
        return withExtendedLifetime(cursor) {
            var error: Int32 = 0
            guard let gif = DGifOpen(Unmanaged.passUnretained(cursor).toOpaque(), read, &error) else {
                return .failure(failure(code: error))
            }
            defer { DGifCloseFile(gif, &error) }
            return body(gif)
        }
    }

    /// Reads one extension block and its sub-blocks; the transparent colour index when it is a
    /// graphics control extension that sets one.
    static func readExtension(_ gif: UnsafeMutablePointer<GifFileType>) -> Result<Int?, ImageError> {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else { return .failure(failure(gif)) }
        var transparent: Int?
        // A graphics control block: [length 4, flags, delay lo, delay hi, transparent index].
        if code == GRAPHICS_EXT_FUNC_CODE, let b = block, b[0] >= 4, b[1] & 1 == 1 {
            transparent = Int(b[4])
        }
        while block != nil {
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else { return .failure(failure(gif)) }
        }
        return .success(transparent)
    }

    static func failure(_ gif: UnsafeMutablePointer<GifFileType>) -> ImageError {
        failure(code: gif.pointee.Error)
    }

    static func failure(code: Int32) -> ImageError {
        let message = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        if code == D_GIF_ERR_READ_FAILED || code == D_GIF_ERR_EOF_TOO_SOON {
            return .truncated(format: .gif, reason: message)
        }
        if code == D_GIF_ERR_NOT_ENOUGH_MEM { return .outOfMemory(format: .gif) }
        return .corrupt(format: .gif, reason: message)
    }
}
