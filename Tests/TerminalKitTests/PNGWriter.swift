import Foundation

/// A minimal PNG encoder for tests: RGBA8, filter 0, zlib with stored (uncompressed) blocks.
enum PNGWriter {
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var table = [UInt32](repeating: 0, count: 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            table[n] = c
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes { crc = table[Int((crc ^ UInt32(b)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for x in bytes { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        return (b << 16) | a
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let t = Array(type.utf8)
        return be32(UInt32(data.count)) + t + data + be32(crc32(t + data))
    }

    static func ihdr(width: UInt32, height: UInt32, colorType: UInt8 = 6) -> [UInt8] {
        chunk("IHDR", be32(width) + be32(height) + [8, colorType, 0, 0, 0])
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Encodes `rgba` (width·height·4 bytes) as a PNG file.
    static func encode(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        precondition(rgba.count == width * height * 4)
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0) // filter: none
            raw += rgba[(y * width * 4)..<((y + 1) * width * 4)]
        }
        var z: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, raw.count - i)
            let last: UInt8 = (i + n == raw.count) ? 1 : 0
            z.append(last)
            z += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            z += raw[i..<(i + n)]
            i += n
        } while i < raw.count
        z += be32(adler32(raw))
        return signature + ihdr(width: UInt32(width), height: UInt32(height)) + chunk("IDAT", z) + chunk("IEND", [])
    }

    static func write(_ bytes: [UInt8], name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("terminalkit-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
        return url.path
    }
}
