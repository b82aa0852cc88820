import Foundation
import ImageDecoding

/// Pixels decoded elsewhere (R2: a real source's images, decoded off the drawing thread by
/// ImageDecoding), keyed by the path a loaded `MediaState` names (its URL). The image cache takes
/// them from here instead of reading a PNG file. At most `capacity` images, oldest out first.
// @unchecked Sendable: its images and their order are read and written under `lock` only.
public final class SuppliedImages: @unchecked Sendable {
    public static let shared = SuppliedImages()
    public let capacity = 512

    private let lock = NSLock()
    private var images: [String: RGBAImage] = [:]
    private var order: [String] = []

    public init() {}

    public func put(_ image: RGBAImage, for key: String) {
        lock.lock()
        defer { lock.unlock() }
        if images.updateValue(image, forKey: key) == nil { order.append(key) }
        while order.count > capacity { images[order.removeFirst()] = nil }
    }

    /// Drops an image (an engine's tile no longer kept, X9).
    public func remove(_ key: String) {
        lock.lock()
        defer { lock.unlock() }
        guard images.removeValue(forKey: key) != nil else { return }
        order.removeAll { $0 == key }
    }

    public func image(for key: String) -> RGBAImage? {
        lock.lock()
        defer { lock.unlock() }
        return images[key]
    }
}
