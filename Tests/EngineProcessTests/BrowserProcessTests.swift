import CEngineGuard
@testable import Chromium
@testable import EngineProcess
import ExitStatus
import Foundation
import LiveblogModel
import TestSupport
import XCTest

/// X2: the engine over the pipe, in its own process group, never outliving the run; a crashed
/// or silent engine gives a message naming what we were doing.
final class BrowserProcessTests: XCTestCase {
    func testX2_launchAnswersOverThePipeAndCloseLeavesNothing() throws {
        let browser = try EngineLaunch.launch()
        XCTAssertTrue(browser.product.contains("Chrome"), browser.product)
        let pgid = browser.pid
        XCTAssertEqual(getpgid(pgid), pgid, "the engine leads a process group of its own")
        XCTAssertNotEqual(getpgid(pgid), getpgrp(), "not ours: a terminal's ^C does not reach it")
        let page = try browser.newPage(width: 400, height: 600, beginFrameControl: true)
        let r = try page.call("Runtime.evaluate", .obj(("expression", .string("6 * 7")),
                                                      ("returnByValue", .bool(true))))
        XCTAssertEqual(r["result"]?["value"]?.intValue, 42)
        let profile = browser.profileDirectory
        XCTAssertTrue(FileManager.default.fileExists(atPath: profile))
        browser.close()
        XCTAssertEqual(EngineProcesses.waitUntilGone(pgid), [], "no engine process outlives close()")
        XCTAssertFalse(FileManager.default.fileExists(atPath: profile), "the profile directory is removed")
        XCTAssertEqual(lb_engine_guard_count(), 0, "the guard forgets an ended engine")
    }

    func testX2_missingEngineIsExit69NamingThePackage() {
        XCTAssertThrowsError(try EngineLocator.locate(environment: ["PATH": "/nonexistent"])) { error in
            let e = error as? EngineError
            XCTAssertEqual(e?.exitCode, .unavailable)
            XCTAssertTrue("\(error)".contains("apt-get install chromium-headless-shell"), "\(error)")
        }
        let plain = NSTemporaryDirectory() + "liveblog-not-an-engine-\(getpid())"
        _ = FileManager.default.createFile(atPath: plain, contents: Data("x".utf8), attributes: [.posixPermissions: 0o644])
        defer { try? FileManager.default.removeItem(atPath: plain) }
        let env = ["LIVEBLOG_CHROMIUM": plain, "PATH": "/usr/bin"]
        XCTAssertThrowsError(try EngineLocator.locate(environment: env)) { error in
            XCTAssertEqual((error as? EngineError)?.exitCode, .unavailable)
            XCTAssertTrue("\(error)".contains("LIVEBLOG_CHROMIUM=\(plain) is not an executable"), "\(error)")
        }
    }

    func testX2_engineKilledMidRunGivesTheMessageAndNoProcessIsLeft() throws {
        let browser = try EngineLaunch.launch()
        let page = try browser.newPage(width: 400, height: 600, beginFrameControl: false)
        let pgid = browser.pid
        kill(-pgid, SIGKILL)
        let started = Date()
        XCTAssertThrowsError(try page.call("Runtime.evaluate", .obj(("expression", .string("1"))),
                                           doing: "stepping the page to tick 240")) { error in
            guard case .engineExited(let doing, let status, _)? = error as? EngineError else {
                return XCTFail("expected engineExited, got \(error)")
            }
            XCTAssertEqual(doing, "stepping the page to tick 240")
            XCTAssertFalse(status.isEmpty)
            XCTAssertTrue("\(error)".hasPrefix("the browser engine ended ("), "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "bounded, no hang")
        browser.close()
        XCTAssertEqual(EngineProcesses.waitUntilGone(pgid), [])
    }

    func testX2_silentEngineTimesOutNamingTheCommand() throws {
        var options = LaunchOptions()
        options.commandTimeout = 1
        let browser = try EngineLaunch.launch(options)
        let page = try browser.newPage(width: 400, height: 600, beginFrameControl: false)
        let pgid = browser.pid
        kill(-pgid, SIGSTOP)
        XCTAssertThrowsError(try page.call("Runtime.evaluate", .obj(("expression", .string("1"))),
                                           doing: "reading the page's geometry")) { error in
            XCTAssertEqual(error as? EngineError,
                           .timeout(waitingFor: "the reply to Runtime.evaluate", seconds: 1,
                                    doing: "reading the page's geometry"))
            XCTAssertEqual("\(error)", "the browser engine did not answer within 1 s while reading the "
                           + "page's geometry (waiting for the reply to Runtime.evaluate)")
        }
        browser.close()
        XCTAssertEqual(EngineProcesses.waitUntilGone(pgid), [], "a stopped engine is killed too")
    }

    func testX2_commandErrorsComeBackNamed() throws {
        let browser = try EngineLaunch.launch()
        defer { browser.close() }
        XCTAssertThrowsError(try browser.client.call("No.suchMethod")) { error in
            guard case .commandFailed(let command, _, _)? = error as? EngineError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(command, "No.suchMethod")
        }
    }

    func testX2_numbersKeepTheirDigits() {
        XCTAssertEqual(ProtocolJSON.write(.obj(("a", .number(2.8125)), ("b", .int(3)), ("c", .string("x\"")))),
                       #"{"a":2.8125,"b":3,"c":"x\""}"#)
    }
}
