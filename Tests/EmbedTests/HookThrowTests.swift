import XCTest
@testable import Embed

/// Q10: a hook throws when its body would throw as JavaScript: a `throw` statement the call runs,
/// not the word in a comment, a string, a template literal, a regular expression or a nested
/// function (issue 30: `/* never throw here */` and `console.log("throw")` marked every call
/// `threw: true` and dropped the host's call).
final class HookThrowTests: XCTestCase {
    /// Bodies that throw when called, with the message the console shows.
    static let throwing: [(String, String)] = [
        (#"function (top, info) { throw new Error("hook failed") }"#, "hook failed"),
        ("function (top) {\n  console.log(top)\n  throw new Error(\"after a newline\")\n}", "after a newline"),
        ("(top, info) => { // a line comment ends at the newline\nthrow new Error(\"after a comment\") }",
         "after a comment"),
        (#"function (top, info) { if (top > 0) throw "bad top" }"#, "bad top"),
        (#"function (top) { try { go(top) } catch (e) { throw new Error("rethrown") } }"#, "rethrown"),
        (#"function (top) { try { go(top) } finally { throw new Error("in finally") } }"#, "in finally"),
        (#"function (top) { const r = /\/\*/; throw new Error("after a regex") }"#, "after a regex"),
        ("function (top) { const m = `top ${top}`; throw new Error(m) }", "Error"),
        (#"async function named(top, info) { await 0; throw new Error(`template ${top}`) }"#, "template ${top}"),
        (#"function (top) { const o = { a: 1 }; { throw new Error("in a block") } }"#, "in a block"),
        // Q17: a function called at once runs (trap: an IIFE inside a template literal).
        (#"function (top) { const s = `${(() => { throw new Error("iife in a template") })()}` }"#, "iife in a template"),
        (#"function (top) { (function () { throw new Error("iife") })() }"#, "iife"),
        (#"function (top) { const v = (x => { throw new Error("arrow iife") })(top) }"#, "arrow iife"),
        (#"function (top) { log(`a ${ `b ${(function () { throw new Error("nested") })()}` }`) }"#, "nested"),
    ]

    /// Bodies that never throw when called.
    static let quiet: [String] = [
        "function (top, info) { /* never throw here */ }",
        #"function (top, info) { console.log("throw") }"#,
        "function (top, info) { // throw new Error(\"x\")\n}",
        "function (top) { const s = `throw ${ \"throw\" + `${top} throw` } throw`; }",
        "function (top) { const s = 'it\\'s a throw'; return s }",
        #"function (top) { const re = /throw/g; re.test("x") }"#,
        #"function (top) { const f = function () { throw new Error("later") }; }"#,
        #"(top, info) => { const g = () => { throw new Error("x") }; setTimeout(g, 0) }"#,
        #"function (top) { const o = { throw: 1, m() { throw new Error("m") } }; return o.throw }"#,
        #"function (top) { class C { m() { throw new Error("x") } } }"#,
        #"function (top) { try { throw new Error("caught") } catch (e) { console.log(e) } }"#,
        "function (top) { return\n  throw new Error(\"after return: ASI makes it unreachable\") }",
        #"top => console.log("throw", top)"#,
        #"function (top) { const x = top / 2 / 3; console.log(x, "throw") }"#,
        #"function (top) { const f = (() => { throw new Error("defined, never called") }); }"#,
        #"function (top) { const s = `${() => { throw new Error("a function, not a call") }}` }"#,
        #"function (top) { (function () { try { throw new Error("caught") } catch (e) {} })() }"#,
    ]

    func testQ10_aThrowStatementThrows() throws {
        for (src, message) in HookThrowTests.throwing {
            XCTAssertEqual(try HookSignature(parsing: src).throwsMessage, message, src)
        }
    }

    func testQ10_theWordInCommentsStringsTemplatesRegexesAndNestedFunctionsDoesNot() throws {
        for src in HookThrowTests.quiet {
            XCTAssertNil(try HookSignature(parsing: src).throwsMessage, src)
        }
    }

    /// E13 on the page: a hook that only mentions `throw` is called and does not throw, so the
    /// host gets its call; one that throws is marked so, as before.
    func testQ10_E13_aHookThatOnlySaysThrowIsCalledAndReachesTheHost() {
        for (src, threw) in [("function (top, info) { /* never throw here */ }", false),
                             (#"function (top, info) { console.log("throw") }"#, false),
                             (#"function (top, info) { throw new Error("boom") }"#, true)] {
            let p = Page(liveblog: liveblog(20), config: pageConfig(), width: pageWidth)
            p.setHook(hook(src))
            p.frame(tick: 0)
            p.navigate(to: "p3", topOffset: nil)
            let calls = hookCalls(p.drain())
            XCTAssertEqual(calls.map(\.threw), [threw], src)
            XCTAssertEqual(p.console.contains { $0.hasPrefix("[error]") }, threw, "\(src): \(p.console)")
        }
    }
}
