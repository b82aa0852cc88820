import Foundation
import TestSupport
import XCTest

/// Issue 31, R1, R6 through the real binary against servers the test starts on 127.0.0.1 and ::1
/// (`LoopbackServer(hostileOn:)`): a compressed bomb made in the test (8 MB sent, 8 GiB decoded) and an
/// endless body end at the body cap with no crash under an address-space cap of 512 MiB
/// (`prlimit --as`), so memory stays near the cap whatever the encoding; a 401 says its status
/// at once; [::1] works; a trickling body meets the overall deadline; the Content-Type a server
/// sends reaches the terminal sanitised.
final class HostileNetworkTests: XCTestCase {
    /// 512 MiB of address space: eight times the body cap, a quarter of what the bomb crashed at.
    static let addressSpaceCap = "536870912"
    var servers: [LoopbackServer] = []

    override func tearDown() {
        for s in servers { s.stop() }
        servers.removeAll()
    }

    func server(_ family: String = "4") throws -> String {
        let s = try LoopbackServer(hostileOn: family == "6" ? .ipv6 : .ipv4)
        servers.append(s)
        return s.origin
    }

    /// `liveblog ARGS` under the address-space cap: (exit code, stderr).
    func capped(_ args: [String]) throws -> (code: Int32, err: String) {
        let prlimit = try Requirement.tool("prlimit", package: "util-linux")
        let r = Subprocess.output(prlimit, ["--as=" + Self.addressSpaceCap, try Requirement.liveblogBinary()] + args,
                                  timeout: 90)
        return (r.code, r.err)
    }

    /// `check` of `path` on both loopbacks ends at the body cap, under the address-space cap.
    func assertStopsAtTheCap(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for family in ["4", "6"] {
            let url = try server(family) + path
            let r = try capped(["check", url])
            XCTAssertEqual(r.code, 69, "no crash under the cap (IPv\(family)): \(r.err)", file: file, line: line)
            XCTAssertEqual(r.err, "liveblog: error: \(url): body over the size cap of 67108864 bytes\n",
                           file: file, line: line)
        }
    }

    func testR6_gzipBombStopsAtTheCapOnBothLoopbacks() throws { try assertStopsAtTheCap("/bomb?mib=8192") }

    func testR6_endlessBodyStopsAtTheCapOnBothLoopbacks() throws { try assertStopsAtTheCap("/endless") }

    func testR6_unauthorizedSaysItsStatusAtOnce() throws {
        let url = try server() + "/auth"
        let r = try capped(["check", url])
        XCTAssertEqual(r.code, 69, r.err)
        XCTAssertEqual(r.err, "liveblog: error: \(url): HTTP status 401 Unauthorized\n", "not an idle timeout")
    }

    func testR1_ipv6LoopbackIsFetched() throws {
        let url = try server("6") + "/feed"
        let r = Subprocess.output(try Requirement.liveblogBinary(), ["check", url], timeout: 60)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.out.contains("Loopback feed"), r.out)
    }

    func testR6_tricklingBodyMeetsTheOverallDeadline() throws {
        let url = try server() + "/drip"
        let r = try capped(["check", url, "--fetch-deadline", "1.5"])
        XCTAssertEqual(r.code, 69, r.err)
        XCTAssertEqual(r.err, "liveblog: error: \(url): not done within 1.5 s (the overall deadline, --fetch-deadline)\n")
    }

    func testT8_aServersContentTypeIsSanitised() throws {
        let url = try server() + "/ctype"
        let r = try capped(["check", url])
        XCTAssertEqual(r.code, 65, r.err)
        XCTAssertFalse(r.err.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, r.err.debugDescription)
        XCTAssertTrue(r.err.contains("(Content-Type text/html␛␛␛)"), r.err)
    }

    func testR6_credentialsInTheURLAreNeverShown() throws {
        let base = try server()
        let url = base.replacingOccurrences(of: "http://", with: "http://reader:s3cret@") + "/auth"
        let r = try capped(["check", url])
        XCTAssertEqual(r.code, 69, r.err)
        XCTAssertEqual(r.err, "liveblog: error: \(base)/auth: HTTP status 401 Unauthorized\n")
    }
}
