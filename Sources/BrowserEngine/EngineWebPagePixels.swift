import Embed
import LiveblogModel

/// X9 on a terminal with pixel graphics: the rows the engine's pixels have come for are drawn as
/// those pixels (`PageTiles`: one image a cell row), the others as the engine's text layout
/// until theirs come. The frame asks for the next capture and never waits for one. Either engine
/// (`PagePixels`: Chromium's screenshots, WebKit's snapshots, X14).
extension EngineWebPage {
    /// Once a drawn frame: the capture that came taken in, the next one asked for.
    public func prepareToDraw(from y0: Double, to y1: Double, columns: Int) {
        if columns > 0 { drawnColumns = columns }
        guard let tiles, let engine = driver as? any PageDriver & PagePixels, failure == nil, y1 > y0, columns > 0
        else { return }
        // Exactly what the row's cells show (a phone wider than the terminal is cut at the right).
        let width = min(engine.width, Double(columns) * config.cell.width)
        let margin = layoutMargin(y0, y1)
        attempt {
            if !selfScrolling { try engine.reach(from: y0, to: y1) }
            guard let s = try engine.layout(from: y0, to: y1, margin: margin) else { return }
            // A self-scrolling web view paints its viewport only (the clip is in the document's
            // coordinates, as the rows are).
            let row = config.cell.height
            let top = Int((scrollY / row).rounded(.up)), bottom = Int(((scrollY + viewportHeight) / row).rounded(.down))
            let painted = selfScrolling ? top..<max(top, bottom) : nil
            // A tile is of one document's version (a new document's count restarts at 0).
            let version = engine.documents << 32 | s.version
            try tiles.update(engine, visible: tiles.rows(from: y0, to: y1), version: version,
                             width: width, contentHeight: max(s.contentHeight, contentHeight), within: painted)
        }
    }

    /// The layout's items with a tile item on every row that has one (the renderer draws the
    /// last item a row falls in: the tile), the layout's images as placeholders (their pixels are
    /// the tiles'; one drawn over several rows would cover the tiles beside it).
    func tiledItems(_ laid: [PageItem], _ tiles: PageTiles, from y0: Double, to y1: Double,
                    postIndex: (Double) -> Int?) -> [PageItem] {
        var out = laid.map { item -> PageItem in
            guard case .media(let m, let state) = item.kind, case .loaded = state else { return item }
            var it = item
            it.kind = .media(m, .pending)
            return it
        }
        for row in tiles.rows(from: y0, to: y1) {
            guard let t = tiles.tiles[row] else { continue }
            let y = Double(row) * tiles.rowHeight
            let media = Media(id: t.key, kind: .image, url: t.key, alt: "the page")
            out.append(PageItem(y: y, height: tiles.rowHeight,
                                kind: .media(media, .loaded(pixelWidth: t.image.width, pixelHeight: t.image.height,
                                                            path: t.key)),
                                postIndex: postIndex(y), indent: 0))
        }
        return out
    }
}
