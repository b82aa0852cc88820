import Foundation
import XCTest

/// A real sixel terminal, headless (G7, docs/architecture.md, "Swift and C notes"): Xvfb on a display of its
/// own, then xterm in VT340 mode running a shell command, screenshots with ImageMagick's `import`.
/// Needs the Debian packages xvfb, xterm and imagemagick (a skip without them; under CI a failure).
/// Keys reach a program run by `runTyping` through Python/pty_relay.py, which puts it on a
/// pseudo-terminal inside xterm and types what `type` writes into a FIFO.
public final class XvfbXterm {
    public let display: String
    private var xvfb: Process?
    private var xterm: Process?
    public let dir: URL
    private var keys: String?

    /// The path of an installed program (nil when missing).
    public static func tool(_ name: String) -> String? { Requirement.find(name) }

    /// Skips the calling test (fails it under CI) unless Xvfb, xterm, import and convert are installed.
    public static func requireTools() throws {
        _ = try Requirement.tool("Xvfb", package: "xvfb")
        _ = try Requirement.tool("xterm", package: "xterm")
        _ = try Requirement.tool("import", package: "imagemagick")
        _ = try Requirement.tool("convert", package: "imagemagick")
    }

    /// `screen`: the display's size (xterm is placed at its top-left; a 100×30 xterm in DejaVu Sans
    /// Mono 11 is 900×570 pixels).
    public init(screen: String = "800x600x24") throws {
        try Self.requireTools()
        // A display no other run uses: Xvfb takes the first free one and writes its number on the
        // descriptor -displayfd names (its stdout, a pipe here), so tests in parallel processes never
        // race for a display.
        let x = Process()
        let numbers = Pipe()
        x.executableURL = URL(fileURLWithPath: Self.tool("Xvfb")!)
        x.arguments = ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp"]
        x.standardOutput = numbers
        x.standardError = FileHandle.nullDevice
        try x.run()
        xvfb = x
        var written = ""
        while !written.contains("\n") {
            let data = numbers.fileHandleForReading.availableData  // the number, or end of file when Xvfb fails
            if data.isEmpty { break }
            written += String(decoding: data, as: UTF8.self)
        }
        guard let n = Int(written.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            if x.isRunning { x.terminate() }
            throw Requirement.missing("Xvfb started (it wrote no display number: \(written.debugDescription))")
        }
        display = ":\(n)"
        dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("liveblog-xterm-\(getpid())-\(n)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    /// Starts xterm (VT340, 80×24, at the screen's top-left, black on white) running `script`.
    /// `face`: a FreeType font and its size (`-fa`, `-fs`; V1 tests DejaVu Sans Mono 11), nil for
    /// xterm's default bitmap font (6×13).
    public func run(_ script: String, cols: Int = 80, rows: Int = 24, face: (name: String, size: Int)? = nil) throws {
        let file = dir.appendingPathComponent("run.sh")
        try ("#!/bin/sh\n" + script + "\n").write(to: file, atomically: true, encoding: .utf8)
        let t = Process()
        t.executableURL = URL(fileURLWithPath: Self.tool("xterm")!)
        t.arguments = ["-ti", "vt340", "-geometry", "\(cols)x\(rows)+0+0", "-bw", "0", "-fg", "black", "-bg", "white",
                       "-xrm", "XTerm*internalBorder: 0"]
            + (face.map { ["-fa", $0.name, "-fs", "\($0.size)"] } ?? []) + ["-e", "/bin/sh", file.path]
        t.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        t.standardOutput = FileHandle.nullDevice
        t.standardError = FileHandle.nullDevice
        try t.run()
        xterm = t
    }

    /// Runs `argv` in xterm through the pty relay (`setup`: shell lines before it, e.g. exports),
    /// so that `type` can type into it; afterwards the window stays 30 s.
    public func runTyping(_ argv: [String], setup: String = "", cols: Int = 80, rows: Int = 24,
                          face: (name: String, size: Int)? = nil) throws {
        let python = try Requirement.tool("python3", package: "python3")
        let fifo = dir.appendingPathComponent("keys").path
        unlink(fifo)  // a kept directory (LIVEBLOG_KEEP_SHOTS) of an earlier run on this display
        guard mkfifo(fifo, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        keys = fifo
        let quoted = ([python, TestPaths.support + "/Python/pty_relay.py", fifo] + argv).map { "'\($0)'" }
        try run(setup + "\n" + quoted.joined(separator: " ") + "\nsleep 30", cols: cols, rows: rows, face: face)
    }

    /// Types `text` into the program `runTyping` started, as if from the keyboard.
    public func type(_ text: String) {
        guard let keys else { return }
        let fd = open(keys, O_WRONLY | O_NONBLOCK)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = text.withCString { write(fd, $0, strlen($0)) }
    }

    /// A screenshot of the whole screen as RGB rows: `import` writes the PPM itself (the same bytes
    /// as a PNG converted by `convert`, at half the cost: one program, no PNG to encode and decode).
    public func screenshot(_ name: String) throws -> PPMImage {
        let ppm = dir.appendingPathComponent(name + ".ppm").path
        try Self.exec(Self.tool("import")!, ["-display", display, "-window", "root", "-depth", "8", ppm])
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

    /// Screenshots every 150 ms until three in a row are the same (the scroll has settled; at most
    /// `seconds`); the ones equal to the shot before them, so a shot never catches a frame half drawn.
    public func settledShots(_ name: String, seconds: Double = 8) throws -> [PPMImage] {
        var stable: [PPMImage] = []
        var last = try screenshot(name + "-0")
        let end = Date().addingTimeInterval(seconds)
        var n = 1
        while Date() < end {
            usleep(150_000)
            let shot = try screenshot("\(name)-\(n)")
            n += 1
            if shot.rgb == last.rgb {
                stable.append(shot)
                if stable.count >= 2 { break }
            } else {
                stable.removeAll()
            }
            last = shot
        }
        return stable
    }

    /// Runs a program of the harness (import, convert) to its end.
    public static func exec(_ path: String, _ args: [String]) throws {
        guard Subprocess.run(path, args, timeout: 60) != nil else { throw CocoaError(.executableLoad) }
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
