import Foundation
import XCTest
@testable import LiveblogModel

/// Issue 18, L4: input files are read once, only when regular files or streams, up to a cap,
/// and a JSON document stops being read at its first bad byte. Asserted with counts (bytes
/// read, buffer capacity), not clocks.
final class BoundedInputTests: XCTestCase {
    /// A pipe fed by a thread with `next(i)` for chunk i until the reader closes its end
    /// (or `limit` bytes). Returns the read end.
    func pipe(limit: Int = 1 << 30, _ next: @escaping @Sendable (Int) -> [UInt8]) -> Int32 {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(Foundation.pipe(&fds), 0)
        signal(SIGPIPE, SIG_IGN)
        let w = fds[1]
        Thread.detachNewThread {
            var sent = 0
            var i = 0
            while sent < limit {
                let chunk = next(i)
                let n = chunk.withUnsafeBytes { write(w, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                sent += n
                i += 1
            }
            close(w)
        }
        return fds[0]
    }

    func testL4_endlessZeroStreamStopsAtTheFirstByteWithOneChunkRead() throws {
        let fd = pipe { _ in [UInt8](repeating: 0, count: 1 << 16) }
        defer { close(fd) }
        let read = try XCTUnwrap(LiveblogInput.read(fd))
        XCTAssertEqual(read.stop, .badByte)
        XCTAssertEqual(read.bytes.count, 1, "only the bad byte is kept")
        XCTAssertLessThanOrEqual(read.bytes.capacity, 2 * LiveblogInput.chunkBytes, "peak buffer")
    }

    func testL4_endlessZeroStreamIsASyntaxErrorAtLineOneColumnOne() throws {
        let fd = pipe { _ in [UInt8](repeating: 0, count: 1 << 16) }
        defer { close(fd) }
        XCTAssertThrowsError(try LiveblogLoader.load(fileDescriptor: fd, name: "zero", baseDirectory: nil)) { e in
            XCTAssertEqual((e as? LiveblogError)?.place, "line 1, column 1")
        }
    }

    func testL4_endlessRandomStreamStopsEarly() throws {
        let fd = pipe { i in
            var rng = SeededRandom(seed: UInt64(i))
            return (0..<(1 << 16)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        }
        defer { close(fd) }
        let read = try XCTUnwrap(LiveblogInput.read(fd))
        XCTAssertEqual(read.stop, .badByte)
        XCTAssertLessThan(read.bytes.count, 1 << 16)
    }

    func testL4_devicesAreRefusedBeforeAnyRead() {
        for device in ["/dev/zero", "/dev/urandom", "/dev/null"] {
            XCTAssertThrowsError(try LiveblogLoader.load(path: device)) { e in
                XCTAssertTrue((e as? LiveblogError)?.message.hasPrefix("is a device") ?? false, "\(e)")
            }
        }
    }

    func testL4_sparseFileOverTheCapFailsFromItsSize() throws {
        let path = NSTemporaryDirectory() + "liveblog-sparse-\(getpid()).json"
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd); unlink(path) }
        XCTAssertEqual(ftruncate(fd, off_t(2) << 30), 0)
        // Refused by its size alone: `kind` reads no byte.
        XCTAssertThrowsError(try LiveblogInput.kind(of: fd, name: path))
        XCTAssertThrowsError(try LiveblogLoader.load(path: path)) { e in
            XCTAssertEqual((e as? LiveblogError)?.message,
                           "the file is 2048.0 MiB; liveblog reads liveblogs of up to 512 MiB")
        }
    }

    func testL4_sparseFileUnderTheCapStopsAtTheFirstByte() throws {
        let path = NSTemporaryDirectory() + "liveblog-sparse-small-\(getpid()).json"
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        defer { close(fd); unlink(path) }
        XCTAssertEqual(ftruncate(fd, 100 << 20), 0)
        let read = try XCTUnwrap(LiveblogInput.read(fd))
        XCTAssertEqual(read.stop, .badByte)
        XCTAssertEqual(read.bytes.count, 1)
    }

    /// A FIFO is opened once: the writer's data is what is parsed (it waited forever before,
    /// the second open finding no writer).
    func testL4_fifoIsOpenedAndReadOnce() throws {
        let path = NSTemporaryDirectory() + "liveblog-fifo-\(getpid())"
        unlink(path)
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        defer { unlink(path) }
        let text = Fixture.ticker([Fixture.event("a", 2), Fixture.event("b", 1)])
        Thread.detachNewThread {
            let w = open(path, O_WRONLY)
            _ = Array(text.utf8).withUnsafeBytes { write(w, $0.baseAddress, $0.count) }
            close(w)
        }
        let done = DispatchSemaphore(value: 0)
        let result = Box()
        Thread.detachNewThread {
            result.set(Result { try LiveblogLoader.load(path: path) })
            done.signal()
        }
        if done.wait(timeout: .now() + 60) == .timedOut {
            close(open(path, O_WRONLY | O_NONBLOCK))   // unblocks a second open
            _ = done.wait(timeout: .now() + 10)
            return XCTFail("the loader waited for a second writer: the FIFO was opened twice")
        }
        XCTAssertEqual(try result.get().posts.map(\.id), ["a", "b"])
    }

    func testL4_byteOrderMarkAndValidJSONStreamLoad() throws {
        let text = Fixture.ticker([Fixture.event("a", 1)])
        let fd = pipe(limit: 3 + text.utf8.count) { i in i == 0 ? [0xEF, 0xBB, 0xBF] : Array(text.utf8) }
        defer { close(fd) }
        let lb = try LiveblogLoader.load(fileDescriptor: fd, name: "bom", baseDirectory: nil)
        XCTAssertEqual(lb.posts.map(\.id), ["a"])
    }
}

/// The result of a load on another thread.
// @unchecked Sendable: the result is set and read under its lock.
final class Box: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<Liveblog, Error>?
    func set(_ v: Result<Liveblog, Error>) {
        lock.lock()
        value = v
        lock.unlock()
    }
    func get() throws -> Liveblog {
        lock.lock()
        defer { lock.unlock() }
        return try XCTUnwrap(value).get()
    }
}
