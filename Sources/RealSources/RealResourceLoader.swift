import Embed
import Foundation
import ImageDecoding
import ImageLoading
import LiveblogModel

/// The page's loader for a real source (R2): images over HTTP(S) or from files through an
/// `ImageFeed` (real, or a capture replayed: R4), decoded off the drawing thread; their arrival
/// is a `ResourceCompletion` like a simulated one, so it goes through the same layout and hook
/// path. Embeds cannot load in a terminal: they settle at their declared height, else 150 pt
/// (L6). Pages of older posts are there at once (the whole liveblog was read).
public final class RealResourceLoader: ResourceLoader {
    /// The width decoded images are kept at, at most: a terminal cell shows 8×16 pt.
    public static let keptWidth = 640

    private let feed: ImageFeed
    private let baseDirectory: String?
    private var loading: Set<String> = []
    private var media: [String: Media] = [:]
    private var ready: [ResourceCompletion] = []
    /// Called with the media key (`MediaState.loaded`'s path) and the pixels, for the renderer.
    public var onImage: (String, RGBAImage) -> Void

    public init(feed: ImageFeed, baseDirectory: String?,
                onImage: @escaping (String, RGBAImage) -> Void = { _, _ in }) {
        self.feed = feed
        self.baseDirectory = baseDirectory
        self.onImage = onImage
    }

    public var isIdle: Bool { loading.isEmpty && ready.isEmpty }
    public var networkProfile: NetworkProfile { .instant }
    public func setNetworkProfile(_ p: NetworkProfile, tick: Int) {}

    public func request(_ r: ResourceRequest, tick: Int) {
        switch r {
        case let .media(m):
            guard !loading.contains(m.id) else { return }
            loading.insert(m.id)
            media[m.id] = m
            feed.request(key: m.id, source: source(of: m.url), atTick: tick)
        case let .embed(id):
            ready.append(.embed(id: id, height: 150))
        case let .page(n):
            ready.append(.page(n))
        }
    }

    public func completions(tick: Int) -> [ResourceCompletion] {
        var out = ready
        ready.removeAll()
        for delivery in feed.poll(atTick: tick) where loading.remove(delivery.key) != nil {
            out.append(.media(id: delivery.key, state(delivery)))
        }
        return out
    }

    public func force(_ r: ResourceRequest, tick: Int) -> ResourceCompletion {
        switch r {
        case let .media(m):
            if m.hasDeclaredSize, let w = m.width, let h = m.height {
                func px(_ d: Double) -> Int { Int(max(1, min(d, 1e9)).rounded()) }
                return .media(id: m.id, .loaded(pixelWidth: px(w), pixelHeight: px(h), path: nil))
            }
            return .media(id: m.id, .failed("not arrived yet"))
        case let .embed(id): return .embed(id: id, height: 150)
        case let .page(n): return .page(n)
        }
    }

    private func source(of url: String) -> ImageSource {
        if let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
           scheme == "http" || scheme == "https" {
            return .url(parsed)
        }
        if url.hasPrefix("file://") { return .file(String(url.dropFirst(7))) }
        if url.hasPrefix("/") || baseDirectory == nil { return .file(url) }
        return .file(baseDirectory! + "/" + url)
    }

    private func state(_ delivery: ImageDelivery) -> MediaState {
        switch delivery.result {
        case let .success(image):
            let key = media[delivery.key]?.url ?? delivery.key
            onImage(key, ImageThumbnail.scaled(image, maxWidth: Self.keptWidth))
            return .loaded(pixelWidth: image.width, pixelHeight: image.height, path: key)
        case let .failure(error):
            return .failed(error.description)
        }
    }
}
