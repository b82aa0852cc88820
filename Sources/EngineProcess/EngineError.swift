import Foundation
import ExitStatus

/// What went wrong with the browser engine (X2). Every case names what we were doing, so a
/// crashed or silent engine ends a run with a message a reader can act on, never a hang.
public enum EngineError: Error, CustomStringConvertible, Equatable, Sendable {
    /// No engine: install the Debian package, or point `LIVEBLOG_CHROMIUM` at one. Exit 69.
    case engineNotFound(String)
    /// The engine could not be started (spawn failed, or it exited before it answered).
    case launchFailed(String)
    /// No reply within the bounded wait: the command (or event) waited for, and for how long.
    case timeout(waitingFor: String, seconds: Double, doing: String)
    /// The engine's pipe closed: it crashed or was killed. `status` is how it ended.
    case engineExited(doing: String, status: String, log: String)
    /// The engine answered a command with an error.
    case commandFailed(command: String, code: Int, message: String)
    /// The engine sent something that is not a protocol message.
    case malformed(String)
    /// The page under test ended the run (its renderer crashed, it navigated away in a scenario,
    /// the engine's message passed the cap): the whole message (S5, S8).
    case page(String)
    /// A selector given for the page (`--post-selector`, …) that is not CSS: exit 65 (S8), said
    /// before the page loads.
    case badSelector(option: String, selector: String, why: String)

    /// sysexits(3) EX_UNAVAILABLE for a missing engine, EX_DATAERR for a selector that is not
    /// CSS; EX_SOFTWARE for the rest.
    public var exitCode: ExitCode {
        if case .engineNotFound = self { return .unavailable }
        if case .badSelector = self { return .dataErr }
        return .software
    }

    public var description: String {
        switch self {
        case .engineNotFound(let why):
            return why
        case .launchFailed(let why):
            return "the browser engine did not start: \(why)"
        case let .timeout(what, seconds, doing):
            return "the browser engine did not answer within \(Self.seconds(seconds)) while \(doing) "
                + "(waiting for \(what))"
        case let .engineExited(doing, status, log):
            let tail = log.isEmpty ? "" : "; its last words: \(log)"
            return "the browser engine ended (\(status)) while \(doing)\(tail)"
        case let .commandFailed(command, code, message):
            return "the browser engine refused \(command): \(message) (\(code))"
        case .malformed(let what):
            return "the browser engine sent a malformed message: \(what)"
        case .page(let message):
            return message
        case let .badSelector(option, selector, why):
            return "\(option): '\(selector)' is not a CSS selector (\(why))"
        }
    }

    private static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : String(format: "%.1f s", s)
    }
}
