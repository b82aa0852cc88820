import ScrollPhysics

/// M3: a web view that scrolls itself under a collapsing header (the Qiita seed). Only the web
/// view's offset moves; the header follows it (`min(s, h)`).
public final class HeaderPanTarget: PanTarget {
    public init() {}

    public func panBegan(_ s: inout ListScene) {}

    public func pan(by dValue: Double, bounces bounce: Bool, _ s: inout ListScene) -> Bool {
        let old = s.web.offset
        let new = min(max(0, old - dValue), s.web.maxOffset)
        s.perform(.setWebOffset(new))
        return (dValue < 0 && new >= s.web.maxOffset) || (dValue > 0 && new <= 0)
    }

    public func room(contentUp: Bool, _ s: ListScene) -> Double {
        contentUp ? max(0, s.web.maxOffset - s.web.offset) : -max(0, s.web.offset)
    }

    public func settle(_ s: inout ListScene) {}

    public func indicator(_ s: ListScene) -> (offset: Double, content: Double, viewport: Double) {
        (s.web.offset, s.web.contentHeight, s.web.visibleHeight)
    }
}
