import Foundation
import TextCells

/// A liveblog as plain text (issue 15, `liveblog dump`): newest first (L4), wrapped by display
/// width at a given column count (the same `TextLayout.wrap` the page uses, E1), with post times
/// in UTC (V6: in the reader's zone, marked, when one is given), highlights marked (L7), links as numbered footnotes after their post, images as
/// `[image: alt, W×H]`, embeds as `[embed: url]`, quotes as `> ` lines, and no escape sequences:
/// every line goes through the `Sanitizer` (T8), so no byte below 0x20 but the newline between
/// lines reaches the output.
///
/// Posts are rendered one at a time, so a caller can stream a liveblog of any size without ever
/// holding its whole text (`PlainText.write`).
public enum PlainText {
    /// The header: title, score, post count (and where the dump starts, with `--event`).
    public static func header(_ lb: Liveblog, width: Int, from start: Int = 0) -> [String] {
        var lines = wrap(lb.title.isEmpty ? lb.id : lb.title, width)
        if let s = lb.scoreboard {
            lines += wrap("\(s.homeTeam) \(s.homeScore)–\(s.awayScore) \(s.awayTeam)", width)
        }
        let n = lb.posts.count
        var count = "\(n) post\(n == 1 ? "" : "s"), newest first"
        if start > 0, start < n { count += "; from post \(lb.posts[start].id) (\(start + 1) of \(n))" }
        lines += wrap(count, width)
        return lines.map(clean)
    }

    /// One post: its meta line (time, highlight, id), headline, sport event, blocks and the
    /// footnotes of its links.
    public static func post(_ p: Post, width: Int, zone: TimeZone? = nil) -> [String] {
        let cols = max(1, width)
        var lines = wrap(metaLine(p, zone: zone), cols)
        if let h = p.headline, !h.isEmpty { lines += wrap(h, cols) }
        if let s = p.sportEvent { lines += wrap(sportText(s), cols) }
        var notes = Footnotes()
        for block in p.blocks { lines += blockLines(block, cols, &notes) }
        if !notes.urls.isEmpty {
            lines.append("")
            for (i, url) in notes.urls.enumerated() { lines += wrap("[\(i + 1)] \(url)", cols) }
        }
        return lines.map(clean)
    }

    /// Streams the dump: the header, then every post from `start` on, a blank line between
    /// them. `emit` takes one line (no newline) and returns false to stop (a closed pipe);
    /// the result is false when it stopped early.
    @discardableResult
    public static func write(_ lb: Liveblog, width: Int, from start: Int = 0, zone: TimeZone? = nil,
                             emit: (String) -> Bool) -> Bool {
        for line in header(lb, width: width, from: start) where !emit(line) { return false }
        for i in max(0, start)..<max(max(0, start), lb.posts.count) {
            guard emit("") else { return false }
            for line in post(lb.posts[i], width: width, zone: zone) where !emit(line) { return false }
        }
        return true
    }

    /// A post time in UTC, short RFC 3339 form: `2024-05-18 17:20Z`.
    public static func time(_ t: Double) -> String {
        let full = RFC3339.format(t)   // 2024-05-18T17:20:07Z, or "unix …" out of range
        guard full.count == 20, full.hasSuffix("Z") else { return full }
        return String(full.prefix(10)) + " " + String(full.dropFirst(11).prefix(5)) + "Z"
    }

    /// How a highlight is marked (L7); a plain post has no mark.
    public static func mark(_ h: Highlight) -> String? {
        switch h {
        case .none: return nil
        case .sticky: return "[sticky]"
        case .stickyNoHighlight: return "[pinned]"
        case .inplace: return "[inplace]"
        case .milestone: return "[milestone]"
        }
    }

    static func metaLine(_ p: Post, zone: TimeZone? = nil) -> String {
        [zone.map { time(p.createdAt, in: $0) } ?? time(p.createdAt), mark(p.highlight), "(id \(p.id))"]
            .compactMap { $0 }.joined(separator: " ")
    }

    /// V6: a post time in the reader's zone, marked as the list marks it: `2024-05-18 18:20 UTC+1`.
    public static func time(_ t: Double, in zone: TimeZone) -> String {
        let safe = abs(t) < 1e12 ? t : 0
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: safe))
        let full = RFC3339.format(t + Double(offset))
        guard full.count == 20, full.hasSuffix("Z") else { return full }
        return String(full.prefix(10)) + " " + String(full.dropFirst(11).prefix(5)) + " " + zoneMark(offset)
    }

    /// "UTC", "UTC+1", "UTC-4", "UTC+5:30" (the list's marks).
    public static func zoneMark(_ offsetSeconds: Int) -> String {
        guard offsetSeconds != 0 else { return "UTC" }
        let m = abs(offsetSeconds) / 60
        let two = m % 60 < 10 ? "0\(m % 60)" : "\(m % 60)"
        return "UTC\(offsetSeconds < 0 ? "-" : "+")\(m / 60)" + (m % 60 == 0 ? "" : ":" + two)
    }

    /// A sport event as one line of words (the page's line without its pictogram).
    static func sportText(_ s: SportEvent) -> String {
        var t = s.title.flatMap { $0.isEmpty ? nil : $0 } ?? (s.isGoal ? "Goal" : s.eventType)
        if let tp = s.timeOfPlay { t += " \(tp)" }
        if !s.players.isEmpty { t += " – " + s.players.joined(separator: ", ") }
        if let team = s.team { t += " (\(team))" }
        return t
    }

    static func blockLines(_ block: Block, _ cols: Int, _ notes: inout Footnotes) -> [String] {
        switch block {
        case .text(let rt):
            return wrap(notes.marked(rt), cols)
        case .quote(let rt, let author):
            let inner = max(1, cols - 2)
            var out = wrap(notes.marked(rt), inner).map { "> " + $0 }
            if let a = author, !a.isEmpty { out += wrap("— " + a, inner).map { "> " + $0 } }
            return out
        case .media(let ms):
            return ms.flatMap { wrap(mediaText($0), cols) }
        case .embed(let e):
            return wrap("[embed: \(e.url)]", cols)
        case .emoji(let e):
            return wrap(e, cols)
        case .unknown(let t):
            // `Tik::ApiModel::Text::PollContentBlock` → `[unsupported: PollContentBlock]` (L1).
            let name = t.components(separatedBy: "::").last ?? t
            return wrap("[unsupported: \(name.isEmpty ? t : name)]", cols)
        }
    }

    /// `[image: alt, W×H]`; the alt or the size is left out when the file has none.
    static func mediaText(_ m: Media) -> String {
        var parts: [String] = []
        if let alt = m.alt, !alt.isEmpty { parts.append(alt) }
        if m.hasDeclaredSize, let w = m.width, let h = m.height { parts.append("\(size(w))×\(size(h))") }
        let kind = m.kind == .video ? "video" : "image"
        return parts.isEmpty ? "[\(kind)]" : "[\(kind): \(parts.joined(separator: ", "))]"
    }

    /// A declared size as a whole number; a file may declare anything (1e300 would trap in Int()).
    static func size(_ d: Double) -> String {
        d.isFinite && abs(d) < 1e15 ? String(Int(d.rounded())) : String(d)
    }

    /// The links of one post, numbered in order of first appearance.
    struct Footnotes {
        var urls: [String] = []

        /// The text, unstyled, with `[n]` after each link's words: one string, so that a mark
        /// and the punctuation after it wrap as one word.
        mutating func marked(_ rt: RichText) -> String {
            var text = ""
            for (i, run) in rt.runs.enumerated() {
                text += run.text
                guard let url = run.link, !url.isEmpty else { continue }
                // A link split over several runs (bold inside a link) gets one number, at its end.
                if i + 1 < rt.runs.count, rt.runs[i + 1].link == url { continue }
                if !urls.contains(url) { urls.append(url) }
                text += "[\((urls.firstIndex(of: url) ?? 0) + 1)]"
            }
            return text
        }
    }

    static func wrap(_ s: String, _ cols: Int) -> [String] {
        TextLayout.wrap(plain: s, columns: max(1, cols))
    }

    /// The last guard of T8: whatever a loader let through, no control character leaves here.
    static func clean(_ line: String) -> String { Sanitizer.clean(line) }
}
