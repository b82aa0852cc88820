import LiveblogModel

/// What the page knows of its media and embeds (I2, L6): each one's load state, and the
/// post that holds it.
struct PageMedia: Sendable {
    private(set) var states: [String: MediaState] = [:]
    /// Loaded embeds and the height the loader gave them (L6).
    private(set) var embedHeights: [String: Double] = [:]
    /// Media or embed id → the id of the post that holds it.
    private(set) var owner: [String: String] = [:]

    func state(_ m: Media) -> MediaState { states[m.id] ?? .pending }
    func isLoaded(_ e: WebEmbed) -> Bool { embedHeights[e.id] != nil }

    mutating func setState(_ s: MediaState, of id: String) { states[id] = s }
    mutating func setEmbedHeight(_ h: Double, of id: String) { embedHeights[id] = h }

    mutating func index(_ p: Post) {
        for b in p.blocks {
            switch b {
            case .media(let ms): for m in ms { owner[m.id] = p.id }
            case .embed(let e): owner[e.id] = p.id
            default: break
            }
        }
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
        switch media.state(m) {
        case .loaded(let pw, let ph, _) where !m.hasDeclaredSize:
            return MediaGeometry.blockHeight(width * Double(ph) / Double(pw), line: line)
        default:
            if m.hasDeclaredSize, let mw = m.width, let mh = m.height {
                return MediaGeometry.blockHeight(width * mh / mw, line: line)
            }
            return line
        }
    }

    /// An embed's height: the declared oEmbed height, else the loaded height, else 150 pt (L6).
    func height(_ e: WebEmbed) -> Double {
        if let h = e.declaredHeight, h > 0 { return MediaGeometry.blockHeight(h, line: 1) }
        return media.embedHeights[e.id] ?? 150
    }
}
