import LiveblogModel

/// The loader of I1: a `NetworkQueue` gives every request a seeded delay under a network
/// profile; media are "decoded" from the PNG header of local files, or take their declared or a
/// seeded size when remote; an embed settles at a seeded height (L6).
public struct SimulatedLoader: ResourceLoader {
    private var queue: NetworkQueue
    private let seed: UInt64
    /// Relative media URLs are files under this directory.
    private let baseDirectory: String?
    /// The media being loaded, by id, dropped once each completes. A remote image's completion is
    /// a function of its declared size or URL and the seed, so it is worked out when asked for and
    /// kept as its pixel size (width << 32 | height): 8 bytes, not the URL and sizes (48 bytes a
    /// bucket: 8.4 MB for the heavy liveblog's 50 000 images, B7). A local file's header is read
    /// when it completes, as before: its path is kept.
    /// By the page's slot when the request has one (`ResourceLoader.request(_:slot:tick:)`):
    /// 8 bytes a slot, no bucket of 24 (3.1 MB more at the heavy open, B7); 0 for none.
    private var remoteBySlot: [UInt64] = []
    private var slotted = 0
    private var remote: [String: UInt64] = [:]
    private var local: [String: String] = [:]

    public init(profile: NetworkProfile, seed: UInt64, baseDirectory: String?) {
        queue = NetworkQueue(profile: profile, seed: seed)
        self.seed = seed
        self.baseDirectory = baseDirectory
    }

    /// V4: false: a remote image completes as not fetched (a reader's file), not at a seeded size.
    public var fetchesRemote = true

    public var isIdle: Bool { queue.isIdle }
    public var networkProfile: NetworkProfile { queue.profile }
    public mutating func setNetworkProfile(_ p: NetworkProfile, tick: Int) { queue.setProfile(p, tick: tick) }

    public mutating func request(_ r: ResourceRequest, tick: Int) { request(r, slot: nil, tick: tick) }

    public mutating func request(_ r: ResourceRequest, slot: Int?, tick: Int) {
        if case .media(let m) = r { remember(m, slot: slot) }
        queue.enqueue(r.key, slot: slot, tick: tick)
    }

    /// What the completion of `m` will need, replacing what an earlier request of its id left.
    private mutating func remember(_ m: Media, slot: Int?) {
        if let path = localPath(m.url) {
            _ = takeRemote(m.id, slot: slot)
            local[m.id] = path
            return
        }
        if !local.isEmpty { local[m.id] = nil }
        let (w, h) = remoteSize(m)
        let size = UInt64(w) << 32 | UInt64(h)
        // An id still waiting from a request without a slot keeps its entry there: its
        // completion comes without one.
        if let s = slot, remote.isEmpty || remote[m.id] == nil {
            remoteBySlot.pad(toCount: s + 1, with: 0)
            if remoteBySlot[s] == 0 { slotted += 1 }
            remoteBySlot[s] = size
        } else {
            remote[m.id] = size
        }
    }

    /// The remote size kept for `id` (under its slot, else by id), removed.
    private mutating func takeRemote(_ id: String, slot: Int?) -> UInt64? {
        if let s = slot, s < remoteBySlot.count, remoteBySlot[s] != 0 {
            let size = remoteBySlot[s]
            remoteBySlot[s] = 0
            slotted -= 1
            // Emptied by a burst of loads: the storage goes back (B6, B7).
            if slotted == 0 { remoteBySlot = [] }
            return size
        }
        return remote.isEmpty ? nil : remote.removeValue(forKey: id)
    }

    public mutating func completions(tick: Int) -> [ResourceCompletion] {
        let due = queue.dueEntries(tick: tick)
        var out: [ResourceCompletion] = []
        out.reserveCapacity(due.count)
        for d in due {
            if let c = completion(d.request, slot: d.slot) { out.append(c) }
        }
        // A table emptied by a burst of loads keeps its capacity: hand it back (B6).
        if remote.isEmpty, remote.capacity > 0 { remote = [:] }
        if local.isEmpty, local.capacity > 0 { local = [:] }
        return out
    }

    public mutating func force(_ r: ResourceRequest, tick: Int) -> ResourceCompletion {
        force(r, slot: nil, tick: tick)
    }

    public mutating func force(_ r: ResourceRequest, slot: Int?, tick: Int) -> ResourceCompletion {
        if case .media(let m) = r { remember(m, slot: slot) }
        _ = queue.force(r.key, slot: slot, tick: tick)
        return completion(r.key, slot: slot)!
    }

    private mutating func completion(_ key: Request, slot: Int?) -> ResourceCompletion? {
        switch key {
        case .media(let id):
            if let size = takeRemote(id, slot: slot) {
                if !fetchesRemote { return .media(id: id, .failed(SimulatedLoader.notFetched)) }
                let w = Int(size >> 32), h = Int(size & 0xFFFF_FFFF)
                return .media(id: id, .loaded(pixelWidth: w, pixelHeight: h, path: nil))
            }
            guard let path = local.removeValue(forKey: id) else { return nil }
            return .media(id: id, state(ofFile: path))
        case .embed(let id):
            // The final height of an embed with none declared: a seeded value (L6).
            return .embed(id: id, height: SimulatedLoader.embedHeight(id: id, seed: seed))
        case .page(let n):
            return .page(n)
        }
    }

    /// V4: why a remote image of a reader's file shows no picture.
    public static let notFetched = "not fetched"

    /// Where a media URL points on disk, or nil for a remote URL.
    func localPath(_ url: String) -> String? {
        if url.hasPrefix("http://") || url.hasPrefix("https://") { return nil }
        if url.hasPrefix("file://") { return String(url.dropFirst(7)) }
        if url.hasPrefix("/") { return url }
        guard let base = baseDirectory else { return url }
        return base + "/" + url
    }

    private func state(ofFile path: String) -> MediaState {
        switch PNGHeader.size(ofFile: path) {
        case .success(let s): return .loaded(pixelWidth: s.width, pixelHeight: s.height, path: path)
        case .failure(.missing): return .failed("missing file")
        case .failure(.notPNG): return .failed("not a PNG")
        case .failure(.corrupt): return .failed("corrupt PNG")
        case .failure(.tooLarge(let w, let h)): return .failed("image too large (\(w)×\(h) pixels)")
        }
    }

    private func remoteSize(_ m: Media) -> (Int, Int) { SimulatedLoader.remotePixelSize(m, seed: seed) }

    /// The height an embed without a declared one settles at (L6): seeded, 120…480 pt. Public
    /// for the browser engine's server, so both engines load the same embeds (X3).
    public static func embedHeight(id: String, seed: UInt64) -> Double {
        Double(120 + Int(stableHash(id, seed: seed) % 361))
    }

    /// A remote image's pixel size once loaded: its declared size, else a seeded aspect ratio at
    /// 640 px wide. Public for the browser engine's server (X3).
    public static func remotePixelSize(_ m: Media, seed: UInt64) -> (Int, Int) {
        if m.hasDeclaredSize, let w = m.width, let h = m.height {
            // Declared sizes are any positive finite number (1e300 would trap in Int()).
            func px(_ d: Double) -> Int { Int(max(1, min(d, 1e9)).rounded()) }
            return (px(w), px(h))
        }
        let ratios: [(Int, Int)] = [(16, 9), (4, 3), (3, 2), (1, 1), (3, 4)]
        let r = ratios[Int(stableHash(m.url, seed: seed) % UInt64(ratios.count))]
        return (640, 640 * r.1 / r.0)
    }
}
