import Arguments
import BrowserEngine
import Commands
import Foundation
import Host
import LiveblogModel
import Simulation
import TerminalKit
import TerminalUI
import VirtualTime

// The engine's pixels in `liveblog bench` (X9): the sample on a pixel-8 in Chromium in real
// time, as `view` runs it, drawn on a 100×40 terminal of 10×20-pixel cells that shows sixel or
// kitty images; the list scrolled a row every frame (60 rows a second) down and back up for 6 s.
// A frame's cost is the drawing thread's: the World's frame (the engine's events, its layout read
// and the tiles' capture asked for or taken in), the renderer and the pixel layer's bytes. The
// captures themselves run in the engine, beside the frames.

struct EnginePixelFigures {
    var frameP50Ms = Double.nan
    var frameP99Ms = Double.nan
    var frames = 0
    /// Per row tile: a capture's time from asking to having its pixels, over the rows it held.
    var captureMsPerRow = Double.nan
    var captureMs = Double.nan
    var rowsPerCapture = Double.nan
    var pngBytesPerRow = Double.nan
    /// The share of drawn page rows that showed the engine's text while their tile was being captured.
    var waitingShare = Double.nan
    var bytesPerFrame = Double.nan
    var skipped: String?
}

extension EnginePixelFigures {
    func pairs(prefix: String) -> [(String, Double)] {
        [("frame_p50_ms", frameP50Ms), ("frame_p99_ms", frameP99Ms), ("frames", Double(frames)),
         ("bytes_per_frame", bytesPerFrame), ("capture_ms", captureMs), ("rows_per_capture", rowsPerCapture),
         ("capture_ms_per_row", captureMsPerRow), ("png_bytes_per_row", pngBytesPerRow),
         ("rows_waiting", waitingShare)].map { (prefix + $0.0, $0.1) }
    }

    /// The table's cell: frames, and a capture's cost.
    var summary: String {
        func f(_ x: Double, _ d: Int = 1) -> String { String(format: "%.\(d)f", x) }
        return "frames p50 \(f(frameP50Ms)) p99 \(f(frameP99Ms)) ms over \(frames) (a row a frame, 100×40); "
            + "a capture of \(f(rowsPerCapture, 0)) rows \(f(captureMs, 0)) ms (\(f(captureMsPerRow)) ms, "
            + "\(f(pngBytesPerRow, 0)) B of PNG a row); \(f(waitingShare * 100)) % of rows drawn as text meanwhile"
    }
}

func benchEnginePixels(_ proto: GraphicsProtocol) -> EnginePixelFigures {
    var r = EnginePixelFigures()
    guard let (sample, base) = engineBenchSample(&r.skipped) else { return r }
    var c = base
    c.page.networkProfile = .instant
    (c.cols, c.rows) = (100, 40)
    let cell = CellPixelSize(width: 10, height: 20)
    do {
        guard let maker = try EngineRun.maker(PageEngine(kind: .chromium), time: .realTime) else { return r }
        defer { EngineRun.closeAll() }
        EngineRun.draw(TileDrawing(cell: cell, proto: proto))
        let world = World(liveblog: sample, config: c, makePage: maker)
        world.advance(to: 0)
        guard let page = world.page as? EngineWebPage, let tiles = page.tiles else {
            r.skipped = world.page.failure ?? "no engine page"
            return r
        }
        pixelFrames(world, page, tiles, proto, &r)
        if let why = world.page.failure { r.skipped = why }
    } catch {
        r.skipped = "\(error)"
    }
    return r
}

private func pixelFrames(_ world: World, _ page: EngineWebPage, _ tiles: PageTiles, _ proto: GraphicsProtocol,
                         _ r: inout EnginePixelFigures) {
    var features = TerminalFeatures.silent
    features.graphics = proto
    features.cellPixels = CellPixelSize(width: 10, height: 20)
    let caps = TerminalCapabilities(colorMode: .direct, unicode: true, features: features)
    let grid = CellGrid(cols: 100, rows: 40, capabilities: caps)
    grid.decorations = FrameDecorations(features: features, colorMode: .direct)
    let renderer = Renderer(), ui = UIState()
    let start = nowNs()
    var times: [Double] = [], bytes = 0, waiting = 0, drawn = 0
    let top = world.scrollView.minOffset + 40 * world.line
    var frame = 0
    // 1 s to settle (the first captures), then 6 s of a row a frame: 180 rows down, 180 back.
    while nowNs() - start < 7_000_000_000 {
        let t0 = nowNs()
        let settling = t0 - start < 1_000_000_000
        if !settling {
            frame += 1
            let k = frame % 360
            world.send(.listOffset(top + Double(k < 180 ? k : 360 - k) * world.line))
        }
        world.advance(to: Int(Double(t0 - start) / 1e9 * Double(VirtualClock.ticksPerSecond)))
        renderer.draw(world, ui, on: grid)
        let plan = grid.decorations?.plan()
        let t1 = nowNs()
        if !settling {
            times.append(Double(t1 - t0) / 1e6)
            bytes += (plan?.before.count ?? 0) + (plan?.after.count ?? 0)
            let shown = visibleRows(world)
            drawn += shown.count
            waiting += shown.filter { tiles.tiles[$0] == nil }.count
        }
        let spent = nowNs() - t0
        if spent < 16_666_666 { usleep(UInt32((16_666_666 - spent) / 1000)) }
    }
    let sorted = times.sorted()
    guard !sorted.isEmpty else { return }
    r.frames = sorted.count
    r.frameP50Ms = sorted[sorted.count / 2]
    r.frameP99Ms = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
    r.bytesPerFrame = Double(bytes) / Double(sorted.count)
    r.waitingShare = drawn > 0 ? Double(waiting) / Double(drawn) : 0
    let m = tiles.measures
    guard !m.isEmpty else { return }
    r.captureMs = median(m.map { $0.seconds * 1000 })
    r.rowsPerCapture = median(m.map { Double($0.rows) })
    r.captureMsPerRow = median(m.map { $0.seconds * 1000 / Double($0.rows) })
    r.pngBytesPerRow = median(m.map { Double($0.bytes) / Double($0.rows) })
}

/// The page's rows (16 pt each) the list shows between the bars.
private func visibleRows(_ world: World) -> [Int] {
    var rows: [Int] = []
    for r in 0..<world.config.rows {
        if case .page(let py) = world.rowContent(r) { rows.append(Int((py / world.line).rounded(.down))) }
    }
    return rows
}

/// `bench --only pixels`: the engine's pixels (X9) alone, sixel and kitty.
func benchEnginePixelsPart() -> ExitCode {
    for proto in [GraphicsProtocol.sixel, .kitty] {
        let f = benchEnginePixels(proto)
        if let why = f.skipped {
            FileHandle.standardError.write(Data("bench: engine pixels (X9) skipped: \(why)\n".utf8))
            return .ok
        }
        print(f.pairs(prefix: "engine_pixels_\(proto.rawValue)_").map { "\($0.0) \($0.1)" }.joined(separator: " "))
    }
    return .ok
}
