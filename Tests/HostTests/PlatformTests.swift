import XCTest
import ScrollPhysics
@testable import Host

/// F2, X5: what a platform decides: its list's law per mode (and the override), and the web view
/// its app embeds.
final class PlatformTests: XCTestCase {
    // F2: which law each platform's list uses, and the override.
    func testF2_lawPerPlatformAndMode() {
        XCTAssertEqual(Platform.ios.physics(list: .contentSizedRow), .uikit)
        XCTAssertEqual(Platform.android.physics(list: .contentSizedRow), .android)
        XCTAssertEqual(Platform.naive.physics(list: .contentSizedRow), .uikit)
        XCTAssertEqual(Platform.ios.physics(list: .selfScrollingWebView), .uidynamic)
        XCTAssertEqual(Platform.naive.physics(list: .selfScrollingWebView), .uidynamic)
        XCTAssertEqual(Platform.android.physics(list: .selfScrollingWebView), .android)
        let m1 = PhysicsModel.ListKind.contentSizedRow
        XCTAssertEqual(Platform.ios.physics(list: m1, override: .uidynamic), .uidynamic)
        XCTAssertEqual(Platform.android.physics(list: m1, override: .uikit), .uikit)
        XCTAssertNil(Platform(rawValue: "web"))
    }

    // X5: the naive host is the iOS app: its web view is WKWebView.
    func testX5_webViewOfEachPlatform() {
        XCTAssertEqual(Platform.allCases.map(\.webView), [.ios, .android, .ios])
    }
}
