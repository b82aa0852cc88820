import RealSources
import TerminalUI

// B9 in `liveblog view URL`: the body's state as the front end shows it (`streamingChores`).

/// Posts the opening waits for before the first frame: every post takes at least a row, and a
/// terminal has fewer rows than this.
public let streamingFirstPosts = 256

extension StreamingLiveFeed {
    var status: BodyStreamStatus {
        switch state {
        case let .streaming(posts): return .streaming(posts: posts)
        case .done: return .done
        case let .failed(why): return .failed(why)
        }
    }
}
