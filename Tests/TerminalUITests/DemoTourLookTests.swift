import Foundation
import XCTest
@testable import TerminalUI

/// A look at the tour's frames (not a check): LIVEBLOG_DEMO_LOOK=dir writes them.
final class DemoTourLookTests: XCTestCase {
    func testLook() throws {
        guard let dir = ProcessInfo.processInfo.environment["LIVEBLOG_DEMO_LOOK"] else { return }
        for (c, r) in [(100, 30), (200, 60), (80, 24)] {
            let rig = try DemoTourRig(cols: c, rows: r)
            var out = "", events = ""
            var n = 0, last: String?
            while rig.app.running, n < 200 * 30, !(rig.app.tour?.finished ?? true) {
                if n % 30 == 0 { out += "=== step \(rig.app.tour!.index + 1) t=\(rig.app.world.seconds)\n" + rig.text() + "\n" }
                if let e = rig.app.tour?.event, e != last {
                    events += "step \(rig.app.tour!.index + 1) t=\(rig.app.world.seconds) y=\(rig.app.world.jumpStatus?.postId.flatMap { rig.app.world.postY($0) } ?? -1) \(e)\n"
                    last = e
                }
                rig.run(1.0 / 60)
                n += 1
            }
            try out.write(toFile: "\(dir)/look-\(c)x\(r).txt", atomically: true, encoding: .utf8)
            try events.write(toFile: "\(dir)/events-\(c)x\(r).txt", atomically: true, encoding: .utf8)
        }
    }
}
