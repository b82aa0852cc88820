import ScrollPhysics

/// M2 (NestedPanRouter): the seed's routing between a self-scrolling web view and the list.
/// Content moving up scrolls the web view until its bottom, then the list; content moving down
/// scrolls the list until its top, then the web view. The list bounces at its bottom (P3).
public final class NestedPanRouter: PanTarget {
    let list: ScrollView
    /// The web view's own offset and range.
    public var webOffset: () -> Double
    public var setWebOffset: (Double) -> Void
    public var webMaxOffset: () -> Double
    private var webOld = 0.0
    private var listOld = 0.0
    /// The list's bottom bounce (P3). Off under the `android` law: RecyclerView shows no
    /// overscroll, only its edge effect (F1, F2).
    public private(set) var bouncesAtBottom = true

    public func use(_ physics: PhysicsModel) { bouncesAtBottom = physics != .android }

    public init(list: ScrollView, webOffset: @escaping () -> Double, setWebOffset: @escaping (Double) -> Void,
                webMaxOffset: @escaping () -> Double) {
        self.list = list
        self.webOffset = webOffset
        self.setWebOffset = setWebOffset
        self.webMaxOffset = webMaxOffset
    }

    public func panBegan() {
        list.stopAnimation()
        webOld = webOffset()
        listOld = list.offset
    }

    /// setScrollOffsetY(dValue:isWebView:)
    private func setScrollOffsetY(_ dValue: Double, isWebView: Bool, bounce: Bool) {
        let oldOffsetY = isWebView ? webOld : listOld
        let beganOffsetY = isWebView ? 0 : list.minOffset
        let maxOffsetY = isWebView ? webMaxOffset() : list.maxOffset
        var newOffsetY = oldOffsetY - dValue
        newOffsetY = newOffsetY >= beganOffsetY ? newOffsetY : beganOffsetY
        if isWebView {
            newOffsetY = min(newOffsetY, maxOffsetY)
            setWebOffset(newOffsetY)
            webOld = newOffsetY
        } else {
            if newOffsetY >= maxOffsetY {
                newOffsetY = bounce && bouncesAtBottom
                    ? RubberBand.damped(newOffset: newOffsetY, oldOffset: listOld, maxOffset: maxOffsetY)
                    : max(maxOffsetY, min(listOld, newOffsetY))
            }
            list.offset = newOffsetY
            listOld = newOffsetY
        }
    }

    public func pan(by dValue: Double, bounce: Bool) -> Bool {
        webOld = webOffset()
        listOld = list.dragOffset
        if dValue < 0 { // content moves up: tableView offsetY increases
            if webOld >= webMaxOffset() {
                setScrollOffsetY(dValue, isWebView: false, bounce: bounce)
                return listOld >= list.maxOffset
            }
            // The seed gives a whole delta to one view; we split one that crosses the web view's
            // bottom so that nothing is lost at the hand-over (a key's `G` must reach the end).
            let webRoom = webMaxOffset() - webOld
            setScrollOffsetY(max(dValue, -webRoom), isWebView: true, bounce: bounce)
            if -dValue > webRoom { setScrollOffsetY(dValue + webRoom, isWebView: false, bounce: bounce) }
            return false
        } else { // content moves down
            if listOld <= list.minOffset {
                setScrollOffsetY(dValue, isWebView: true, bounce: bounce)
                return webOld <= 0
            }
            let listRoom = listOld - list.minOffset
            setScrollOffsetY(min(dValue, listRoom), isWebView: false, bounce: bounce)
            if dValue > listRoom { setScrollOffsetY(dValue - listRoom, isWebView: true, bounce: bounce) }
            return false
        }
    }

    public func room(contentUp: Bool) -> Double {
        if contentUp { return max(0, webMaxOffset() - webOffset()) + max(0, list.maxOffset - list.offset) }
        return -(max(0, webOffset()) + max(0, list.offset - list.minOffset))
    }

    public func settle(now tick: Int) {
        let o = list.offset
        if o > list.maxOffset { list.animate(.springBack(from: o, to: list.maxOffset), now: tick, programmatic: false) }
    }

    public var indicator: (offset: Double, content: Double, viewport: Double) {
        let visible = list.viewportHeight - list.insetTop - list.insetBottom
        let webMax = webMaxOffset()
        return (webOffset() + (list.offset - list.minOffset), webMax + list.contentHeight, visible)
    }
}
