import Foundation
import LiveblogModel

/// The figures of one `liveblog bench` run (B1–B6) and their two reports: one JSON object
/// (`--json`) or a table with each figure's target and pass/FAIL.
struct BenchFigures {
    let small = 100
    let mid = 1_000
    let large: Int
    var frameSmall = 0.0, frameLarge = 0.0, cached = 0
    var relayoutSmall = 0.0, relayoutLarge = 0.0, resizeSmall = 0.0, resizeLarge = 0.0
    var openMs = 0.0, inViewMs = 0.0, inViewVirtual = 0.0, loadMs = 0.0, layoutMs = 0.0
    var rssMB = 0.0, fileMB = 0.0
    /// B7, B8: the heavy liveblog; `resizeLarge` is its width change, `resizeLargePlain` the plain one's.
    var openHeavyMs = 0.0, heavyLoadMs = 0.0, heavyLayoutMs = 0.0, rssHeavyMB = 0.0, heavyFileMB = 0.0
    var resizeLargeMax = 0.0, resizeLargePlain = 0.0
    var speedup = 0.0, perRow = 0.0, fullFrame = 0.0
    /// B10: frames while 200 JPEG photos decode, and how many decoded.
    var decodingP99 = 0.0, decodingFrames = 0, decodedPhotos = 0
    /// B9: ms from the request to the first frame of the large liveblog over loopback HTTP.
    var urlFirstFrame = 0.0
    /// B9: bytes parsed at the first frame and in all, and the rest streaming in (`URLStreamFigures`).
    var url = URLStreamFigures()
    /// X10: the real engine (nan and `skipped` when it did not run).
    var engine = EngineBenchFigures()
    /// X16: WebKit (`skipped` when it did not run).
    var webkit = WebKitBenchFigures()
    /// X9: the engine's pixels, sixel and kitty (`skipped` when it did not run).
    var pixels: [(String, EnginePixelFigures)] = []

    init(large: Int) { self.large = large }

    var frameRatio: Double { frameLarge / max(frameSmall, 1e-9) }
    var relayoutRatio: Double { relayoutLarge / max(relayoutSmall, 1e-9) }
    var rssRatio: Double { rssMB / max(fileMB, 1e-9) }
    var rssHeavyRatio: Double { rssHeavyMB / max(heavyFileMB, 1e-9) }

    func json() -> String {
        let pairs: [(String, Double)] = [
            ("posts_small", Double(small)), ("posts_mid", Double(mid)), ("posts_large", Double(large)),
            ("frame_ms_small", frameSmall), ("frame_ms_large", frameLarge), ("frame_ratio", frameRatio),
            ("cached_post_layouts_large", Double(cached)),
            ("relayout_us_small", relayoutSmall), ("relayout_us_large", relayoutLarge),
            ("relayout_ratio", relayoutRatio),
            ("resize_ms_small", resizeSmall), ("resize_ms_large", resizeLarge),
            ("open_deeplink_ms", openMs), ("open_load_ms", loadMs), ("open_layout_ms", layoutMs),
            ("open_post_in_view_ms", inViewMs), ("open_post_in_view_virtual_s", inViewVirtual),
            ("sim_posts", Double(mid)), ("sim_speedup", speedup),
            ("bytes_per_row_scrolled", perRow), ("bytes_full_frame", fullFrame),
            ("terminal_cols", 200), ("terminal_rows", 60),
            ("rss_mb", rssMB), ("file_mb", fileMB), ("rss_ratio", rssRatio),
            ("open_heavy_ms", openHeavyMs), ("open_heavy_load_ms", heavyLoadMs),
            ("open_heavy_layout_ms", heavyLayoutMs), ("rss_heavy_mb", rssHeavyMB),
            ("heavy_file_mb", heavyFileMB), ("rss_heavy_ratio", rssHeavyRatio),
            ("resize_ms_large_max", resizeLargeMax), ("resize_ms_large_plain", resizeLargePlain),
            ("url_first_frame_ms", urlFirstFrame), ("url_bytes_at_first_frame", Double(url.bytesAtFirstFrame)),
            ("url_bytes_total", Double(url.bytesTotal)), ("url_all_posts_ms", url.allPostsMs),
            ("url_stream_frame_p50_ms", url.medianStreamFrameMs), ("url_stream_frame_max_ms", url.slowestStreamFrameMs),
            ("frame_p99_ms_decoding", decodingP99), ("frames_decoding", Double(decodingFrames)),
            ("photos_decoded", Double(decodedPhotos)),
        ] + (engine.skipped == nil ? [("engine_start_ms", engine.startMs), ("engine_world_frame_ms", engine.engineFrameMs),
                                      ("emulated_world_frame_ms", engine.emulatedFrameMs),
                                      ("engine_scenario_12s_wall_ms", engine.scenarioWallMs),
                                      ("engine_scenario_speed", engine.scenarioSpeed), ("engine_rss_mb", engine.rssMB),
                                      ("engine_pss_mb", engine.pssMB)] : [])
            + pixels.flatMap { name, p in p.skipped != nil ? [] : p.pairs(prefix: "engine_pixels_\(name)_") }
            + webkit.pairs
        return JSONWriter.write(.object(pairs.map { ($0.0, .number($0.1)) }))
    }

    func printTable() {
        func f(_ x: Double, _ d: Int = 2) -> String { String(format: "%.\(d)f", x) }
        func mark(_ ok: Bool) -> String { ok ? "pass" : "FAIL" }
        let rows: [(String, String, String, String)] = [
            ("B1 frame 200×60", "\(f(frameSmall, 3)) ms (\(small)) vs \(f(frameLarge, 3)) ms (\(large)): "
                + "ratio \(f(frameRatio))", "ratio ≤ 1.3", mark(frameRatio <= 1.3)),
            ("B2 relayout, one image", "\(f(relayoutSmall, 1)) µs (\(mid)) vs \(f(relayoutLarge, 1)) µs (\(large)): "
                + "ratio \(f(relayoutRatio))", "ratio ≤ 3", mark(relayoutRatio <= 3)),
            ("B3 open at oldest post", "\(f(openMs, 0)) ms to the first frame (load \(f(loadMs, 0)), "
                + "layout \(f(layoutMs, 0)))", "< 1000 ms", mark(openMs < 1000)),
            ("B4 simulate speed", "\(f(speedup, 0))× real time (\(mid) posts)", "≥ 500×", mark(speedup >= 500)),
            ("B5 bytes per row scrolled", "\(f(perRow, 0)) B (full frame \(f(fullFrame, 0)) B, 200 columns)",
             "about one row", mark(perRow.isFinite && perRow < fullFrame / 10)),
            ("B6 peak memory", "\(f(rssMB, 0)) MB for a \(f(fileMB, 0)) MB file: \(f(rssRatio))×", "< 3× file",
             mark(rssRatio < 3)),
            ("B7 heavy open at oldest", "\(f(openHeavyMs, 0)) ms to the first frame "
                + "(load \(f(heavyLoadMs, 0)), layout \(f(heavyLayoutMs, 0)))", "< 1000 ms", mark(openHeavyMs < 1000)),
            ("B7 heavy peak memory", "\(f(rssHeavyMB, 0)) MB for a \(f(heavyFileMB, 0)) MB file: "
                + "\(f(rssHeavyRatio))×", "< 2× file", mark(rssHeavyRatio < 2)),
            ("B8 width change, heavy", "\(f(resizeLarge, 1)) ms median, \(f(resizeLargeMax, 1)) ms at most "
                + "(\(large))", "≤ 33 ms", mark(resizeLarge <= 33)),
            ("B9 first frame from a URL", "\(f(urlFirstFrame, 0)) ms at \(url.bytesAtFirstFrame) of \(url.bytesTotal) B; "
                + "all posts \(f(url.allPostsMs, 0)) ms, frames p50 \(f(url.medianStreamFrameMs, 1)) "
                + "max \(f(url.slowestStreamFrameMs, 1)) ms",
             "< 300 ms, body not whole", mark(urlFirstFrame < 300 && url.bytesAtFirstFrame < url.bytesTotal)),
            ("B10 frames while decoding", "p99 \(f(decodingP99)) ms over \(decodingFrames) frames, "
                + "\(decodedPhotos) JPEGs of 1280×720 decoded", "p99 < 16 ms", mark(decodingP99 < 16)),
            ("X10 real engine", engine.skipped.map { "skipped: \($0)" }
                ?? "start to first laid-out frame \(f(engine.startMs, 0)) ms (sample, pixel-8); a World frame "
                + "\(f(engine.engineFrameMs)) ms (emulated \(f(engine.emulatedFrameMs, 3)) ms)", "figures", "—"),
            ("Q20 scenario in Chromium", engine.skipped.map { "skipped: \($0)" }
                ?? "\(f(engine.scenarioSpeed, 1))× real time (12 s, iOS 3g deep jump, reference embed: "
                + "\(f(engine.scenarioWallMs, 0)) ms whole)", "≥ 10×",
             engine.skipped == nil ? mark(engine.scenarioSpeed >= 10) : "—"),
        ] + pixels.map { name, p in
            ("X9 engine pixels, \(name)", p.skipped.map { "skipped: \($0)" } ?? p.summary,
             "p99 < 16 ms", p.skipped == nil ? mark(p.frameP99Ms < 16) : "—")
        } + [("X16 WebKit (iOS)", webkit.skipped.map { "skipped: \($0)" } ?? webkit.summary
            + (engine.skipped == nil ? "; Chromium's group (X10) \(f(engine.pssMB, 0)) MB PSS" : ""), "figures", "—")]
        print("liveblog bench: \(small) / \(mid) / \(Plural.count(large, "post")), terminal 200×60")
        let w0 = rows.map { $0.0.count }.max() ?? 0, w1 = rows.map { $0.1.count }.max() ?? 0
        let w2 = rows.map { $0.2.count }.max() ?? 0
        func pad(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(0, w - s.count)) }
        for r in rows { print("\(pad(r.0, w0))  \(pad(r.1, w1))  \(pad(r.2, w2))  \(r.3)") }
        if inViewVirtual.isFinite {
            print("B3 post in view after \(f(inViewVirtual, 2)) s of virtual time (the host re-aims while images "
                  + "above it load), \(f(inViewMs, 0)) ms from the start")
        } else {
            print("B3 post not in view within 10 s of virtual time: the jump is clamped at the bottom and the ios "
                  + "host re-aims on every resize while images above it load")
        }
        print("resize, plain: \(f(resizeSmall, 1)) ms (\(mid)) vs \(f(resizeLargePlain, 1)) ms "
              + "(\(large)); post layouts cached: \(cached)")
    }
}
