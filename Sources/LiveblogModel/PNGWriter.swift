/// Writes 8-bit RGBA PNG files in pure Swift (no libpng): IHDR, one IDAT holding a zlib stream,
/// IEND, with CRC-32 and Adler-32. The deflate stream is one fixed-Huffman block with a small
/// LZ77 (matches at the previous pixel, the previous row, or the last place a 3-byte sequence
/// was seen), which keeps flat procedural images small; `compressed: false` writes stored blocks.
public enum PNGWriter {
    /// `rgba` holds `width * height * 4` bytes, rows top to bottom; missing bytes are transparent
    /// black, extra bytes are ignored. Sizes below 1 are taken as 1.
    public static func write(width: Int, height: Int, rgba: [UInt8], compressed: Bool = true) -> [UInt8] {
        let w = max(1, width), h = max(1, height)
        let stride = w * 4
        var raw = [UInt8](repeating: 0, count: (stride + 1) * h)
        for y in 0..<h {
            let src = y * stride
            let dst = y * (stride + 1) + 1
            let n = max(0, min(stride, rgba.count - src))
            if n > 0 { raw.replaceSubrange(dst..<dst + n, with: rgba[src..<src + n]) }
        }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr: [UInt8] = []
        ihdr += be32(UInt32(w)); ihdr += be32(UInt32(h))
        ihdr += [8, 6, 0, 0, 0] // 8 bits, RGBA, deflate, adaptive filters, no interlace
        chunk("IHDR", ihdr, into: &out)
        chunk("IDAT", zlib(raw, rowStride: stride + 1, compressed: compressed), into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        let t = Array(type.utf8)
        out += be32(UInt32(data.count))
        out += t
        out += data
        var c = crc32(t, 0xFFFF_FFFF, finish: false)
        c = crc32(data, c, finish: true)
        out += be32(c)
    }

    private static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// CRC-32 (ISO-HDLC, as PNG uses) of `bytes`.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 { crc32(bytes, 0xFFFF_FFFF, finish: true) }

    static func crc32(_ bytes: [UInt8], _ start: UInt32, finish: Bool) -> UInt32 {
        var c = start
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return finish ? c ^ 0xFFFF_FFFF : c
    }

    public static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var i = 0
        while i < bytes.count {
            let end = min(bytes.count, i + 5552)
            while i < end { a &+= UInt32(bytes[i]); b &+= a; i += 1 }
            a %= 65521; b %= 65521
        }
        return b << 16 | a
    }

    static func zlib(_ data: [UInt8], rowStride: Int, compressed: Bool) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        if compressed {
            out += deflateFixed(data, rowStride: rowStride)
        } else {
            var i = 0
            repeat {
                let n = min(65535, data.count - i)
                let last: UInt8 = i + n >= data.count ? 1 : 0
                out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
                out += data[i..<i + n]
                i += n
            } while i < data.count
        }
        out += be32(adler32(data))
        return out
    }

    private struct BitWriter {
        var bytes: [UInt8] = []
        var acc: UInt32 = 0
        var count: UInt32 = 0
        /// `n` bits of `v`, least significant first.
        mutating func bits(_ v: UInt32, _ n: UInt32) {
            acc |= v << count
            count += n
            while count >= 8 { bytes.append(UInt8(acc & 0xFF)); acc >>= 8; count -= 8 }
        }
        /// A Huffman code of `n` bits, most significant first.
        mutating func code(_ c: UInt32, _ n: UInt32) {
            var r: UInt32 = 0
            for k in 0..<n { r |= ((c >> k) & 1) << (n - 1 - k) }
            bits(r, n)
        }
        mutating func flush() { if count > 0 { bytes.append(UInt8(acc & 0xFF)); acc = 0; count = 0 } }
    }

    private static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra: [UInt32] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distExtra: [UInt32] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private static func literal(_ v: Int, _ w: inout BitWriter) {
        switch v {
        case 0...143: w.code(UInt32(0x30 + v), 8)
        case 144...255: w.code(UInt32(0x190 + v - 144), 9)
        case 256...279: w.code(UInt32(v - 256), 7)
        default: w.code(UInt32(0xC0 + v - 280), 8)
        }
    }

    private static func deflateFixed(_ d: [UInt8], rowStride: Int) -> [UInt8] {
        var w = BitWriter()
        w.bytes.reserveCapacity(d.count / 4 + 16)
        w.bits(1, 1) // final block
        w.bits(1, 2) // fixed Huffman
        var table = [Int](repeating: -1, count: 1 << 14)
        func hash(_ i: Int) -> Int {
            (Int(d[i]) << 6 ^ Int(d[i + 1]) << 3 ^ Int(d[i + 2]) ^ Int(d[i]) >> 3 &* 7) & ((1 << 14) - 1)
        }
        func matchLength(_ i: Int, _ j: Int) -> Int {
            var n = 0
            let limit = min(258, d.count - i)
            while n < limit, d[i + n] == d[j + n] { n += 1 }
            return n
        }
        var i = 0
        while i < d.count {
            var bestLen = 0, bestDist = 0
            if i + 3 <= d.count {
                let hv = hash(i)
                for cand in [i - 4, i - rowStride, table[hv], i - 1] where cand >= 0 && cand < i && i - cand <= 32768 {
                    let n = matchLength(i, cand)
                    if n > bestLen { bestLen = n; bestDist = i - cand }
                }
                table[hv] = i
            }
            if bestLen >= 3 {
                var li = 0
                while li + 1 < lengthBase.count, lengthBase[li + 1] <= bestLen { li += 1 }
                literal(257 + li, &w)
                w.bits(UInt32(bestLen - lengthBase[li]), lengthExtra[li])
                var di = 0
                while di + 1 < distBase.count, distBase[di + 1] <= bestDist { di += 1 }
                w.code(UInt32(di), 5)
                w.bits(UInt32(bestDist - distBase[di]), distExtra[di])
                // Keep the hash table fresh inside the match (cheaply: its last position).
                let last = i + bestLen - 3
                if last > i, last + 3 <= d.count { table[hash(last)] = last }
                i += bestLen
            } else {
                literal(Int(d[i]), &w)
                i += 1
            }
        }
        literal(256, &w)
        w.flush()
        return w.bytes
    }
}
