import Foundation

/// tmux forwards an escape sequence it does not know to the outer terminal only inside its
/// pass-through DCS, and only when `allow-passthrough` is on (tmux(1), "allow-passthrough").
public enum TmuxPassthrough {
    /// Wraps `seq` as `ESC P tmux ; …  ESC \` with every ESC inside doubled.
    public static func wrap(_ seq: String) -> String {
        "\u{1B}Ptmux;" + seq.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
    }

    /// Asks the running tmux server (`tmux show -gv allow-passthrough`): "on" or "all" allow it.
    /// Bounded: the answer is awaited for at most `timeoutMs`.
    public static func allowed(timeoutMs: Int = 300) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["tmux", "show", "-gv", "allow-passthrough"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return false }
        let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
        while p.isRunning && Date() < deadline { usleep(5_000) }
        if p.isRunning {
            p.terminate()
            return false
        }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return parse(text)
    }

    /// "on" and "all" allow pass-through; "off" or anything else does not.
    public static func parse(_ value: String) -> Bool {
        let v = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return v == "on" || v == "all"
    }
}
