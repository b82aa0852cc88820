import Foundation
import TextCells

extension InputEvent: CustomStringConvertible {
    /// A readable one line (test messages, debugging): "key up", "key char j U+6a",
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
