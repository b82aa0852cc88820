import Embed
import Foundation
import LiveblogModel
import XCTest
@testable import BrowserEngine

/// X3: the loopback server and what it serves for the reference embed (no browser needed).
final class EmbedServerTests: XCTestCase {
    private func get(_ port: Int, _ raw: String) throws -> String { try RawHTTP.get(port, raw) }

    func testX3_serverAnswersGETAndHEADAndRefusesTheRest() throws {
        let server = try LoopbackHTTPServer { r in .text("path=\(r.path) q=\(r.query["a"] ?? "-")") }
        defer { server.stop() }
        let t = "/" + server.token, host = "Host: 127.0.0.1:\(server.port)\r\n"
        let ok = try get(server.port, "GET \(t)/x%20y?a=1%2B2 HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
        XCTAssertTrue(ok.hasPrefix("HTTP/1.1 200 OK\r\n"), ok)
        XCTAssertTrue(ok.contains("Cache-Control: no-store"), ok)
        XCTAssertTrue(ok.hasSuffix("path=/x y q=1+2"), ok)
        let head = try get(server.port, "HEAD \(t)/ HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
        XCTAssertTrue(head.hasSuffix("\r\n\r\n"), "no body for HEAD")
        XCTAssertTrue(try get(server.port, "POST \(t)/ HTTP/1.1\r\n\(host)Content-Length: 2\r\nConnection: close\r\n\r\nab")
                        .hasPrefix("HTTP/1.1 405"))
        XCTAssertTrue(try get(server.port, "nonsense\r\n\r\n").hasPrefix("HTTP/1.1 400"))
        // Keep-alive: two requests on one connection.
        let two = try get(server.port, "GET \(t)/a HTTP/1.1\r\n\(host)\r\nGET \(t)/b HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
        XCTAssertEqual(two.components(separatedBy: "HTTP/1.1 200").count, 3, two)
    }

    func testX3_siteServesThePageItsPagesImagesAndEmbeds() throws {
        let lb = engineFixture(12)
        var pc = PageConfig()
        pc.pageSize = 5
        pc.networkSeed = 7
        pc.stickyHeader = 48
        let site = EmbedSite(liveblog: lb, page: pc, assets: try EmbedAssets())
        let index = String(decoding: site.handle(HTTPRequest(method: "GET", path: "/liveblog.html", query: [:])).body,
                           as: UTF8.self)
        XCTAssertTrue(index.contains("<tickaroo-liveblog"), index)
        XCTAssertTrue(index.contains("class=\"site-header\" style=\"height:48px\""))
        XCTAssertTrue(index.contains("<script src=\"liveblog-element.js\">"), "the embed's files are relative to the page")
        let page = site.handle(HTTPRequest(method: "GET", path: "/data/page-1.json", query: ["after": "p4", "count": "5"]))
        let ids = try JSONParser.parse(String(decoding: page.body, as: UTF8.self))["posts"]?.arrayValue?
            .compactMap { $0["id"]?.stringValue }
        XCTAssertEqual(ids, ["p5", "p6", "p7", "p8", "p9"])
        let image = site.handle(HTTPRequest(method: "GET", path: "/media/m1", query: [:]))
        XCTAssertEqual(image.contentType, "image/png")
        let (w, h) = SimulatedLoader.remotePixelSize(Media(id: "m1", url: "https://img.example.com/1.png"), seed: 7)
        let size = try PNGHeader.size(ofBytes: image.body).get()
        XCTAssertEqual(Double(size.height) / Double(size.width), Double(h) / Double(w), accuracy: 0.01,
                       "the simulated network's aspect ratio")
        let embed = site.handle(HTTPRequest(method: "GET", path: "/embed/e2.json", query: [:]))
        XCTAssertEqual(try JSONParser.parse(String(decoding: embed.body, as: UTF8.self))["height"]?.doubleValue,
                       SimulatedLoader.embedHeight(id: "e2", seed: 7), "the simulated network's seeded height")
        XCTAssertEqual(site.handle(HTTPRequest(method: "GET", path: "/media/none", query: [:])).status, 404)
        XCTAssertEqual(site.handle(HTTPRequest(method: "GET", path: "/inject.js", query: [:])).status, 404,
                       "the injected script is the app's, not the page's")
    }

    func testX3_configIsSafeInsideAScriptElement() {
        let lb = Liveblog(id: "x", title: "</script><b>", posts: [])
        let text = LiveblogJSON.scriptSafe(LiveblogJSON.config(liveblog: lb, page: PageConfig(), loaded: 0))
        XCTAssertFalse(text.contains("<"), text)
    }
}

/// Raw HTTP/1.1 over a socket to the loopback server (the tests speak as any client would).
enum RawHTTP {
    static func connectTo(_ port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_addr.s_addr = inet_addr("127.0.0.1")
        a.sin_port = UInt16(port).bigEndian
        let ok = withUnsafePointer(to: &a) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        XCTAssertEqual(ok, 0)
        return fd
    }

    static func get(_ port: Int, _ raw: String, timeoutSeconds: Int = 5) throws -> String {
        let fd = connectTo(port)
        defer { close(fd) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = raw.withCString { send(fd, $0, strlen($0), 0) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buf, buf.count, 0)
            if n <= 0 { break }
            out += buf[..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }
}
