import Foundation
import XCTest
import LiveblogModel
import Embed
import Simulation
@testable import TerminalUI

/// Issue 31, W3: a media link stays an argument. An href that starts with `-` (`--o=FILE`, which
/// mpv reads as "write to FILE") has no scheme: it is refused, never offered to run; the
/// confirmation shows the whole command, quoted as it runs.
final class PlayerArgumentTests: XCTestCase {
    func testW3_aURLWithoutASchemeIsRefused() {
        for url in ["--o=/tmp/owned.mp4", "-x.mp4", "clip.mp4", ":x.mp4", "1http://x/a.mp4", ""] {
            XCTAssertNotNil(PlayerCommand(url: url, environment: ["LIVEBLOG_PLAYER": "mpv"]).refusal, url)
        }
        for url in ["https://v.example/a.mp4", "http://x/-o=a.mp4", "rtsp://cam/live", "file:///tmp/a.mp4"] {
            XCTAssertNil(PlayerCommand(url: url, environment: ["LIVEBLOG_PLAYER": "mpv"]).refusal, url)
        }
    }

    func testW3_theConfirmationShowsTheWholeCommandQuoted() throws {
        let long = "https://media.example.org/" + String(repeating: "very-long-path/", count: 12) + "clip one.mp4"
        let command = PlayerCommand(url: long, environment: ["LIVEBLOG_PLAYER": "mpv --fs"])
        XCTAssertEqual(command.display, "mpv --fs '\(long)'")
        let app = App(world: try Fixture.world(cols: 100, rows: 30))
        app.ui.overlay = PlayerConfirmation(command: command)
        let screen = Fixture.draw(app.world, app.ui).text()
        XCTAssertTrue(screen.contains("mpv --fs 'https://media.example.org/very-long-path/"), screen)
        XCTAssertTrue(screen.contains("-path/clip one.mp4'"), "the end of the command is shown:\n\(screen)")
    }

    func testW3_aDashLinkInThePageRunsNothing() throws {
        let dir = NSTemporaryDirectory() + "/w3-dash-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = """
            {"game": {"local_id": "g", "meta_info": {"title": "Dash"}}, "events": [{"local_id": "a",
             "created_at": 1716052800, "contents": [{"_type": "Tik::ApiModel::Text::RichTextContentBlock",
             "text": "see <a href=\\"--o=\(dir)/owned.mp4\\">the clip</a> now"}]}]}
            """
        let lb = try LiveblogLoader.load(bytes: Array(json.utf8), name: "dash.json")
        let world = World(liveblog: lb, config: Fixture.config(cols: 100, rows: 30))
        world.advance(to: 0)
        let app = App(world: world)
        let marker = dir + "/ran"
        let script = dir + "/player.sh"
        try "#!/bin/sh\ntouch '\(marker)'\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        app.environment = ["LIVEBLOG_PLAYER": script]
        app.handle(.key(.tab))
        app.handle(.key(.enter))
        world.advance(to: world.tick + 60)
        XCTAssertEqual(world.mediaHandoffs, ["--o=\(dir)/owned.mp4"], "the page handed it over")
        XCTAssertNil(app.ui.overlay, "nothing offered to run")
        XCTAssertTrue(app.ui.message?.text.contains("is not an absolute URL") ?? false, "\(String(describing: app.ui.message))")
        app.handle(.key(.char("y")))
        usleep(300_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "the player did not run")
    }
}
