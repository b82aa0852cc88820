import LiveblogModel
import Embed
import Host
import ScrollPhysics
import TextCells

/// Where things are: the web view's frame per mode, rows, post positions, anchors (M1–M4, U3, T5).
extension World {
    /// The web view's frame in the viewport, its height, and the page's scroll position.
    public var webFrame: (top: Double, height: Double, scroll: Double) {
        switch config.mode {
        case .content:
            return (scrollSide.list.webRowY - scrollSide.list.scrollView.offset, scrollSide.list.webRowHeight, 0)
        case .nested:
            return (scrollSide.list.webRowY - scrollSide.list.scrollView.offset, visibleHeight, pageSide.page.scrollY)
        case .header:
            let h = headerHeight
            let s = pageSide.page.scrollY
            let top = insetTop + h - min(s, h)
            return (top, viewportHeight - insetBottom - top, s)
        }
    }

    /// M3's header: `headerRows` native rows.
    public var headerHeight: Double { Double(config.headerRows) * line }
    /// M3: the header moves up by min(s, h) and fades by 1 − min(s, h)/h.
    public var headerFade: Double {
        let h = headerHeight
        guard h > 0 else { return 0 }
        return 1 - min(pageSide.page.scrollY, h) / h
    }

    /// Viewport y of a page y.
    public func viewportY(pageY: Double) -> Double {
        let f = webFrame
        return f.top + pageY - f.scroll
    }

    /// A post's top in the viewport minus the top inset (docs/contract.md `post.y`), nil when not laid out.
    public func postY(_ id: String) -> Double? {
        guard let top = pageSide.page.postTop(id: id) else { return nil }
        return viewportY(pageY: top) - insetTop
    }

    /// What each terminal row shows (U3: row r shows content at offset + 16·r + 8).
    public func rowContent(_ r: Int) -> RowContent {
        let vy = Double(r) * line + line / 2
        switch config.mode {
        case .content:
            let y = scrollSide.list.scrollView.offset + vy
            if y < 0 { return .empty }
            if y < scrollSide.list.webRowY { return .nativeHeader(Int(y / line)) }
            if y < scrollSide.list.footerY { return .page(y - scrollSide.list.webRowY) }
            let i = Int((y - scrollSide.list.footerY) / line)
            return i < scrollSide.list.footerRows ? .nativeFooter(i) : .empty
        case .nested:
            let y = scrollSide.list.scrollView.offset + vy
            if y < 0 { return .empty }
            if y < scrollSide.list.footerY { return .page(pageSide.page.scrollY + y) }
            let i = Int((y - scrollSide.list.footerY) / line)
            return i < scrollSide.list.footerRows ? .nativeFooter(i) : .empty
        case .header:
            let f = webFrame
            if vy < insetTop { return .empty }
            if vy < f.top {
                let i = Int((vy - (f.top - headerHeight)) / line)
                return .collapsingHeader(max(0, min(config.headerRows - 1, i)), fade: headerFade)
            }
            return .page(pageSide.page.scrollY + vy - f.top)
        }
    }

    /// Is the viewport point over the web view?
    public func isOverWeb(viewportY vy: Double) -> Bool {
        guard vy >= insetTop, vy < viewportHeight - insetBottom else { return false }
        if case .page = rowContent(Int(vy / line)) { return true }
        return false
    }

    /// A world value, as every frame line carries it and expectations watch it (Q3).
    /// Q9: how far the reader can scroll in all: the list's range, and the web view's own in
    /// nested and header modes (0 in content mode, where it never scrolls).
    public var wholeScrollRange: Double {
        scrollSide.list.scrollView.maxOffset - scrollSide.list.scrollView.minOffset + value(.webOffset) + value(.webRemaining)
    }

    public func value(_ k: Scenario.ValueKind) -> Double {
        switch k {
        case .offset: return scrollSide.list.scrollView.offset
        case .webOffset: return config.mode == .content ? 0 : pageSide.page.scrollY
        case .webHeight: return scrollSide.list.webRowHeight
        case .documentHeight: return pageSide.page.contentHeight
        case .overscroll:
            let sv = scrollSide.list.scrollView
            return max(0, sv.offset - sv.maxOffset) + max(0, sv.minOffset - sv.offset)
        case .webRemaining: return config.mode == .content ? 0 : max(0, pageSide.page.maxScrollY - pageSide.page.scrollY)
        case .headerShift: return config.mode == .header ? min(pageSide.page.scrollY, headerHeight) : 0
        case .headerFade: return config.mode == .header ? headerFade : 1
        case .edgeEffect: return scrollSide.pan.edgeEffectDistance
        }
    }

    /// F10: the list's scroll state, as the platform's sample reads it. Android: RecyclerView's
    /// SCROLL_STATE_IDLE, DRAGGING or SETTLING (`idle`, `dragging`, `settling`). iOS (and naive, a
    /// UIKit list too): UIScrollView's isDragging, isDecelerating, or an animation running
    /// (setContentOffset(animated:), a key or wheel scroll: `animating`), else `idle`.
    public var scrollState: String { scrollSide.scrollState(config.platform) }

    // MARK: - Anchors (M4, T5)

    /// The post at the top of the visible area and the viewport y of its top (M4, T5).
    public func readingAnchor() -> (postIndex: Int, viewportY: Double)? {
        for r in config.insetTopRows..<max(config.insetTopRows + 1, viewRows - config.insetBottomRows) {
            if case .page(let py) = rowContent(r), let i = pageSide.page.postIndex(at: py) {
                return (i, viewportY(pageY: pageSide.page.postTop(index: i)))
            }
        }
        return nil
    }

    /// Brings the anchor's post back to its viewport y, so it stays on the same row: the scroll
    /// side moves the list (M1), the page side its own scrolling (M2, M3).
    func restoreAnchor(_ a: (postIndex: Int, viewportY: Double)) {
        guard a.postIndex < pageSide.page.loadedCount else { return }
        // Self-scrolling web views: the list rests at its top (the web view in full view) first.
        if config.mode != .content { scrollSide.toTop(clamped: false) }
        let shift = viewportY(pageY: pageSide.page.postTop(index: a.postIndex)) - a.viewportY
        switch config.mode {
        case .content:
            let page = pageSide.page
            let resizeComing = page.contentHeight != scrollSide.list.webRowHeight || !pageSide.pendingResizes.isEmpty
            scrollSide.shift(by: shift, resizeComing: resizeComing)
        case .nested, .header:
            pageSide.page.scrollY = pageSide.page.clampedScroll(pageSide.page.scrollY + shift)
        }
    }

    /// The link under a page point, if any.
    public func link(atPageY py: Double, column: Int) -> String? { pageSide.link(atPageY: py, column: column) }
}
