import CGIF

/// The first frame of a GIF onto an RGBA canvas of the logical screen's size (transparent where
/// the frame does not cover it), de-interlaced.
enum GIFFrame {
    /// Interlaced GIFs store rows in four passes: (first row, step).
    private static let passes = [(0, 8), (4, 8), (2, 4), (1, 2)]

    static func decode(_ gif: UnsafeMutablePointer<GifFileType>, screen: ImageInfo, transparent: Int,
                       limits: DecodeLimits) -> Result<RGBAImage, ImageError> {
        let desc = gif.pointee.Image
        let frame = ImageInfo(format: .gif, width: Int(desc.Width), height: Int(desc.Height))
        if let refusal = limits.refusal(frame) { return .failure(refusal) }
        guard let map = desc.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
            return .failure(.corrupt(format: .gif, reason: "no colour table"))
        }
        let canvas = screen.width > 0 && screen.height > 0 ? screen : frame  // empty screen: the frame
        let rows = rowOrder(height: frame.height, interlaced: desc.Interlace)
        var line = [GifPixelType](repeating: 0, count: frame.width)
        let left = Int(desc.Left), top = Int(desc.Top)
        let colorCount = Int(map.pointee.ColorCount)
        let filled = ImageDecoder.withPixelBuffer(count: canvas.width * canvas.height * 4) { out in
            for y in rows {
                guard DGifGetLine(gif, &line, Int32(frame.width)) == GIF_OK else {
                    return GIFReader.failure(gif)
                }
                let cy = top + y
                guard cy >= 0, cy < canvas.height else { continue }
                for x in 0..<frame.width {
                    let cx = left + x
                    let index = Int(line[x])
                    guard cx >= 0, cx < canvas.width, index != transparent, index < colorCount else {
                        continue
                    }
                    let c = colors[index]
                    let o = (cy * canvas.width + cx) * 4
                    out[o] = c.Red
                    out[o + 1] = c.Green
                    out[o + 2] = c.Blue
                    out[o + 3] = 255
                }
            }
            return nil
        }
        return filled.map { RGBAImage(width: canvas.width, height: canvas.height, pixels: $0) }
    }

    /// The image rows in the order the file stores them.
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return passes.flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }
}
