import ExitStatus
import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation
import VirtualTime
import Host

/// Issue 43, A1: the app log's reader, on logs as real apps write them.
final class AppLogReaderTests: XCTestCase {
    let header = "{\"ev\":\"app\",\"t\":7200.5,\"platform\":\"android\",\"device\":\"pixel-8\",\"insets\":{\"top\":56,\"bottom\":0},\"webTop\":120}"

    func read(_ lines: [String]) throws -> (lines: [TraceLine], reader: AppLogReader) {
        try AppLogReader.read(lines.joined(separator: "\n"))
    }

    func error(_ lines: [String], file: StaticString = #filePath, line: UInt = #line) -> TraceReadError? {
        do {
            _ = try read(lines)
            XCTFail("accepted", file: file, line: line)
        } catch let e as TraceReadError {
            return e
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
        return nil
    }

    func testA1_theFirstLineGivesThePlatformAndTheDeviceOrItsGeometry() throws {
        let g = try XCTUnwrap(try read([header]).reader.geometry)
        XCTAssertEqual(g.platform, .android)
        XCTAssertEqual(g.device, "pixel-8")
        XCTAssertEqual(g.viewportHeight, DeviceProfile.pixel8.viewportHeight)
        XCTAssertEqual(g.density, 2.625)
        XCTAssertEqual([g.insetTop, g.insetBottom, g.webTop, g.below], [56, 0, 120, 0])
        let own = try XCTUnwrap(try read(["{\"ev\":\"app\",\"platform\":\"ios\",\"viewport\":{\"width\":390,\"height\":800},\"density\":3}"]).reader.geometry)
        XCTAssertEqual([own.viewportWidth, own.viewportHeight, own.density], [390, 800, 3])
        XCTAssertNil(own.device)
    }

    func testA1_aBadLineIsExit65NamingItsLineAndField() throws {
        let cases: [([String], Int, String)] = [
            ([header, "{\"t\":7201,\"ev\":\"frame\",\"offset\":0}", "{\"t\":7201.1,\"ev\":\"hook\",\"jumpId\":1,\"top\":\"x\",\"correction\":false}"],
             3, "field \"top\": expected a number"),
            ([header, "{\"t\":7201,\"ev\":\"frame\"}"], 2, "field \"offset\": missing"),
            ([header, "", "{\"t\":7201,\"ev\":\"host\",\"jumpId\":1,\"action\":\"jump\"}"], 3, "field \"action\": unknown action"),
            ([header, "{\"t\":7201,\"ev\":\"frame\",\"offset\":0", ""], 2, "column"),
            ([header, "{\"t\":7201,\"ev\":\"nav\",\"id\":\"x\"}"], 2, "field \"ev\": unknown line kind \"nav\""),
            ([header, "{\"ev\":\"frame\",\"offset\":0}"], 2, "field \"t\": missing"),
            (["{\"t\":0,\"ev\":\"frame\",\"offset\":0}"], 1, "the first line must be the app's"),
            (["{\"ev\":\"app\",\"platform\":\"ios\",\"device\":\"nokia-3310\"}"], 1, "field \"device\": unknown device"),
            (["{\"ev\":\"app\",\"platform\":\"ios\"}"], 1, "field \"viewport\": missing"),
        ]
        for (lines, number, words) in cases {
            let e = try XCTUnwrap(error(lines), words)
            XCTAssertEqual(e.line, number, words)
            XCTAssertTrue(e.message.contains(words), "\(e)")
        }
    }

    func testA1_anUnknownPlatformIsRefused() throws {
        for p in ["windows", "naive", "IOS"] {
            let e = try XCTUnwrap(error(["{\"ev\":\"app\",\"platform\":\"\(p)\",\"device\":\"iphone-15\"}"]))
            XCTAssertEqual(e.description, "line 1: field \"platform\": unknown platform \"\(p)\" (ios or android)")
        }
    }

    func testA1_timesCountFromTheFirstLineOnAnyClock() throws {
        let (lines, _) = try read([header, "{\"t\":7200.516,\"ev\":\"frame\",\"offset\":-56}",
                                   "{\"t\":7201.75,\"ev\":\"hook\",\"jumpId\":3,\"top\":900,\"correction\":false}"])
        XCTAssertEqual(lines.map(\.milliseconds), [16, 1250])
        XCTAssertEqual(lines[1].number("t"), 1.25)
        // Without a t on the first line, the second line's is the start.
        let (other, _) = try read(["{\"ev\":\"app\",\"platform\":\"ios\",\"device\":\"iphone-15\"}",
                                   "{\"t\":99.5,\"ev\":\"frame\",\"offset\":0}", "{\"t\":100,\"ev\":\"frame\",\"offset\":0}"])
        XCTAssertEqual(other.map(\.milliseconds), [0, 500])
    }

    func testA1_duplicatesAreDroppedAndLinesAFewMillisecondsLateAreOrdered() throws {
        let hook = "{\"t\":7201.1,\"ev\":\"hook\",\"jumpId\":1,\"top\":900,\"correction\":false}"
        let (lines, r) = try read([header,
                                   "{\"t\":7201.0,\"ev\":\"frame\",\"offset\":0}",
                                   "{\"t\":7201.116,\"ev\":\"frame\",\"offset\":10}",
                                   hook, hook,  // the bridge's line, written twice
                                   "{\"t\":7201.133,\"ev\":\"frame\",\"offset\":20}",
                                   "{\"t\":7201.133,\"ev\":\"frame\",\"offset\":20}"])
        XCTAssertEqual(lines.map(\.kind), ["frame", "hook", "frame", "frame"])
        XCTAssertEqual(lines.map(\.milliseconds), [500, 600, 616, 633])
        XCTAssertEqual(r.summary.duplicates, 2)
        XCTAssertEqual(r.summary.reordered, 1)
        XCTAssertEqual(r.summary.lines, 7)
    }

    func testA1_missingFramesAreReportedNotInterpolated() throws {
        var lines = [header]
        for i in 0..<60 where !(20..<50).contains(i) {
            lines.append("{\"t\":\(7200.5 + Double(i) / 60),\"ev\":\"frame\",\"offset\":\(i)}")
        }
        let (out, r) = try read(lines)
        XCTAssertEqual(out.count, 30, "no frame is made up")
        XCTAssertEqual(r.summary.frames, 30)
        XCTAssertEqual(r.summary.gapCount, 1)
        let gap = try XCTUnwrap(r.summary.longestGap)
        XCTAssertEqual(gap.fromMilliseconds, 317)
        XCTAssertEqual(gap.toMilliseconds, 833)
        XCTAssertEqual(gap.frames, 30, "about 30 frames at 60 Hz")
    }

    func testA1_everyTextFromTheLogGoesThroughTheSanitiser() throws {
        let (lines, r) = try read([header, "{\"t\":7201,\"ev\":\"frame\",\"offset\":0,\"post\":{\"id\":\"ev\\u001b[2J1\",\"y\":3}}",
                                   "{\"t\":7201.1,\"ev\":\"input\",\"kind\":\"tap\",\"detail\":\"\\u0007bell\"}"])
        XCTAssertEqual(lines[0].framePost?.id, "ev\u{241B}1")
        XCTAssertFalse(lines[1].string("detail")!.unicodeScalars.contains { $0.value < 0x20 })
        XCTAssertEqual(r.summary.lines, 3)
        // An unknown platform's name is cleaned before it is shown.
        let e = try XCTUnwrap(error(["{\"ev\":\"app\",\"platform\":\"\\u001b]0;x\\u0007\",\"device\":\"iphone-15\"}"]))
        XCTAssertFalse(e.message.contains("\u{1B}"))
    }

    func testA1_aPostWithoutAnIdIsTheLatestJumpsPost() throws {
        let (lines, _) = try read([header, "{\"t\":7201,\"ev\":\"hook\",\"jumpId\":4,\"top\":900,\"correction\":false}",
                                   "{\"t\":7201.1,\"ev\":\"frame\",\"offset\":0,\"post\":{\"y\":12}}"])
        XCTAssertEqual(lines[1].framePost?.id, "jump-4")
        XCTAssertEqual(lines[1].framePost?.y, 12)
    }

    /// An hour at 60 Hz (216 000 frames), streamed: the reader holds only the lines of its
    /// 50 ms window, and the audit keeps no frame line (only the watched post's y per frame).
    func testA1_A2_anHourLongLogIsStreamedInFlatMemory() throws {
        let frames = 3600 * 60
        var i = -1
        func next() -> Substring? {
            i += 1
            if i == 0 { return header[...] }
            if i == 1 { return "{\"t\":7200.6,\"ev\":\"hook\",\"jumpId\":1,\"top\":900,\"correction\":false}" }
            if i == 2 { return "{\"t\":7200.6,\"ev\":\"host\",\"jumpId\":1,\"action\":\"scroll\",\"target\":964}" }
            if i == 3 { return "{\"t\":7200.6,\"ev\":\"layout\",\"webHeight\":20000}" }
            let k = i - 4
            guard k < frames else { return nil }
            // Every 1000th frame comes 20 ms late (a logger's thread).
            let t = 7200.5 + Double(k) / 60 + (k % 1000 == 999 ? 0.02 : 0)
            return Substring("{\"t\":\(t),\"ev\":\"frame\",\"offset\":964,\"post\":{\"y\":0}}")
        }
        var reader = AppLogReader()
        var largest = 0, out = 0
        while let l = next() {
            out += try reader.feed(l).count
            largest = max(largest, reader.retainedLines)
        }
        out += try reader.finish().count
        XCTAssertEqual(out, frames + 3)
        XCTAssertLessThanOrEqual(largest, 8, "the reader holds 50 ms of lines, not the log")
        XCTAssertEqual(reader.summary.frames, frames)

        i = -1
        let expect = try AppLogMaker.expect("[{\"post\": \"jump-1\", \"stillFrom\": 60, \"until\": 3590, \"tolerance\": 1}]")
        let (result, audit) = try AppLogAudit.run(path: "hour.log", expectations: expect) { next() }
        XCTAssertEqual(result.exitCode, .ok, result.result.error ?? "")
        XCTAssertEqual(audit.records.count, 3, "no frame line kept: the hook, host and layout lines")
        XCTAssertEqual(audit.series["jump-1"]?.count, frames, "one compact sample a frame")
        XCTAssertEqual(result.summary.endMilliseconds / 1000, 3600)
    }
}
