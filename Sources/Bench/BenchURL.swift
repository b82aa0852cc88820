import Commands
import Embed
import Fetch
import Foundation
import LiveblogModel
import RealSources
import Simulation
import TerminalKit
import TerminalUI

// B9 (`url_first_frame_ms`): a 100 000-post liveblog served on the loopback interface by
// python3's http.server (its handler writing the file in 64 KiB pieces at a link's rate,
// `LIVEBLOG_BENCH_URL_MBPS`, default 50 MB/s; 0: as fast as loopback goes), opened at its top
// as `view URL` opens it (`RealSession.openStreaming`): milliseconds from the request to the
// first frame drawn (200×60, off-screen), with the body's bytes parsed by then and in all
// (`url_bytes_at_first_frame` < `url_bytes_total` shows it did not wait for the whole body).
// Then the frames that stream the rest in (a bounded batch each), back to back: their median
// and slowest (keys are answered between frames) and the time until every post is on the page.

/// B9's figures.
struct URLStreamFigures {
    var firstFrameMs = Double.nan
    var bytesAtFirstFrame = 0
    var bytesTotal = 0
    var postsAtFirstFrame = 0
    var allPostsMs = Double.nan
    var postsAtEnd = 0
    var slowestStreamFrameMs = Double.nan
    var medianStreamFrameMs = Double.nan
}

/// python3's http.server serving `directory`, each file written in 64 KiB pieces at `mbps`.
private let throttledServer = """
import http.server, sys, time
directory, port, rate = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]) * 1e6
class Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *a, **k): super().__init__(*a, directory=directory, **k)
    def log_message(self, *a): pass
    def copyfile(self, source, target):
        start, sent = time.monotonic(), 0
        while True:
            piece = source.read(65536)
            if not piece: break
            target.write(piece); target.flush(); sent += len(piece)
            ahead = sent / rate - (time.monotonic() - start) if rate > 0 else 0
            if ahead > 0: time.sleep(ahead)
http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()
"""

/// B9: `file` served from its directory and opened at its top; nil when python3 is missing or
/// the liveblog could not be read.
func benchURLFirstFrame(file: String) -> URLStreamFigures? {
    let port = LoopbackPort.unused()
    let mbps = ProcessInfo.processInfo.environment["LIVEBLOG_BENCH_URL_MBPS"].flatMap(Double.init) ?? 50
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    server.arguments = ["python3", "-c", throttledServer, (file as NSString).deletingLastPathComponent,
                        "\(port)", "\(mbps)"]
    server.standardOutput = FileHandle.nullDevice
    server.standardError = FileHandle.nullDevice
    guard (try? server.run()) != nil else { return nil }
    defer {
        server.terminate()
        server.waitUntilExit()
    }
    let url = URL(string: "http://127.0.0.1:\(port)/\((file as NSString).lastPathComponent)")!
    let fetcher = Fetcher()
    // The server is up once it lists its directory.
    for _ in 0..<100 {
        let probe = fetcher.submit(FetchRequest(url: url.deletingLastPathComponent()))
        if let c = fetcher.wait(for: probe, timeout: 1), case .success = c.result { break }
        usleep(50_000)
    }
    fetcher.invalidate()
    return measureStream(url)
}

/// Request → first frame → every post on the page, as `view URL` does it.
private func measureStream(_ url: URL) -> URLStreamFigures? {
    var r = URLStreamFigures()
    let start = nowNs()
    let opened = RealSession.openStreaming(.url(url), pollSeconds: 0, record: false, firstPosts: streamingFirstPosts)
    guard case let .success(session) = opened else { return nil }
    var cfg = benchConfig()
    cfg.page.url = url.absoluteString
    let world = World(liveblog: session.liveblog, config: cfg)
    world.liveFeed = session.liveFeed
    world.advance(to: VirtualClock.ticksPerFrame)
    let renderer = Renderer()
    renderer.synchronousImages = true
    let grid = CellGrid(cols: cfg.cols, rows: cfg.rows)
    renderer.draw(world, UIState(), on: grid)
    r.firstFrameMs = Double(nowNs() - start) / 1e6
    let feed = session.liveFeed as? StreamingLiveFeed
    r.bytesAtFirstFrame = feed?.stream.progress.bytes ?? 0
    r.postsAtFirstFrame = world.page.loadedCount
    var frames: [Double] = []
    while let feed, case .streaming = feed.state {
        let t = nowNs()
        world.advance(to: world.tick + VirtualClock.ticksPerFrame)
        renderer.draw(world, UIState(), on: grid)
        frames.append(Double(nowNs() - t) / 1e6)
        if Double(nowNs() - start) > 300e9 { break }
    }
    r.allPostsMs = Double(nowNs() - start) / 1e6
    r.slowestStreamFrameMs = frames.max() ?? 0
    r.medianStreamFrameMs = median(frames)
    r.bytesTotal = feed?.stream.progress.bytes ?? r.bytesAtFirstFrame
    r.postsAtEnd = world.page.loadedCount
    feed?.stream.cancel()
    return r
}
