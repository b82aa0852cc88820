import LiveblogModel
@_exported import VirtualTime

/// Network profiles (I1): every media item and page gets a delay drawn from a seeded generator.
public enum NetworkProfile: String, Sendable, CaseIterable {
    case instant, fast, threeG = "3g", slow, offline

    /// Delay in seconds, nil for never.
    public func delay(_ rng: inout SeededRandom) -> Double? {
        switch self {
        case .instant: return 0
        case .fast: return rng.uniform(0.050, 0.300)
        case .threeG: return rng.uniform(0.300, 2.500)
        case .slow: return rng.uniform(1.0, 8.0)
        case .offline: return nil
        }
    }

    public var next: NetworkProfile {
        let all = NetworkProfile.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}

/// What the page asks the network for.
public enum Request: Hashable, Sendable {
    case media(String)      // media id
    case embed(String)      // embed id
    case page(Int)          // load-more page number

    var isPage: Bool {
        if case .page = self { return true }
        return false
    }
}

/// A browser-like loader: requests start in the order asked (page order, I2), at most
/// `connections` at once (browsers open six per host); each takes a seeded delay. A request may
/// come with the page's slot for its media or embed (`Page.slot(of:)`): the queue then keeps it
/// as a bit in `waitingSet` (B7) and hands the slot back with its completion.
public struct NetworkQueue: Sendable {
    public var profile: NetworkProfile
    public var connections = 6
    private var rng: SeededRandom
    private var waiting: [Request] = []
    /// Each waiting request's slot, -1 for none (beside `waiting`: 4 bytes an entry, B7).
    private var waitingSlots: [Int32] = []
    private var head = 0
    private var waitingSet = RequestSet()
    /// Waiting entries completed early by `force`: skipped when their turn comes, so that a
    /// forced load is O(1) however many requests wait (B2), and the others keep their order.
    private var cancelled: [Request: Int] = [:]
    private var cancelledCount = 0
    /// In flight: request, its slot (-1: none) → completion tick (nil = never, offline).
    private var inFlight: [(Request, Int32, Int?)] = []

    public init(profile: NetworkProfile, seed: UInt64) {
        self.profile = profile
        rng = SeededRandom(seed: seed)
    }

    public var isIdle: Bool { waiting.count - head - cancelledCount <= 0 && inFlight.isEmpty }
    public var pendingCount: Int { waiting.count - head - cancelledCount + inFlight.count }

    /// Pages bypass the media queue (an XHR of their own) but draw from the same generator.
    public mutating func enqueue(_ r: Request, slot: Int? = nil, tick: Int) {
        if inFlight.contains(where: { $0.0 == r }) { return }
        if case .page = r {
            inFlight.append((r, -1, profile.delay(&rng).map { tick + VirtualClock.ticks($0) }))
            return
        }
        // One hash a request at most, not two (the heavy liveblog asks for 65 000 at once, B7).
        guard waitingSet.insert(r, slot: slot) else { return }
        waiting.append(r)
        waitingSlots.append(Int32(slot ?? -1))
        startWaiting(tick: tick)
    }

    static func slot(_ s: Int32) -> Int? { s < 0 ? nil : Int(s) }

    private mutating func startWaiting(tick: Int) {
        var mediaInFlight = 0
        for entry in inFlight where !entry.0.isPage { mediaInFlight += 1 }
        while mediaInFlight < connections, head < waiting.count {
            let r = waiting[head], s = waitingSlots[head]
            head += 1
            if head > 1024, head * 2 > waiting.count {
                waiting.removeFirst(head)
                waitingSlots.removeFirst(head)
                head = 0
            }
            if let c = cancelled[r] {
                cancelled[r] = c > 1 ? c - 1 : nil
                cancelledCount -= 1
                continue
            }
            waitingSet.remove(r, slot: NetworkQueue.slot(s))
            inFlight.append((r, s, profile.delay(&rng).map { tick + VirtualClock.ticks($0) }))
            mediaInFlight += 1
        }
    }

    /// Requests that complete at or before `tick`, in completion order (ties: start order).
    public mutating func due(tick: Int) -> [Request] { dueEntries(tick: tick).map(\.request) }

    /// A request that completes now, and the slot it was asked with.
    public struct Due: Sendable {
        public let request: Request
        let rawSlot: Int32
        let tick: Int
        public var slot: Int? { NetworkQueue.slot(rawSlot) }
    }

    /// `due`, each request with the slot it was asked with: one array (a burst of 65 000 loads
    /// held two before, B7).
    public mutating func dueEntries(tick: Int) -> [Due] {
        var done: [Due] = []
        // Requests that start when a connection frees up may finish at once (the instant
        // profile): keep collecting until nothing more is due.
        while true {
            let before = done.count
            inFlight.removeAll { entry in
                guard let t = entry.2, t <= tick else { return false }
                done.append(Due(request: entry.0, rawSlot: entry.1, tick: t))
                return true
            }
            if done.count == before { break }
            startWaiting(tick: tick)
        }
        // Drained tables give their capacity back (a page's first burst asks for every media, B6).
        if head == waiting.count, waiting.capacity > 0 {
            waiting = []
            waitingSlots = []
            head = 0
        }
        // Completion order; equal ticks keep start order. Usually already in order (the instant
        // profile: all at one tick), then no sorted copy is made.
        if zip(done, done.dropFirst()).allSatisfy({ $0.tick <= $1.tick }) { return done }
        let sorted = done.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }
        return sorted.map(\.element)
    }

    /// Completes a request now (the scenario's `load` event), whatever the profile.
    public mutating func force(_ r: Request, slot: Int? = nil, tick: Int) -> Bool {
        if waitingSet.contains(r, slot: slot) {
            cancelled[r, default: 0] += 1
            cancelledCount += 1
            waitingSet.remove(r, slot: slot)
            return true
        }
        if let i = inFlight.firstIndex(where: { $0.0 == r }) {
            inFlight.remove(at: i)
            startWaiting(tick: tick)
            return true
        }
        return false
    }

    /// Changing the profile applies to requests that start from now on.
    public mutating func setProfile(_ p: NetworkProfile, tick: Int) {
        profile = p
        // Requests stuck offline get a delay under the new profile.
        for i in inFlight.indices where inFlight[i].2 == nil {
            inFlight[i].2 = p.delay(&rng).map { tick + VirtualClock.ticks($0) }
        }
    }
}

/// FNV-1a: a stable hash for seeded per-item values (Swift's Hasher is randomised per process).
public func stableHash(_ s: String, seed: UInt64 = 0) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
    for b in s.utf8 {
        h ^= UInt64(b)
        h = h &* 0x100_0000_01b3
    }
    return h
}
