import XCTest
final class TerminalKitTestsSmoke: XCTestCase { func testBuilds() {} }
