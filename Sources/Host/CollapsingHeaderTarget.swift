import ScrollPhysics

/// M3: a web view that scrolls itself under a collapsing header (the Qiita seed). Only the web
/// view's offset moves; the header follows it (`min(s, h)`).
public final class HeaderPanTarget: PanTarget {
    public var webOffset: () -> Double
    public var setWebOffset: (Double) -> Void
    public var webMaxOffset: () -> Double
    public var contentHeight: () -> Double
    public var visibleHeight: () -> Double

    public init(webOffset: @escaping () -> Double, setWebOffset: @escaping (Double) -> Void,
                webMaxOffset: @escaping () -> Double, contentHeight: @escaping () -> Double,
                visibleHeight: @escaping () -> Double) {
        self.webOffset = webOffset; self.setWebOffset = setWebOffset; self.webMaxOffset = webMaxOffset
        self.contentHeight = contentHeight; self.visibleHeight = visibleHeight
    }

    public func panBegan() {}

    public func pan(by dValue: Double, bounce: Bool) -> Bool {
        let old = webOffset()
        let new = min(max(0, old - dValue), webMaxOffset())
        setWebOffset(new)
        return (dValue < 0 && new >= webMaxOffset()) || (dValue > 0 && new <= 0)
    }

    public func room(contentUp: Bool) -> Double {
        contentUp ? max(0, webMaxOffset() - webOffset()) : -max(0, webOffset())
    }

    public func settle(now tick: Int) {}

    public var indicator: (offset: Double, content: Double, viewport: Double) {
        (webOffset(), contentHeight(), visibleHeight())
    }
}
