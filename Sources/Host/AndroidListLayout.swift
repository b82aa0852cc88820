import ScrollPhysics

/// F8, F9, D3: the list as the Android device lays it out, in whole px. Every size is a dp
/// size turned into px as the view system does (AndroidPixels.size: the native rows' 16 dp, the
/// bars that are the RecyclerView's padding, the RecyclerView's own height), except the web row,
/// which is as tall as the WebView measures itself (AndroidPixels.webRowHeight: AwLayoutSizer's
/// `(int) (contentHeightCss · pageScale · dipScale)`). The scroll offset is px from the content's
/// top at the top padding (RecyclerView's sense, computeVerticalScrollOffset's zero).
public struct AndroidListLayout: Equatable, Sendable {
    /// The children's heights in adapter order: header rows, the web row, footer rows.
    public var rowHeights: [Int]
    public var headerRows: Int
    /// getHeight() and the padding (our bars: the list draws under them, clipToPadding false).
    public var height: Int
    public var paddingTop: Int
    public var paddingBottom: Int
    /// The scroll position, px.
    public var offset: Int

    /// The layout of `list` on a screen of `density` (1 without a device).
    public init(_ list: NativeList, density: Double) {
        let sv = list.scrollView
        let line = AndroidPixels.size(dp: list.line, density: density)
        headerRows = list.headerRows
        rowHeights = Array(repeating: line, count: list.headerRows)
            + [AndroidPixels.webRowHeight(css: list.webRowHeight, density: density)]
            + Array(repeating: line, count: list.footerRows)
        height = AndroidPixels.size(dp: sv.viewportHeight, density: density)
        paddingTop = AndroidPixels.size(dp: sv.insetTop, density: density)
        paddingBottom = AndroidPixels.size(dp: sv.insetBottom, density: density)
        // The offset is on the px grid (ScrollView.pixelScale), so this is exact on a device.
        offset = Java.round((sv.offset + sv.insetTop) * density)
    }

    /// The content's height: the children stacked.
    public var contentHeight: Int { rowHeights.reduce(0, +) }

    /// Where the list really ends (LinearLayoutManager.scrollBy consumes no further): the last
    /// child's bottom at the end after padding.
    public var maxOffset: Int { max(0, contentHeight + paddingTop + paddingBottom - height) }

    /// The web row's top in the RecyclerView (offsetDescendantRectToMyCoords), px.
    public var webRowTop: Int { paddingTop + rowHeights.prefix(headerRows).reduce(0, +) - offset }

    /// The children LinearLayoutManager has laid out: those meeting the RecyclerView.
    public var estimate: LinearLayoutEstimate {
        var rows: [LaidOutRow] = []
        var top = paddingTop - offset
        for (position, h) in rowHeights.enumerated() {
            if top < height && top + h > 0 {
                rows.append(LaidOutRow(position: position, top: top, bottom: top + h))
            }
            top += h
        }
        return LinearLayoutEstimate(rows: rows, itemCount: rowHeights.count, height: height,
                                    paddingTop: paddingTop,
                                    paddingBottom: paddingBottom)
    }
}
