import Fetch
import Foundation
import LiveblogModel

/// A liveblog read from its source, with what a later poll needs (R1, R3).
public struct LoadedSource: Sendable {
    public let location: SourceLocation
    public let liveblog: Liveblog
    /// The answer of a URL source (nil for a file): its validators make the next poll
    /// conditional, its timing goes into a capture (R4).
    public let completion: FetchCompletion?

    public init(location: SourceLocation, liveblog: Liveblog, completion: FetchCompletion?) {
        self.location = location
        self.liveblog = liveblog
        self.completion = completion
    }
}

/// Reads a liveblog from a file or a URL (R1). The format is found from the content by
/// `LiveblogLoader.load(bytes:)` (Tickaroo, JSON Feed, JSON-LD in JSON or HTML); the
/// Content-Type is only a hint, named in the error when the body is no liveblog.
public enum SourceLoader {
    /// The request for a liveblog document (also each poll, with validators: R3).
    public static func request(_ url: URL, validators: Validators? = nil) -> FetchRequest {
        FetchRequest(url: url, validators: validators, headers: [
            "Accept": "application/json, application/ld+json, text/html;q=0.9, */*;q=0.5",
        ])
    }

    /// Loads `location`, waiting at most `timeout` seconds for a URL (the fetcher's connect and
    /// idle timeouts end a stall first). For `check` and the first open, never the drawing loop.
    public static func load(_ location: SourceLocation, fetcher: Fetcher,
                            timeout: Double = 120) -> Result<LoadedSource, SourceError> {
        switch location {
        case let .file(path):
            do {
                return .success(LoadedSource(location: location, liveblog: try LiveblogLoader.load(path: path),
                                             completion: nil))
            } catch let error as LiveblogError {
                return .failure(SourceError(location: location, kind: .file(error)))
            } catch {
                let wrapped = LiveblogError(file: path, place: "", message: "\(error)")
                return .failure(SourceError(location: location, kind: .file(wrapped)))
            }
        case let .url(url):
            let id = fetcher.submit(request(url))
            guard let completion = fetcher.wait(for: id, timeout: timeout) else {
                fetcher.cancel(id)
                let stalled = FetchError(url: url, kind: .noAnswer(seconds: timeout))
                return .failure(SourceError(location: location, kind: .fetch(stalled)))
            }
            return liveblog(from: completion, location: location)
                .map { LoadedSource(location: location, liveblog: $0, completion: completion) }
        }
    }

    /// The liveblog in a finished fetch, or why not (R6). A 304 is no liveblog by itself: the
    /// poller keeps the one it has.
    public static func liveblog(from completion: FetchCompletion,
                                location: SourceLocation) -> Result<Liveblog, SourceError> {
        switch completion.result {
        case let .failure(error):
            return .failure(SourceError(location: location, kind: .fetch(error)))
        case let .success(response):
            return parse(response, location: location)
        }
    }

    /// R6: a body that cannot be any supported format (an image, plain text, an empty body),
    /// named by its first bytes; nil for one that starts as JSON or HTML.
    static func neitherJSONNorHTML(_ body: Data, name: String) -> LiveblogError? {
        let start = body.prefix(3) == Data([0xEF, 0xBB, 0xBF]) ? body.dropFirst(3) : body[...]
        let first = start.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if let first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "<") {
            return nil
        }
        let prefix = String(decoding: start.prefix(16), as: UTF8.self)
            .map { ($0.asciiValue.map { $0 >= 0x20 && $0 < 0x7F } ?? false) ? $0 : "?" }
        let what = first == nil ? "the body is empty"
            : "the body is neither JSON nor HTML (it starts with \"\(String(prefix))\")"
        return LiveblogError(file: name, place: "", message: "not a liveblog: \(what)")
    }

    /// Parses a 2xx body; media URLs are made absolute against the URL that answered (R2).
    public static func parse(_ response: FetchResponse,
                             location: SourceLocation) -> Result<Liveblog, SourceError> {
        let name = response.url.redacted
        if let refusal = neitherJSONNorHTML(response.body, name: name) {
            return .failure(SourceError(location: location,
                                        kind: .notALiveblog(refusal, contentType: response.contentType)))
        }
        do {
            var liveblog = try LiveblogLoader.load(bytes: [UInt8](response.body), name: name)
            MediaURLs.resolve(&liveblog, against: response.finalURL)
            return .success(liveblog)
        } catch let error as LiveblogError {
            return .failure(SourceError(location: location,
                                        kind: .notALiveblog(error, contentType: response.contentType)))
        } catch {
            let wrapped = LiveblogError(file: name, place: "", message: "\(error)")
            return .failure(SourceError(location: location,
                                        kind: .notALiveblog(wrapped, contentType: response.contentType)))
        }
    }
}
