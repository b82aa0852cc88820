import ScrollPhysics

/// What one pan gesture scrolls (P1–P3, M1–M3). Deltas are the finger's movement in pt
/// (positive = finger down = content moves down = offsets decrease), as in the seed's
/// `setScrollOffsetY(dValue:isWebView:)`.
public protocol PanTarget: AnyObject {
    /// gestureBegan: remember where everything starts.
    func panBegan()
    /// Moves content by a finger delta. `bounce` allows the damped overscroll at the list's bottom.
    /// Returns true when inertia should end here (a bound was reached).
    func pan(by dValue: Double, bounce: Bool) -> Bool
    /// How far content can still move up (positive) or down (negative) without overscroll.
    func room(contentUp: Bool) -> Double
    /// Release without inertia, or inertia ended: back inside the bounds (the seed's notBehaviorAnimation).
    func settle(now: Int)
    /// Position and length over the whole scrollable content, for the indicator (P7).
    var indicator: (offset: Double, content: Double, viewport: Double) { get }
}

/// M1: the native list alone, with the seed's bottom bounce (P3) and a hard stop at the top.
public final class ListPanTarget: PanTarget {
    let scrollView: ScrollView
    private var oldOffset = 0.0

    public init(scrollView: ScrollView) { self.scrollView = scrollView }

    public func panBegan() {
        scrollView.stopAnimation()
        oldOffset = scrollView.offset
    }

    public func pan(by dValue: Double, bounce: Bool) -> Bool {
        oldOffset = scrollView.offset
        var newOffset = oldOffset - dValue
        let minY = scrollView.minOffset, maxY = scrollView.maxOffset
        if newOffset < minY && dValue > 0 { newOffset = max(minY, min(oldOffset, newOffset)) }
        if newOffset < minY { newOffset = minY }
        if newOffset >= maxY && dValue < 0 {
            newOffset = bounce ? RubberBand.damped(newOffset: newOffset, oldOffset: oldOffset, maxOffset: maxY)
                               : max(maxY, min(oldOffset, newOffset))
        }
        scrollView.offset = newOffset
        // Inertia ends at a bound: the bottom when moving up, the top when moving down.
        return (dValue < 0 && newOffset >= maxY) || (dValue > 0 && newOffset <= minY)
    }

    public func room(contentUp: Bool) -> Double {
        contentUp ? max(0, scrollView.maxOffset - scrollView.offset) : -max(0, scrollView.offset - scrollView.minOffset)
    }

    public func settle(now: Int) {
        let o = scrollView.offset
        let target = scrollView.clamp(o)
        if target != o { scrollView.animate(.springBack(from: o, to: target), now: now, programmatic: false) }
    }

    public var indicator: (offset: Double, content: Double, viewport: Double) {
        let visible = scrollView.viewportHeight - scrollView.insetTop - scrollView.insetBottom
        return (scrollView.offset - scrollView.minOffset, scrollView.contentHeight, visible)
    }
}

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
                newOffsetY = bounce ? RubberBand.damped(newOffset: newOffsetY, oldOffset: listOld, maxOffset: maxOffsetY)
                                    : max(maxOffsetY, min(listOld, newOffsetY))
            }
            list.offset = newOffsetY
            listOld = newOffsetY
        }
    }

    public func pan(by dValue: Double, bounce: Bool) -> Bool {
        webOld = webOffset()
        listOld = list.offset
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

    public func settle(now: Int) {
        let o = list.offset
        if o > list.maxOffset { list.animate(.springBack(from: o, to: list.maxOffset), now: now, programmatic: false) }
    }

    public var indicator: (offset: Double, content: Double, viewport: Double) {
        let visible = list.viewportHeight - list.insetTop - list.insetBottom
        let webMax = webMaxOffset()
        return (webOffset() + (list.offset - list.minOffset), webMax + list.contentHeight, visible)
    }
}

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

    public func settle(now: Int) {}

    public var indicator: (offset: Double, content: Double, viewport: Double) {
        (webOffset(), contentHeight(), visibleHeight())
    }
}
