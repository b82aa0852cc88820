import Foundation
import LiveblogModel
import Simulation
import TextCells

// B9 in `liveblog view URL`: the first frame from the first posts, the rest streaming in while
// keys are answered (the body's own thread parses; each frame takes a bounded batch), a
// "loading… N posts" message meanwhile, and a clear message naming the URL when the body ends
// with an error (the posts shown stay).

/// Where the body stands (`StreamingLiveFeed.state` in the front end's words).
public enum BodyStreamStatus: Equatable, Sendable {
    case streaming(posts: Int)
    case done
    case failed(String)
}

/// A deep link (`--event ID`, or the URL's `#tickaroo_event_id=ID`) to a post not there yet
/// waits until it arrives, then jumps; when the body ends without it, the usual "not found".
/// The reading position kept from the last time (R5) waits the same way, and is given back only
/// if the reader still reads where the page opened (the same post at the same offset: pinned posts
/// going in above keep it so) (a post that never comes: the page stays as it is).
public struct PendingDeepLink: Sendable {
    public enum Via: Sendable { case event(topOffset: Double?), fragment, position(offset: Double) }
    public let id: String
    public let via: Via

    public init(id: String, via: Via) {
        self.id = id
        self.via = via
    }
}

/// The loop-turn work of a streaming view: progress, the end's message, a waiting deep link.
public func streamingChores(status: @escaping () -> BodyStreamStatus, url: String,
                            deepLink: PendingDeepLink?) -> (App) -> Bool {
    var pending = deepLink
    var ended = false
    var openedAt: ReadingPosition??
    return { app in
        if openedAt == nil { openedAt = .some(app.world.readingPosition()) }
        let streaming: Bool
        switch status() {
        case let .streaming(posts):
            streaming = true
            // Another message (a key's answer) stays until its time is up.
            if app.ui.message?.text.hasPrefix("loading… ") ?? true {
                app.ui.message = ("loading… \(posts) posts", app.world.seconds + 0.5)
            }
        case .done:
            streaming = false
            if !ended, app.ui.message?.text.hasPrefix("loading… ") == true { app.ui.message = nil }
        case let .failed(why):
            streaming = false
            if !ended {
                app.ui.message = (Sanitizer.clean("loading \(url) stopped: \(why)"), app.world.seconds + 15)
            }
        }
        if let link = pending, app.world.page.exists(link.id) {
            pending = nil
            switch link.via {
            case let .event(topOffset): app.send(.jump(id: link.id, topOffset: topOffset))
            case .fragment: app.send(.fragment(link.id))
            case let .position(offset):
                if app.world.readingPosition() == openedAt ?? nil {
                    app.world.send(.readingPosition(postID: link.id, offset: offset))
                }
            }
        } else if let link = pending, !streaming {
            pending = nil
            if case .position = link.via {} else {
                app.ui.message = (Sanitizer.clean("post \(link.id) not found"), app.world.seconds + 4)
            }
        }
        if !streaming { ended = true }
        // While the body streams, a frame every 16.7 ms: each takes one bounded batch of posts.
        return streaming
    }
}
