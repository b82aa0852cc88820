import Foundation
import XCTest

/// A real sixel terminal, headless (G7, DESIGN "Swift and C notes"): Xvfb, then xterm in VT340
/// mode running a shell command, screenshots with ImageMagick's `import`. Needs the Debian
/// packages xvfb, xterm and imagemagick; tests skip when any is missing.
public final class XvfbXterm {
    public let display: String
    private var xvfb: Process?
    private var xterm: Process?
    public let dir: URL

    public static func tool(_ name: String) -> String? {
        for d in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: d + "/" + name) {
            return d + "/" + name
        }
        return nil
    }

    /// Skips the calling test unless Xvfb, xterm, import and convert are installed.
    public static func requireTools() throws {
        for t in ["Xvfb", "xterm", "import", "convert"] where tool(t) == nil {
            throw XCTSkip("\(t) missing: apt-get install -y xvfb xterm imagemagick")
        }
    }

    public init() throws {
        try Self.requireTools()
        let n = 60 + Int(getpid() % 30)
        display = ":\(n)"
        dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("liveblog-xterm-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let x = Process()
        x.executableURL = URL(fileURLWithPath: Self.tool("Xvfb")!)
        x.arguments = [display, "-screen", "0", "800x600x24", "-nolisten", "tcp"]
        x.standardOutput = FileHandle.nullDevice
        x.standardError = FileHandle.nullDevice
        try x.run()
        xvfb = x
        let socket = "/tmp/.X11-unix/X\(n)"
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: socket) { usleep(50_000) }
        guard FileManager.default.fileExists(atPath: socket) else { throw XCTSkip("Xvfb did not start") }
    }

    /// Starts xterm (VT340, 80×24, at the screen's top-left, black on white) running `script`.
    public func run(_ script: String, cols: Int = 80, rows: Int = 24) throws {
        let file = dir.appendingPathComponent("run.sh")
        try ("#!/bin/sh\n" + script + "\n").write(to: file, atomically: true, encoding: .utf8)
        let t = Process()
        t.executableURL = URL(fileURLWithPath: Self.tool("xterm")!)
        t.arguments = ["-ti", "vt340", "-geometry", "\(cols)x\(rows)+0+0", "-bw", "0", "-fg", "black", "-bg", "white",
                       "-xrm", "XTerm*internalBorder: 0", "-e", "/bin/sh", file.path]
        t.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        t.standardOutput = FileHandle.nullDevice
        t.standardError = FileHandle.nullDevice
        try t.run()
        xterm = t
    }

    /// A screenshot of the whole screen as RGB rows.
    public func screenshot(_ name: String) throws -> PPMImage {
        let png = dir.appendingPathComponent(name + ".png").path
        let ppm = dir.appendingPathComponent(name + ".ppm").path
        try Self.exec(Self.tool("import")!, ["-display", display, "-window", "root", png])
        try Self.exec(Self.tool("convert")!, [png, "-depth", "8", ppm])
        return try PPMImage(path: ppm)
    }

    /// Takes screenshots until `ok` holds or `seconds` pass; the last one either way.
    public func waitFor(_ name: String, seconds: Double = 10, _ ok: (PPMImage) -> Bool) throws -> PPMImage {
        let end = Date().addingTimeInterval(seconds)
        var shot = try screenshot(name)
        while !ok(shot) && Date() < end {
            usleep(200_000)
            shot = try screenshot(name)
        }
        return shot
    }

    public static func exec(_ path: String, _ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
    }

    public func stop() {
        for p in [xterm, xvfb].compactMap({ $0 }) where p.isRunning {
            p.terminate()
            p.waitUntilExit()
        }
        if ProcessInfo.processInfo.environment["LIVEBLOG_KEEP_SHOTS"] == nil {
            try? FileManager.default.removeItem(at: dir)
        }
    }
}

/// A binary PPM (P6, 8 bit), as ImageMagick writes it.
public struct PPMImage {
    public var width = 0
    public var height = 0
    public var rgb: [UInt8] = []

    public init(path: String) throws {
        let d = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var fields: [String] = [], i = 0
        while fields.count < 4 && i < d.count {
            while i < d.count, d[i] == 0x20 || d[i] == 0x0A || d[i] == 0x0D || d[i] == 0x09 { i += 1 }
            var s = ""
            while i < d.count, !(d[i] == 0x20 || d[i] == 0x0A || d[i] == 0x0D || d[i] == 0x09) {
                s.unicodeScalars.append(UnicodeScalar(d[i]))
                i += 1
            }
            fields.append(s)
        }
        guard fields.count == 4, fields[0] == "P6", let w = Int(fields[1]), let h = Int(fields[2]) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        width = w
        height = h
        rgb = Array(d[(i + 1)...].prefix(w * h * 3))
    }

    public func at(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let o = (y * width + x) * 3
        return (Int(rgb[o]), Int(rgb[o + 1]), Int(rgb[o + 2]))
    }

    /// How many pixels in the rect are within `tol` of `c`.
    public func count(x: Range<Int>, y: Range<Int>, near c: (Int, Int, Int), tol: Int = 40) -> Int {
        var n = 0
        for yy in y where yy < height {
            for xx in x where xx < width {
                let p = at(xx, yy)
                if abs(p.0 - c.0) <= tol && abs(p.1 - c.1) <= tol && abs(p.2 - c.2) <= tol { n += 1 }
            }
        }
        return n
    }
}
