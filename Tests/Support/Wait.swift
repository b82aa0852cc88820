import Foundation

/// Waiting in a test for something outside it (a screen, a file, a process) to come about:
/// polled, bounded by a generous deadline, never a fixed sleep that a loaded machine outlasts.
public enum Wait {
    /// Polls `condition` every `every` seconds until it holds or `timeout` passes; whether it held.
    @discardableResult
    public static func until(timeout: Double, every: Double = 0.05, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(useconds_t(every * 1_000_000))
        }
        return condition()
    }
}
