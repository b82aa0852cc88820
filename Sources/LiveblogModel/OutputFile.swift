import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writing a file the user named (a trace, a recording, a generated liveblog). `FileManager
/// .createFile` writes atomically: a temporary file renamed over the path, which replaces a FIFO,
/// `/dev/null` or a symlink like `/dev/stdout` with a regular file (run as root, it replaced the
/// machine's /dev/null). This opens the path itself, as a shell's `>` does: O_CREAT|O_TRUNC on what
/// is there, following symlinks, writing into devices and FIFOs.
public enum OutputFile {
    /// Opens `path` for writing (created 0644 if missing, truncated if a regular file).
    public static func open(_ path: String) throws -> FileHandle {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw LiveblogError(file: path, place: "", message: "cannot write: \(String(cString: strerror(errno)))")
        }
        return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    /// Writes `bytes` to `path` (see `open`), reporting a short write.
    public static func write(_ bytes: Data, to path: String) throws {
        let fh = try open(path)
        defer { try? fh.close() }
        do { try fh.write(contentsOf: bytes) } catch {
            throw LiveblogError(file: path, place: "", message: "cannot write: \(error.localizedDescription)")
        }
    }
}
