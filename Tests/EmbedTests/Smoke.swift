import XCTest
final class EmbedTestsSmoke: XCTestCase { func testBuilds() {} }
