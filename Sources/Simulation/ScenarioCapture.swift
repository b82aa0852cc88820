import Foundation
import Embed
import LiveblogModel

/// R4: a scenario's `"capture"`: the capture file of a recorded real session (beside the
/// scenario, `S.capture.json`), read by the reader the command layer lends (`CaptureReading`);
/// its first document is the liveblog when the scenario names none.
extension Scenario.Reader {
    func capture(_ v: JSONValue, baseDirectory: String) throws -> any ReplayableCapture {
        let rel = try string(v, "capture")
        let path = rel.hasPrefix("/") ? rel : baseDirectory + "/" + rel
        guard let read = readCapture else {
            throw fail("capture", "this program replays no captures (the liveblog command does)")
        }
        do {
            return try read(path)
        } catch {
            throw fail("capture", "\(error)")
        }
    }

    func capturedLiveblog(_ capture: any ReplayableCapture) throws -> Liveblog {
        do {
            return try capture.liveblog()
        } catch {
            throw fail("capture", "\(error)")
        }
    }
}
