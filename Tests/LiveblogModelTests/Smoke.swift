import XCTest
final class LiveblogModelTestsSmoke: XCTestCase { func testBuilds() {} }
