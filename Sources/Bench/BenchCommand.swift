import Foundation
import Arguments
import CSupport
import Commands
import LiveblogModel
import Embed
import Host
import Simulation
import TerminalKit
import TerminalUI

// `liveblog bench [--posts N] [--json]` (C4, docs/performance.md, issue 6): B1–B6 on generated
// liveblogs in one run, small and large side by side (interleaved) so that the ratios hold on a
// noisy machine. Timings are medians of many runs. B3/B6 run in a child process (its peak RSS is
// the open alone, not the bench's own liveblogs); B5 runs a child on a pseudo-terminal and counts
// the bytes ncurses writes.

func nowNs() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ xs: [Double]) -> Double {
    guard !xs.isEmpty else { return 0 }
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// Peak resident set size of this process (VmHWM), in kB.
func peakRSSkB() -> Int {
    guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in s.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "0") ?? 0
    }
    return 0
}

/// Resident set now, in kB (`/proc/self/statm`): where the memory stands after each phase of an open.
func currentRSSkB() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * sysconf(Int32(_SC_PAGESIZE)) / 1024
}

/// A generated liveblog whose media are remote URLs, as a real one's are (no files to stat).
func benchLiveblog(posts: Int) -> Liveblog {
    LiveblogGenerator.generate(posts: posts, seed: 1, imageDirectory: "https://media.example.com/img")
}

func benchConfig(cols: Int = 200, rows: Int = 60) -> WorldConfig {
    var c = WorldConfig()
    c.cols = cols
    c.rows = rows
    return c
}

// MARK: - B1: one frame

/// A world at 200×60 scrolled to the middle of its page, and a renderer drawing into a cell grid.
final class FrameBench {
    let world: World
    let renderer = Renderer()
    let grid: CellGrid
    let ui = UIState()
    let base: Double
    var k = 0

    init(posts: Int) {
        let cfg = benchConfig()
        world = World(liveblog: benchLiveblog(posts: posts), config: cfg)
        world.advance(to: VirtualClock.ticksPerFrame)
        renderer.synchronousImages = true
        grid = CellGrid(cols: cfg.cols, rows: cfg.rows)
        base = (world.scrollView.minOffset + world.scrollView.maxOffset) / 2
    }

    /// One frame one row further down (a 64-row window, so posts come into view and leave it).
    /// Its own function, so that `valgrind --tool=callgrind --toggle-collect='*benchOneFrame*'`
    /// counts exactly one frame (`bench --only frame`).
    @inline(never)
    func benchOneFrame() { step() }

    @inline(never)
    func step() {
        k += 1
        world.send(.listOffset(base + Double(k % 64) * world.line))
        renderer.draw(world, ui, on: grid)
    }
}

// MARK: - B2: one relayout

/// A world whose network is offline, so that media load only when forced: each forced load of
/// an image with no declared size changes that post's height (L5).
final class RelayoutBench {
    let world: World
    var ids: [String] = []
    var next = 0

    init(posts: Int) {
        let lb = benchLiveblog(posts: posts)
        var cfg = benchConfig()
        cfg.page.networkProfile = .offline
        world = World(liveblog: lb, config: cfg)
        world.advance(to: VirtualClock.ticksPerFrame)
        var all: [String] = []
        for p in lb.posts {
            for b in p.blocks { if case .media(let ms) = b { for m in ms where !m.hasDeclaredSize { all.append(m.id) } } }
        }
        // Spread over the whole liveblog.
        let want = min(all.count, 400)
        for i in 0..<want { ids.append(all[i * all.count / max(1, want)]) }
    }

    var remaining: Int { ids.count - next }

    @inline(never)
    func benchOneRelayout() { step() }

    @inline(never)
    func step() {
        world.send(.load(ids[next]))
        next += 1
    }
}

// MARK: - The command

/// `liveblog bench [--posts N] [--json]` (C4); `--only PART` one part alone.
public struct BenchCommand: Command {
    public static let spec = LiveblogCommands.bench
    var posts: Int
    var json: Bool
    var only: String?
    var file: String?, event: String?

    public init(_ args: ParsedArguments) {
        posts = max(1, args.int(.posts) ?? 100_000)
        json = args.flag(.json)
        only = args.string(.only)
        file = args.string(.file)
        event = args.string(.event)
    }

    public func run() -> ExitCode {
        if let only { return runBenchPart(only, posts: posts) }
        return runBench(large: posts, json: json)
    }
}

private func runBench(large: Int, json: Bool) -> ExitCode {
    var r = BenchFigures(large: large)
    func note(_ s: String) { if !json { FileHandle.standardError.write(("bench: " + s + "\n").data(using: .utf8)!) } }

    note("B1: frames at 200×60, \(r.small) and \(large) posts")
    measureFrames(&r)
    note("B2: relayouts after an image load, \(r.mid) and \(large) posts")
    measureRelayouts(&r)

    let dir = NSTemporaryDirectory() + "liveblog-bench-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    note("B3/B6: writing a \(large)-post file and opening it at its oldest post")
    measureOpen(&r, dir: dir)
    note("B7/B8: writing a heavy \(large)-post file, opening it at its oldest post, changing its width")
    measureHeavy(&r, dir: dir)

    note("B9: the \(large)-post file from a loopback URL (python3's http.server), first frame at its top")
    r.url = benchURLFirstFrame(file: dir + "/liveblog-\(large).json") ?? URLStreamFigures()
    r.urlFirstFrame = r.url.firstFrameMs

    note("B4: simulate a \(r.mid)-post scenario (3g, deep jump, resize, wheel; 12 s)")
    let sim = measureSimulate(dir: dir, posts: r.mid)
    r.speedup = sim.map { $0.virtual / $0.wall } ?? 0

    note("B5: ncurses bytes per row scrolled on a 200×60 pseudo-terminal")
    let scroll = measureScrollBytes(posts: r.mid)
    r.perRow = scroll.map { median($0.perRow.map(Double.init)) } ?? .nan
    r.fullFrame = Double(scroll?.full ?? 0)

    note("B10: frames at 200×60 while 200 JPEG photos (1280×720) decode off the drawing thread")
    (r.decodingP99, r.decodingFrames, r.decodedPhotos) = benchFramesWhileDecoding(posts: large)

    note("the real engine (X10): start to the first laid-out frame of the sample on a pixel-8, a World frame")
    r.engine = benchEngine()
    if let why = r.engine.skipped { note("engine figures (X10) skipped: \(why)") }
    if r.engine.skipped == nil {
        note("the engine's pixels (X9): the sample on a pixel-8 scrolled a row a frame for 6 s, sixel then kitty")
        r.pixels = [GraphicsProtocol.sixel, .kitty].map { ($0.rawValue, benchEnginePixels($0)) }
    }
    note("WebKit (X16): start to the first laid-out frame of the sample on an iphone-15, a World frame, its memory")
    r.webkit = benchWebKit()
    if let why = r.webkit.skipped { note("WebKit figures (X16) skipped: \(why)") }

    if json { print(r.json()) } else { r.printTable() }
    return .ok
}

extension BenchCommand {
    /// `--only PART`: one part alone (frame, relayout: for callgrind; open, scroll: the children).
    func runBenchPart(_ only: String, posts large: Int) -> ExitCode {
        switch only {
        case "open":
            guard let f = file, let id = event else {
                printError("--only open needs --file and --event")
                return .usage
            }
            return benchOpenChild(path: f, id: id)
        case "scroll":
            return benchScrollChild(posts: large)
        case "url":
            let dir = NSTemporaryDirectory() + "liveblog-bench-url-\(getpid())"
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let file = dir + "/liveblog-\(large).json"
            let body = NativeWriter.encode(benchLiveblog(posts: large), pretty: false)
            _ = FileManager.default.createFile(atPath: file, contents: Data(body.utf8))
            let b9 = benchURLFirstFrame(file: file) ?? URLStreamFigures()
            print("url_first_frame_ms \(b9.firstFrameMs) url_bytes_at_first_frame \(b9.bytesAtFirstFrame) "
                  + "url_bytes_total \(b9.bytesTotal) posts_at_first_frame \(b9.postsAtFirstFrame) "
                  + "url_all_posts_ms \(b9.allPostsMs) posts \(b9.postsAtEnd) "
                  + "url_stream_frame_p50_ms \(b9.medianStreamFrameMs) url_stream_frame_max_ms \(b9.slowestStreamFrameMs)")
            return .ok
        case "files":
            // The two files B3/B6 and B7/B8 open, written into --file DIR (for profiling the child).
            let dir = file ?? "."
            let plain = benchLiveblog(posts: large), heavy = HeavyProfile.generate(posts: large, seed: 1)
            _ = FileManager.default.createFile(atPath: dir + "/liveblog-\(large).json",
                                               contents: Data(NativeWriter.encode(plain, pretty: false).utf8))
            _ = FileManager.default.createFile(atPath: dir + "/heavy-\(large).json",
                                               contents: Data(NativeWriter.encode(heavy, pretty: false).utf8))
            print("oldest: \(plain.posts.last?.id ?? "") \(heavy.posts.last?.id ?? "")")
            return .ok
        case "engine":
            return benchEnginePart()
        case "pixels":
            return benchEnginePixelsPart()
        case "decoding":
            let b10 = benchFramesWhileDecoding(posts: large)
            print("frame_p99_ms_decoding \(b10.p99) frames \(b10.frames) decoded \(b10.decoded)")
            return .ok
        case "frame":
            let b = FrameBench(posts: large)
            for _ in 0..<64 { b.step() }
            b.benchOneFrame()
            return .ok
        default:
            let b = RelayoutBench(posts: large)
            guard b.remaining > 1 else {
                printError("no image without a declared size")
                return .software
            }
            b.step()
            b.benchOneRelayout()
            return .ok
        }
    }
}

/// B1: frame cost, small and large interleaved; medians in ms.
private func measureFrames(_ r: inout BenchFigures) {
    let fs = FrameBench(posts: r.small), fl = FrameBench(posts: r.large)
    for _ in 0..<64 {
        fs.benchOneFrame()
        fl.benchOneFrame()
    }
    var tS: [Double] = [], tL: [Double] = []
    for _ in 0..<400 {
        var t = nowNs()
        fs.benchOneFrame()
        tS.append(Double(nowNs() - t) / 1e6)
        t = nowNs()
        fl.benchOneFrame()
        tL.append(Double(nowNs() - t) / 1e6)
    }
    r.frameSmall = median(tS)
    r.frameLarge = median(tL)
    r.cached = (fl.world.page as? Page)?.cachedPostLayouts ?? 0   // the emulated page's layout cache (B1)
}

/// B2: one relayout after an image load, mid and large interleaved (µs); then a resize at the mid
/// size (T5, ms; the large sizes' resizes are timed in the open children).
private func measureRelayouts(_ r: inout BenchFigures) {
    let rs = RelayoutBench(posts: r.mid), rl = RelayoutBench(posts: r.large)
    var rS: [Double] = [], rL: [Double] = []
    for _ in 0..<min(rs.remaining, rl.remaining) {
        var t = nowNs()
        rs.benchOneRelayout()
        rS.append(Double(nowNs() - t) / 1e3)
        t = nowNs()
        rl.benchOneRelayout()
        rL.append(Double(nowNs() - t) / 1e3)
    }
    r.relayoutSmall = median(rS)
    r.relayoutLarge = median(rL)
    let t = nowNs()
    rs.world.send(.resize(cols: 160, rows: 60))
    r.resizeSmall = Double(nowNs() - t) / 1e6
}

/// B3/B6: the large liveblog written to a file and opened at its oldest post, three times, each in
/// a child process (`--only open`); medians of what the children print.
private func measureOpen(_ r: inout BenchFigures, dir: String) {
    let open = OpenedFile(benchLiveblog(posts: r.large), path: dir + "/liveblog-\(r.large).json")
    r.openMs = open.median("first_frame_ms")
    r.inViewMs = open.median("in_view_ms")
    r.inViewVirtual = open.median("in_view_virtual_s")
    r.loadMs = open.median("load_ms")
    r.layoutMs = open.median("layout_ms")
    r.resizeLargePlain = open.median("resize_ms")
    r.rssMB = open.peakRSSMB
    r.fileMB = open.fileMB
}

/// B7/B8: the heavy liveblog (`HeavyProfile`) of the same size, opened at its oldest post the
/// same way; then width changes at that size, each timed in the child (median of 9 a child).
private func measureHeavy(_ r: inout BenchFigures, dir: String) {
    let open = OpenedFile(HeavyProfile.generate(posts: r.large, seed: 1), path: dir + "/heavy-\(r.large).json")
    r.openHeavyMs = open.median("first_frame_ms")
    r.heavyLoadMs = open.median("load_ms")
    r.heavyLayoutMs = open.median("layout_ms")
    r.resizeLarge = open.median("resize_ms")
    r.resizeLargeMax = open.opens.compactMap { $0["resize_ms_max"] }.max() ?? .nan
    r.rssHeavyMB = open.peakRSSMB
    r.heavyFileMB = open.fileMB
}

/// A liveblog written as compact native JSON and opened at its oldest post by three children.
private struct OpenedFile {
    let opens: [[String: Double]]
    let fileMB: Double

    init(_ lb: Liveblog, path: String) {
        let encoded = NativeWriter.encode(lb, pretty: false)
        _ = FileManager.default.createFile(atPath: path, contents: Data(encoded.utf8))
        opens = openChildren(file: path, event: lb.posts.last?.id ?? "")
        fileMB = Double(encoded.utf8.count) / 1_048_576
    }

    func median(_ key: String) -> Double { Bench.median(opens.compactMap { $0[key] }) }
    /// The largest peak of the three, in MB.
    var peakRSSMB: Double { (opens.map { $0["rss_kb"] ?? 0 }.max() ?? 0) / 1024 }
}

/// Runs the open child three times on `file`; what each printed.
private func openChildren(file: String, event: String) -> [[String: Double]] {
    var opens: [[String: Double]] = []
    for _ in 0..<3 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
        p.arguments = ["bench", "--only", "open", "--file", file, "--event", event]
        let out = Pipe()
        p.standardOutput = out
        do { try p.run() } catch { break }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        if let v = try? JSONParser.parse(bytes: [UInt8](data)), let pairs = v.objectPairs {
            var d: [String: Double] = [:]
            for (k, x) in pairs { d[k] = x.doubleValue ?? .nan }
            opens.append(d)
        }
    }
    return opens
}
