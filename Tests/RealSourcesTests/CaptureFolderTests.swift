import Foundation
import XCTest
@testable import RealSources

/// Issue 31, R4: a capture's body files stay in the capture's folder (no `..`, no symlink out),
/// and a capture file is read up to a cap like every other input.
final class CaptureFolderTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "capture-folder-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/s.capture", withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func capture(bodyFile: String) -> String {
        let path = dir + "/s.capture.json"
        let json = """
            {"capture": 1, "source": "http://127.0.0.1:1/", "responses": [{"kind": "liveblog",
             "url": "http://127.0.0.1:1/", "status": 200, "body_file": "\(bodyFile)",
             "started_tick": 0, "ended_tick": 1}]}
            """
        _ = FileManager.default.createFile(atPath: path, contents: Data(json.utf8))
        return path
    }

    func reason(_ path: String) -> String {
        do {
            _ = try CaptureReader.read(path: path)
            return "read"
        } catch { return "\(error)" }
    }

    func testR4_bodyFileWithDotDotIsOutsideTheCaptureFolder() throws {
        _ = FileManager.default.createFile(atPath: dir + "/../outside-\(UUID().uuidString).bin", contents: Data("secret".utf8))
        let outside = try FileManager.default.contentsOfDirectory(atPath: dir + "/..").first { $0.hasPrefix("outside-") }!
        defer { try? FileManager.default.removeItem(atPath: dir + "/../" + outside) }
        let why = reason(capture(bodyFile: "s.capture/../../\(outside)"))
        XCTAssertTrue(why.hasSuffix("responses[0]: body file s.capture/../../\(outside) is outside the capture folder"), why)
        XCTAssertFalse(why.contains("secret"))
        XCTAssertTrue(reason(capture(bodyFile: "../../../../../../etc/hostname")).hasSuffix("is outside the capture folder"))
    }

    func testR4_bodyFileSymlinkOutOfTheFolderIsRefused() throws {
        try FileManager.default.createSymbolicLink(atPath: dir + "/s.capture/0.bin", withDestinationPath: "/etc/passwd")
        let why = reason(capture(bodyFile: "s.capture/0.bin"))
        XCTAssertTrue(why.hasSuffix("body file s.capture/0.bin is outside the capture folder"), why)
        XCTAssertFalse(why.contains("root:"), "nothing of the file leaks")
    }

    func testR4_bodyFileInsideTheFolderIsRead() throws {
        _ = FileManager.default.createFile(atPath: dir + "/s.capture/0.bin", contents: Data("{}".utf8))
        try FileManager.default.createSymbolicLink(atPath: dir + "/s.capture/1.bin", withDestinationPath: "0.bin")
        XCTAssertEqual(try CaptureReader.read(path: capture(bodyFile: "s.capture/0.bin")).responses[0].bodyBase64, "e30=")
        XCTAssertEqual(try CaptureReader.read(path: capture(bodyFile: "s.capture/1.bin")).responses[0].bodyBase64, "e30=",
                       "a symlink that stays inside is fine")
        XCTAssertTrue(reason(capture(bodyFile: "s.capture/9.bin")).hasSuffix("body file s.capture/9.bin is missing"))
    }

    func testR4_captureFileOverTheCapIsRefusedFromItsSize() throws {
        let path = dir + "/big.capture.json"
        let fd = open(path, O_WRONLY | O_CREAT, 0o644)
        XCTAssertEqual(ftruncate(fd, off_t(CaptureReader.maxCaptureBytes + 1)), 0, "a sparse file: no disk used")
        close(fd)
        XCTAssertTrue(reason(path).contains("captures are read up to 256 MiB"), reason(path))
        _ = FileManager.default.createFile(atPath: dir + "/s.capture/big.bin", contents: nil)
        let body = open(dir + "/s.capture/big.bin", O_WRONLY)
        XCTAssertEqual(ftruncate(body, off_t(CaptureReader.maxBodyBytes + 1)), 0)
        close(body)
        XCTAssertTrue(reason(capture(bodyFile: "s.capture/big.bin")).contains("captures are read up to 64 MiB"))
        XCTAssertTrue(reason(dir + "/s.capture").contains("not a regular file"), "a directory")
    }
}
