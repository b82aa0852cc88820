/// A small sixel decoder for the tests (DEC STD 070 / VT340 sixel: `#n;2;r;g;b` colours in
/// percent, `#n` select, `?`…`~` six pixels down, `!n` repeat, `$` carriage return, `-` next band).
/// It proves the encoder's output by the pixels it draws, not by its bytes.
struct SixelImage {
    var width = 0
    var height = 0
    var pixels: [Int: (UInt8, UInt8, UInt8)] = [:] // y * 10_000 + x → colour

    func at(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)? { pixels[y * 10_000 + x] }

    static func decode(_ bytes: [UInt8]) -> SixelImage? {
        // The body between `ESC P … q` and `ESC \`.
        guard let q = bytes.firstIndex(of: 0x71), bytes.starts(with: [0x1B, 0x50]) else { return nil }
        let end = bytes.count >= 2 && bytes[bytes.count - 2] == 0x1B ? bytes.count - 2 : bytes.count
        var img = SixelImage()
        var palette: [Int: (UInt8, UInt8, UInt8)] = [:]
        var colour = 0, x = 0, band = 0, i = q + 1
        func number() -> [Int] {
            var out: [Int] = [], cur = 0, any = false
            while i < end, (0x30...0x39).contains(bytes[i]) || bytes[i] == 0x3B {
                if bytes[i] == 0x3B { out.append(cur); cur = 0; any = false } else { cur = cur * 10 + Int(bytes[i] - 0x30); any = true }
                i += 1
            }
            if any || !out.isEmpty { out.append(cur) }
            return out
        }
        while i < end {
            let b = bytes[i]
            i += 1
            switch b {
            case 0x22: // " raster attributes
                let n = number()
                if n.count >= 4 { img.width = n[2]; img.height = n[3] }
            case 0x23: // # colour
                let n = number()
                if n.count >= 5 && n[1] == 2 {
                    palette[n[0]] = (UInt8((n[2] * 255 + 50) / 100), UInt8((n[3] * 255 + 50) / 100), UInt8((n[4] * 255 + 50) / 100))
                }
                if let c = n.first { colour = c }
            case 0x21: // ! repeat
                let n = number().first ?? 1
                guard i < end else { break }
                let s = bytes[i]
                i += 1
                for _ in 0..<n { img.put(s, x: x, band: band, palette[colour]); x += 1 }
            case 0x24: x = 0
            case 0x2D: x = 0; band += 1
            case 0x3F...0x7E:
                img.put(b, x: x, band: band, palette[colour]); x += 1
            default: break
            }
        }
        return img
    }

    mutating func put(_ s: UInt8, x: Int, band: Int, _ c: (UInt8, UInt8, UInt8)?) {
        let bits = Int(s) - 0x3F
        for k in 0..<6 where bits & (1 << k) != 0 {
            pixels[(band * 6 + k) * 10_000 + x] = c ?? (0, 0, 0)
        }
    }
}
