import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation
import Embed
import Host

final class JumpLandingTests: XCTestCase {
    /// H3: ios lands under top inset after3g loads
    func testH3_iosLandsUnderTopInsetAfter3gLoads() {
        let r = simulate(fixture(), config(platform: .ios), duration: 12,
                    events: [.init(at: 0.1, event: .jump(id: "p30", topOffset: nil))],
                    expect: [.landsAt(post: "p30", y: 0, tolerance: 16, by: 11)])
        let out = r.evaluate()
        XCTAssertTrue(out.allSatisfy(\.passed), out.map(\.detail).joined(separator: "; "))
        XCTAssertEqual(r.world.postY("p30") ?? -1, 0, accuracy: 1)
    }

    /// H3: android lands under top inset after3g loads
    func testH3_androidLandsUnderTopInsetAfter3gLoads() {
        let r = simulate(fixture(), config(platform: .android), duration: 12,
                    events: [.init(at: 0.1, event: .jump(id: "p30", topOffset: nil))])
        XCTAssertEqual(r.world.postY("p30") ?? -1, 0, accuracy: 1)
    }
}
