// The declaration of `liveblog audit` (A2, A3, issue 43): an app's own log checked with
// `simulate`'s expectations and replayed through the reference host. What it does lives in the
// Commands library (AuditCommand.swift).

extension LiveblogCommands {
    /// A2, A3: `liveblog audit LOG [--expect FILE] [--json] [--report text|json|junit] [--plot FILE.svg]`.
    public static let audit = CommandSpec(
        name: "audit",
        abstract: "Check an app's own log with simulate's expectations, and replay it on the reference host.",
        discussion: """
            Reads LOG, the JSON lines a team's iOS or Android app writes (docs/applog.md), \
            streamed: lines out of order by up to 50 ms are put in order, duplicates \
            dropped, missing frames reported, never interpolated. Evaluates the \
            expectations of --expect FILE ({"expect": [...]}, as in a scenario) with \
            simulate's refusals, and replays the log's hook calls, drags, taps and web-view \
            heights through the reference host of its platform and device, frame by frame: \
            the largest distance between the app's offset and the reference's, and the \
            first divergence over 1 pt with its reason. Exits 0 when every expectation \
            holds, 1 when one fails, 65 for a bad line (its number and field named) or an \
            expectation the log cannot check, 66 when LOG cannot be read.

              liveblog audit app.jsonl --expect jump.json
              liveblog audit app.jsonl --json --plot app.svg
            """,
        arguments: [
            .positional("LOG", help: "The app's log (JSON lines, docs/applog.md); '-' for stdin.", required: true),
            .option(.expect, value: "FILE",
                    help: "The expectations to check: {\"expect\": [...]} (or a scenario, whose expect is taken)."),
            .flag(.json, help: "Print one JSON object: the log, the replay (maxDistance, firstDivergence) and "
                    + "the report."),
            .option(.report, help: "Format of the expectations' report.", default: "text", allowed: reports),
            .option(.reportFile, value: "FILE", help: "Write the report to FILE instead of stdout."),
            .option(.plot, value: "FILE.svg", help: "Draw the app's post y and the reference host's on one chart."),
        ])
}
