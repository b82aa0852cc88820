import Foundation
import Arguments
import CSupport
import Commands
import LiveblogModel
import Embed
import Host
import QA
import Simulation
import TerminalKit
import TerminalUI

// The child processes of `liveblog bench` (B3/B6 open, B5 scroll on a pseudo-terminal) and the
// measurements that run them (B4 simulate speed, B5 bytes per row).

// MARK: - B3/B6 child: open a file with a deep link

/// Loads FILE, lays it out at 200×60, jumps to ID and draws the first frame (B3), as `view
/// FILE --event ID` does before its run loop. Then, for information, runs virtual time frame by
/// frame until the post is in view (the host animates and re-aims while media load above it)
/// and times a resize. Prints one JSON line with the times and the peak RSS (B6).
func benchOpenChild(path: String, id: String) -> ExitCode {
    let t0 = nowNs()
    let lb: Liveblog
    do { lb = try LiveblogLoader.load(path: path) } catch { printError("\(error)"); return .dataErr }
    let t1 = nowNs()
    let rssLoaded = currentRSSkB()
    let cfg = benchConfig()
    let world = World(liveblog: lb, config: cfg)
    trimHeapAfterOpening(lb)
    world.advance(to: 0)
    let t2 = nowNs()
    world.send(.jump(id: id, topOffset: nil))
    let renderer = Renderer()
    renderer.synchronousImages = true
    let grid = CellGrid(cols: cfg.cols, rows: cfg.rows)
    renderer.draw(world, UIState(), on: grid)
    let t3 = nowNs()
    let rssFirstFrame = currentRSSkB()
    var inView = false
    while !inView && world.tick < VirtualClock.ticks(10) {
        world.advance(to: world.tick + VirtualClock.ticksPerFrame)
        renderer.draw(world, UIState(), on: grid)
        if let y = world.postY(id), y >= 0, y < world.visibleHeight { inView = true }
    }
    let t4 = nowNs()
    let ms = { (a: UInt64, b: UInt64) in Double(b - a) / 1e6 }
    // B8: width changes (a drag: a column at a time, then larger steps), each one timed.
    var resizes: [Double] = []
    for cols in [199, 198, 160, 161, 120, 200, 199, 140, 200] {
        let resizeT0 = nowNs()
        world.send(.resize(cols: cols, rows: 60))
        resizes.append(ms(resizeT0, nowNs()))
    }
    let resizeMs = median(resizes)
    let pairs: [(String, JSONValue)] = [
        ("load_ms", .number(ms(t0, t1))), ("layout_ms", .number(ms(t1, t2))),
        ("first_frame_ms", .number(ms(t0, t3))), ("in_view_ms", .number(inView ? ms(t0, t4) : .nan)),
        ("in_view_virtual_s", .number(inView ? world.seconds : .nan)), ("resize_ms", .number(resizeMs)),
        ("resize_ms_max", .number(resizes.max() ?? .nan)),
        ("rss_kb", .number(Double(peakRSSkB()))), ("rss_loaded_kb", .number(Double(rssLoaded))),
        ("rss_first_frame_kb", .number(Double(rssFirstFrame))), ("posts", .number(Double(lb.posts.count))),
    ]
    print(JSONWriter.write(.object(pairs)))
    return .ok
}

// MARK: - B5 child: scroll one row at a time on a real terminal

/// Draws a frame on the terminal (a pty set up by the parent), then scrolls one row at a time.
/// After each frame it writes "F" to stderr and waits for one byte on stdin, so the parent can
/// count each frame's bytes.
func benchScrollChild(posts: Int, rows scrollRows: Int = 24) -> ExitCode {
    let screen: NcursesScreen
    do { screen = try NcursesScreen(mouse: false) } catch { printError("\(error)"); return .software }
    var cfg = benchConfig(cols: screen.cols, rows: screen.rows)
    // Text and image placeholders (nothing loads): rows of text are what "one row of bytes" is
    // about; a scrolled image row repaints every cell's colours.
    cfg.page.networkProfile = .offline
    let world = World(liveblog: benchLiveblog(posts: posts), config: cfg)
    world.advance(to: VirtualClock.ticksPerFrame)
    let renderer = Renderer()
    renderer.synchronousImages = true
    let ui = UIState()
    world.send(.listOffset((world.scrollView.minOffset + world.scrollView.maxOffset) / 2))
    func frameDone() -> Bool {
        fflush(lb_c_stdout())
        _ = "F".withCString { write(STDERR_FILENO, $0, 1) }
        var b: UInt8 = 0
        return read(STDIN_FILENO, &b, 1) == 1
    }
    renderer.draw(world, ui, on: screen)
    screen.present()
    guard frameDone() else { screen.shutdown(); return .software }
    for _ in 0..<scrollRows {
        world.send(.listOffset(world.scrollView.offset + world.line))
        renderer.draw(world, ui, on: screen)
        screen.present()
        guard frameDone() else { break }
    }
    screen.shutdown()
    return .ok
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
