import XCTest
import Arguments
@testable import QA

/// Q4: the command line offers exactly the reports there are, by the names they render under.
final class ReportFormatTests: XCTestCase {
    func testQ4_theCommandLinesReportNamesAreTheReportFormats() {
        XCTAssertEqual(LiveblogCommands.reports, ReportFormat.allCases.map(\.rawValue))
    }
}
