/// The app's injected script (the seed's shim, `window.tickarooLiveblogScrollTo = function (top,
/// info) { … }`): how a call of the embed's hook becomes the bridge call, on both platforms
/// `(top, !!(info && info.correction), (info && info.jumpId) || 0)`. A real engine runs the shim
/// in the page; the emulated page applies this rule to each hook call it makes, so every page
/// hands the World its bridge calls (`PageEvent.bridge`) the same way.
public enum AppShim {
    /// `args`: how many arguments the page passed (1 or 2, E7/E8); `declared`: how many the hook
    /// that received them declares (F5: a hook swapped mid-hold gets the jump's shape; one that
    /// declares no `info` has none to forward even when it is passed; nil: the hook's own shape).
    public static func bridgeCall(top: Double, correction: Bool, jumpId: Int, args: Int,
                                  declared: Int?) -> PageEvent {
        let v = values(top: top, correction: correction, jumpId: jumpId, args: args, declared: declared)
        return .bridge(top: v.top, correction: v.correction, jumpId: v.jumpId)
    }

    /// The values the app's handler receives (what an app's own log records, A1).
    public static func values(top: Double, correction: Bool, jumpId: Int, args: Int,
                              declared: Int?) -> (top: Double, correction: Bool, jumpId: Int) {
        if min(args, declared ?? args) >= 2 { return (top, correction, jumpId) }
        // No info: `!!(undefined && …)` is false, `(undefined && …) || 0` is 0.
        return (top, false, 0)
    }
}
