import LiveblogModel

/// What the page knows of its media and embeds (I2, L6): each one's load state, and the
/// post that holds it.
struct PageMedia: Sendable {
    /// Load states by the item's entry in `owner`: an array beside the owner table, not a
    /// dictionary of its own (7.3 MB once the heavy liveblog's 50 000 images have loaded, B7).
    /// The common state, loaded with a pixel size and no file, is one word (width << 32 | height);
    /// 0 is any other: pending, or kept in `unusualStates` (a file, a failure).
    private var loadedSize: [UInt64] = []
    private var unusualStates: [Int: MediaState] = [:]
    /// States of ids no post holds (yet): taken into the arrays when a post with it is indexed.
    private var otherStates: [String: MediaState] = [:]
    /// Loaded embeds and the height the loader gave them (L6).
    private(set) var embedHeights: [String: Double] = [:]
    /// Media or embed id → the id of the post that holds it (an `IDTable`: 2.6 MB instead of 4.2
    /// for the 65 000 media and embeds of the heavy liveblog, B7).
    private(set) var owner = IDTable<String>()
    /// Whether some media or embed id was met twice (in one post or in two): until then each
    /// media item is the only one with its id, which spares the page a search for it (B7).
    private(set) var repeatedIDs = false

    func state(_ m: Media) -> MediaState { state(of: m.id) ?? .pending }
    func isLoaded(_ e: WebEmbed) -> Bool { embedHeights[e.id] != nil || embedFailures[e.id] != nil }
    /// Issue 32: embeds that will not load, and why.
    private(set) var embedFailures: [String: String] = [:]
    func failure(_ e: WebEmbed) -> String? { embedFailures.isEmpty ? nil : embedFailures[e.id] }
    mutating func setEmbedFailed(_ why: String, of id: String) { embedFailures[id] = why }

    /// The state a completion gave this id; nil while it is pending.
    func state(of id: String) -> MediaState? {
        guard let e = owner.entry(of: id) else { return otherStates[id] }
        return state(entry: e)
    }

    private func state(entry e: Int) -> MediaState? {
        if e < loadedSize.count, loadedSize[e] != 0 {
            let size = loadedSize[e]
            return .loaded(pixelWidth: Int(size >> 32), pixelHeight: Int(size & 0xFFFF_FFFF), path: nil)
        }
        return unusualStates.isEmpty ? nil : unusualStates[e]
    }

    /// Every state known, by id (tests and queries; the page reads `state(of:)`).
    var states: [String: MediaState] {
        var d = otherStates
        for e in owner.keys.indices { if let s = state(entry: e) { d[owner.keys[e]] = s } }
        return d
    }

    mutating func setState(_ s: MediaState, of id: String) {
        guard let e = owner.entry(of: id) else {
            otherStates[id] = s
            return
        }
        loadedSize.pad(toCount: e + 1, with: 0)
        let word = 1...Int(UInt32.max)
        if case .loaded(let w, let h, nil) = s, word.contains(w), word.contains(h) {
            loadedSize[e] = UInt64(w) << 32 | UInt64(h)
            if !unusualStates.isEmpty { unusualStates[e] = nil }
        } else {
            loadedSize[e] = 0
            unusualStates[e] = s
        }
    }
    mutating func setEmbedHeight(_ h: Double, of id: String) { embedHeights[id] = h }

    mutating func index(_ p: Post) {
        for b in p.blocks {
            switch b {
            case .media(let ms):
                for m in ms { own(m.id, by: p.id) }
            case .embed(let e):
                own(e.id, by: p.id)
            default: break
            }
        }
    }

    private mutating func own(_ id: String, by post: String) {
        guard owner.set(post, for: id) else {
            repeatedIDs = true
            return
        }
        if !otherStates.isEmpty, let s = otherStates.removeValue(forKey: id) { setState(s, of: id) }
    }
}

/// How tall media and embeds are at the page's width (I2, L6): the part of layout that depends
/// on loading.
struct MediaGeometry: Sendable {
    let media: PageMedia
    /// The width images are drawn at: the text columns, in points.
    let width: Double
    let line: Double
    /// D5: the image height cap (the image is scaled down to it), nil: none.
    var maxImage: Double? = nil
    /// V4: remote images are not fetched: one line each, whatever size they declare.
    var remoteNotFetched = false

    /// V4: `m` is a remote image this page does not fetch (one line).
    func isNotFetched(_ m: Media) -> Bool {
        remoteNotFetched && m.kind != .video && (m.url.hasPrefix("http://") || m.url.hasPrefix("https://"))
    }

    /// The tallest media item or embed: 100 000 pt. A file may declare any finite size (1e-300 ×
    /// 1e300); uncapped, the prefix sums would reach infinity and every offset would be NaN.
    static let maxBlockHeight = 100_000.0

    static func blockHeight(_ h: Double, line: Double) -> Double {
        guard h.isFinite else { return maxBlockHeight }
        return min(maxBlockHeight, max(line, h.rounded()))
    }

    /// An image's height: its aspect ratio once loaded (or declared), one line before that;
    /// never over the cap (D5).
    func height(_ m: Media) -> Double { capped(uncappedHeight(m)) }

    /// An image of declared size mw × mh: what `height(_:)` gives it (post programs, B8).
    func declaredHeight(_ mw: Double, _ mh: Double) -> Double {
        capped(MediaGeometry.blockHeight(width * mh / mw, line: line))
    }

    private func capped(_ h: Double) -> Double {
        guard let cap = maxImage else { return h }
        return min(h, max(line, cap))
    }

    func uncappedHeight(_ m: Media) -> Double {
        if isNotFetched(m) { return line }
        // A declared size decides whatever the load state: no lookup then (B7's first layout).
        if m.hasDeclaredSize, let mw = m.width, let mh = m.height {
            return MediaGeometry.blockHeight(width * mh / mw, line: line)
        }
        if case .loaded(let pw, let ph, _) = media.state(m) {
            return MediaGeometry.blockHeight(width * Double(ph) / Double(pw), line: line)
        }
        return line
    }

    /// An embed's item: loading, loaded, or (issue 32) a one-line card of why it will not load.
    func embedItem(_ e: WebEmbed) -> PageItem.Kind {
        if let why = media.failure(e) { return .failedEmbed(e, why: why) }
        return .embed(e, loaded: media.isLoaded(e))
    }

    /// An embed's height: the declared oEmbed height, else the loaded height, else 150 pt (L6);
    /// one line once it will not load (issue 32), unless its height was declared.
    func height(_ e: WebEmbed) -> Double {
        if let h = e.declaredHeight, h > 0 { return MediaGeometry.blockHeight(h, line: 1) }
        if media.failure(e) != nil { return line }
        return media.embedHeights[e.id] ?? 150
    }
}
