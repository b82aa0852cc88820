import Foundation
import XCTest
@testable import LiveblogModel

/// Output files are opened in place (as a shell's `>` does), never replaced by an atomic rename:
/// `--trace /dev/null`, a FIFO or a symlink stay what they are (a root run of the old code turned
/// the machine's /dev/null into a regular file).
final class OutputFileTests: XCTestCase {
    func testOutputThroughASymlinkKeepsTheSymlink() throws {
        let dir = NSTemporaryDirectory() + "/lb-out-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let target = dir + "/target.txt", link = dir + "/link.txt"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try OutputFile.write(Data("trace\n".utf8), to: link)
        let attributes = try FileManager.default.attributesOfItem(atPath: link)
        XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeSymbolicLink)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "trace\n")
    }

    func testOutputIntoAFIFOKeepsTheFIFO() throws {
        let path = NSTemporaryDirectory() + "/lb-fifo-\(getpid())"
        unlink(path)
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        defer { unlink(path) }
        signal(SIGPIPE, SIG_IGN)
        let reader = Thread {
            let fd = open(path, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 64)
            while fd >= 0, read(fd, &buffer, buffer.count) > 0 {}
            if fd >= 0 { close(fd) }
        }
        reader.start()
        try OutputFile.write(Data("x\n".utf8), to: path)
        var st = stat()
        XCTAssertEqual(lstat(path, &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFIFO)
    }

    func testUnwritablePathNamesTheFileAndTheReason() {
        XCTAssertThrowsError(try OutputFile.write(Data(), to: "/nonexistent-dir/x.json")) { e in
            XCTAssertTrue("\(e)".contains("/nonexistent-dir/x.json"), "\(e)")
            XCTAssertTrue("\(e)".contains("No such file"), "\(e)")
        }
    }
}
