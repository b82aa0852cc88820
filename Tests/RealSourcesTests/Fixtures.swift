import Foundation

/// This target's fixture files (a liveblog, images, live snapshots), which the tests' loopback
/// server serves under /files/ and /live/.
enum Fixtures {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static var directory: String { url.path }
}
