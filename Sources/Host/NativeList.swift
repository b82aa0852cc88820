/// The native list of mode M1 (H1), as a value: header rows, the content-sized web row, footer
/// rows, and the scroll view that scrolls them (its content height is theirs).
public struct NativeList: Equatable {
    public let line: Double
    public var headerRows: Int { didSet { update() } }
    public var footerRows: Int { didSet { update() } }
    /// As tall as the page last reported (E2).
    public private(set) var webRowHeight: Double
    public var scrollView: ScrollView

    public init(headerRows: Int, footerRows: Int, webRowHeight: Double, scrollView: ScrollView, line: Double = 16) {
        self.headerRows = headerRows
        self.footerRows = footerRows
        self.webRowHeight = webRowHeight
        self.scrollView = scrollView
        self.line = line
        update()
    }

    /// The web row's frame.minY in the list's content.
    public var webRowY: Double { Double(headerRows) * line }
    public var footerY: Double { webRowY + webRowHeight }
    public var contentHeight: Double { footerY + Double(footerRows) * line }

    public mutating func setWebRowHeight(_ h: Double) {
        webRowHeight = h
        update()
    }

    private mutating func update() { scrollView.contentHeight = contentHeight }
}
