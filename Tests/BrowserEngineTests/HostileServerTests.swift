import Embed
import Foundation
import LiveblogModel
import XCTest
@testable import BrowserEngine

/// S2: the loopback server attacked as another local user or a web page would: files named as
/// media that are not the liveblog's images, requests without the run's token or with a foreign
/// Host (DNS rebinding), a negative Content-Length, idle and slow clients.
final class HostileServerTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "lb-hostile-site-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder + "/liveblogs", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/images", withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    private func png() -> [UInt8] { PNGWriter.write(width: 2, height: 2, rgba: [UInt8](repeating: 200, count: 16)) }

    /// A liveblog in `folder/liveblogs` whose media name these files.
    private func site(_ urls: [String: String]) -> EmbedSite {
        let posts = urls.sorted { $0.key < $1.key }.map { id, url in
            Post(id: "p-" + id, createdAt: 1_700_000_000, blocks: [.media([Media(id: id, url: url)])])
        }
        var lb = Liveblog(id: "h", title: "Hostile", posts: posts)
        lb.baseDirectory = folder + "/liveblogs"
        return EmbedSite(liveblog: lb, page: PageConfig(), assets: try! EmbedAssets())
    }

    func testS2_onlyTheLiveblogsOwnImageFilesAreServed() throws {
        _ = FileManager.default.createFile(atPath: folder + "/images/ok.png", contents: Data(png()))
        try "root:$6$secret".write(toFile: folder + "/liveblogs/shadow", atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink("/etc/passwd", folder + "/images/passwd.png"), 0)
        let outside = NSTemporaryDirectory() + "lb-outside-\(getpid()).png"
        _ = FileManager.default.createFile(atPath: outside, contents: Data(png()))
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let s = site(["ok": "../images/ok.png", "shadow": "shadow", "etc": "/etc/shadow", "environ": "/proc/self/environ",
                      "link": "../images/passwd.png", "outside": "file://" + outside, "dir": "../images"])
        func get(_ id: String) -> HTTPResponse { s.handle(HTTPRequest(method: "GET", path: "/media/" + id, query: [:])) }
        XCTAssertEqual(get("ok").status, 200)
        XCTAssertEqual(get("ok").body, png())
        for id in ["shadow", "etc", "environ", "link", "outside", "dir"] {
            let r = get(id)
            XCTAssertEqual(r.status, 404, id)
            XCTAssertFalse(String(decoding: r.body, as: UTF8.self).contains("root"), id)
        }
        let why = s.takeRefusals().joined(separator: "\n")
        XCTAssertTrue(why.contains("media shadow is not served: not an image file"), why)
        XCTAssertTrue(why.contains("media link is not served: the file is outside the liveblog's folder"), why)
        XCTAssertTrue(why.contains("media outside is not served: the file is outside"), why)
    }

    func testS2_aRequestWithoutTheTokenOrWithAForeignHostGetsNothing() throws {
        _ = FileManager.default.createFile(atPath: folder + "/images/ok.png", contents: Data(png()))
        let s = site(["m0": "../images/ok.png"])
        let server = try LoopbackHTTPServer(handler: { s.handle($0) })
        defer { server.stop() }
        let t = RawHTTP.self
        let mine = "Host: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n"
        XCTAssertTrue(try t.get(server.port, "GET /\(server.token)/media/m0 HTTP/1.1\r\n\(mine)").hasPrefix("HTTP/1.1 200"))
        // Another local user who found the port: no token, no file.
        XCTAssertTrue(try t.get(server.port, "GET /media/m0 HTTP/1.1\r\n\(mine)").hasPrefix("HTTP/1.1 404"))
        XCTAssertTrue(try t.get(server.port, "GET /liveblog.html HTTP/1.1\r\n\(mine)").hasPrefix("HTTP/1.1 404"))
        let wrong = "s-" + String(repeating: "0", count: 32)
        XCTAssertTrue(try t.get(server.port, "GET /\(wrong)/media/m0 HTTP/1.1\r\n\(mine)").hasPrefix("HTTP/1.1 404"))
        // A page elsewhere that rebinds its name to 127.0.0.1 sends its own Host.
        for host in ["evil.example:\(server.port)", "localhost:\(server.port)", "127.0.0.1"] {
            let r = try t.get(server.port, "GET /\(server.token)/media/m0 HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            XCTAssertTrue(r.hasPrefix("HTTP/1.1 421"), "\(host): \(r.prefix(40))")
        }
        XCTAssertTrue(try t.get(server.port, "GET /\(server.token)/media/m0 HTTP/1.1\r\nConnection: close\r\n\r\n")
                        .hasPrefix("HTTP/1.1 421"), "no Host")
    }

    func testS2_malformedHeadsAre400AndTheServerLivesOn() throws {
        let server = try LoopbackHTTPServer { _ in .text("fine") }
        defer { server.stop() }
        let t = RawHTTP.self
        let ok = "GET /\(server.token)/ HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n"
        for bad in ["GET / HTTP/1.1\r\nContent-Length: -5\r\n\r\n", "GET / HTTP/1.1\r\nContent-Length: 1e3\r\n\r\n",
                    "GET / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n",
                    "GET / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n",
                    "GET / HTTP/1.1\r\nContent-Length: 2000000\r\n\r\n", "GET / HTTP/1.1\r\nno colon here\r\n\r\n",
                    "GET  / HTTP/1.1\r\n\r\n", "GET / HTTP/2.0\r\n\r\n", "GET http://x/ HTTP/1.1\r\n\r\n",
                    "GET / HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 10_000) + "\r\n"] {
            let r = try t.get(server.port, bad)
            XCTAssertTrue(r.hasPrefix("HTTP/1.1 400"), "\(bad.prefix(60)): \(r.prefix(40))")
        }
        XCTAssertTrue(try t.get(server.port, ok).hasSuffix("fine"), "the server answers after them")
    }

    func testS2_idleAndSlowClientsAreCutOffAndCannotStarveThePage() throws {
        let server = try LoopbackHTTPServer { _ in .text("fine") }
        defer { server.stop() }
        let t = RawHTTP.self
        // 100 connections that send nothing: more than the server holds at once.
        var idle: [Int32] = (0..<100).map { _ in RawHTTP.connectTo(server.port) }
        defer { for fd in idle { close(fd) } }
        let ok = "GET /\(server.token)/ HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n"
        let started = Date()
        XCTAssertTrue(try t.get(server.port, ok, timeoutSeconds: 30).hasSuffix("fine"),
                      "a request is answered once idle connections are cut off")
        XCTAssertLessThan(Date().timeIntervalSince(started), 25, "bounded: heads take 2 s at most")
        for fd in idle { close(fd) }
        idle = []
        // A client that sends its head a byte at a time, slower than the head's time allows.
        let slow = RawHTTP.connectTo(server.port)
        defer { close(slow) }
        var closed = false
        let begin = Date()
        for byte in Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8) {
            var b = byte
            if send(slow, &b, 1, Int32(MSG_NOSIGNAL)) < 0 {
                closed = true
                break
            }
            var p = pollfd(fd: slow, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, 400) > 0 {
                var buf = [UInt8](repeating: 0, count: 16)
                if recv(slow, &buf, 16, 0) <= 0 {
                    closed = true
                    break
                }
            }
            if Date().timeIntervalSince(begin) > 20 { break }
        }
        XCTAssertTrue(closed, "a slow head is cut off")
        XCTAssertLessThan(Date().timeIntervalSince(begin), 15)
    }
}
