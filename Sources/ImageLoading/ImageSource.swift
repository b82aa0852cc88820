import Fetch
import Foundation
import ImageDecoding

/// Where an image comes from (R2): over HTTP(S), or a file (a path relative to a local
/// liveblog, resolved by the caller).
public enum ImageSource: Hashable, Sendable, CustomStringConvertible {
    case url(URL)
    case file(String)

    public var description: String {
        switch self {
        case let .url(url): return url.redacted
        case let .file(path): return path
        }
    }
}

/// Why an image did not arrive (R6), with its URL or path first.
public struct ImageLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Cause: Hashable, Sendable {
        /// The fetch failed (its error names the URL already).
        case fetch(FetchError)
        /// The bytes arrived but are no image, a broken one, or a bomb.
        case image(ImageError)
        /// The file cannot be read (the system's words) or is over the size cap.
        case file(String)
    }

    public let source: ImageSource
    public let cause: Cause

    public init(source: ImageSource, cause: Cause) {
        self.source = source
        self.cause = cause
    }

    public var description: String {
        switch cause {
        case let .fetch(error): return error.description
        case let .image(error): return "\(source): \(error)"
        case let .file(reason): return "\(source): \(reason)"
        }
    }
}
