import Foundation

/// The keys and values that recur in every post of Tickaroo's native JSON (the format of the
/// 100 000-post liveblogs, B7): the JSON parser hands out these constants instead of building
/// (allocating, validating, later freeing) the same string again and again (issue 14). The text
/// is the same byte for byte; only the storage is shared.
enum JSONCommonStrings {
    private static let all: [String] = [
        "", "_type", "local_id", "text", "created_at", "highlight", "contents", "url", "title",
        "media_local_id", "subtype", "items", "media", "height", "width", "author", "oembed_json",
        "emoji", "headline", "name", "alt", "data", "i", "v", "inplace", "milestone", "sticky",
        "Tik::ApiModel::Text::RichTextContentBlock", "Tik::ApiModel::Text::MultiMediaContentBlock",
        "Tik::ApiModel::Text::WebEmbedContentBlock", "Tik::ApiModel::Text::QuoteContentBlock",
        "Tik::ApiModel::Text::EmojiContentBlock",
    ]

    /// Every string's UTF-8 one after another; `entries[n]` lists (offset, index in `all`) of
    /// the strings of n bytes.
    private static let table: (bytes: [UInt8], entries: [[(offset: Int, index: Int)]]) = {
        var bytes: [UInt8] = []
        var entries = Array(repeating: [(offset: Int, index: Int)](), count: maxLength + 1)
        for (i, s) in all.enumerated() {
            entries[s.utf8.count].append((bytes.count, i))
            bytes += Array(s.utf8)
        }
        return (bytes, entries)
    }()

    private static let maxLength = 48

    /// The constant spelled by `b`, or nil.
    static func string(_ b: UnsafeBufferPointer<UInt8>) -> String? {
        guard b.count <= maxLength, let base = b.baseAddress else { return b.isEmpty ? "" : nil }
        return table.bytes.withUnsafeBufferPointer { known -> String? in
            for entry in table.entries[b.count] where known[entry.offset] == base[0]
                && memcmp(known.baseAddress! + entry.offset, base, b.count) == 0 {
                return all[entry.index]
            }
            return nil
        }
    }
}
