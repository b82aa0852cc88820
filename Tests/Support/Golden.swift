import Foundation
import XCTest

/// A golden file: what a test produced (a trace, a screen, a text, fuzz digests) compared byte for
/// byte with a file kept in the repository (the one golden compare of every test target). `LIVEBLOG_UPDATE_GOLDEN=1` (re)writes the file, for a change made
/// on purpose (read the diff before committing it); a missing file is written and the test fails
/// (check it, run again); a difference fails with a readable diff of the lines that differ.
public enum Golden {
    /// Whether goldens are being (re)written: `LIVEBLOG_UPDATE_GOLDEN=1`.
    public static var updating: Bool { ProcessInfo.processInfo.environment["LIVEBLOG_UPDATE_GOLDEN"] == "1" }

    /// Compares `actual` with the file at `path`; `what` names it in the failure ("screen",
    /// "trace of ios-3g-landing.json"). With `showActual` the failure also shows the whole of
    /// `actual` (a screen: one look shows what is drawn).
    public static func assertMatches(_ actual: String, path: String, what: String, showActual: Bool = false,
                                     file: StaticString = #filePath, line: UInt = #line) {
        let name = (path as NSString).lastPathComponent
        if updating || !FileManager.default.fileExists(atPath: path) {
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                     withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: path, contents: Data(actual.utf8))
            if !updating {
                XCTFail("golden \(name) was missing and has been written; check it and run again", file: file, line: line)
            }
            return
        }
        let bytes = FileManager.default.contents(atPath: path) ?? Data()
        guard bytes != Data(actual.utf8) else { return }
        // Texts equal as Strings but not as bytes (an é precomposed in one, decomposed in the other)
        // differ too: the file is compared byte for byte.
        let expected = String(decoding: bytes, as: UTF8.self)
        let diff = diff(expected, actual) ?? "the same characters in other bytes (Unicode normalisation)"
        XCTFail("\(what) differs from golden \(name) (LIVEBLOG_UPDATE_GOLDEN=1 rewrites it)\n\(diff)"
                + (showActual ? "\n--- actual ---\n\(actual)" : ""), file: file, line: line)
    }

    /// nil when equal; else the differing stretch: the lines both share before and after it cut
    /// away, then the golden's lines (`-`) and the actual ones (`+`), with line numbers, at most
    /// `most` of each.
    public static func diff(_ expected: String, _ actual: String, most: Int = 12) -> String? {
        guard expected != actual else { return nil }
        let a = expected.components(separatedBy: "\n"), b = actual.components(separatedBy: "\n")
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let gone = a[head..<(a.count - tail)], added = b[head..<(b.count - tail)]
        var out = ["golden lines \(head + 1)–\(head + gone.count) (\(gone.count) of \(a.count)) became actual lines "
                   + "\(head + 1)–\(head + added.count) (\(added.count) of \(b.count)):"]
        for (i, l) in gone.prefix(most).enumerated() { out.append("- \(head + i + 1): \(l)") }
        if gone.count > most { out.append("- … \(gone.count - most) more") }
        for (i, l) in added.prefix(most).enumerated() { out.append("+ \(head + i + 1): \(l)") }
        if added.count > most { out.append("+ … \(added.count - most) more") }
        return out.joined(separator: "\n")
    }
}
