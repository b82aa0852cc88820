import Foundation
import LiveblogModel
import RealSources

/// R4: a scenario's `"capture"`: the capture file of a recorded real session (beside the
/// scenario, `S.capture.json`), read with its sidecar bodies; its first document is the liveblog
/// when the scenario names none.
extension Scenario.Reader {
    func capture(_ v: JSONValue, baseDirectory: String) throws -> Capture {
        let rel = try string(v, "capture")
        let path = rel.hasPrefix("/") ? rel : baseDirectory + "/" + rel
        do {
            return try CaptureReader.read(path: path)
        } catch {
            throw fail("capture", "\(error)")
        }
    }

    func capturedLiveblog(_ capture: Capture) throws -> Liveblog {
        guard let document = ReplayNetwork.document(of: capture) else {
            throw fail("capture", "the capture holds no liveblog response")
        }
        switch SourceLoader.liveblog(from: document, location: SourceLocation(capture.source)) {
        case let .success(liveblog): return liveblog
        case let .failure(error): throw fail("capture", error.description)
        }
    }
}
