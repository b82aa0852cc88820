/// A phone, a tablet or the terminal itself (docs/emulation.md, D1): the viewport in points (dp), the
/// screen's density, the system bars and safe-area insets, and how the platform's web-view
/// bridge delivers the page's call to the app (D4).
///
/// Sources of the values:
/// - Apple: Human Interface Guidelines, "Layout" → "Specifications" → "iOS, iPadOS device screen
///   sizes" (points and scale factor); safe-area insets as UIKit reports them in
///   `view.safeAreaInsets` in portrait (status bar + sensor housing on top, home indicator at
///   the bottom), as Xcode's simulators for these devices show them.
/// - Android: the makers' specification sheets (pixels and ppi), `DisplayMetrics.density` =
///   densityDpi / 160 (developer.android.com "Support different pixel densities"); the bars
///   from AOSP `frameworks/base/core/res/res/values/dimens.xml` (`status_bar_height` 24dp,
///   `navigation_bar_height` 48dp for three-button navigation).
public struct DeviceProfile: Sendable, Equatable {
    public let name: String
    /// The device's own platform (the scenario's `platform` or `--platform` may differ).
    public let platform: Platform
    /// The screen in points (iOS) or dp (Android), portrait.
    public let width: Double
    public let height: Double
    /// Device pixels per point: UIScreen.scale, DisplayMetrics.density (D3).
    public let density: Double
    /// The system bar (status bar, sensor housing) over the top, in pt (dp).
    public let safeTop: Double
    /// The home indicator (iOS) or the navigation bar (Android) at the bottom, in pt (dp).
    public let safeBottom: Double
    /// Where the value came from, for the README's table.
    public let source: String

    /// The list's viewport: the screen less the system bars (the app's list sits in the safe
    /// area; the app's own bars are the scenario's `insets`, drawn over the list).
    public var viewportHeight: Double { height - safeTop - safeBottom }
    public var isTerminal: Bool { name == DeviceProfile.terminalName }

    public static let terminalName = "terminal"

    /// The terminal: its own width and height (U2), density 1, no system bars (D5 applies).
    public static let terminal = DeviceProfile(name: terminalName, platform: .ios, width: 0, height: 0,
                                               density: 1, safeTop: 0, safeBottom: 0,
                                               source: "the terminal's cells (U2: 8 × 16 pt)")

    /// iPhone SE (3rd generation): 375 × 667 pt @2x (HIG screen sizes); 20 pt status bar, no
    /// home indicator (safeAreaInsets 20/0).
    public static let iphoneSE = DeviceProfile(name: "iphone-se", platform: .ios, width: 375, height: 667,
                                               density: 2, safeTop: 20, safeBottom: 0,
                                               source: "Apple HIG screen sizes; safeAreaInsets 20/0")
    /// iPhone 15: 393 × 852 pt @3x (HIG); Dynamic Island status area 59 pt, home indicator 34 pt.
    public static let iphone15 = DeviceProfile(name: "iphone-15", platform: .ios, width: 393, height: 852,
                                               density: 3, safeTop: 59, safeBottom: 34,
                                               source: "Apple HIG screen sizes; safeAreaInsets 59/34")
    /// iPhone 15 Pro Max: 430 × 932 pt @3x (HIG); safe area 59 / 34 pt.
    public static let iphone15ProMax = DeviceProfile(name: "iphone-15-pro-max", platform: .ios, width: 430,
                                                     height: 932, density: 3, safeTop: 59, safeBottom: 34,
                                                     source: "Apple HIG screen sizes; safeAreaInsets 59/34")
    /// iPad (10th generation): 820 × 1180 pt @2x (HIG); status bar 24 pt, home indicator 20 pt.
    public static let ipad = DeviceProfile(name: "ipad", platform: .ios, width: 820, height: 1180,
                                           density: 2, safeTop: 24, safeBottom: 20,
                                           source: "Apple HIG screen sizes; safeAreaInsets 24/20")
    /// Pixel 8: 1080 × 2400 px at density 2.625 (420 dpi) → 411.4 × 914.3 dp, rounded to the
    /// 412 × 915 CSS px Chrome shows for this screen (DevTools' Pixel 7 preset, same panel);
    /// status bar 24 dp, navigation bar 48 dp (AOSP dimens.xml).
    public static let pixel8 = DeviceProfile(name: "pixel-8", platform: .android, width: 412, height: 915,
                                             density: 2.625, safeTop: 24, safeBottom: 48,
                                             source: "Pixel 8 specs 1080×2400, 420 dpi; AOSP dimens.xml")
    /// Samsung Galaxy S24: 1080 × 2340 px (Samsung's specification, FHD+ default) at the default
    /// 450 dpi → density 2.8125 → 384 × 832 dp; status bar 24 dp, navigation bar 48 dp (AOSP
    /// dimens.xml). The density is One UI's default, not on the spec sheet: check on a device.
    public static let galaxyS24 = DeviceProfile(name: "galaxy-s24", platform: .android, width: 384,
                                                height: 832, density: 2.8125, safeTop: 24, safeBottom: 48,
                                                source: "Galaxy S24 specs 1080×2340, 450 dpi; AOSP dimens.xml")

    /// Every profile, in the order help and errors list them.
    public static let all: [DeviceProfile] = [.terminal, .iphoneSE, .iphone15, .iphone15ProMax, .ipad,
                                             .pixel8, .galaxyS24]
    public static var names: [String] { all.map(\.name) }

    public static func named(_ name: String) -> DeviceProfile? { all.first { $0.name == name } }

    /// The next profile after this one (the run-time key cycles through them, D1).
    public var next: DeviceProfile {
        let all = DeviceProfile.all
        let i = all.firstIndex(of: self) ?? 0
        return all[(i + 1) % all.count]
    }
}
