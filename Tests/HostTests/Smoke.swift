import XCTest
final class HostTestsSmoke: XCTestCase { func testBuilds() {} }
