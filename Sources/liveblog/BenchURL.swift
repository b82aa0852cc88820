import Embed
import Fetch
import Foundation
import LiveblogModel
import RealSources
import Simulation
import TerminalKit
import TerminalUI

// B9 (`url_first_frame_ms`): a 100 000-post liveblog served on the loopback interface by
// python3's http.server, opened at its top: milliseconds from the request to the first frame
// drawn (200×60, off-screen). Today the body is read whole before it is parsed, so this is the
// time of the whole transfer, the parse and the first frame; B9 asks for the first frame before
// the body has fully arrived (a streaming parse of the Tickaroo events), not done yet.

/// A loopback port free a moment ago.
private func freeLoopbackPort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) { p in
        p.withMemoryRebound(to: sockaddr.self, capacity: 1) { s in
            _ = bind(fd, s, length)
            _ = getsockname(fd, s, &length)
        }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// B9: ms to the first frame of `file` served from its directory; nil when python3 is missing.
func benchURLFirstFrame(file: String) -> Double? {
    let port = freeLoopbackPort()
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    server.arguments = ["python3", "-m", "http.server", "--bind", "127.0.0.1", "\(port)",
                        "--directory", (file as NSString).deletingLastPathComponent]
    server.standardOutput = FileHandle.nullDevice
    server.standardError = FileHandle.nullDevice
    guard (try? server.run()) != nil else { return nil }
    defer {
        server.terminate()
        server.waitUntilExit()
    }
    let url = URL(string: "http://127.0.0.1:\(port)/\((file as NSString).lastPathComponent)")!
    let fetcher = Fetcher()
    defer { fetcher.invalidate() }
    // The server is up once it lists its directory.
    for _ in 0..<100 {
        let probe = fetcher.submit(FetchRequest(url: url.deletingLastPathComponent()))
        if let c = fetcher.wait(for: probe, timeout: 1), case .success = c.result { break }
        usleep(50_000)
    }
    let start = nowNs()
    guard case let .success(source) = SourceLoader.load(.url(url), fetcher: fetcher, timeout: 120) else {
        return nil
    }
    var cfg = benchConfig()
    cfg.page.url = url.absoluteString
    let world = World(liveblog: source.liveblog, config: cfg)
    world.advance(to: VirtualClock.ticksPerFrame)
    let renderer = Renderer()
    renderer.synchronousImages = true
    renderer.draw(world, UIState(), on: CellGrid(cols: cfg.cols, rows: cfg.rows))
    return Double(nowNs() - start) / 1e6
}
