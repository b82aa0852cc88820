import ScrollPhysics

/// The app's platform: its host (H3), its list's law (F2) and the web view it embeds (X5). The
/// naive host is the iOS app with another host: its web view is WKWebView.
public enum Platform: String, Sendable, CaseIterable {
    case ios, android, naive
    public var next: Platform { let a = Platform.allCases; return a[(a.firstIndex(of: self)! + 1) % a.count] }

    /// The platform whose web view the app embeds: `naive` is the iOS app (X5).
    public var webView: Platform { self == .android ? .android : .ios }

    /// F2: the law this platform's list uses; `override` is `--physics` or the scenario's
    /// `"physics"`. M1: ios → uikit, android → android, naive → uikit (the naive host is a plain
    /// UIKit list). M2/M3: ios → uidynamic (the seed's nested pan drives the scrolling there),
    /// android → android, naive → uidynamic: the requirements leave naive open in M2/M3; its list is the
    /// same iOS app's nested pan (the seed's code), only its host differs, so it moves as ios
    /// does and a comparison shows the hosts' difference alone.
    public func physics(list: PhysicsModel.ListKind, override: PhysicsModel? = nil) -> PhysicsModel {
        if let override { return override }
        switch (self, list) {
        case (.android, _): return .android
        case (.ios, .contentSizedRow), (.naive, .contentSizedRow): return .uikit
        case (.ios, .selfScrollingWebView), (.naive, .selfScrollingWebView): return .uidynamic
        }
    }
}
