// Issue 15: the declaration of `liveblog dump` (C5, C6).

extension LiveblogCommands {
    /// `liveblog dump [SOURCE] [--width N] [--event ID]`.
    public static let dump = CommandSpec(
        name: "dump",
        abstract: "Print a liveblog as plain text, newest first.",
        discussion: """
            Prints SOURCE as plain text on stdout: post times (UTC), highlights marked, \
            headlines, links as numbered footnotes after their post, images as \
            [image: alt, W×H] and embeds as [embed: URL]. The output holds no escape \
            sequences or control characters, and streams: piped into 'head' it ends at once. \
            'liveblog view' does the same when its output is not a terminal.

              liveblog dump match.json --width 72 > match.txt
              liveblog dump https://www.example.com/live > live.txt
              liveblog generate --posts 1000 | liveblog dump | less
            """,
        arguments: [
            .positional("SOURCE",
                        help: "The liveblog file: Tickaroo JSON, JSON Feed, or JSON-LD (.json or .html), "
                            + "or an http(s) URL of one; '-' for stdin. Without it, stdin when it is not a "
                            + "terminal, else the bundled sample."),
            .option(.width, value: "N",
                    help: "Wrap at N columns (default: the terminal's width, else $COLUMNS, else 80).",
                    type: .int(min: 1, max: 10_000)),
            .option(.event, value: "ID",
                    help: "Start at the post with this id (it and the older posts after it)."),
        ])
}
