import XCTest
final class ScrollPhysicsTestsSmoke: XCTestCase { func testBuilds() {} }
