import Foundation

/// Issue 31: a liveblog within the file cap (512 MiB) could still not be opened within 2 GB:
/// one post of 4.4 million images (467 MiB) or a 437 MiB title become a parse tree and a model
/// of ten times their size. So one post's JSON, and the document's JSON outside its posts (the
/// title, the scoreboard), are each read up to `maxBytes`; past that the error names the place,
/// found by one byte pass over the native shape (`EventScan`) before anything is parsed.
public enum PostSizeLimit {
    /// 16 MiB: two hundred times the largest post of the heavy benchmark liveblog (B7).
    public static let maxBytes = 16 << 20

    /// Throws when a post (or the part outside the posts) of the native shape in `b` is over
    /// the limit; returns the scan (nil for another shape).
    @discardableResult
    static func check(_ b: UnsafeBufferPointer<UInt8>, name: String) throws -> EventScan? {
        guard b.count > maxBytes, let scan = EventScan(b) else { return nil }
        try check(scan, count: b.count, name: name)
        return scan
    }

    static func check(_ scan: EventScan, count: Int, name: String) throws {
        guard count > maxBytes else { return }
        for (i, r) in scan.elements.enumerated() where r.1 - r.0 > maxBytes {
            throw LiveblogError(file: name, place: "events[\(i)]", message:
                "the post is \(LiveblogInput.mebibytes(r.1 - r.0)) MiB of JSON; liveblog reads posts of up to "
                + "\(maxBytes >> 20) MiB each")
        }
        let outside = scan.arrayStart + (count - scan.arrayEnd)
        if outside > maxBytes {
            throw LiveblogError(file: name, place: "", message:
                "the liveblog outside its posts (title, scoreboard, other fields) is "
                + "\(LiveblogInput.mebibytes(outside)) MiB of JSON; liveblog reads up to "
                + "\(maxBytes >> 20) MiB of it")
        }
    }
}
