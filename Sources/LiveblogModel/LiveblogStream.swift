import Foundation

/// A liveblog read as its bytes arrive (B9): the native shape `{"game": …, "events": [ … ]}`, or
/// a JSON Feed `{"version": "https://jsonfeed.org/version/1.1", "title": …, "items": [ … ]}`, fed
/// in pieces of any size (splits inside strings, escapes and UTF-8 sequences are fine: only
/// ASCII bytes are structural); each event or item becomes a post as soon as its closing brace
/// is in, in file order. What comes before the array gives the header at once (a feed's
/// `version` must come before its items to be streamed). JSON-LD is not streamed: its updates
/// sit deep in `@graph` or in an HTML page. Anything unusual (another shape, a primitive or
/// broken element, a second array, a duplicate id, a header key after the array, text after
/// the document) stops
/// the streaming: `finish()` then returns nil and the caller parses the whole body, which
/// reports every error exactly as before; the posts already emitted stay what they were (they
/// are the ones before the defect). When the stream went through, `finish()` gives exactly the
/// liveblog `LiveblogLoader.load(bytes:)` gives for the whole body.
public final class LiveblogStreamParser {
    public let name: String
    /// Every byte received so far (the whole body at the end: the fallback parse, a capture).
    public private(set) var bytes: [UInt8] = []
    /// The header (id, title, scoreboard) once the events or items array has started.
    public private(set) var header: (id: String, title: String, scoreboard: Scoreboard?)?
    /// The posts emitted so far, in file order (deleted events left out).
    public private(set) var posts: [Post] = []
    /// The format of the array streaming in (nil before).
    public var format: Liveblog.Format? { streamed.map { $0 == .native ? .tickaroo : .jsonFeed } }
    /// False once something unusual was met: nothing more is emitted.
    public var isStreaming: Bool { phase != .whole }

    private enum Phase {
        case start, beforeKey, inKey, afterKey, beforeValue, inValue, afterValue
        case beforeFirstElement, beforeElement, inElement, afterElement, afterDocument, whole
    }

    private var phase = Phase.start
    private var pos = 0
    private var keyStart = 0
    /// The array a key names (`events` or `items`), and the one streamed.
    private enum Shape { case native, feed }
    private var keyShape: Shape?
    private var streamed: Shape?
    private var skippedItems = false
    private var skipper = ValueSkipper()
    private var elementStart = 0
    private var valueStart = 0
    private var elementIndex = 0
    private var seen = Set<String>()
    private let eventsPlace = JSONNode.Place.key(.root(""), "events")
    private let itemsPlace = JSONNode.Place.key(.root(""), "items")
    /// Keys that, after the streamed array, could change the shape or the header: the whole
    /// parse decides then.
    private static let laterKeys: [Shape: Set<[UInt8]>] = [
        .native: [Array("game".utf8)],
        .feed: Set(["events", "game", "data", "version", "title", "feed_url", "home_page_url"]
            .map { Array($0.utf8) }),
    ]

    public init(name: String) { self.name = name }

    /// Takes the next bytes; returns the posts completed by them, in file order.
    @discardableResult
    public func feed<Bytes: Sequence>(_ more: Bytes) -> [Post] where Bytes.Element == UInt8 {
        let before = posts.count
        bytes.append(contentsOf: more)
        bytes.withUnsafeBufferPointer { b in
            while phase != .whole, step(b) {}
        }
        return Array(posts[before...])
    }

    /// The body has ended: the whole liveblog when it streamed through, nil when the caller must
    /// parse `bytes` whole (another shape, a defect, a truncated body: that parse names it).
    public func finish() -> Liveblog? {
        guard phase == .afterDocument, let shape = streamed, let h = header else { return nil }
        return Liveblog(id: h.id, title: h.title, scoreboard: h.scoreboard,
                        posts: LiveblogLoader.newestFirst(posts),
                        format: shape == .native ? .tickaroo : .jsonFeed, baseDirectory: nil)
    }

    // MARK: - The scanner (resumable: each step either moves on or waits for more bytes)

    private static let quote = UInt8(ascii: "\""), colon = UInt8(ascii: ":"), comma = UInt8(ascii: ",")
    private static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    private static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")

    /// One step from `pos`; false when more bytes are needed.
    private func step(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        switch phase {
        case .start:
            if pos == 0, b.count < 3, b.allSatisfy({ $0 >= 0x80 }) { return false }
            if pos == 0, b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { pos = 3 }
            return expect(b, Self.openBrace, then: .beforeKey)
        case .beforeKey:
            guard let c = nextNonSpace(b) else { return false }
            if c == Self.closeBrace { return advance(to: .afterDocument) }
            guard c == Self.quote else { return fallBack() }
            // The key is scanned from its opening quote, as a string value.
            keyStart = pos + 1
            skipper = ValueSkipper()
            phase = .inKey
            return true
        case .inKey:
            guard skipper.scan(b, &pos) else { return false }
            return keyEnded(b)
        case .afterKey:
            return expect(b, Self.colon, then: .beforeValue)
        case .beforeValue:
            guard let c = nextNonSpace(b) else { return false }
            return valueBegins(b, c)
        case .inValue:
            guard skipper.scan(b, &pos) else { return false }
            // Values before the events are checked by the header's parse, those after it here.
            let value = UnsafeBufferPointer(rebasing: b[valueStart..<pos])
            if skipper.malformed || (streamed != nil && !isValidJSON(value)) {
                return fallBack()
            }
            phase = .afterValue
            return true
        case .afterValue:
            guard let c = nextNonSpace(b) else { return false }
            if c == Self.comma { return advance(to: .beforeKey) }
            return expect(b, Self.closeBrace, then: .afterDocument)
        default:
            return stepEvents(b)
        }
    }

    /// A key was read (`pos` after its closing quote).
    private func keyEnded(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let key = Array(b[keyStart..<(pos - 1)])
        keyShape = key == Array("events".utf8) ? .native : key == Array("items".utf8) ? .feed : nil
        // After the array, a key must be valid JSON and change nothing read (the whole parse decides).
        let quoted = UnsafeBufferPointer(rebasing: b[(keyStart - 1)..<pos])
        if let shape = streamed, Self.laterKeys[shape]!.contains(key) || !isValidJSON(quoted) {
            return fallBack()
        }
        phase = .afterKey
        return true
    }

    /// A member's value starts with `c`: the array to stream, or a value to skip.
    private func valueBegins(_ b: UnsafeBufferPointer<UInt8>, _ c: UInt8) -> Bool {
        // `items` is a feed's only when what came before says so (and no `items` came before);
        // else a value like any other.
        var shape = keyShape
        if shape == .feed,
           skippedItems || streamed != nil || c != Self.openBracket || !readHeader(b, .feed) {
            shape = nil
            skippedItems = true
        }
        guard let shape else {
            valueStart = pos
            skipper = ValueSkipper()
            phase = .inValue
            return true
        }
        guard streamed == nil, c == Self.openBracket, shape == .feed || readHeader(b, .native) else {
            return fallBack()
        }
        streamed = shape
        return advance(to: .beforeFirstElement)
    }

    /// The steps inside the events array, and after the document.
    private func stepEvents(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        switch phase {
        case .beforeFirstElement, .beforeElement:
            guard let c = nextNonSpace(b) else { return false }
            if c == Self.closeBracket, phase == .beforeFirstElement { return advance(to: .afterValue) }
            guard c == Self.openBrace else { return fallBack() }
            elementStart = pos
            skipper = ValueSkipper()
            phase = .inElement
            return true
        case .inElement:
            guard skipper.scan(b, &pos) else { return false }
            guard !skipper.malformed, emit(UnsafeBufferPointer(rebasing: b[elementStart..<pos])) else {
                return fallBack()
            }
            phase = .afterElement
            return true
        case .afterElement:
            guard let c = nextNonSpace(b) else { return false }
            if c == Self.comma { return advance(to: .beforeElement) }
            return expect(b, Self.closeBracket, then: .afterValue)
        case .afterDocument:
            // Only white space may follow; anything else is for the whole parse to name.
            guard nextNonSpace(b) != nil else { return false }
            return fallBack()
        default:
            return fallBack()
        }
    }

    /// One element's bytes: its post, unless a deleted event; false when the whole parse must
    /// decide.
    private func emit(_ element: UnsafeBufferPointer<UInt8>) -> Bool {
        defer { elementIndex += 1 }
        guard skipper.maxDepth < JSONParser.maxDepth - 4,
              let v = try? JSONParser.parse(buffer: element), case .object = v else { return false }
        let post: Post?
        if streamed == .feed {
            let node = JSONNode(v, place: .index(itemsPlace, elementIndex), file: name)
            post = (try? node.requiredID("id")).flatMap { try? JSONFeedFormat.parseItem(node, id: $0) }
        } else {
            if TickarooFormat.isDeleted(v) { return true }
            let node = JSONNode(v, place: .index(eventsPlace, elementIndex), file: name)
            post = try? TickarooFormat.parseEvent(node)
        }
        guard let post, seen.insert(post.id).inserted else { return false }
        posts.append(post)
        return true
    }

    /// The document before the array, closed (`…"events": []}`), gives the header: the game's,
    /// or a feed's title and id when it is a JSON Feed and nothing makes it a native one.
    private func readHeader(_ b: UnsafeBufferPointer<UInt8>, _ shape: Shape) -> Bool {
        let head = Array(b[0...pos]) + Array("]}".utf8)
        guard let doc = try? JSONParser.parse(bytes: head), case .object(let pairs) = doc else { return false }
        let root = JSONNode(.object(pairs), path: "", file: name)
        switch shape {
        case .native:
            guard let h = try? TickarooFormat.parseGame(root, name: name) else { return false }
            header = h
        case .feed:
            guard JSONFeedFormat.isFeed(doc), !TickarooFormat.isTickaroo(doc),
                  let title = try? root.string("title") ?? "",
                  let id = try? root.string("feed_url") ?? root.string("home_page_url")
                      ?? LiveblogLoader.defaultID(name)
            else { return false }
            header = (id, title, nil)
        }
        return true
    }

    private func isValidJSON(_ piece: UnsafeBufferPointer<UInt8>) -> Bool {
        (try? JSONParser.parse(buffer: piece)) != nil
    }

    private func nextNonSpace(_ b: UnsafeBufferPointer<UInt8>) -> UInt8? {
        while pos < b.count, b[pos] == 0x20 || b[pos] == 0x0A || b[pos] == 0x0D || b[pos] == 0x09 { pos += 1 }
        return pos < b.count ? b[pos] : nil
    }

    private func expect(_ b: UnsafeBufferPointer<UInt8>, _ byte: UInt8, then next: Phase) -> Bool {
        guard let c = nextNonSpace(b) else { return false }
        guard c == byte else { return fallBack() }
        return advance(to: next)
    }

    private func advance(to next: Phase) -> Bool {
        pos += 1
        phase = next
        return true
    }

    private func fallBack() -> Bool {
        phase = .whole
        return false
    }
}

/// Skips one JSON value across pieces of input: strings (with escapes) and nesting are followed,
/// nothing is built. A primitive ends before the byte that ends it (`,` `}` `]` or space).
struct ValueSkipper {
    private var started = false
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var primitive = false
    private(set) var maxDepth = 0
    private(set) var malformed = false

    /// Scans from `pos`: true when the value ended (`pos` just after it), false when the bytes
    /// ran out first.
    mutating func scan(_ b: UnsafeBufferPointer<UInt8>, _ pos: inout Int) -> Bool {
        while pos < b.count {
            let c = b[pos]
            if inString {
                pos += 1
                if escaped {
                    escaped = false
                } else if c == 0x5C {
                    escaped = true
                } else if c == 0x22 {
                    inString = false
                    if depth == 0 { return true }
                }
                continue
            }
            if primitive {
                if c == 0x2C || c == 0x7D || c == 0x5D || c <= 0x20 { return true }
                pos += 1
                continue
            }
            pos += 1
            switch c {
            case 0x22:
                inString = true
            case 0x7B, 0x5B:
                depth += 1
                maxDepth = max(maxDepth, depth)
            case 0x7D, 0x5D:
                depth -= 1
                if depth < 0 { malformed = true }
                if depth <= 0 { return true }
            default:
                if !started, c > 0x20 { primitive = true }
            }
            started = true
        }
        return false
    }
}

extension LiveblogLoader {
    /// Newest first, equal times in file order: the order every loader gives (a streamed body's
    /// posts put in page order, B9).
    public static func sortedNewestFirst(_ posts: [Post]) -> [Post] { newestFirst(posts) }
}
