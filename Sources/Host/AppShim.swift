/// What reaches the app's native side from the page: the values the platform's bridge hands the
/// host (D4 delays its delivery). The iOS message handler reads `{top, correction, jumpId}`; the
/// Android `@JavascriptInterface` method receives exactly these three.
public struct BridgeCall: Sendable, Equatable {
    public var top: Double
    public var correction: Bool
    public var jumpId: Int

    public init(top: Double, correction: Bool, jumpId: Int) {
        self.top = top
        self.correction = correction
        self.jumpId = jumpId
    }
}

/// The app's injected script (the seed's shim, `window.tickarooLiveblogScrollTo = function (top,
/// info) { … }`): how a call of the embed's hook becomes the bridge call, on both platforms
/// `(top, !!(info && info.correction), (info && info.jumpId) || 0)`. A real engine runs the shim
/// itself; for the emulated page the host side applies this rule to each hook call.
public enum AppShim {
    /// `args`: how many arguments the page passed (1 or 2, E7/E8); `declared`: how many the hook
    /// that received them declares (F5: a hook swapped mid-hold gets the jump's shape; one that
    /// declares no `info` has none to forward even when it is passed; nil: the hook's own shape).
    public static func bridgeCall(top: Double, correction: Bool, jumpId: Int, args: Int,
                                  declared: Int?) -> BridgeCall {
        if min(args, declared ?? args) >= 2 {
            return BridgeCall(top: top, correction: correction, jumpId: jumpId)
        }
        // No info: `!!(undefined && …)` is false, `(undefined && …) || 0` is 0.
        return BridgeCall(top: top, correction: false, jumpId: 0)
    }
}
