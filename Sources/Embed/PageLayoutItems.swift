import LiveblogModel

/// What the page's footer holds (E1, E15, L8): the timeline strip's rows, then the load-more
/// button while older posts remain, else a blank line.
struct PageFooter {
    var height: Double
    var stripRows: Int
    /// Posts not loaded yet.
    var remaining: Int
    var loading: Bool
}

extension PageLayout {
    /// The header block (E1, E14): the sticky site header, then the liveblog title and scoreboard,
    /// or why there is no liveblog.
    static func header(lifecycle: Lifecycle, stickyHeader: Double, origin: String, liveblog: Liveblog,
                       columns: Int, line: Double) -> (items: [PageItem], height: Double) {
        var items: [PageItem] = []
        var y = 0.0
        func add(_ kind: PageItem.Kind) {
            items.append(PageItem(y: y, height: line, kind: kind))
            y += line
        }
        if stickyHeader > 0 {
            items.append(PageItem(y: 0, height: stickyHeader, kind: .siteHeader(origin), indent: 0))
            y = stickyHeader
        }
        switch lifecycle {
        case .notInitialized(let reason):
            for l in TextLayout.wrap(plain: reason, columns: columns) { add(.notice(l)) }
        case .removed:
            add(.notice("The liveblog was removed from the page."))
        case .live:
            add(.blank)
            let title = RichText(runs: [TextRun(text: liveblog.title, bold: true)])
            for l in TextLayout.wrap(title, columns: columns) { add(.title(l)) }
            if let s = liveblog.scoreboard { add(.scoreboard(s)) }
            add(.rule)
        }
        return (items, y)
    }

    /// Everything that overlaps [y0, y1), with absolute page y: O(log n + visible).
    mutating func items(from y0: Double, to y1: Double, posts: [Post], loadedCount: Int, showsPosts: Bool,
                        footer: PageFooter, _ geometry: MediaGeometry) -> [PageItem] {
        var out = header.filter { $0.y + $0.height > y0 && $0.y < y1 }
        let postsEnd = headerHeight + postsHeight
        if showsPosts, loadedCount > 0, y1 > headerHeight, y0 < postsEnd {
            var i = postIndex(atPostsY: max(0, y0 - headerHeight)) ?? 0
            while i < loadedCount {
                let top = postTop(i)
                if top >= y1 { break }
                let postItems = items(of: i, posts[i], geometry)
                for var it in postItems where top + it.y + it.height > y0 && top + it.y < y1 {
                    it.y += top
                    out.append(it)
                }
                i += 1
            }
        }
        if footer.height > 0 && postsEnd < y1 && postsEnd + footer.height > y0 {
            out += footerItems(from: y0, to: y1, postsEnd: postsEnd, footer)
        }
        return out
    }

    private func footerItems(from y0: Double, to y1: Double, postsEnd: Double,
                             _ footer: PageFooter) -> [PageItem] {
        let line = cell.height
        var out: [PageItem] = []
        for r in 0..<footer.stripRows {
            let y = postsEnd + Double(r) * line
            if y + line > y0 && y < y1 {
                out.append(PageItem(y: y, height: line, kind: .stripRow(r), indent: 1))
            }
        }
        let stripEnd = postsEnd + Double(footer.stripRows) * line
        if footer.remaining > 0 {
            out.append(PageItem(y: stripEnd + line, height: line,
                                kind: .loadMore(remaining: footer.remaining, loading: footer.loading)))
        } else {
            out.append(PageItem(y: stripEnd, height: line, kind: .blank))
        }
        return out
    }
}
