import XCTest
final class ArgumentsSmoke: XCTestCase { func testBuilds() {} }
