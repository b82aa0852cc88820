import XCTest
import Foundation
import LiveblogModel
@testable import Embed

/// Page y of everything in the tests: a 640 pt (80-column) page, 78 text columns inside its
/// one-column padding, so images are drawn 624 pt wide.
let pageWidth = 640.0
let imageWidth = 624.0

/// A post with one line of text (48 pt: meta line, text line, rule) plus `extra` blocks.
func textPost(_ id: String, _ i: Int, text: String = "Short text.", extra: [Block] = []) -> Post {
    Post(id: id, createdAt: 1_700_000_000 - Double(i) * 60, blocks: [.text(RichText(plain: text))] + extra)
}

/// `n` posts "p0" (newest) … "p{n-1}"; `extra[i]` adds blocks to post i.
func liveblog(_ n: Int, title: String = "Match", scoreboard: Scoreboard? = nil,
              extra: [Int: [Block]] = [:], baseDirectory: String? = nil) -> Liveblog {
    Liveblog(id: "lb", title: title, scoreboard: scoreboard,
             posts: (0..<n).map { textPost("p\($0)", $0, extra: extra[$0] ?? []) },
             baseDirectory: baseDirectory)
}

func pageConfig(sticky: Double = 0, pageSize: Int = 0, deepLinkLimit: Int = 0,
                network: NetworkProfile = .instant, seed: UInt64 = 7, url: String? = nil) -> PageConfig {
    var c = PageConfig()
    c.stickyHeader = sticky
    c.pageSize = pageSize
    c.deepLinkLimit = deepLinkLimit
    c.networkProfile = network
    c.networkSeed = seed
    c.url = url
    return c
}

func hook(_ s: String) -> HookSignature { try! HookSignature(parsing: s) }
let twoParam = "function (top, info) {}"
let oneParam = "function (top) {}"

struct HookCall: Equatable {
    var jumpId: Int, top: Double, correction: Bool, args: Int, threw: Bool
}

extension Page {
    /// Takes what the page emitted since the last drain.
    func drain() -> [PageEvent] { let e = outbox; outbox = []; return e }
}

func hookCalls(_ events: [PageEvent]) -> [HookCall] {
    events.compactMap {
        if case let .hook(j, t, c, a, th) = $0 { return HookCall(jumpId: j, top: t, correction: c, args: a, threw: th) }
        return nil
    }
}

func holdEnds(_ events: [PageEvent]) -> [(Int, HoldEndReason)] {
    events.compactMap { if case let .holdEnd(j, r) = $0 { return (j, r) }; return nil }
}

func layouts(_ events: [PageEvent]) -> [(Double, String)] {
    events.compactMap { if case let .layout(h, c) = $0 { return (h, c) }; return nil }
}

/// Navigation results as the trace writes them: (id, result, via).
func navs(_ events: [PageEvent]) -> [(String, String, String)] {
    events.compactMap { if case let .nav(id, r, v) = $0 { return (id, r.rawValue, v) }; return nil }
}


/// Runs the page's frames (every 2 ticks) from `from` through `to`, collecting what it emits, with the tick.
func runFrames(_ page: Page, from: Int, to: Int) -> [(tick: Int, event: PageEvent)] {
    var out: [(Int, PageEvent)] = []
    var t = from
    while t <= to {
        page.frame(tick: t)
        for e in page.drain() { out.append((t, e)) }
        t += VirtualClock.ticksPerFrame
    }
    return out
}

/// A temporary directory with PNG files of chosen pixel sizes (only the header is read for layout).
final class PNGDir {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "embedtests-\(UInt32.random(in: 0...UInt32.max))"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func png(_ name: String, width: Int, height: Int) -> String {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
        var b: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        b += be32(13) + Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
        return write(name, b)
    }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) -> String {
        let p = path + "/" + name
        _ = FileManager.default.createFile(atPath: p, contents: Data(bytes))
        return p
    }
}
