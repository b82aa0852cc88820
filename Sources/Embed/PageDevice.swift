/// The page on a device (docs/emulation.md): its width and its image cap change together, in one layout.
extension Page {
    /// Re-lays the page at a new width (D2, T5) and image cap (D5) at once: posts move, which
    /// sends corrections during a held jump; one `layout` line when the height changed.
    public func setGeometry(width w: Double, imageCap: Double?) {
        guard w != width || imageCap != config.maxImageHeight else { return }
        width = w
        config.maxImageHeight = imageCap
        relayoutAll()
        emitLayout("resize")
    }

    /// D5: the cap images are scaled down to, nil: none.
    public var imageCap: Double? { config.maxImageHeight }
}
