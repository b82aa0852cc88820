import Fetch
import Foundation
import LiveblogModel

/// Why a real source could not be read (R1, R6): the URL or path first, then what happened.
public struct SourceError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The fetch failed: unknown host, refused, a status, a stall, a redirect loop, over the
        /// cap, truncated (`FetchError` names the URL).
        case fetch(FetchError)
        /// The body arrived but is no liveblog, or a broken one (the loader's place and words).
        case notALiveblog(LiveblogError, contentType: String?)
        /// A file that cannot be read.
        case file(LiveblogError)
    }

    public let location: SourceLocation
    public let kind: Kind

    public init(location: SourceLocation, kind: Kind) {
        self.location = location
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case let .fetch(error):
            return error.description
        case let .notALiveblog(error, contentType):
            let hint = contentType.map { " (Content-Type \($0))" } ?? ""
            return error.description + hint
        case let .file(error):
            return error.description
        }
    }
}
