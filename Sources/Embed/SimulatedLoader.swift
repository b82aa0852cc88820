import LiveblogModel

/// The loader of I1: a `NetworkQueue` gives every request a seeded delay under a network
/// profile; media are "decoded" from the PNG header of local files, or take their declared or a
/// seeded size when remote; an embed settles at a seeded height (L6).
public struct SimulatedLoader: ResourceLoader {
    private var queue: NetworkQueue
    private let seed: UInt64
    /// Relative media URLs are files under this directory.
    private let baseDirectory: String?
    /// The media being loaded, by id: only what a completion needs (a whole `Media` per pending
    /// image cost ~8 MB at 100 000 posts, B6), dropped once it completes.
    private var media: [String: Pending] = [:]

    private struct Pending {
        let url: String
        let width: Double?
        let height: Double?
        init(_ m: Media) {
            url = m.url
            width = m.width
            height = m.height
        }
        var hasDeclaredSize: Bool {
            if let w = width, let h = height, w > 0, h > 0 { return true }
            return false
        }
    }

    public init(profile: NetworkProfile, seed: UInt64, baseDirectory: String?) {
        queue = NetworkQueue(profile: profile, seed: seed)
        self.seed = seed
        self.baseDirectory = baseDirectory
    }

    public var isIdle: Bool { queue.isIdle }
    public var networkProfile: NetworkProfile { queue.profile }
    public mutating func setNetworkProfile(_ p: NetworkProfile, tick: Int) { queue.setProfile(p, tick: tick) }

    public mutating func request(_ r: ResourceRequest, tick: Int) {
        if case .media(let m) = r { media[m.id] = Pending(m) }
        queue.enqueue(r.key, tick: tick)
    }

    public mutating func completions(tick: Int) -> [ResourceCompletion] {
        var out: [ResourceCompletion] = []
        for key in queue.due(tick: tick) {
            if let c = completion(key) { out.append(c) }
        }
        // A table emptied by a burst of loads keeps its capacity: hand it back (B6).
        if media.isEmpty, media.capacity > 0 { media = [:] }
        return out
    }

    public mutating func force(_ r: ResourceRequest, tick: Int) -> ResourceCompletion {
        if case .media(let m) = r { media[m.id] = Pending(m) }
        _ = queue.force(r.key, tick: tick)
        return completion(r.key)!
    }

    private mutating func completion(_ key: Request) -> ResourceCompletion? {
        switch key {
        case .media(let id):
            guard let m = media.removeValue(forKey: id) else { return nil }
            return .media(id: id, state(of: m))
        case .embed(let id):
            // The final height of an embed with none declared: a seeded value (L6).
            return .embed(id: id, height: Double(120 + Int(stableHash(id, seed: seed) % 361)))
        case .page(let n):
            return .page(n)
        }
    }

    /// Where a media URL points on disk, or nil for a remote URL.
    func localPath(_ url: String) -> String? {
        if url.hasPrefix("http://") || url.hasPrefix("https://") { return nil }
        if url.hasPrefix("file://") { return String(url.dropFirst(7)) }
        if url.hasPrefix("/") { return url }
        guard let base = baseDirectory else { return url }
        return base + "/" + url
    }

    private func state(of m: Pending) -> MediaState {
        if let path = localPath(m.url) {
            switch PNGHeader.size(ofFile: path) {
            case .success(let s): return .loaded(pixelWidth: s.width, pixelHeight: s.height, path: path)
            case .failure(.missing): return .failed("missing file")
            case .failure(.notPNG): return .failed("not a PNG")
            case .failure(.corrupt): return .failed("corrupt PNG")
            case .failure(.tooLarge(let w, let h)): return .failed("image too large (\(w)×\(h) pixels)")
            }
        }
        if m.hasDeclaredSize {
            // Declared sizes are any positive finite number (1e300 would trap in Int()).
            func px(_ d: Double) -> Int { Int(max(1, min(d, 1e9)).rounded()) }
            return .loaded(pixelWidth: px(m.width!), pixelHeight: px(m.height!), path: nil)
        }
        // A remote image with no declared size: a seeded aspect ratio at 640 px wide.
        let ratios: [(Int, Int)] = [(16, 9), (4, 3), (3, 2), (1, 1), (3, 4)]
        let r = ratios[Int(stableHash(m.url, seed: seed) % UInt64(ratios.count))]
        return .loaded(pixelWidth: 640, pixelHeight: 640 * r.1 / r.0, path: nil)
    }
}
