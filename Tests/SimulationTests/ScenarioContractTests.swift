import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation
import Embed
import Host

/// The scenario and trace contract, a public interface (docs/contract.md).
final class ScenarioContractTests: XCTestCase {
    let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/scenarios").path

    func parse(_ text: String) throws -> Scenario {
        try Scenario.parse(try JSONParser.parse(text), file: "t.json", baseDirectory: dir)
    }

    func invalid(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Scenario.Invalid? {
        do { _ = try parse(text); XCTFail("accepted", file: file, line: line); return nil } catch let e as Scenario.Invalid { return e } catch {
            XCTFail("\(error)", file: file, line: line); return nil
        }
    }

    /// Section 9: the README's example parses with every field and event kind.
    func testSection9_fullExampleParses() throws {
        let s = try parse("""
        { "liveblog": "../liveblogs/sample.json", "terminal": {"cols": 80, "rows": 24}, "mode": "content",
          "platform": "ios", "hook": "function (top, info)", "insets": {"top": 2, "bottom": 1},
          "native": {"headerRows": 6, "footerRows": 20},
          "page": {"pageSize": 0, "deepLinkLimit": 0, "stickyHeader": 0, "resizeLatency": 2},
          "network": {"profile": "3g", "seed": 7}, "url": "https://www.example.com/live#tickaroo_event_id=ev-010",
          "enabledDomains": ["www.example.com"], "duration": 12.0,
          "events": [ {"at": 0.0, "jump": "ev-010", "topOffset": 0}, {"at": 0.5, "fragment": "ev-011"},
            {"at": 1.5, "drag": {"dy": -400, "duration": 0.25, "row": 12}}, {"at": 2.0, "tap": {"row": 10, "col": 5}},
            {"at": 2.5, "wheel": {"notches": 3, "row": 10}}, {"at": 3.0, "key": "j"},
            {"at": 4.0, "resize": {"cols": 100, "rows": 30}}, {"at": 5.0, "live": 2}, {"at": 6.0, "load": "m-pitch"},
            {"at": 7.0, "setHook": "function (top)"}, {"at": 8.0, "remove": true} ],
          "expect": [ {"post": "ev-010", "landsAt": 0, "tolerance": 16, "by": 11.0},
            {"post": "ev-010", "stillFrom": 1.0, "until": 10.0, "tolerance": 16},
            {"holdEnds": "input", "by": 3.0}, {"noPullBackAfterDrag": true} ] }
        """)
        XCTAssertEqual(s.events.count, 11)
        XCTAssertEqual(s.expectations.count, 4)
        XCTAssertEqual(s.config.page.networkProfile, .threeG)
        XCTAssertEqual(s.config.hook?.arity, 2)
        XCTAssertEqual(s.events[2].event, .drag(dy: -400, duration: 0.25, row: 12, col: 40), "col defaults to 40")
        // It runs to the end without trouble.
        let r = ScenarioRunner(scenario: s)
        r.run()
        XCTAssertEqual(r.world.tick, 12 * 120)
    }

    /// Section 9: unknown fields, event kinds and wrong types are errors naming the place.
    func testSection9_strictValidationNamesThePlace() {
        XCTAssertEqual(invalid(#"{"liveblog": "../liveblogs/sample.json", "modes": "content"}"#)?.place, "modes")
        let kind = invalid(#"{"liveblog": "../liveblogs/sample.json", "events": [{"at": 1, "jmp": "x"}]}"#)
        XCTAssertEqual(kind?.place, "events[0].jmp")
        XCTAssertTrue(kind?.message.contains("unknown field") ?? false)
        XCTAssertEqual(invalid(#"{"liveblog": "../liveblogs/sample.json", "duration": "12"}"#)?.message, "expected a number, found a string")
        XCTAssertEqual(invalid(#"{"liveblog": "../liveblogs/sample.json", "events": [{"at": 1, "drag": {"dy": "up"}}]}"#)?.place, "events[0].drag.dy")
        XCTAssertEqual(invalid(#"{"liveblog": "../liveblogs/sample.json", "platform": "windows"}"#)?.place, "platform")
        XCTAssertEqual(invalid(#"{"liveblog": "../liveblogs/sample.json", "hook": "not a function"}"#)?.place, "hook")
        XCTAssertEqual(invalid(#"{"liveblog": "../liveblogs/sample.json", "events": [{"jump": "x"}]}"#)?.message, "missing \"at\" (seconds of virtual time)")
        XCTAssertEqual(invalid(#"{"liveblog": "../liveblogs/sample.json", "events": [{"at": 1, "key": "Hyper"}]}"#)?.place, "events[0].key")
        XCTAssertEqual(invalid(#"{"liveblog": "../liveblogs/sample.json", "expect": [{"holdEnds": "bored", "by": 1}]}"#)?.place, "expect[0].holdEnds")
        XCTAssertEqual(invalid(#"{"liveblog": "nope.json"}"#)?.place, "liveblog")
        XCTAssertNotNil(invalid(#"{"duration": 1}"#))
        XCTAssertEqual(invalid(#"{"liveblog": "../liveblogs/sample.json", "terminal": {"cols": 0, "rows": 5}}"#)?.place, "terminal.cols")
    }

    /// Section 9: an inline liveblog instead of a file name.
    func testSection9_inlineLiveblog() throws {
        let s = try parse(#"""
        {"liveblog": {"game": {"local_id": "g", "meta_info": {"title": "Inline"}},
                      "events": [{"local_id": "a", "created_at": 2, "contents": []}, {"local_id": "b", "created_at": 1, "contents": []}]},
         "duration": 1, "events": [{"at": 0.1, "jump": "b"}], "expect": [{"post": "b", "landsAt": 0, "by": 1}]}
        """#)
        XCTAssertEqual(s.liveblog.posts.map(\.id), ["a", "b"])
        XCTAssertTrue(ScenarioRunner(scenario: s).run().allSatisfy(\.passed))
    }

    /// G6: a focus change is an event of its own (recorded, so captures replay exactly); it reads
    /// and writes as `{"at": t, "focus": false}`.
    func testG6_focusEventReadsAndWritesBack() throws {
        let s = try parse(#"""
        {"liveblog": {"game": {"local_id": "g", "meta_info": {"title": "Inline"}},
                      "events": [{"local_id": "a", "created_at": 2, "contents": []}]},
         "duration": 2, "events": [{"at": 0.5, "focus": false}, {"at": 1, "focus": true}]}
        """#)
        XCTAssertEqual(s.events.map(\.event), [.focus(false), .focus(true)])
        let written = EventSchema.json(at: .number(0.5), .focus(false))
        XCTAssertEqual(written.map { JSONWriter.write($0) }, #"{"at":0.5,"focus":false}"#)
        _ = ScenarioRunner(scenario: s).run()   // a world without a live feed takes it quietly
    }

    /// Section 9: trace lines carry the fields the contract names, in time order.
    func testSection9_traceLinesAndOrder() throws {
        let s = try Scenario.load(path: dir + "/ios-drag-stops-corrections.json")
        var lines: [String] = []
        let r = ScenarioRunner(scenario: s)
        r.traceLine = { lines.append($0) }
        r.run()
        var last = -1.0
        var kinds = Set<String>()
        for l in lines {
            let v = try JSONParser.parse(l)
            let t = v["t"]!.doubleValue!
            XCTAssertGreaterThanOrEqual(t, last, l)
            last = t
            let ev = v["ev"]!.stringValue!
            kinds.insert(ev)
            switch ev {
            case "hook":
                for k in ["jumpId", "top", "correction", "args"] { XCTAssertNotNil(v[k], "\(k) in \(l)") }
            case "host":
                XCTAssertNotNil(v["jumpId"]); XCTAssertTrue(["scroll", "drop", "reaim", "settle"].contains(v["action"]!.stringValue!))
                if v["action"]!.stringValue! == "scroll" { for k in ["target", "animated", "clamped"] { XCTAssertNotNil(v[k], l) } }
            case "layout": XCTAssertNotNil(v["webHeight"]); XCTAssertNotNil(v["cause"])
            case "hold-end": XCTAssertNotNil(v["jumpId"]); XCTAssertNotNil(v["reason"])
            case "input": XCTAssertTrue(["drag-begin", "drag-end", "tap", "wheel", "key", "resize"].contains(v["kind"]!.stringValue!))
            case "frame":
                for k in ["offset", "webOffset", "webHeight"] { XCTAssertNotNil(v[k], l) }
            case "nav": XCTAssertNotNil(v["id"]); XCTAssertNotNil(v["result"])
            default: break
            }
        }
        XCTAssertTrue(kinds.isSuperset(of: ["hook", "host", "layout", "hold-end", "input", "nav", "frame"]), "\(kinds)")
        // A frame every 60 Hz frame.
        XCTAssertEqual(lines.filter { $0.contains("\"ev\":\"frame\"") }.count, 12 * 60)
        XCTAssertEqual(lines.first(where: { $0.contains("\"ev\":\"hook\"") }),
                       #"{"t":0.1,"ev":"hook","jumpId":1,"top":6982.0,"correction":false,"args":2}"#)
    }

    /// Section 9: the same scenario gives the same trace, byte for byte.
    func testSection9_sameScenarioSameTraceByteForByte() throws {
        for name in ["ios-3g-landing", "android-clamped-reaim", "naive-pullback", "nested-handover", "fling-coasts"] {
            func trace() throws -> String {
                let r = ScenarioRunner(scenario: try Scenario.load(path: dir + "/\(name).json"))
                var out = ""
                r.traceLine = { out += $0; out += "\n" }
                r.run()
                return out
            }
            let a = try trace(), b = try trace()
            XCTAssertGreaterThan(a.count, 10_000)
            XCTAssertEqual(a, b, name)
        }
    }

    /// C2: reports in three forms, and the exit status follows the expectations.
    func testC2_reports() throws {
        let s = try parse(#"{"liveblog": "../liveblogs/sample.json", "duration": 1, "expect": [{"holdEnds": "timeout", "by": 1}]}"#)
        let out = ScenarioRunner(scenario: s).run()
        XCTAssertEqual(out.map(\.passed), [false])
        XCTAssertTrue(Report.text("x", out).contains("0 passed, 1 failed"))
        let json = try JSONParser.parse(Report.json("x", out, virtualSeconds: 1))
        XCTAssertEqual(json["passed"], .bool(false))
        XCTAssertTrue(Report.junit("x", out).contains("<failure message=\"a hold ends (timeout) by t=1.0: no hold ended\""))
    }
}
