import LiveblogModel
import TextCells

/// The page's console (E13, E14): the last `capacity` lines, each also sent to the world as a
/// `.console` event. Messages are cleaned of control characters and escape sequences (U-rules).
public struct PageConsole: Sendable {
    public static let capacity = 500
    public private(set) var lines: [String] = []

    mutating func record(level: String, message: String) {
        lines.append("[\(level)] \(message)")
        if lines.count > PageConsole.capacity { lines.removeFirst(lines.count - PageConsole.capacity) }
    }
}

extension PageEvent {
    /// A console line as the page emits it: the message cleaned.
    static func log(_ level: String, _ message: String) -> PageEvent {
        .console(level: level, message: Sanitizer.clean(message))
    }
}
