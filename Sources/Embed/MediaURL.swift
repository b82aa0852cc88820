import Foundation

/// What counts as video or audio (W3): a URL on a known video or audio site, or a URL whose
/// path ends in a media file's extension. The page hands these to the app for the system's
/// player instead of following them, as ForemWebView hands its video and podcasts to native
/// players (the ForemWebView deep dive (a seed, docs/architecture.md): "Native Podcast Player & Picture in Picture video").
public enum MediaURL {
    /// Sites whose pages are a video or a stream (a host equal to one of these, or under it).
    public static let sites = [
        "youtube.com", "youtu.be", "youtube-nocookie.com", "vimeo.com", "dailymotion.com", "dai.ly",
        "twitch.tv", "tiktok.com", "soundcloud.com", "mixcloud.com", "streamable.com", "rumble.com",
    ]
    /// Video, audio and playlist files (the path's extension, lowercased).
    public static let extensions: Set<String> = [
        "mp4", "m4v", "webm", "mkv", "mov", "avi", "ogv", "m3u8", "mpd", "ts",
        "mp3", "m4a", "aac", "ogg", "oga", "opus", "flac", "wav", "m3u", "pls",
    ]

    /// Is this URL video or audio? Relative URLs count by their extension only.
    public static func isMedia(_ url: String) -> Bool {
        let c = URLComponents(string: url)
        if let host = c?.host?.lowercased(), isMediaSite(host) { return true }
        let path = c?.path ?? url
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return extensions.contains(path[path.index(after: dot)...].lowercased())
    }

    static func isMediaSite(_ host: String) -> Bool {
        let h = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        return sites.contains { h == $0 || h.hasSuffix("." + $0) }
    }
}
