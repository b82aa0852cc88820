import Foundation
import CSupport
import TextCells

/// Reads a liveblog in any supported format (L1–L3), detected from the content, not the name:
///
/// - the native Tickaroo shape `{"game": …, "events": […]}` (also wrapped in `{"data": …}`),
///   see `TickarooFormat` for the fields read;
/// - JSON Feed 1.1 (`"version": "https://jsonfeed.org/version/1.1"`);
/// - schema.org `LiveBlogPosting` JSON-LD, as a JSON document or inside the
///   `<script type="application/ld+json">` blocks of a saved HTML page.
///
/// Errors are `LiveblogError`s naming the file and the place (L4): a JSON path such as
/// `events[3].local_id` for structural errors, `line L, column C` for syntax errors.
/// Every string taken from the file is sanitised (T8). Posts come out newest first; posts
/// with the same time keep their order in the file.
public enum LiveblogLoader {
    public static let supportedFormats =
        "supported formats: a Tickaroo liveblog ({\"game\": {…}, \"events\": […]}), " +
        "a JSON Feed 1.1 (\"version\": \"https://jsonfeed.org/version/1.1\"), " +
        "or schema.org LiveBlogPosting JSON-LD (a .json file or the ld+json blocks of an .html page)"

    /// Loads a file; errors name the file and the place (L4). `baseDirectory` of the result is
    /// the file's directory (absolute), where relative media URLs are resolved. The file is
    /// opened once and read within the bounds of `LiveblogInput` (issue 18): a FIFO's data is
    /// read once, a device is refused, a file over the cap fails from its size.
    public static func load(path: String) throws -> Liveblog {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw LiveblogError(file: path, place: "", message: errno == ENOENT ? "no such file" : "cannot read the file")
        }
        defer { close(fd) }
        let dir = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
        return try load(fileDescriptor: fd, name: path, baseDirectory: dir)
    }

    /// Loads from an open file: a regular file, a FIFO or a pipe such as standard input, read
    /// once (issue 18). `name` is used in errors.
    public static func load(fileDescriptor fd: Int32, name: String, baseDirectory: String?) throws -> Liveblog {
        let kind = try LiveblogInput.kind(of: fd, name: name)
        var expected = 0
        if case .regular(let size) = kind {
            if let lb = try loadMapped(fd, size: size, name: name, baseDirectory: baseDirectory) { return lb }
            guard lseek(fd, 0, SEEK_SET) == 0 else { throw LiveblogError(file: name, place: "", message: "cannot read the file") }
            expected = size
        }
        guard let read = LiveblogInput.read(fd, expected: expected) else {
            throw LiveblogError(file: name, place: "", message: "cannot read the file")
        }
        if read.stop == .cap { throw LiveblogInput.tooLarge(name, size: nil) }
        return try load(bytes: read.bytes, name: name, baseDirectory: baseDirectory)
    }

    /// The native shape read from the file mapped into memory, event by event; the pages already
    /// read are handed back to the system as the parser moves on, so a large file costs little
    /// more than the liveblog it holds (B6). nil for anything else, or any error: the caller
    /// reads the file and takes the full path, with its exact errors. Throws only for a post over
    /// `PostSizeLimit` (issue 31).
    static func loadMapped(_ fd: Int32, size: Int, name path: String,
                           baseDirectory: String?) throws -> Liveblog? {
        guard size > 0 else { return nil }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return nil }
        defer { munmap(base, size) }
        let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)
        // Only a document that starts with an object can be the native shape.
        var i = 0
        if size >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        while i < size, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        guard i < size, bytes[i] == UInt8(ascii: "{") else { return nil }
        let page = max(4096, sysconf(Int32(_SC_PAGESIZE)))
        // A large file on a machine with more than one core: parse its events in parallel (B3).
        // Two threads free their parse garbage in two malloc arenas; a fixed trim threshold hands
        // it back as it goes (glibc's dynamic one grows with the big arrays and keeps ~12 MB more, B6).
        if size >= 4 << 20 { lb_set_trim_threshold(1 << 20) }
        // The mapping outlives the parallel parse; each chunk releases only its own pages.
        nonisolated(unsafe) let mapped = base
        if size >= 4 << 20, ProcessInfo.processInfo.activeProcessorCount > 1,
           let lb = try TickarooFormat.loadParallel(buffer: bytes, name: path, baseDirectory: baseDirectory,
                                                    release: { lo, hi in
               // Pages wholly inside a finished chunk go back to the system (B6).
               let a = (lo + page - 1) / page * page, z = hi / page * page
               if z > a { _ = madvise(mapped + a, z - a, MADV_DONTNEED) }
           }) {
            Heap.trim()
            return lb
        }
        try PostSizeLimit.check(bytes, name: path)
        let step = 4 << 20
        var released = 0
        return TickarooFormat.loadStreaming(buffer: bytes, name: path, baseDirectory: baseDirectory, consumed: { pos in
            let upTo = (pos - (1 << 16)) / page * page
            if upTo - released >= step {
                _ = madvise(base + released, upTo - released, MADV_DONTNEED)
                released = upTo
            }
        })
    }

    /// Loads a liveblog from the bytes of a file (JSON in any supported format, or an HTML page
    /// holding JSON-LD). `name` is used in errors.
    public static func load(bytes: [UInt8], name: String, baseDirectory: String? = nil) throws -> Liveblog {
        var i = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        guard i < bytes.count else { throw LiveblogError(file: name, place: "", message: "the file is empty; " + supportedFormats) }
        if bytes[i] == UInt8(ascii: "<") { return try loadHTML(bytes: bytes, name: name, baseDirectory: baseDirectory) }
        _ = try bytes.withUnsafeBufferPointer { try PostSizeLimit.check($0, name: name) }
        // The native shape, event by event (issue 6); anything else, or any error, takes the full path.
        if let lb = TickarooFormat.loadStreaming(bytes: bytes, name: name, baseDirectory: baseDirectory) { return lb }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes: bytes)
        } catch let e as JSONSyntaxError {
            throw LiveblogError(file: name, place: "line \(e.line), column \(e.column)", message: e.message)
        }
        return try load(json: json, name: name, baseDirectory: baseDirectory)
    }

    /// Parses an already-read JSON value (an inline liveblog in a scenario, for example).
    public static func load(json: JSONValue, name: String, baseDirectory: String?) throws -> Liveblog {
        let root = JSONNode(json, path: "", file: name)
        if TickarooFormat.isTickaroo(json) { return try TickarooFormat.load(root, name: name, baseDirectory: baseDirectory) }
        if JSONFeedFormat.isFeed(json) { return try JSONFeedFormat.load(root, name: name, baseDirectory: baseDirectory) }
        if let node = JSONLDFormat.find(root) { return try JSONLDFormat.load(node, name: name, baseDirectory: baseDirectory) }
        if let v = json["version"]?.stringValue, v.contains("jsonfeed") {
            throw LiveblogError(file: name, place: "version", message: "unsupported JSON Feed version \(JSONWriter.quote(Sanitizer.clean(v))); " + supportedFormats)
        }
        throw LiveblogError(file: name, place: "", message: "not a liveblog document (found \(json.typeName) at the top level); " + supportedFormats)
    }

    /// A saved HTML page: the first `application/ld+json` block holding a LiveBlogPosting.
    static func loadHTML(bytes: [UInt8], name: String, baseDirectory: String?) throws -> Liveblog {
        let blocks = LDJSONScripts.extract(from: bytes)
        var firstSyntaxError: LiveblogError?
        for block in blocks {
            do {
                let json = try JSONParser.parse(bytes: block.bytes)
                if let node = JSONLDFormat.find(JSONNode(json, path: "", file: name)) {
                    return try JSONLDFormat.load(node, name: name, baseDirectory: baseDirectory)
                }
            } catch let e as JSONSyntaxError {
                // Line and column in the page, not in the block.
                let line = block.line + e.line - 1
                let column = e.line == 1 ? block.column + e.column - 1 : e.column
                if firstSyntaxError == nil {
                    firstSyntaxError = LiveblogError(file: name, place: "line \(line), column \(column)",
                                                     message: "in an ld+json block: " + e.message)
                }
            }
        }
        if let e = firstSyntaxError { throw e }
        let found = blocks.isEmpty ? "the page has no ld+json blocks" : "the page has \(blocks.count) ld+json block\(blocks.count == 1 ? "" : "s"), none of them a LiveBlogPosting"
        throw LiveblogError(file: name, place: "", message: "no LiveBlogPosting JSON-LD block found (\(found))")
    }

    // MARK: - Shared helpers

    /// Newest first; equal times keep their order in the file (a stable sort).
    static func newestFirst(_ posts: [Post]) -> [Post] {
        var sorted = true
        for i in posts.indices.dropFirst() where posts[i].createdAt > posts[i - 1].createdAt { sorted = false; break }
        if sorted { return posts }
        return posts.enumerated().sorted { a, b in
            a.element.createdAt != b.element.createdAt ? a.element.createdAt > b.element.createdAt : a.offset < b.offset
        }.map(\.element)
    }

    /// The file name without directory and extension, for a liveblog without an id.
    static func defaultID(_ name: String) -> String {
        let base = (name as NSString).lastPathComponent
        let stem = (base as NSString).deletingPathExtension
        return Sanitizer.clean(stem.isEmpty ? "liveblog" : stem)
    }

    static func normaliseNewlines(_ s: String) -> String {
        guard s.contains("\r") else { return s }
        return s.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// An optional RFC 3339 date member as unix seconds (a number is taken as unix seconds).
    static func date(_ n: JSONNode, _ key: String) throws -> Double? {
        guard let v = n.raw(key) else { return nil }
        switch v {
        case .number(let d): return d
        case .string(let s):
            guard let t = RFC3339.parse(s) else {
                throw n.error("expected an RFC 3339 date such as \"2024-05-18T15:02:00Z\", found \(JSONWriter.quote(Sanitizer.clean(String(s.prefix(40)))))", key: key)
            }
            return t
        default: throw n.error("expected a date string, found \(v.typeName)", key: key)
        }
    }
}

extension Liveblog {
    /// The file a media or embed URL points at, when it is local: a relative path (resolved
    /// against `baseDirectory`, or the working directory when there is none), an absolute path,
    /// or a `file://` URL. nil for http(s) and other schemes.
    public func localPath(forURL url: String) -> String? {
        if url.hasPrefix("file://") { return URL(string: url)?.path ?? String(url.dropFirst(7)) }
        if url.hasPrefix("//") || url.hasPrefix("#") || url.isEmpty { return nil }
        if url.hasPrefix("/") { return url }
        if let colon = url.firstIndex(of: ":"), colon < (url.firstIndex(of: "/") ?? url.endIndex) { return nil }
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        guard let base = baseDirectory else { return path }
        return URL(fileURLWithPath: base).appendingPathComponent(path).standardizedFileURL.path
    }
}
