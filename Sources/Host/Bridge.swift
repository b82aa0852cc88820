/// D4: how many 60 Hz frames pass between the page's call to the hook and the app's handler,
/// by each platform's mechanism.
///
/// - Android: `@JavascriptInterface` methods "are called on a private, background thread of the
///   WebView" (WebView.addJavascriptInterface docs; Chromium's JavaBridge thread), and the sample
///   moves the call to the UI thread with `webView.post`, which queues it on the UI thread's
///   Looper behind the frame being drawn (View.post docs). Two hops: the bridge thread picks the
///   call up after the renderer's frame, and the UI thread runs the posted Runnable on its next
///   turn: 2 frames.
/// - iOS: `window.webkit.messageHandlers.x.postMessage` sends the message over IPC from the web
///   content process; `userContentController(_:didReceive:)` is called asynchronously on the
///   main thread (WKScriptMessageHandler docs): 1 frame.
/// - naive: the emulator's old same-frame delivery, 0.
public enum BridgeDelivery {
    public static func frames(for platform: Platform) -> Int {
        switch platform {
        case .android: return 2
        case .ios: return 1
        case .naive: return 0
        }
    }
    /// The largest delay a scenario or `--bridge-delay` may ask for: one second.
    public static let maxFrames = 60
}

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
