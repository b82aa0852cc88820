import Foundation
import XCTest
import TestSupport

/// A test of a page of one's own in Chromium: a folder of its files, served by the test's own
/// loopback server (stopped, and the folder removed, after each test).
class ServedPageTestCase: XCTestCase {
    var server: LoopbackServer?
    var dir = ""

    override func setUpWithError() throws {
        try Requirement.browserEngine()
        dir = NSTemporaryDirectory() + "served-page-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        server = try LoopbackServer(serving: [dir])
    }

    override func tearDown() {
        server?.stop()
        server = nil
        try? FileManager.default.removeItem(atPath: dir)
        super.tearDown()
    }
}
