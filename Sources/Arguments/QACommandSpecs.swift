// The declarations of the QA commands of docs/emulation.md: `compare` (F6) and `fuzz` (F7).

extension LiveblogCommands {
    /// F6: `liveblog compare SOURCE [--event ID] [--platforms ios,android,naive]`.
    public static let compare = CommandSpec(
        name: "compare",
        abstract: "Show a liveblog on two or three platforms side by side, driven by one input.",
        discussion: """
            Opens SOURCE in two or three panes side by side, each its own emulated app (its \
            own host strategy and scroll physics) on the same liveblog and the same network \
            seed. Every key, wheel notch, drag and jump goes to every pane at the same \
            moment (a pointer at the same place in each pane), so the panes show how each \
            platform handles the same reading. Each pane's toolbar shows its jump's state.
            Keys that change the platform (p) do nothing here; q quits.

              liveblog compare match.json --event 7f3a --network 3g
              liveblog compare --platforms ios,android,naive
              liveblog compare --devices iphone-15,pixel-8 --network 3g
              liveblog compare --engines emulated,chromium --device pixel-8 --event ev-019
              liveblog compare --log app.jsonl
            """,
        arguments: [
            .positional("SOURCE", help: "The liveblog file to open. Without it, the bundled sample."),
            .option(.event, value: "ID", help: "Jump to the post with this id in every pane once open."),
            .option(.log, value: "LOG",
                    help: "An app's own log (docs/applog.md) beside its replay on the reference host, as two "
                        + "columns on one time axis (A3); needs no terminal."),
            .option(.platforms, value: "LIST",
                    help: "Two or three of ios, android, naive, comma-separated, left to right.",
                    default: "ios,android", type: .list),
            .option(.devices, value: "LIST",
                    help: "Two or three devices side by side instead (D1), e.g. iphone-15,pixel-8: each pane "
                        + "the device's width, viewport, density, bridge and platform.",
                    type: .list),
            .option(.engines, value: "LIST",
                    help: "Two engines side by side instead (X9): emulated,chromium (or webkit, X11), each pane the same "
                        + "platform (the first of --platforms), device and settings.",
                    type: .list),
            .option(.mode, help: "How the web view sits in the native list (as for view).",
                    default: "content", allowed: modes),
            .option(.hook, value: "SIGNATURE|none",
                    help: "The scroll hook as a JavaScript signature, or 'none'.",
                    default: defaultHook),
            .option(.androidRange, help: "How the android host reads its scroll range (as for view, F8).",
                    default: "estimated", allowed: ["estimated", "exact"]),
            LiveblogCommands.physicsOption,
            LiveblogCommands.dragRuleOption,
            LiveblogCommands.deviceOption, LiveblogCommands.columnOption, LiveblogCommands.bridgeDelayOption,
            LiveblogCommands.engineOption, LiveblogCommands.pageURLOption, LiveblogCommands.noSandboxOption,
            LiveblogCommands.pageElementOption,
            LiveblogCommands.postSelectorOption, LiveblogCommands.postIdAttributeOption,
            LiveblogCommands.highlightSelectorOption, LiveblogCommands.chapterSelectorOption,
            LiveblogCommands.scorerSelectorOption,
            .option(.network, help: "Network profile for media and pages (as for view).",
                    default: "fast", allowed: networks),
            .option(.seed, value: "N", help: "Seed for network delays: every pane uses the same.",
                    default: "1", type: .int(min: 0, max: Int.max)),
            .option(.insets, value: "TOP,BOTTOM",
                    help: "Rows of the navigation bar and toolbar in each pane.",
                    default: "2,1", type: .intList(count: 2, min: 0, max: maxInsetRows)),
        ])

    /// F7: `liveblog fuzz [--count N] [--seed S] [--out DIR]`.
    public static let fuzz = CommandSpec(
        name: "fuzz",
        abstract: "Run random scenarios and write each failing one, shrunk, as a scenario file.",
        discussion: """
            Runs COUNT random scenarios (the fuzz tests' generator: every event kind, mode, \
            platform, hook, network and terminal size) with every trace invariant checked. \
            Each scenario that breaks one is shrunk to a minimal scenario that still breaks \
            it the same way (fewest events, then the shortest duration, then simpler values) \
            and written to DIR/fuzz-SEED.json, which 'liveblog simulate' replays. Exits 0 \
            when no scenario failed, 1 when one did.

              liveblog fuzz --count 500 --seed 1000 --out failures/
            """,
        arguments: [
            .option(.count, short: "n", value: "N", help: "How many scenarios to run.",
                    default: "100", type: .int(min: 0, max: 1_000_000_000)),
            .option(.seed, value: "S", help: "The first scenario's seed; the others follow it.",
                    default: "1", type: .int(min: 0, max: Int.max)),
            .option(.out, value: "DIR", help: "Where failing scenarios are written.",
                    default: "fuzz-failures"),
        ])
}
