import Embed
import LiveblogModel

/// R4: a capture as the scenario runner replays it (`ReplayableCapture`): its first document's
/// liveblog, and the session answering loads and polls from it offline.
extension Capture: ReplayableCapture {
    public func liveblog() throws -> Liveblog {
        guard let document = ReplayNetwork.document(of: self) else {
            throw LiveblogError(file: source, place: "responses", message: "the capture holds no liveblog response")
        }
        switch SourceLoader.liveblog(from: document, location: SourceLocation(source)) {
        case let .success(liveblog): return liveblog
        case let .failure(error): throw error
        }
    }

    public func replay() -> (liveblog: Liveblog, loader: any ResourceLoader, liveFeed: (any LiveFeed)?)? {
        guard case let .success(session) = RealSession.replay(self) else { return nil }
        return (session.liveblog, session.loader, session.liveFeed)
    }
}
