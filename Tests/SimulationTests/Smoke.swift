import XCTest
final class SimulationTestsSmoke: XCTestCase { func testBuilds() {} }
