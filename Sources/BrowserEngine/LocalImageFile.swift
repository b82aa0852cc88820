import Foundation

/// A liveblog's own image file, as the loopback server may serve it (S2): a regular file (its
/// real path, links resolved) inside the liveblog's folder or the folder above it (the bundled
/// layout: liveblogs/ beside images/; never "/"), at most 64 MiB, whose first bytes are a PNG,
/// JPEG, GIF or WebP signature. Anything else (`/etc/shadow`, `/proc/self/environ`, a link out
/// of the folder) is refused with the reason.
enum LocalImageFile {
    static let maxBytes = 64 << 20

    struct Refused: Error, CustomStringConvertible {
        let description: String
    }

    /// The folders a liveblog's local media may come from.
    static func folders(of base: String?) -> [String] {
        guard let base, let real = realPath(base) else { return [] }
        let parent = (real as NSString).deletingLastPathComponent
        return parent.isEmpty || parent == "/" ? [real] : [real, parent]
    }

    static func read(_ path: String, allowedIn folders: [String]) -> Result<[UInt8], Refused> {
        guard let real = realPath(path) else { return .failure(Refused(description: "no such file")) }
        guard folders.contains(where: { real.hasPrefix($0 == "/" ? $0 : $0 + "/") }) else {
            return .failure(Refused(description: "the file is outside the liveblog's folder"))
        }
        let fd = open(real, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(Refused(description: "the file cannot be opened")) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            return .failure(Refused(description: "not a regular file"))
        }
        guard st.st_size <= maxBytes else { return .failure(Refused(description: "larger than 64 MiB")) }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        var got = 0
        while got < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + got, $0.count - got) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            got += n
        }
        bytes.removeSubrange(got...)
        guard EmbedSite.imageType(Array(bytes.prefix(12))) != "application/octet-stream" else {
            return .failure(Refused(description: "not an image file (PNG, JPEG, GIF or WebP)"))
        }
        return .success(bytes)
    }

    static func realPath(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }
}
