import Foundation
import LiveblogModel

extension InputEvent: CustomStringConvertible {
    /// A readable one line (the `inputEcho` log format): "key up", "key char j U+6a",
    /// "key ctrl c", "mouse press1 row=4 col=9", "resize 100x30".
    public var description: String {
        switch self {
        case let .key(k):
            switch k {
            case let .char(c):
                let hex = c.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "+")
                return "key char \(Sanitizer.clean(String(c))) U+\(hex)"
            case let .ctrl(c): return "key ctrl \(c)"
            case let .function(n): return "key F\(n)"
            default: return "key \(k)"
            }
        case let .mouse(m):
            let kind: String
            switch m.kind {
            case let .press(b): kind = "press\(b)"
            case .release: kind = "release"
            case .drag: kind = "drag"
            case .wheelUp: kind = "wheelUp"
            case .wheelDown: kind = "wheelDown"
            case .move: kind = "move"
            }
            let pt = m.exactCol.map { x in m.exactRow.map { " at=\(x),\($0)" } ?? "" } ?? ""
            return "mouse \(kind) row=\(m.row) col=\(m.col)\(pt)"
        case let .resize(c, r):
            return "resize \(c)x\(r)"
        case let .paste(text):
            return "paste \(text.unicodeScalars.count) characters"
        case let .focus(on):
            return on ? "focus in" : "focus out"
        }
    }
}

/// A diagnostic: opens the terminal and shows every input event until `q`, one per line,
/// newest at the bottom; each line is also appended to `logPath` when given. For checking
/// keys and mouse (wheel, press, drag, release) in a real terminal or in tmux.
/// Returns a process exit status.
@discardableResult
public func inputEcho(logPath: String? = nil) -> Int32 {
    let screen: NcursesScreen
    do {
        screen = try NcursesScreen()
    } catch {
        FileHandle.standardError.write(Data("inputEcho: \(error)\n".utf8))
        return 1
    }
    var log: UnsafeMutablePointer<FILE>? = nil
    if let p = logPath { log = fopen(p, "a") }
    defer { if let f = log { fclose(f) } }
    var lines: [String] = []
    let caps = screen.capabilities
    let term = ProcessInfo.processInfo.environment["TERM"] ?? "?"
    let header = "inputEcho: q quits | TERM=\(term) colours=\(caps.colorMode) unicode=\(caps.unicode)"
        + " \(screen.cols)x\(screen.rows)"
    func draw() {
        screen.erase()
        let bar = Style(fg: .indexed(15), bg: .indexed(24), bold: true)
        screen.fill(row: 0, col: 0, width: screen.cols, " ", bar)
        screen.put(row: 0, col: 0, header, bar)
        let room = max(0, screen.rows - 1)
        for (i, l) in lines.suffix(room).enumerated() {
            screen.put(row: i + 1, col: 0, l, .plain)
        }
        screen.present()
    }
    draw()
    while true {
        guard let ev = screen.readInput(timeoutMs: 1000) else { continue }
        let line = ev.description
        lines.append(line)
        if lines.count > 500 { lines.removeFirst(lines.count - 500) }
        if let f = log { fputs(line + "\n", f); fflush(f) }
        draw()
        if ev == .key(.char("q")) { break }
    }
    screen.shutdown()
    return 0
}
