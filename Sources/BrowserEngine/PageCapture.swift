import EngineProcess
import Foundation
import LiveblogModel

/// Q20: a page of one's own recorded once and replayed offline, in the capture format of
/// `view --record` (docs/sources.md, "Capture format"): `{"capture": 1, "source": PAGE,
/// "responses": [{"kind": "page", "url", "final_url", "status", "headers", "body_base64" |
/// "error", "started_tick", "ended_tick"}]}`. Recording: every GET the page makes is fetched by
/// liveblog (ahead, `ResponsePrefetcher`) and kept; the file is written when the page closes.
/// Replaying: the n-th request for a URL gets the n-th recorded answer; one the capture does not
/// hold fails at once (`Fetch.failRequest`, a resource line: "not in the capture").
package final class PageCapture {
    enum Mode {
        case record
        case replay
    }

    struct Entry {
        var url: String
        var finalURL: String
        var status: Int?
        var headers: [String: String]
        var body: Data
        var error: String?
        var startedTick: Int
        var endedTick: Int
    }

    let path: String
    let mode: Mode
    let source: String
    private(set) var entries: [Entry] = []
    private var served: [String: Int] = [:]

    /// Replays `path` when it exists, else records into it.
    package init(path: String, source: String) throws {
        self.path = path
        self.source = source
        guard FileManager.default.fileExists(atPath: path) else {
            mode = .record
            return
        }
        mode = .replay
        guard let data = FileManager.default.contents(atPath: path), data.count <= 256 << 20,
              let json = try? JSONParser.parse(String(decoding: data, as: UTF8.self)),
              json["capture"]?.intValue == 1, let responses = json["responses"]?.arrayValue else {
            throw EngineError.page("\(path): not a page capture (docs/sources.md, \"Capture format\")")
        }
        for r in responses {
            guard let url = r["url"]?.stringValue else { continue }
            let body = r["body_base64"]?.stringValue.flatMap { Data(base64Encoded: $0) } ?? Data()
            var headers: [String: String] = [:]
            for (k, v) in r["headers"]?.objectPairs ?? [] { headers[k] = v.stringValue ?? "" }
            entries.append(Entry(url: url, finalURL: r["final_url"]?.stringValue ?? url, status: r["status"]?.intValue,
                                 headers: headers, body: body, error: r["error"]?["kind"]?.stringValue,
                                 startedTick: r["started_tick"]?.intValue ?? 0, endedTick: r["ended_tick"]?.intValue ?? 0))
        }
    }

    /// The next recorded answer for `url`, nil when the capture holds no more.
    func next(for url: String) -> Entry? {
        let n = served[url, default: 0]
        let matching = entries.filter { $0.url == url }
        guard n < matching.count else { return nil }
        served[url] = n + 1
        return matching[n]
    }

    func record(_ e: Entry) { entries.append(e) }

    /// Writes the recorded capture (nothing in replay).
    package func write() throws {
        guard mode == .record else { return }
        let responses: [JSONValue] = entries.map { e in
            var pairs: [(String, JSONValue)] = [("kind", .string("page")), ("url", .string(e.url)),
                                                ("final_url", .string(e.finalURL))]
            if let s = e.status { pairs.append(("status", .int(s))) }
            pairs.append(("headers", .object(e.headers.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
            if let error = e.error {
                pairs.append(("error", .obj(("kind", .string(error)))))
            } else {
                pairs.append(("body_base64", .string(e.body.base64EncodedString())))
            }
            pairs += [("started_tick", .int(e.startedTick)), ("ended_tick", .int(e.endedTick))]
            return .object(pairs)
        }
        let text = JSONWriter.write(.obj(("capture", .int(1)), ("source", .string(source)), ("responses", .array(responses))))
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw EngineError.page("cannot write the page capture to \(path)")
        }
    }
}
