import Foundation

/// An image file read whole, at most `cap` bytes (R6: a file over its cap is refused, not read
/// on), for `ImageDecoder.decode(file:)` and the loaders that read files off the drawing thread.
public enum ImageFile {
    /// The default cap: 64 MiB, far above any image a liveblog shows.
    public static let maxBytesDefault = 64 << 20

    /// Why a file gave no bytes, in words a reader can act on.
    public struct Failure: Error, Hashable, Sendable {
        public let reason: String
    }

    /// At most `cap` bytes of the file, or why not.
    public static func read(path: String, cap: Int = maxBytesDefault) -> Result<[UInt8], Failure> {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            return .failure(Failure(reason: exists ? "cannot be read" : "no such file"))
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: cap + 1) ?? Data()
            if data.count > cap {
                return .failure(Failure(reason: "file over the size cap of \(cap) bytes"))
            }
            return .success([UInt8](data))
        } catch {
            return .failure(Failure(reason: "cannot be read: \(error.localizedDescription)"))
        }
    }
}
