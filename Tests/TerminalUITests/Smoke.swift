import XCTest
final class TerminalUITestsSmoke: XCTestCase { func testBuilds() {} }
