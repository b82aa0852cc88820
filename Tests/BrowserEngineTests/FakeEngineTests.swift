@testable import BrowserEngine
import Embed
import Foundation
import LiveblogModel
import QA
import Simulation
import TestSupport
import XCTest

/// Issue 39: the engine seam carries a third engine. The bundled scenarios run through the World
/// with `EngineWebPage` over `FakeEngine` (the emulated page behind `PageDriver`, no browser):
/// the protocol the app sees (nav lines, hook calls, host actions, hold ends) is the emulated
/// page's, and the scenarios' expectations pass as they do there.
final class FakeEngineTests: XCTestCase {
    static var scenarios: [String] {
        let dir = TestPaths.root + "/Assets/scenarios"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { dir + "/" + $0 }
    }

    /// The lines of a run that the app's side of the protocol is made of, without times.
    static func protocolLines(_ path: String, fake: Bool) -> (lines: [String], passed: Bool) {
        final class Lines: @unchecked Sendable { // @unchecked Sendable: runOne runs on this thread
            var all: [String] = []
        }
        let lines = Lines()
        var hooks = ScenarioSuite.Hooks()
        hooks.trace = { _ in TraceSink(write: { lines.all.append($0) }, close: { nil }) }
        if fake { hooks.makePage = { _ in FakeEngine.maker() } }
        let result = ScenarioSuite.runOne(path, hooks: hooks)
        let kinds: Set<String> = ["nav", "hook", "host", "hold-end"]
        let kept = lines.all.compactMap { line -> String? in
            guard let v = try? JSONParser.parse(line), let ev = v["ev"]?.stringValue, kinds.contains(ev),
                  case .object(let pairs) = v else { return nil }
            return pairs.filter { $0.0 != "t" }.map { "\($0.0)=\(JSONWriter.write($0.1))" }.joined(separator: " ")
        }
        return (kept, result.passed && result.problem == nil)
    }

    /// What `EngineWebPage` does not carry into any engine, so a scenario that uses it differs
    /// behind the seam, in every engine alike (an `engine` note says so in the trace).
    static let notCarried = [
        "history-back-forward.json": "the history keys are not dispatched into an engine (W2 is the emulated page's)",
        "timeline-strip.json": "the timeline layout's strip (E15) is the emulated page's; an engine's page has none",
    ]

    func testX1_theBundledScenariosRunBehindTheSeamWithTheEmulatedProtocol() throws {
        let all = Self.scenarios
        XCTAssertGreaterThan(all.count, 25)
        for path in all {
            let name = (path as NSString).lastPathComponent
            let emulated = Self.protocolLines(path, fake: false)
            let fake = Self.protocolLines(path, fake: true)
            XCTAssertFalse(emulated.lines.isEmpty && name.contains("jump"), "\(name): the run has a protocol")
            if let why = Self.notCarried[name] {
                XCTAssertNotEqual(fake.lines, emulated.lines, "\(name) is listed as different (\(why)) but is not")
                continue
            }
            XCTAssertEqual(fake.passed, emulated.passed, "\(name): the expectations")
            XCTAssertEqual(fake.lines, emulated.lines, "\(name): the protocol differs behind the seam")
        }
    }

    /// The adapter asks the engine's declared capabilities, not which engine it holds: a touch
    /// reaches an engine that declares touch events, and one that does not (WebKitGTK) gets none,
    /// with one note saying so.
    func testX14_aTouchReachesOnlyAnEngineThatDeclaresTouchEvents() throws {
        let liveblog = try LiveblogLoader.load(path: TestPaths.sample)
        for declared in [EngineCapabilities([.virtualTime, .touchEvents]), [.virtualTime]] {
            let page = Page(liveblog: liveblog, config: PageConfig(), width: 390, firstJumpId: 1, loader: nil)
            let fake = FakeEngine(page: page, config: EngineConfig(device: .iphone15), defaultHook: nil)
            fake.capabilities = declared
            let web = EngineWebPage(engine: fake, liveblog: liveblog, config: PageConfig(), width: 390,
                                    firstJumpId: 1, hook: nil, defaultHook: nil)
            web.outbox = []
            web.input(.touchStart(x: 20, y: 40))
            web.input(.touchStart(x: 20, y: 60))
            let notes = web.outbox.filter { if case .engine = $0 { return true } else { return false } }
            if declared.contains(.touchEvents) {
                XCTAssertEqual(fake.touchesReceived, 2)
                XCTAssertEqual(notes, [])
            } else {
                XCTAssertEqual(fake.touchesReceived, 0, "no touch sent to an engine without touch events")
                XCTAssertEqual(notes.count, 1, "one note: \(web.outbox)")
            }
        }
    }
}
