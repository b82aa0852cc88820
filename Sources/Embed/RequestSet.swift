/// A set of requests for the page's per-request tables (B7): a request whose media or embed has a
/// slot (its entry in the page's owner table, `Page.slot(of:)`) is one bit, any other (a page of
/// posts, an id no post holds) a member of a `Set`. The heavy liveblog asks for 65 000 media and
/// embeds at once: two `Set<Request>`s of them took 2 MB each, these bits take 16 KB.
///
/// A request is found whether it is asked about with its slot or without one (an id may be held
/// by a post only after it was asked for), so the set answers as a `Set<Request>` would.
struct RequestSet: Sendable {
    private var mediaBits: [UInt64] = []
    private var embedBits: [UInt64] = []
    private var others: Set<Request> = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    private static func bit(_ r: Request, _ slot: Int?) -> (media: Bool, word: Int, mask: UInt64)? {
        guard let s = slot else { return nil }
        switch r {
        case .media: return (true, s >> 6, 1 << UInt64(s & 63))
        case .embed: return (false, s >> 6, 1 << UInt64(s & 63))
        case .page: return nil
        }
    }

    private func has(_ b: (media: Bool, word: Int, mask: UInt64)) -> Bool {
        let words = b.media ? mediaBits : embedBits
        return b.word < words.count && words[b.word] & b.mask != 0
    }

    func contains(_ r: Request, slot: Int?) -> Bool {
        if let b = RequestSet.bit(r, slot), has(b) { return true }
        return !others.isEmpty && others.contains(r)
    }

    /// Adds `r`; false when it was there.
    @discardableResult
    mutating func insert(_ r: Request, slot: Int?) -> Bool {
        guard let b = RequestSet.bit(r, slot) else {
            guard others.insert(r).inserted else { return false }
            count += 1
            return true
        }
        if has(b) || (!others.isEmpty && others.contains(r)) { return false }
        if b.media {
            mediaBits.pad(toCount: b.word + 1, with: 0)
            mediaBits[b.word] |= b.mask
        } else {
            embedBits.pad(toCount: b.word + 1, with: 0)
            embedBits[b.word] |= b.mask
        }
        count += 1
        return true
    }

    /// Removes `r`; false when it was not there. An emptied set gives its storage back (B6).
    @discardableResult
    mutating func remove(_ r: Request, slot: Int?) -> Bool {
        var removed = false
        if let b = RequestSet.bit(r, slot), has(b) {
            if b.media { mediaBits[b.word] &= ~b.mask } else { embedBits[b.word] &= ~b.mask }
            removed = true
        } else if !others.isEmpty, others.remove(r) != nil {
            removed = true
        }
        guard removed else { return false }
        count -= 1
        if count == 0 { self = RequestSet() }
        return true
    }
}
