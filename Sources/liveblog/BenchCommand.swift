import Foundation
import Arguments
import CSupport
import LiveblogModel
import Embed
import Host
import Simulation
import TerminalKit
import TerminalUI

// `liveblog bench [--posts N] [--json]` (C4, SPEC section 10, issue 6): B1–B6 on generated
// liveblogs in one run, small and large side by side (interleaved) so that the ratios hold on a
// noisy machine. Timings are medians of many runs. B3/B6 run in a child process (its peak RSS is
// the open alone, not the bench's own liveblogs); B5 runs a child on a pseudo-terminal and counts
// the bytes ncurses writes.

private func nowNs() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

private func median(_ xs: [Double]) -> Double {
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

/// A generated liveblog whose media are remote URLs, as a real one's are (no files to stat).
func benchLiveblog(posts: Int) -> Liveblog {
    LiveblogGenerator.generate(posts: posts, seed: 1, imageDirectory: "https://media.example.com/img")
}

private func benchConfig(cols: Int = 200, rows: Int = 60) -> WorldConfig {
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
        base = (world.listView.minOffset + world.listView.maxOffset) / 2
    }

    /// One frame one row further down (a 64-row window, so posts come into view and leave it).
    /// Its own function, so that `valgrind --tool=callgrind --toggle-collect='*benchOneFrame*'`
    /// counts exactly one frame (`bench --only frame`).
    @inline(never)
    func benchOneFrame() { step() }

    @inline(never)
    func step() {
        k += 1
        world.listView.offset = base + Double(k % 64) * world.line
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

// MARK: - B3/B6 child: open a file with a deep link

/// Loads FILE, lays it out at 200×60, jumps to ID and draws the first frame (B3), as `view
/// FILE --event ID` does before its run loop. Then, for information, runs virtual time frame by
/// frame until the post is in view (the host animates and re-aims while media load above it)
/// and times a resize. Prints one JSON line with the times and the peak RSS (B6).
func benchOpenChild(path: String, id: String) -> Int32 {
    let t0 = nowNs()
    let lb: Liveblog
    do { lb = try LiveblogLoader.load(path: path) } catch { printError("\(error)"); return 65 }
    let t1 = nowNs()
    let cfg = benchConfig()
    let world = World(liveblog: lb, config: cfg)
    world.advance(to: 0)
    let t2 = nowNs()
    world.send(.jump(id: id, topOffset: nil))
    let renderer = Renderer()
    renderer.synchronousImages = true
    let grid = CellGrid(cols: cfg.cols, rows: cfg.rows)
    renderer.draw(world, UIState(), on: grid)
    let t3 = nowNs()
    var inView = false
    while !inView && world.tick < VirtualClock.ticks(10) {
        world.advance(to: world.tick + VirtualClock.ticksPerFrame)
        renderer.draw(world, UIState(), on: grid)
        if let y = world.postY(id), y >= 0, y < world.visibleHeight { inView = true }
    }
    let t4 = nowNs()
    let ms = { (a: UInt64, b: UInt64) in Double(b - a) / 1e6 }
    let resizeT0 = nowNs()
    world.send(.resize(cols: 160, rows: 60))
    let resizeMs = ms(resizeT0, nowNs())
    let pairs: [(String, JSONValue)] = [
        ("load_ms", .number(ms(t0, t1))), ("layout_ms", .number(ms(t1, t2))),
        ("first_frame_ms", .number(ms(t0, t3))), ("in_view_ms", .number(inView ? ms(t0, t4) : .nan)),
        ("in_view_virtual_s", .number(inView ? world.seconds : .nan)), ("resize_ms", .number(resizeMs)),
        ("rss_kb", .number(Double(peakRSSkB()))), ("posts", .number(Double(lb.posts.count))),
    ]
    print(JSONWriter.write(.object(pairs)))
    return 0
}

// MARK: - B5 child: scroll one row at a time on a real terminal

/// Draws a frame on the terminal (a pty set up by the parent), then scrolls one row at a time.
/// After each frame it writes "F" to stderr and waits for one byte on stdin, so the parent can
/// count each frame's bytes.
func benchScrollChild(posts: Int, rows scrollRows: Int = 24) -> Int32 {
    let screen: NcursesScreen
    do { screen = try NcursesScreen(mouse: false) } catch { printError("\(error)"); return 70 }
    var cfg = benchConfig(cols: screen.cols, rows: screen.rows)
    // Text and image placeholders (nothing loads): rows of text are what "one row of bytes" is
    // about; a scrolled image row repaints every cell's colours.
    cfg.page.networkProfile = .offline
    let world = World(liveblog: benchLiveblog(posts: posts), config: cfg)
    world.advance(to: VirtualClock.ticksPerFrame)
    let renderer = Renderer()
    renderer.synchronousImages = true
    let ui = UIState()
    world.listView.offset = (world.listView.minOffset + world.listView.maxOffset) / 2
    func frameDone() -> Bool {
        fflush(stdout)
        _ = "F".withCString { write(STDERR_FILENO, $0, 1) }
        var b: UInt8 = 0
        return read(STDIN_FILENO, &b, 1) == 1
    }
    renderer.draw(world, ui, on: screen)
    screen.present()
    guard frameDone() else { screen.shutdown(); return 70 }
    for _ in 0..<scrollRows {
        world.listView.offset += world.line
        renderer.draw(world, ui, on: screen)
        screen.present()
        guard frameDone() else { break }
    }
    screen.shutdown()
    return 0
}

/// Runs the scroll child on a 200×60 pseudo-terminal; returns the bytes of the first (full)
/// frame and of each one-row scroll.
func measureScrollBytes(posts: Int) -> (full: Int, perRow: [Int])? {
    var master: Int32 = -1, slave: Int32 = -1
    guard lb_openpty(&master, &slave, 60, 200) == 0 else { return nil }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
    p.arguments = ["bench", "--only", "scroll", "--posts", String(posts)]
    var env = ProcessInfo.processInfo.environment
    env["TERM"] = "xterm-256color"
    env["LANG"] = "C.UTF-8"
    env["LC_ALL"] = "C.UTF-8"
    env.removeValue(forKey: "NO_COLOR")
    p.environment = env
    let slaveHandle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    p.standardInput = slaveHandle
    p.standardOutput = slaveHandle
    let errPipe = Pipe()
    p.standardError = errPipe
    do { try p.run() } catch { close(master); close(slave); return nil }
    close(slave)
    let errFD = errPipe.fileHandleForReading.fileDescriptor
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    var counts: [Int] = []
    var current = 0
    var buf = [UInt8](repeating: 0, count: 1 << 16)
    func drain() {
        while true {
            let n = buf.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if n > 0 { current += n } else { break }
        }
    }
    var done = false
    while !done {
        var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0), pollfd(fd: errFD, events: Int16(POLLIN), revents: 0)]
        let r = poll(&fds, 2, 5000)
        if r <= 0 { break }
        if fds[0].revents & Int16(POLLIN) != 0 { drain() }
        if fds[1].revents != 0 {
            var b: UInt8 = 0
            let n = read(errFD, &b, 1)
            if n <= 0 { done = true; break }
            if b == UInt8(ascii: "F") {
                drain()   // the child waits for us: everything of this frame is in the pty now
                counts.append(current)
                current = 0
                var ack: UInt8 = 0x2E
                _ = write(master, &ack, 1)
            }
        }
        if fds[0].revents & Int16(POLLHUP) != 0 && fds[1].revents == 0 { /* child closing */ }
    }
    p.waitUntilExit()
    close(master)
    guard counts.count >= 2 else { return nil }
    return (counts[0], Array(counts.dropFirst()))
}

// MARK: - B4: simulate speed

/// Writes a 1 000-post liveblog and a scenario (ios, 3g, a jump to the oldest post, a resize,
/// a wheel turn, 12 s) and runs it as `simulate --trace` does, trace lines included.
func measureSimulate(dir: String, posts: Int) -> (virtual: Double, wall: Double)? {
    let lb = benchLiveblog(posts: posts)
    let file = dir + "/sim-liveblog.json"
    guard FileManager.default.createFile(atPath: file, contents: Data(NativeWriter.encode(lb, pretty: false).utf8)) else { return nil }
    let oldest = lb.posts.last?.id ?? ""
    let scenario = """
        { "name": "bench", "liveblog": "sim-liveblog.json", "terminal": {"cols": 80, "rows": 24},
          "mode": "content", "platform": "ios", "hook": "function (top, info)",
          "network": {"profile": "3g", "seed": 7}, "duration": 12.0,
          "events": [ {"at": 0.2, "jump": "\(oldest)"}, {"at": 4.0, "resize": {"cols": 100, "rows": 30}},
                      {"at": 6.0, "wheel": {"notches": 3, "row": 10}} ] }
        """
    let sfile = dir + "/sim-scenario.json"
    guard FileManager.default.createFile(atPath: sfile, contents: Data(scenario.utf8)) else { return nil }
    var walls: [Double] = []
    var virtual = 0.0
    for _ in 0..<3 {
        let t0 = nowNs()
        guard let sc = try? Scenario.load(path: sfile) else { return nil }
        let runner = ScenarioRunner(scenario: sc)
        var bytes = 0
        runner.traceLine = { bytes += $0.utf8.count + 1 }
        _ = runner.run()
        walls.append(Double(nowNs() - t0) / 1e9)
        virtual = sc.duration
        if bytes == 0 { return nil }
    }
    return (virtual, median(walls))
}

// MARK: - The command

func runBench(_ args: ParsedArguments) -> Int32 {
    let large = max(1, args.int("posts") ?? 100_000)
    switch args.string("only") {
    case "open":
        guard let f = args.string("file"), let id = args.string("event") else {
            printError("--only open needs --file and --event"); return ExitCode.usage.rawValue
        }
        return benchOpenChild(path: f, id: id)
    case "scroll":
        return benchScrollChild(posts: large)
    case "frame":
        let b = FrameBench(posts: large)
        for _ in 0..<64 { b.step() }
        b.benchOneFrame()
        return 0
    case "relayout":
        let b = RelayoutBench(posts: large)
        guard b.remaining > 1 else { printError("no image without a declared size"); return 70 }
        b.step()
        b.benchOneRelayout()
        return 0
    default: break
    }
    let json = args.flag("json")
    let small = 100, mid = 1_000
    func note(_ s: String) { if !json { FileHandle.standardError.write(("bench: " + s + "\n").data(using: .utf8)!) } }

    // B1
    note("B1: frames at 200×60, \(small) and \(large) posts")
    let fs = FrameBench(posts: small), fl = FrameBench(posts: large)
    for _ in 0..<64 { fs.benchOneFrame(); fl.benchOneFrame() }
    var tS: [Double] = [], tL: [Double] = []
    for _ in 0..<400 {
        var t = nowNs(); fs.benchOneFrame(); tS.append(Double(nowNs() - t) / 1e6)
        t = nowNs(); fl.benchOneFrame(); tL.append(Double(nowNs() - t) / 1e6)
    }
    let frameSmall = median(tS), frameLarge = median(tL)
    let cached = fl.world.page.cachedPostLayouts

    // B2
    note("B2: relayouts after an image load, \(mid) and \(large) posts")
    let rs = RelayoutBench(posts: mid), rl = RelayoutBench(posts: large)
    var rS: [Double] = [], rL: [Double] = []
    let loads = min(rs.remaining, rl.remaining)
    for _ in 0..<loads {
        var t = nowNs(); rs.benchOneRelayout(); rS.append(Double(nowNs() - t) / 1e3)
        t = nowNs(); rl.benchOneRelayout(); rL.append(Double(nowNs() - t) / 1e3)
    }
    let relayoutSmall = median(rS), relayoutLarge = median(rL)
    // Resize (T5) at both sizes: every height measured again.
    var t = nowNs(); rs.world.send(.resize(cols: 160, rows: 60)); let resizeSmall = Double(nowNs() - t) / 1e6
    t = nowNs(); rl.world.send(.resize(cols: 160, rows: 60)); let resizeLarge = Double(nowNs() - t) / 1e6

    // B3, B6
    let dir = NSTemporaryDirectory() + "liveblog-bench-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    note("B3/B6: writing a \(large)-post file and opening it at its oldest post")
    let lbLarge = benchLiveblog(posts: large)
    let bigFile = dir + "/liveblog-\(large).json"
    let encoded = NativeWriter.encode(lbLarge, pretty: false)
    let fileBytes = encoded.utf8.count
    _ = FileManager.default.createFile(atPath: bigFile, contents: Data(encoded.utf8))
    let oldest = lbLarge.posts.last?.id ?? ""
    var opens: [[String: Double]] = []
    for _ in 0..<3 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
        p.arguments = ["bench", "--only", "open", "--file", bigFile, "--event", oldest]
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
    func openMedian(_ k: String) -> Double { median(opens.compactMap { $0[k] }) }
    let openMs = openMedian("first_frame_ms"), inViewMs = openMedian("in_view_ms"), inViewVirtual = openMedian("in_view_virtual_s")
    let loadMs = openMedian("load_ms"), layoutMs = openMedian("layout_ms")
    let rssMB = (opens.map { $0["rss_kb"] ?? 0 }.max() ?? 0) / 1024
    let fileMB = Double(fileBytes) / 1_048_576

    // B4
    note("B4: simulate a \(mid)-post scenario (3g, deep jump, resize, wheel; 12 s)")
    let sim = measureSimulate(dir: dir, posts: mid)
    let speedup = sim.map { $0.virtual / $0.wall } ?? 0

    // B5
    note("B5: ncurses bytes per row scrolled on a 200×60 pseudo-terminal")
    let scroll = measureScrollBytes(posts: mid)
    let perRow = scroll.map { median($0.perRow.map(Double.init)) } ?? .nan
    let fullFrame = Double(scroll?.full ?? 0)

    let frameRatio = frameLarge / max(frameSmall, 1e-9)
    let relayoutRatio = relayoutLarge / max(relayoutSmall, 1e-9)
    let rssRatio = rssMB / max(fileMB, 1e-9)

    if json {
        let pairs: [(String, JSONValue)] = [
            ("posts_small", .number(Double(small))), ("posts_mid", .number(Double(mid))), ("posts_large", .number(Double(large))),
            ("frame_ms_small", .number(frameSmall)), ("frame_ms_large", .number(frameLarge)), ("frame_ratio", .number(frameRatio)),
            ("cached_post_layouts_large", .number(Double(cached))),
            ("relayout_us_small", .number(relayoutSmall)), ("relayout_us_large", .number(relayoutLarge)),
            ("relayout_ratio", .number(relayoutRatio)),
            ("resize_ms_small", .number(resizeSmall)), ("resize_ms_large", .number(resizeLarge)),
            ("open_deeplink_ms", .number(openMs)), ("open_load_ms", .number(loadMs)), ("open_layout_ms", .number(layoutMs)),
            ("open_post_in_view_ms", .number(inViewMs)), ("open_post_in_view_virtual_s", .number(inViewVirtual)),
            ("sim_posts", .number(Double(mid))), ("sim_speedup", .number(speedup)),
            ("bytes_per_row_scrolled", .number(perRow)), ("bytes_full_frame", .number(fullFrame)),
            ("terminal_cols", .number(200)), ("terminal_rows", .number(60)),
            ("rss_mb", .number(rssMB)), ("file_mb", .number(fileMB)), ("rss_ratio", .number(rssRatio)),
        ]
        print(JSONWriter.write(.object(pairs)))
        return 0
    }
    func f(_ x: Double, _ d: Int = 2) -> String { String(format: "%.\(d)f", x) }
    func mark(_ ok: Bool) -> String { ok ? "pass" : "FAIL" }
    let rows: [(String, String, String, String)] = [
        ("B1 frame 200×60", "\(f(frameSmall, 3)) ms (\(small)) vs \(f(frameLarge, 3)) ms (\(large)): ratio \(f(frameRatio))", "ratio ≤ 1.3", mark(frameRatio <= 1.3)),
        ("B2 relayout, one image", "\(f(relayoutSmall, 1)) µs (\(mid)) vs \(f(relayoutLarge, 1)) µs (\(large)): ratio \(f(relayoutRatio))", "ratio ≤ 3", mark(relayoutRatio <= 3)),
        ("B3 open at oldest post", "\(f(openMs, 0)) ms to the first frame (load \(f(loadMs, 0)), layout \(f(layoutMs, 0)))", "< 1000 ms", mark(openMs < 1000)),
        ("B4 simulate speed", "\(f(speedup, 0))× real time (\(mid) posts)", "≥ 500×", mark(speedup >= 500)),
        ("B5 bytes per row scrolled", "\(f(perRow, 0)) B (full frame \(f(fullFrame, 0)) B, 200 columns)", "about one row", mark(perRow.isFinite && perRow < fullFrame / 10)),
        ("B6 peak memory", "\(f(rssMB, 0)) MB for a \(f(fileMB, 0)) MB file: \(f(rssRatio))×", "< 3× file", mark(rssRatio < 3)),
    ]
    print("liveblog bench: \(small) / \(mid) / \(large) posts, terminal 200×60")
    let w0 = rows.map { $0.0.count }.max() ?? 0, w1 = rows.map { $0.1.count }.max() ?? 0, w2 = rows.map { $0.2.count }.max() ?? 0
    func pad(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(0, w - s.count)) }
    for r in rows { print("\(pad(r.0, w0))  \(pad(r.1, w1))  \(pad(r.2, w2))  \(r.3)") }
    if inViewVirtual.isFinite {
        print("B3 post in view after \(f(inViewVirtual, 2)) s of virtual time (the host re-aims while images above it load), \(f(inViewMs, 0)) ms from the start")
    } else {
        print("B3 post not in view within 10 s of virtual time: the jump is clamped at the bottom and the ios host re-aims on every resize while images above it load")
    }
    print("resize (all heights re-measured): \(f(resizeSmall, 1)) ms (\(mid)) vs \(f(resizeLarge, 1)) ms (\(large)); post layouts cached: \(cached)")
    return 0
}
