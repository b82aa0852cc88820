/// The xterm 256-colour palette: quantisation of RGB to it and its RGB values.
public enum XtermPalette {
    /// Levels of the 6×6×6 cube (indices 16–231).
    public static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The usual xterm values of the 16 system colours.
    static let system: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// RGB of a palette index (system colours by xterm's defaults).
    public static func rgb(of index: UInt8) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = Int(index)
        if i < 16 {
            let s = system[i]
            return (UInt8(s.0), UInt8(s.1), UInt8(s.2))
        }
        if i < 232 {
            let c = i - 16
            return (UInt8(cubeLevels[c / 36]), UInt8(cubeLevels[(c / 6) % 6]), UInt8(cubeLevels[c % 6]))
        }
        let v = 8 + 10 * (i - 232)
        return (UInt8(v), UInt8(v), UInt8(v))
    }

    @inline(__always) static func cubeIndex(_ v: Int) -> Int {
        if v < 48 { return 0 }
        if v < 115 { return 1 }
        return min(5, (v - 35) / 40)
    }

    @inline(__always) static func dist2(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let dr = a.0 - b.0, dg = a.1 - b.1, db = a.2 - b.2
        return dr * dr + dg * dg + db * db
    }

    /// The nearest colour among the cube (16–231) and the grey ramp (232–255).
    /// The 16 system colours are never chosen: terminals theme them.
    public static func nearest(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let (ri, gi, bi) = (Int(r), Int(g), Int(b))
        let cr = cubeIndex(ri), cg = cubeIndex(gi), cb = cubeIndex(bi)
        let cube = (cubeLevels[cr], cubeLevels[cg], cubeLevels[cb])
        let cubeIdx = 16 + 36 * cr + 6 * cg + cb
        let avg = (ri + gi + bi) / 3
        let gIdx = max(0, min(23, (avg - 3) / 10))
        let gv = 8 + 10 * gIdx
        let dc = dist2((ri, gi, bi), cube)
        let dg = dist2((ri, gi, bi), (gv, gv, gv))
        return UInt8(dg < dc ? 232 + gIdx : cubeIdx)
    }

    /// The nearest of the eight basic colours (by xterm's values for 0–7).
    public static func nearestBasic8(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        // Threshold each channel: basic colours are the corners of the RGB cube.
        let t = 100
        let bits = (Int(r) > t ? 1 : 0) | (Int(g) > t ? 2 : 0) | (Int(b) > t ? 4 : 0)
        return UInt8(bits)
    }

    /// The grey ramp index (232–255) for a luminance 0–255.
    public static func grey(_ luminance: Int) -> UInt8 {
        UInt8(232 + max(0, min(23, (luminance - 3) / 10)))
    }

    /// Rec. 601 luma, 0–255.
    @inline(__always)
    public static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        (299 * Int(r) + 587 * Int(g) + 114 * Int(b) + 500) / 1000
    }
}
