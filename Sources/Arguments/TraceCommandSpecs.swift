// The declarations of the trace commands (Q5, Q8): `liveblog metrics` and `liveblog plot`
// read a trace that `liveblog simulate --trace FILE` wrote. What they do lives in the
// Commands library (TraceCommands.swift).

extension LiveblogCommands {
    static let traceArguments: [ArgSpec] = [
        .positional("TRACE", help: "A trace file (JSON lines) written by 'liveblog simulate --trace'; "
                        + "'-' for stdin.", required: true),
        .option(.post, value: "ID",
                help: "The post whose jump to measure (default: the latest jump's post, from the last "
                    + "frame)."),
        .option(.target, value: "PT", help: "The y the post should land at, in pt (0 = just under the bar).",
                default: "0", type: .double(min: -maxPoints, max: maxPoints)),
        .option(.tolerance, value: "PT",
                help: "How close to the target counts as landed, and to the final y as settled, in pt.",
                default: "16", type: .double(min: 0, max: maxPoints)),
    ]

    /// Q5: `liveblog metrics TRACE [--post ID] [--json]`.
    public static let metrics = CommandSpec(
        name: "metrics",
        abstract: "Measure a jump from a trace: time to land, settle time, corrections, pull-backs, "
            + "hold end.",
        discussion: """
            Reads TRACE and prints, for the jump to the post: time to land, settle time, the \
            largest |y| after landing, corrections followed and dropped, re-aims and settles, \
            pull-backs, overshoot past the target, and how and when the hold ended (README, \
            "Metrics and plots"). Exits 65 when the trace is malformed or has no such jump, \
            66 when it cannot be read.

              liveblog simulate ios-3g-landing.json --trace ios.jsonl
              liveblog metrics ios.jsonl --json
            """,
        arguments: traceArguments
            + [.flag(.json, help: "Print one JSON object (seconds and pt) instead of a table.")])

    /// Q8: `liveblog plot TRACE [--post ID] --out FILE.svg`.
    public static let plot = CommandSpec(
        name: "plot",
        abstract: "Draw a jump's timeline from a trace as an SVG chart.",
        discussion: """
            Draws the post's y over time with the target line, and a lane each for the jump, \
            corrections, dropped corrections, re-aims, settles, reader input and the hold's \
            end, with labelled axes and a legend. Exits 65 when the trace is malformed or has \
            no such jump, 66 when it cannot be read, 73 when FILE.svg cannot be written.
            """,
        arguments: traceArguments
            + [.option(.out, value: "FILE.svg", help: "Where to write the SVG.", required: true)])
}
