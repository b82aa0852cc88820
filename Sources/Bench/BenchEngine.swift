import Arguments
import BrowserEngine
import Chromium
import Commands
import Foundation
import Host
import LiveblogModel
import QA
import Simulation
import VirtualTime

// The engine figures of `liveblog bench` (X10): the real engine (docs/engine.md). Engine start to the first laid-out frame of
// the sample liveblog on a pixel-8 (the browser launched, the reference embed loaded and ready,
// its posts' boxes read), and the wall cost of one World frame with the engine in virtual time
// (a 3g deep jump held for 10 s, 600 frames), beside the same World's frame on the emulated page.

struct EngineBenchFigures {
    var startMs = Double.nan
    var engineFrameMs = Double.nan
    var emulatedFrameMs = Double.nan
    /// Q20's bench row: the bundled 12 s scenario (iOS, 3g deep jump) in Chromium, whole: the engine's
    /// start, the load, 720 frames; its virtual seconds over the wall's.
    var scenarioWallMs = Double.nan
    var scenarioSpeed = Double.nan
    /// X16's comparison: Chromium's process group after the frames (RSS, PSS summed, MB).
    var rssMB = Double.nan, pssMB = Double.nan
    /// Why the engine figures were not measured (no Chromium, or the engine failed); nil when it ran.
    var skipped: String?
}

/// What the engine's figures run on: the bundled sample on a pixel-8 (android), once Chromium is
/// found; else nil, and `skipped` says why.
func engineBenchSample(_ skipped: inout String?) -> (Liveblog, WorldConfig)? {
    guard let path = Assets.sample, let sample = try? LiveblogLoader.load(path: path) else {
        skipped = "the bundled sample liveblog was not found"
        return nil
    }
    do { _ = try EngineLocator.locate() } catch {
        skipped = "no Chromium (\(error))"
        return nil
    }
    var c = WorldConfig()
    c.device = DeviceProfile.named("pixel-8")
    c.platform = .android
    return (sample, c)
}

func benchEngine() -> EngineBenchFigures {
    var r = EngineBenchFigures()
    guard let (sample, base) = engineBenchSample(&r.skipped) else { return r }
    var c = base
    c.page.networkProfile = .threeG
    c.page.networkSeed = 7
    do {
        let started = DispatchTime.now().uptimeNanoseconds
        guard let maker = try EngineRun.maker(PageEngine(kind: .chromium)) else { return r }
        defer { EngineRun.closeAll() }
        let world = World(liveblog: sample, config: c, makePage: maker)
        world.advance(to: 0)
        guard let page = world.page as? EngineWebPage, page.loadedCount > 0 else {
            r.skipped = world.page.failure ?? "the page laid out no posts"
            return r
        }
        r.startMs = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        r.engineFrameMs = worldFrameMs(world, jumpTo: sample.posts.last?.id)
        if let pid = page.driver.engineProcessID {
            let group = GroupMemory.read(group: pid)
            (r.rssMB, r.pssMB) = (group.map(\.rss).reduce(0, +), group.map(\.pss).reduce(0, +))
        }
        if let why = world.page.failure { r.skipped = why }
    } catch {
        r.skipped = "\(error)"
        return r
    }
    let emulated = World(liveblog: sample, config: c)
    emulated.advance(to: 0)
    r.emulatedFrameMs = worldFrameMs(emulated, jumpTo: sample.posts.last?.id)
    benchEngineScenario(&r)
    return r
}

/// Q20's bench row: `simulate Assets/scenarios/ios-3g-landing.json --engine chromium`, timed whole.
func benchEngineScenario(_ r: inout EngineBenchFigures) {
    guard let path = Assets.directory().map({ $0 + "/scenarios/ios-3g-landing.json" }),
          var scenario = try? Scenario.load(path: path, readCapture: readCapture) else { return }
    scenario.engine.kind = .chromium
    let started = DispatchTime.now().uptimeNanoseconds
    do {
        let maker = try EngineRun.maker(checked: scenario.engine)
        defer { EngineRun.closeAll() }
        let runner = ScenarioRunner(scenario: scenario, makePage: maker)
        runner.keepFrameRecords = false
        _ = runner.run()
        if let why = runner.failure { return r.skipped = why }
    } catch {
        return r.skipped = "\(error)"
    }
    r.scenarioWallMs = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
    r.scenarioSpeed = scenario.duration * 1000 / r.scenarioWallMs
}

/// `bench --only engine`: the engine figures (X10) and WebKit's (X16) alone.
func benchEnginePart() -> ExitCode {
    let b11 = benchEngine()
    if let why = b11.skipped {
        FileHandle.standardError.write(Data("bench: engine figures (X10) skipped: \(why)\n".utf8))
    } else {
        print("engine_start_ms \(b11.startMs) engine_world_frame_ms \(b11.engineFrameMs) "
              + "emulated_world_frame_ms \(b11.emulatedFrameMs) engine_scenario_12s_wall_ms \(b11.scenarioWallMs) "
              + "engine_scenario_speed \(b11.scenarioSpeed) engine_rss_mb \(b11.rssMB) engine_pss_mb \(b11.pssMB)")
    }
    printWebKitBench(benchWebKit())
    return .ok
}

/// Wall ms per World frame over 600 frames (10 s of virtual time) after a jump to `id`.
private func worldFrameMs(_ world: World, jumpTo id: String?, frames: Int = 600) -> Double {
    if let id { world.send(.jump(id: id, topOffset: nil)) }
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<frames { world.advance(to: world.tick + VirtualClock.ticksPerFrame) }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(frames)
}
