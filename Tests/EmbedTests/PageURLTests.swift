import XCTest
@testable import Embed

/// E4, E14: the page reads hosts and `#tickaroo_event_id=` fragments with `URLComponents`.
final class PageURLTests: XCTestCase {
    /// E14: the origin is the lowercased host, without user info or port; IPv6 keeps its brackets.
    func testE14_hostIgnoresUserinfoPortAndCase() {
        XCTAssertEqual(PageURL.host(of: "https://www.example.com/live#x"), "www.example.com")
        XCTAssertEqual(PageURL.host(of: "http://user:secret@Host.Example.COM:8080/x"), "host.example.com")
        XCTAssertEqual(PageURL.host(of: "https://user@www.example.com/"), "www.example.com")
        XCTAssertEqual(PageURL.host(of: "HTTPS://WWW.EXAMPLE.COM"), "www.example.com")
        XCTAssertEqual(PageURL.host(of: "http://[::1]:8080/live"), "[::1]")
        XCTAssertEqual(PageURL.host(of: "http://[FE80::1]/"), "[fe80::1]")
        XCTAssertEqual(PageURL.host(of: "https://www.example.com:443"), "www.example.com")
    }

    /// E14: relative URLs and URLs without a host have no origin (as before the change).
    func testE14_noHostForRelativeOrHostlessURLs() {
        XCTAssertNil(PageURL.host(of: "#tickaroo_event_id=p1"))
        XCTAssertNil(PageURL.host(of: "/live"))
        XCTAssertNil(PageURL.host(of: "//cdn.example.com/a.png"), "no scheme: not an absolute URL")
        XCTAssertNil(PageURL.host(of: "file:///tmp/a.png"))
        XCTAssertNil(PageURL.host(of: "mailto:desk@example.com"))
        XCTAssertNil(PageURL.host(of: "x"))
    }

    /// E4: the fragment's post id, up to `&`, percent-decoded; invalid escapes are kept as written.
    func testE4_fragmentIdIsPercentDecoded() {
        XCTAssertEqual(PageURL.fragmentId("https://www.example.com/live#tickaroo_event_id=ev-040"), "ev-040")
        XCTAssertEqual(PageURL.fragmentId("#tickaroo_event_id=ev-010"), "ev-010")
        XCTAssertEqual(PageURL.fragmentId("https://x.example/#tickaroo_event_id=p%203&utm=1"), "p 3")
        XCTAssertEqual(PageURL.fragmentId("https://x.example/#tickaroo_event_id=%E2%9A%BD"), "⚽")
        XCTAssertEqual(PageURL.fragmentId("https://x.example/#tickaroo_event_id=p%zz"), "p%zz")
        XCTAssertEqual(PageURL.fragmentId("https://u:p@x.example:81/a?b=1#tickaroo_event_id=p2"), "p2")
    }

    /// E4: no id, an empty id or another fragment key: no deep link.
    func testE4_noFragmentIdWithoutTheKey() {
        XCTAssertNil(PageURL.fragmentId(nil))
        XCTAssertNil(PageURL.fragmentId("https://www.example.com/live"))
        XCTAssertNil(PageURL.fragmentId("https://www.example.com/live#tickaroo_event_id="))
        XCTAssertNil(PageURL.fragmentId("https://www.example.com/live#post-03"))
        XCTAssertNil(PageURL.fragmentId("https://www.example.com/live?tickaroo_event_id=p1"))
    }

    /// E14: a link goes to a post of this liveblog, to the app, or nowhere.
    func testE14_linkTargets() {
        let origin = "www.example.com"
        XCTAssertEqual(LinkTarget(href: "#tickaroo_event_id=p3", origin: origin), .post("p3"))
        XCTAssertEqual(LinkTarget(href: "https://WWW.example.com/live#tickaroo_event_id=p3", origin: origin),
                       .post("p3"))
        XCTAssertEqual(LinkTarget(href: "https://news.other.org/#tickaroo_event_id=p3", origin: origin),
                       .external("https://news.other.org/#tickaroo_event_id=p3"))
        XCTAssertEqual(LinkTarget(href: "https://www.example.com/about", origin: origin),
                       .blocked("https://www.example.com/about"))
        XCTAssertEqual(LinkTarget(href: "/about", origin: origin), .blocked("/about"))
    }
}
