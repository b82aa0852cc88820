import Embed
import Foundation

/// The network profile's seeded delays in the page's virtual time (X3, X7). Every request the
/// page makes is paused in the engine (the Fetch domain) and released at the frame its delay is
/// due, by the same `NetworkQueue` the emulated page uses (six connections, the same seeded
/// generator), so `3g` means the same thing for both engines. A request belongs to the frame
/// in which the page issued it (`Network.requestWillBeSent`, in the page's own event order).
/// Requests of the embed itself (its HTML, CSS, scripts) pass at once.
package struct NetworkGate {
    package private(set) var queue: NetworkQueue
    /// Which simulated request a URL is, and its rank among the requests of one frame (the
    /// order the emulated page asks for them); nil: not delayed.
    private let classify: (URL) -> (key: Request, rank: Int)?

    struct Tracked {
        var url: String
        var key: Request?
        var fetchId: String?
        var released = false
        var settled = false
    }

    private var tracked: [String: Tracked] = [:]
    /// Fetch pauses whose `requestWillBeSent` has not come yet, by network id.
    private var orphans: [String: String] = [:]
    /// Requests seen this frame, to be queued when it ends: (rank, arrival, network id).
    private var observed: [(rank: Int, seq: Int, id: String)] = []
    private var seq = 0
    private var waitingByKey: [Request: [String]] = [:]
    /// Released and not yet loaded in the page, by network id.
    package private(set) var unsettled: Set<String> = []

    /// What to do: continue these paused requests (Fetch request ids).
    package private(set) var toContinue: [String] = []

    package init(profile: NetworkProfile, seed: UInt64, classify: @escaping (URL) -> (key: Request, rank: Int)?) {
        queue = NetworkQueue(profile: profile, seed: seed)
        self.classify = classify
    }

    package mutating func takeContinues() -> [String] {
        defer { toContinue = [] }
        return toContinue
    }

    /// `Network.requestWillBeSent`: a request of the page (a redirect continues one).
    /// `immediate`: not delayed (the page's own document).
    package mutating func willSend(id: String, url: String, redirect: Bool, immediate: Bool = false) {
        guard tracked[id] == nil || redirect else { return }
        var t = tracked[id] ?? Tracked(url: url)
        let parsed = URL(string: url)
        if redirect || immediate || parsed == nil || !(url.hasPrefix("http://") || url.hasPrefix("https://")) {
            t.released = true
        } else if let (key, rank) = classify(parsed!) {
            t.key = key
            observed.append((rank, seq, id))
            seq += 1
        } else {
            t.released = true
        }
        if let f = orphans.removeValue(forKey: id) { t.fetchId = f }
        tracked[id] = t
        if t.released, let f = t.fetchId {
            toContinue.append(f)
            tracked[id]?.fetchId = nil
        }
    }

    /// `Fetch.requestPaused`: the engine holds a request until we continue it.
    package mutating func paused(fetchId: String, networkId: String?) {
        guard let id = networkId else { return toContinue.append(fetchId) }
        guard let t = tracked[id] else {
            orphans[id] = fetchId
            return
        }
        if t.released {
            toContinue.append(fetchId)
        } else {
            tracked[id]?.fetchId = fetchId
        }
    }

    /// `Network.loadingFinished` / `loadingFailed`: the page has the response (or gave up).
    package mutating func finished(id: String) {
        unsettled.remove(id)
        tracked[id]?.settled = true
        if tracked[id]?.released == true { tracked[id] = nil }
    }

    /// The frame at `tick` ended: what it asked for goes into the queue, in rank order.
    package mutating func endFrame(tick: Int) {
        // A pause the page did not announce by the end of its frame is not the page's (the
        // browser's own request): it passes.
        for (_, f) in orphans { toContinue.append(f) }
        orphans = [:]
        guard !observed.isEmpty else { return }
        let ordered = observed.sorted { ($0.rank, $0.seq) < ($1.rank, $1.seq) }
        observed = []
        for o in ordered {
            guard let t = tracked[o.id], let key = t.key, !t.settled else { continue }
            waitingByKey[key, default: []].append(o.id)
            queue.enqueue(key, tick: tick)
        }
    }

    /// Releases what is due at `tick` (before the frame runs). Returns the released network ids.
    @discardableResult
    package mutating func release(tick: Int) -> [String] {
        release(queue.due(tick: tick))
    }

    /// Completes a request now, whatever the profile (a scenario's `load`).
    package mutating func force(_ key: Request, tick: Int) -> [String] {
        guard queue.force(key, tick: tick) else { return [] }
        return release([key])
    }

    private mutating func release(_ keys: [Request]) -> [String] {
        var out: [String] = []
        for key in keys {
            for id in waitingByKey.removeValue(forKey: key) ?? [] {
                guard var t = tracked[id] else { continue }
                t.released = true
                if let f = t.fetchId {
                    toContinue.append(f)
                    t.fetchId = nil
                }
                if !t.settled {
                    unsettled.insert(id)
                    out.append(id)
                }
                tracked[id] = t
            }
        }
        return out
    }

    package mutating func setProfile(_ p: NetworkProfile, tick: Int) { queue.setProfile(p, tick: tick) }

    /// Requests noted as stalled (S6): never waited for again; the page may still get them later.
    package mutating func abandon(_ ids: [String]) {
        for id in ids { unsettled.remove(id) }
    }

    /// Is this paused request held until its delay is due (not passed at once)?
    package func isHeld(fetchId: String) -> Bool {
        tracked.values.contains { $0.fetchId == fetchId && !$0.released }
    }

    /// The URL of a tracked request (for messages).
    package func url(of id: String) -> String? { tracked[id]?.url }

    /// Is anything waiting or in flight?
    package var isIdle: Bool { queue.isIdle && unsettled.isEmpty }
}
