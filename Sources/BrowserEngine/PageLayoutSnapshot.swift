import EngineProcess
import Foundation
import LiveblogModel
import TextCells

/// What the engine laid out between two page y (X9), read from the DOM by engine-view.js: the
/// text runs (consecutive words of one text node on one line box) and the images, in page
/// coordinates (CSS px = pt, the document's top-left). `PageCellLayout` places them in cells.
public struct PageLayoutSnapshot: Sendable, Equatable {
    /// The page y range asked for.
    public var from: Double
    public var to: Double
    public var contentHeight: Double
    /// How many times what the terminal sees of the page has changed (engine-view.js): pixels
    /// captured at an older version are stale (X9).
    public var version: Int
    public var runs: [PageTextRun]
    public var images: [PageImageBox]

    public init(from: Double, to: Double, contentHeight: Double, runs: [PageTextRun], images: [PageImageBox],
                version: Int = 0) {
        self.from = from
        self.to = to
        self.contentHeight = contentHeight
        self.version = version
        self.runs = runs
        self.images = images
    }

    /// Does it hold everything between `y0` and `y1`?
    public func covers(_ y0: Double, _ y1: Double) -> Bool { from <= y0 && y1 <= to }
}

/// One run of text where the engine put it.
public struct PageTextRun: Sendable, Equatable {
    public struct Style: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let bold = Style(rawValue: 1)
        public static let italic = Style(rawValue: 2)
        public static let link = Style(rawValue: 4)
        /// Grey (secondary) text.
        public static let dim = Style(rawValue: 8)
        public static let heading = Style(rawValue: 16)
        public static let underline = Style(rawValue: 32)
    }

    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// Clean text (the sanitiser's), whitespace collapsed as the engine shows it.
    public var text: String
    public var style: Style
    /// The link's absolute URL (`a.href`), for links.
    public var href: String?
    /// V5: the block (the text's nearest ancestor that is not inline) it is in, numbered within one
    /// answer: a paragraph's lines share it; nil where the answer does not say.
    public var block: Int?

    public init(x: Double, y: Double, width: Double, height: Double, text: String, style: Style = [],
                href: String? = nil, block: Int? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.text = text
        self.style = style
        self.href = href
        self.block = block
    }

    public var midY: Double { y + height / 2 }
}

/// An image (img, video, iframe, canvas, svg) where the engine put it, and how far it loaded.
public struct PageImageBox: Sendable, Equatable {
    public enum State: Int, Sendable {
        case pending = 0, loaded = 1, failed = 2
    }

    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var state: State
    public var alt: String
    public var src: String
    /// The element: img, video, iframe, canvas, svg.
    public var element: String
    /// The decoded image's size in pixels (0 until it has loaded).
    public var naturalWidth: Int
    public var naturalHeight: Int

    public init(x: Double, y: Double, width: Double, height: Double, state: State, alt: String = "",
                src: String = "", element: String = "img", naturalWidth: Int = 0, naturalHeight: Int = 0) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.state = state
        self.alt = alt
        self.src = src
        self.element = element
        self.naturalWidth = naturalWidth
        self.naturalHeight = naturalHeight
    }
}

extension PageLayoutSnapshot {
    /// Reads engine-view.js's `layout(y0, y1)` answer (a JSON string). Every text that reaches
    /// the terminal goes through the sanitiser.
    package static func parse(_ value: JSONValue, from y0: Double, to y1: Double) throws -> PageLayoutSnapshot {
        guard let text = value.stringValue, let json = try? JSONParser.parse(text),
              let rawHeight = json["h"]?.doubleValue else {
            throw EngineError.malformed("the page's layout")
        }
        // S4: a box whose numbers no layout gives is left out; the height is clamped.
        let height = PageNumber.clampedSize(rawHeight)
        let runs = (json["runs"]?.arrayValue ?? []).compactMap { row -> PageTextRun? in
            guard let r = row.arrayValue, r.count >= 7, let x = PageNumber.coordinate(r[0].doubleValue),
                  let y = PageNumber.coordinate(r[1].doubleValue), let w = PageNumber.size(r[2].doubleValue),
                  let h = PageNumber.size(r[3].doubleValue), let t = r[4].stringValue else { return nil }
            let clean = Sanitizer.clean(t)
            guard !clean.isEmpty else { return nil }
            return PageTextRun(x: x, y: y, width: w, height: h, text: clean,
                               style: PageTextRun.Style(rawValue: r[5].intValue ?? 0),
                               href: r[6].stringValue.map { Sanitizer.clean($0) },
                               block: r.count > 7 ? r[7].intValue : nil)
        }
        let images = (json["images"]?.arrayValue ?? []).compactMap { row -> PageImageBox? in
            guard let r = row.arrayValue, r.count >= 10, let x = PageNumber.coordinate(r[0].doubleValue),
                  let y = PageNumber.coordinate(r[1].doubleValue), let w = PageNumber.size(r[2].doubleValue),
                  let h = PageNumber.size(r[3].doubleValue) else { return nil }
            return PageImageBox(x: x, y: y, width: w, height: h,
                                state: PageImageBox.State(rawValue: r[4].intValue ?? 0) ?? .pending,
                                alt: Sanitizer.clean(r[5].stringValue ?? ""), src: Sanitizer.clean(r[6].stringValue ?? ""),
                                element: Sanitizer.clean(r[7].stringValue ?? "img"),
                                naturalWidth: max(0, min(r[8].intValue ?? 0, 1 << 20)),
                                naturalHeight: max(0, min(r[9].intValue ?? 0, 1 << 20)))
        }
        // The range the answer covers: the one asked for, or a wider one the page answered before.
        let from = PageNumber.coordinate(json["from"]?.doubleValue).map { min($0, y0) } ?? y0
        let to = PageNumber.coordinate(json["to"]?.doubleValue).map { max($0, y1) } ?? y1
        return PageLayoutSnapshot(from: from, to: to, contentHeight: height, runs: runs, images: images,
                                  version: json["v"]?.intValue ?? 0)
    }
}
