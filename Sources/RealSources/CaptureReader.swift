import Foundation

/// Reads a capture written by `CaptureRecorder` (R4), sidecar bodies included. Issue 31: a
/// body file must resolve (symlinks and `..` followed) to a file inside the capture's folder,
/// and the capture and each body are read up to a cap, like every other input.
public enum CaptureReader {
    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The capture file's cap: 256 MiB (its inline bodies are base64, at most 256 KiB each).
    public static let maxCaptureBytes = 256 << 20
    /// A body file's cap: the fetcher's body cap (64 MiB), the most a recorded fetch can hold.
    public static let maxBodyBytes = 64 << 20

    public static func read(path: String) throws -> Capture {
        let data = try contents(of: path, cap: maxCaptureBytes) { reason in Failure(path: path, reason: reason) }
        var capture: Capture
        do {
            capture = try JSONDecoder().decode(Capture.self, from: data)
        } catch {
            throw Failure(path: path, reason: "not a capture: \(error)")
        }
        guard capture.capture == Capture.formatVersion else {
            let expected = Capture.formatVersion
            throw Failure(path: path, reason: "capture format \(capture.capture), expected \(expected)")
        }
        let directory = (path as NSString).deletingLastPathComponent
        let folder = resolved(directory.isEmpty ? "." : directory)
        for i in capture.responses.indices {
            guard let file = capture.responses[i].bodyFile else { continue }
            let place = "responses[\(i)]: body file \(file)"
            let full = directory.isEmpty ? file : directory + "/" + file
            guard FileManager.default.fileExists(atPath: full) else {
                throw Failure(path: path, reason: "\(place) is missing")
            }
            let inside = folder.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
            guard let inside, let target = resolved(full), target.hasPrefix(inside) else {
                throw Failure(path: path, reason: "\(place) is outside the capture folder")
            }
            let body = try contents(of: target, cap: maxBodyBytes) { reason in
                Failure(path: path, reason: "\(place): \(reason)")
            }
            capture.responses[i].bodyBase64 = body.base64EncodedString()
            capture.responses[i].bodyFile = nil
        }
        return capture
    }

    /// The path with every symlink and `..` resolved (realpath(3)), or nil when it does not exist.
    static func resolved(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// A regular file's bytes, at most `cap` of them; otherwise `failure` with the reason.
    static func contents(of path: String, cap: Int, failure: (String) -> Failure) throws -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw failure(errno == ENOENT ? "no such capture file" : "cannot read the file") }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            throw failure("not a regular file")
        }
        guard Int(st.st_size) <= cap else {
            throw failure("the file is \(Int(st.st_size) >> 20) MiB; captures are read up to \(cap >> 20) MiB")
        }
        let data: Data
        do { data = try handle.read(upToCount: cap + 1) ?? Data() } catch {
            throw failure("cannot read the file")
        }
        guard data.count <= cap else { throw failure("the file grew past \(cap >> 20) MiB while read") }
        return data
    }
}
