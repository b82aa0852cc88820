import ScrollPhysics

/// M2 (NestedPanRouter): the seed's routing between a self-scrolling web view and the list.
/// Content moving up scrolls the web view until its bottom, then the list; content moving down
/// scrolls the list until its top, then the web view. The list bounces at its bottom (P3).
public final class NestedPanRouter: PanTarget {
    private var webOld = 0.0
    private var listOld = 0.0
    /// The list's bottom bounce (P3). Off under the `android` law: RecyclerView shows no
    /// overscroll, only its edge effect (F1, F2).
    public private(set) var bouncesAtBottom = true

    public func use(_ physics: PhysicsModel) { bouncesAtBottom = physics != .android }

    public init() {}

    public func panBegan(_ s: inout ListScene) {
        s.perform(.stopAnimation)
        webOld = s.web.offset
        listOld = s.scrollView.offset
    }

    /// setScrollOffsetY(dValue:isWebView:)
    private func setScrollOffsetY(_ dValue: Double, isWebView: Bool, bounce: Bool, _ s: inout ListScene) {
        let list = s.scrollView
        let oldOffsetY = isWebView ? webOld : listOld
        let beganOffsetY = isWebView ? 0 : list.minOffset
        let maxOffsetY = isWebView ? s.web.maxOffset : list.maxOffset
        var newOffsetY = oldOffsetY - dValue
        newOffsetY = newOffsetY >= beganOffsetY ? newOffsetY : beganOffsetY
        if isWebView {
            newOffsetY = min(newOffsetY, maxOffsetY)
            s.perform(.setWebOffset(newOffsetY))
            webOld = newOffsetY
        } else {
            if newOffsetY >= maxOffsetY {
                newOffsetY = bounce && bouncesAtBottom
                    ? RubberBand.damped(newOffset: newOffsetY, oldOffset: listOld, maxOffset: maxOffsetY)
                    : max(maxOffsetY, min(listOld, newOffsetY))
            }
            s.perform(.setOffset(newOffsetY))
            listOld = newOffsetY
        }
    }

    public func pan(by dValue: Double, bounces bounce: Bool, _ s: inout ListScene) -> Bool {
        webOld = s.web.offset
        listOld = s.scrollView.dragOffset
        let webMax = s.web.maxOffset
        if dValue < 0 { // content moves up: tableView offsetY increases
            if webOld >= webMax {
                setScrollOffsetY(dValue, isWebView: false, bounce: bounce, &s)
                return listOld >= s.scrollView.maxOffset
            }
            // The seed gives a whole delta to one view; we split one that crosses the web view's
            // bottom so that nothing is lost at the hand-over (a key's `G` must reach the end).
            let webRoom = webMax - webOld
            setScrollOffsetY(max(dValue, -webRoom), isWebView: true, bounce: bounce, &s)
            if -dValue > webRoom { setScrollOffsetY(dValue + webRoom, isWebView: false, bounce: bounce, &s) }
            return false
        } else { // content moves down
            if listOld <= s.scrollView.minOffset {
                setScrollOffsetY(dValue, isWebView: true, bounce: bounce, &s)
                return webOld <= 0
            }
            let listRoom = listOld - s.scrollView.minOffset
            setScrollOffsetY(min(dValue, listRoom), isWebView: false, bounce: bounce, &s)
            if dValue > listRoom { setScrollOffsetY(dValue - listRoom, isWebView: true, bounce: bounce, &s) }
            return false
        }
    }

    public func room(contentUp: Bool, _ s: ListScene) -> Double {
        let list = s.scrollView
        if contentUp { return max(0, s.web.maxOffset - s.web.offset) + max(0, list.maxOffset - list.offset) }
        return -(max(0, s.web.offset) + max(0, list.offset - list.minOffset))
    }

    public func settle(_ s: inout ListScene) {
        let o = s.scrollView.offset, maxY = s.scrollView.maxOffset
        if o > maxY { s.perform(.animate(.springBack(from: o, to: maxY), programmatic: false, stopsAtEnds: false)) }
    }

    public func indicator(_ s: ListScene) -> (offset: Double, content: Double, viewport: Double) {
        let list = s.scrollView
        let visible = list.viewportHeight - list.insetTop - list.insetBottom
        return (s.web.offset + (list.offset - list.minOffset), s.web.maxOffset + list.contentHeight, visible)
    }
}
