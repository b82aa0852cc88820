import ImageDecoding

/// A decoded image kept at the width a terminal can show (R2, B10): a 1280×720 photo is 3.7 MB
/// of RGBA, a terminal shows it in at most a few hundred cells; the kept copy is box-filtered
/// down to `maxWidth` (the height follows the aspect ratio), so 200 photos fit in memory.
public enum ImageThumbnail {
    public static func scaled(_ image: RGBAImage, maxWidth: Int) -> RGBAImage {
        guard image.width > maxWidth, maxWidth > 0 else { return image }
        let width = maxWidth
        let height = max(1, image.height * width / image.width)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let y0 = y * image.height / height
            let y1 = max(y0 + 1, (y + 1) * image.height / height)
            for x in 0..<width {
                let x0 = x * image.width / width
                let x1 = max(x0 + 1, (x + 1) * image.width / width)
                var sums = (0, 0, 0, 0)
                for sy in y0..<y1 {
                    var i = (sy * image.width + x0) * 4
                    for _ in x0..<x1 {
                        sums.0 += Int(image.pixels[i])
                        sums.1 += Int(image.pixels[i + 1])
                        sums.2 += Int(image.pixels[i + 2])
                        sums.3 += Int(image.pixels[i + 3])
                        i += 4
                    }
                }
                let n = (y1 - y0) * (x1 - x0)
                let o = (y * width + x) * 4
                out[o] = UInt8(sums.0 / n)
                out[o + 1] = UInt8(sums.1 / n)
                out[o + 2] = UInt8(sums.2 / n)
                out[o + 3] = UInt8(sums.3 / n)
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}
