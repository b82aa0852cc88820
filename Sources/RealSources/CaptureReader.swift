import Foundation

/// Reads a capture written by `CaptureRecorder` (R4), sidecar bodies included.
public enum CaptureReader {
    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    public static func read(path: String) throws -> Capture {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(path: path, reason: "no such capture file")
        }
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
        for i in capture.responses.indices {
            guard let file = capture.responses[i].bodyFile else { continue }
            let full = directory.isEmpty ? file : directory + "/" + file
            guard let body = FileManager.default.contents(atPath: full) else {
                throw Failure(path: path, reason: "responses[\(i)]: body file \(file) is missing")
            }
            capture.responses[i].bodyBase64 = body.base64EncodedString()
            capture.responses[i].bodyFile = nil
        }
        return capture
    }
}
