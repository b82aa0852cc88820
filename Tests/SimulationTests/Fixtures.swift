import XCTest
import LiveblogModel
@testable import QA
@testable import Simulation
import Embed
import Host

/// A liveblog built in code: `count` posts, newest first, ids "p0" (newest) … ; every third post
/// carries a remote image with no declared size (it grows when it loads) and every fifth a web
/// embed with no declared height.
func fixture(_ count: Int = 40, undeclaredEvery: Int = 3, embedEvery: Int = 5, textWords: Int = 30) -> Liveblog {
    var posts: [Post] = []
    for i in 0..<count {
        var blocks: [Block] = [.text(RichText(plain: (0..<textWords).map { "w\(($0 * 7 + i) % 13)" }.joined(separator: " ")))]
        if undeclaredEvery > 0 && i % undeclaredEvery == 1 {
            blocks.append(.media([Media(id: "m\(i)", url: "https://img.example.com/\(i).png")]))
        }
        if embedEvery > 0 && i % embedEvery == 2 {
            blocks.append(.embed(WebEmbed(id: "e\(i)", url: "https://social.example.com/\(i)")))
        }
        posts.append(Post(id: "p\(i)", createdAt: Double(1_700_000_000 - i * 60), blocks: blocks))
    }
    return Liveblog(id: "fx", title: "Fixture liveblog", posts: posts)
}

func config(platform: Platform = .ios, network: NetworkProfile = .threeG, hook: String? = "function (top, info) {}",
            cols: Int = 80, rows: Int = 24) -> WorldConfig {
    var c = WorldConfig()
    c.platform = platform
    c.cols = cols
    c.rows = rows
    c.page.networkProfile = network
    c.page.networkSeed = 7
    c.hook = hook.flatMap { try? HookSignature(parsing: $0) }
    return c
}

func simulate(_ lb: Liveblog, _ c: WorldConfig, duration: Double, events: [Scenario.TimedEvent],
         expect: [Scenario.Expectation] = []) -> ScenarioRunner {
    let s = Scenario(liveblog: lb, config: c, duration: duration, events: events, expectations: expect, name: "test")
    let r = ScenarioRunner(scenario: s)
    r.run()
    return r
}

/// Test cases that parse scenario text: `invalid` expects the parser to refuse it and returns why.
protocol ScenarioParsing {
    func parse(_ text: String) throws -> Scenario
}

extension ScenarioParsing {
    func invalid(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Scenario.Invalid? {
        do {
            _ = try parse(text)
            XCTFail("accepted: \(text)", file: file, line: line)
        } catch let e as Scenario.Invalid {
            return e
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
        return nil
    }
}
