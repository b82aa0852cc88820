// The declarations of liveblog's commands (C1–C7): names, help texts and
// arguments only. What each command does lives in the Commands library (the bench's in Bench):
// a type per command (`Command`) whose `spec` is its declaration here.

/// liveblog's command tree. `LiveblogCommands.root` is what `ArgumentParser.parse` takes.
public enum LiveblogCommands {
    public static let programName = "liveblog"
    public static let modes = ["content", "nested", "header"]
    public static let platforms = ["ios", "android", "naive"]
    /// F2: `--physics`, one law for every platform; F4: `--drag-rule` (view, simulate, compare).
    public static let physicsOption = ArgSpec.option(
        .physics, help: "One scrolling law for every platform and mode instead of each platform's own (F2): "
            + "the seed's UIDynamic item, UIScrollView's, or RecyclerView's OverScroller.",
        allowed: ["uidynamic", "uikit", "android"])
    public static let dragRuleOption = ArgSpec.option(
        .dragRule, help: "Which reader input is a drag for the host (F4): each platform's own rule, or "
            + "every scroll (wheel and keys too, the old rule).",
        allowed: ["platform", "every-scroll"])
    public static let networks = ["real", "instant", "fast", "3g", "slow", "offline"]
    public static let layouts = ["list", "timeline"]
    public static let reports = ["text", "json", "junit"]
    /// The hook used when `--hook` is not given (E5): a two-parameter hook.
    public static let defaultHook = "function (top, info)"

    // Ranges of the numeric options (issue 18): checked by the parser before any conversion,
    // shown in help. Wide enough for any real use, small enough that no later arithmetic
    // (seconds to ticks, pt to rows, post counts times sizes) can overflow.
    /// Post counts (--posts, --page-size, --deep-link-limit, --images): ten million.
    public static let maxPosts = 10_000_000
    /// Issue 31: the most posts `generate` and `bench` make. A million heavy posts took 4.7 GB
    /// and crashed; 200 000 heavy posts take under 1 GB (twice the B7 liveblog), so both
    /// commands stay within 2 GB of memory, and what `generate` writes stays under the 512 MiB
    /// a liveblog file may have.
    public static let maxGeneratedPosts = 200_000
    /// Insets in rows (--insets): more than any terminal is tall.
    public static let maxInsetRows = 1_000
    /// Lengths in pt (--top-offset, --sticky-header): a million pt.
    public static let maxPoints = 1_000_000.0
    /// Seconds between live posts (--live): one day.
    public static let maxLiveSeconds = 86_400.0

    /// `liveblog [<subcommand>]`; with no subcommand, `view`.
    public static let root = CommandSpec(
        name: programName,
        abstract: "Read liveblogs in the terminal, inside an emulated native list with a web row.",
        discussion: """
            liveblog emulates how a mobile app embeds a liveblog web view inside a native \
            scrolling list, and how deep-link jumps land and stay put while images above \
            the post are still loading.

            With no subcommand, liveblog runs 'view': 'liveblog' alone opens the bundled \
            sample liveblog, 'liveblog FILE' opens FILE.
            """,
        subcommands: [view, simulate, compare, metrics, plot, audit, demo, bench, generate, check, dump, fuzz],
        defaultSubcommand: "view")

    /// C1, C7: `liveblog view [SOURCE] [options]`.
    public static let view = CommandSpec(
        name: "view",
        abstract: "Open a liveblog in the terminal.",
        discussion: """
            Opens SOURCE, or the bundled sample liveblog when none is given. SOURCE may be \
            a Tickaroo ticker response, a JSON Feed 1.1, or schema.org LiveBlogPosting \
            JSON-LD (a .json file, or a saved .html page with ld+json blocks).

            Every setting below can also be changed while the liveblog is open: m mode, \
            p platform, o hook, n network, i insets, t timeline. Press ? for all keys.

              liveblog view match.json --event 7f3a --network 3g
              liveblog view --mode nested --platform android --hook none
              liveblog view match.json --record session.json
              liveblog view https://www.example.com/live.html --poll 10
            """,
        arguments: [
            .positional("SOURCE",
                        help: "The liveblog to open: a file or an http(s) URL of Tickaroo JSON, a JSON Feed, or "
                            + "JSON-LD (.json or an .html page). Without it, the bundled sample."),
            .option(.event, value: "ID",
                    help: "Jump to the post with this id once the liveblog is open (a deep link)."),
            .option(.url, value: "URL",
                    help: "The page URL: its origin must be an enabled domain, and a "
                        + "#tickaroo_event_id=ID fragment is a deep link."),
            .option(.enabledDomains, value: "LIST",
                    help: "Comma-separated domains the liveblog may initialize on (default: the URL's host).",
                    type: .list),
            .option(.mode, help: "How the web view sits in the native list: content-sized row, nested scrolling, "
                        + "or under a collapsing native header.",
                    default: "content", allowed: modes),
            .option(.platform, help: "Host strategy for jumps: the iOS collection-view sample, the Android "
                        + "RecyclerView sample, or naive scrolling.",
                    default: "ios", allowed: platforms),
            .option(.androidRange, help: "How the android host reads its scroll range: LinearLayoutManager's "
                        + "estimate from the rows on screen (as a phone does), or the exact range (F8).",
                    default: "estimated", allowed: ["estimated", "exact"]),
            physicsOption,
            dragRuleOption,
            deviceOption, columnOption, bridgeDelayOption,
            engineOption, pageURLOption, noSandboxOption, pageElementOption, postSelectorOption, postIdAttributeOption,
            highlightSelectorOption, chapterSelectorOption, scorerSelectorOption,
            .option(.hook, value: "SIGNATURE|none",
                    help: "The scroll hook as a JavaScript signature; its parameter count decides one- or "
                        + "two-parameter calls. 'none' for no hook.",
                    default: defaultHook),
            .option(.network, help: "How media load: real (fetched and decoded; the default for a URL), or a "
                        + "simulated profile: instant, fast (50-300 ms; the default for a file), 3g (0.3-2.5 s), "
                        + "slow (1-8 s), offline (never).",
                    default: "fast", allowed: networks),
            .option(.poll, value: "SECONDS",
                    help: "Poll a URL source for new, edited and deleted posts every SECONDS seconds "
                        + "(conditional requests; 0: never).",
                    default: "20", type: .double(min: 0, max: maxLiveSeconds)),
            fetchDeadlineOption,
            .option(.seed, value: "N", help: "Seed for network delays: the same seed, the same run.",
                    default: "1", type: .int(min: 0, max: Int.max)),
            .option(.insets, value: "TOP,BOTTOM",
                    help: "Rows of the navigation bar (top) and toolbar (bottom) drawn over the list.",
                    default: "2,1", type: .intList(count: 2, min: 0, max: maxInsetRows)),
            .option(.topOffset, value: "PT",
                    help: "Top offset of the --event jump in pt (default: the sticky header's height, else 0).",
                    type: .double(min: -maxPoints, max: maxPoints)),
            .option(.pageSize, value: "N",
                    help: "Posts per page; older posts load in pages at the bottom. 0 loads every post at start.",
                    default: "0", type: .int(min: 0, max: maxPosts)),
            .option(.deepLinkLimit, value: "N",
                    help: "How many posts beyond the loaded ones a deep link may load. 0 means no limit.",
                    default: "0", type: .int(min: 0, max: maxPosts)),
            .option(.live, value: "SECONDS",
                    help: "Add a new live post at the top every SECONDS seconds (default: no live posts).",
                    type: .double(min: 0, max: maxLiveSeconds)),
            .option(.record, value: "SCENARIO.json",
                    help: "Write what you do in this session, with times and settings, as a scenario "
                        + "that 'liveblog simulate' replays exactly."),
            .option(.layout, help: "Page layout: posts in a vertical list, or a horizontal timeline strip.",
                    default: "list", allowed: layouts),
            .option(.stickyHeader, value: "PT",
                    help: "Height in pt of the page's sticky site header; 0 for none.",
                    default: "0", type: .double(min: 0, max: maxPoints)),
            .flag(.reading, help: "A calm reader: a held key scrolls line by line and stops at the last "
                      + "press (key repeats carry no inertia); wheels and J/K keep theirs."),
            .flag(.lab, help: "The lab's keys without their prefix (V2): m p o n d i l switch the mode, platform, "
                      + "hook, network, device, insets and add a live post (else x then the key); on with --explain."),
            .flag(.explain, help: "Draw the demo's aids (issue 32): the device's outline, the web view's "
                      + "edges in the native list, the finger of a drag, the jump target's tag and a y(t) strip."),
            .flag(.linear, help: "Read one post after another as plain lines, for screen readers and "
                      + "terminals without cursor addressing (on by itself with TERM=dumb): space or j next, "
                      + "k or b previous, q quit."),
            .option(.graphics, value: "MODE",
                    help: "How images are drawn: auto asks the terminal; kitty, sixel and iterm2 draw "
                        + "pixels; symbols, halfblocks and ascii draw cells.",
                    default: "auto",
                    allowed: ["auto", "kitty", "sixel", "iterm2", "symbols", "halfblocks", "ascii"]),
        ])

    /// C2, F6, F7: `liveblog simulate SCENARIO.json... [--trace FILE] [--report text|json|junit]
    /// [--jobs N] [--shard I/N] [--compare PLATFORMS]`.
    public static let simulate = CommandSpec(
        name: "simulate",
        abstract: "Run scenarios headless in virtual time and check their expectations.",
        discussion: """
            Runs each scenario deterministically, much faster than real time, and checks \
            every expectation. Exits 0 when all hold (or a scenario has none: "nothing \
            checked"), 1 when one fails, 65 when a scenario or its liveblog is invalid, 66 \
            when a scenario file cannot be read, 69 when the engine is not installed, 70 when \
            the engine or the page ended the run (a crash, no answer, a page that cannot be \
            opened or navigated away), 73 when --trace or --report-file cannot be written. \
            In a suite, such a scenario is that scenario's error in the report (an <error> \
            test case in JUnit), the rest still run, every report and trace is written, and \
            the suite exits 65. With --trace -, the report goes to stderr (or --report-file), \
            never mixed with the trace.

            Several files or directories (their .json files, recursively, but not the \
            .capture.json files beside recorded scenarios) make a suite: the scenarios \
            run in parallel (--jobs) and one combined report is written, each scenario \
            named by its path. --shard I/N runs every N-th scenario of the sorted list, \
            from the I-th, for CI matrices. --trace-dir and --plot-dir keep a trace of \
            each scenario and a plot of each failing one. --compare runs one scenario once \
            per platform and prints a table of how its jump went on each.

              liveblog simulate suite/ --jobs 4 --report junit > report.xml
              liveblog simulate suite/ --trace-dir traces/ --plot-dir plots/
              liveblog simulate suite/ --shard 2/3
              liveblog simulate jump.json --compare ios,android,naive
            """,
        arguments: [
            .positional("SCENARIO.json...", help: "The scenario files, or directories of them (see the README).",
                        required: true),
            .option(.trace, value: "FILE",
                    help: "Write the trace (JSON lines, one event per line) to FILE; '-' for stdout. "
                        + "One scenario only (a suite of one too)."),
            .option(.traceDir, value: "DIR",
                    help: "Write each scenario's trace to DIR, named after its path (a/b.json: DIR/a/b.jsonl)."),
            .option(.plotDir, value: "DIR",
                    help: "Write a plot of each failing scenario's jump to DIR (a/b.json: DIR/a/b.svg)."),
            .option(.report, help: "Format of the result on stdout.", default: "text", allowed: reports),
            physicsOption,
            dragRuleOption,
            deviceOption, columnOption, bridgeDelayOption,
            .option(.jobs, short: "j", value: "N",
                    help: "Scenarios run at once (default: the number of cores).", type: .int(min: 1, max: 1024)),
            .option(.shard, value: "I/N",
                    help: "Run only shard I of N: every N-th scenario of the sorted paths, from the I-th."),
            .option(.compare, value: "PLATFORMS",
                    help: "Run the one scenario on each platform (comma-separated: ios, android, naive) "
                        + "and print a table: time to land, settle time, largest |y| after landing, "
                        + "corrections followed and dropped, pull-backs, final y (liveblog metrics' values).",
                    type: .list),
            .option(.reportFile, value: "FILE", help: "Write the report to FILE instead of stdout."),
            engineOption, pageURLOption, noSandboxOption, pageCaptureOption, pageElementOption, postSelectorOption, postIdAttributeOption,
            highlightSelectorOption, chapterSelectorOption, scorerSelectorOption,
            compareEnginesOption,
        ])

    /// C3: `liveblog demo`.
    public static let demo = CommandSpec(
        name: "demo",
        abstract: "Play a guided tour in the terminal, for a presenter: space pauses, ←/→ step, q ends.",
        discussion: """
            Nine steps on the bundled sample liveblog: jumps on each platform strategy, a fling, \
            nested scrolling, a collapsing header, live posts arriving and a width change; last, \
            the emulated page and Chromium side by side (compare --engines emulated,chromium), \
            skipped with a line saying why when Chromium is not installed. Keys: space pauses and \
            resumes, ←/→ the previous and next step, r replays the step, s slow motion (¼ speed) \
            and back, q ends; any other key shows these.
            """,
        arguments: [
            .option(.step, value: "N", help: "Start at step N (1-9) of the tour."),
            .flag(.loop, help: "After the last step start again from the first, until q (a kiosk)."),
            .flag(.engines, help: "Play only the last step: the emulated page and Chromium side by side "
                    + "on one input stream (X9)."),
        ])

    /// C4: `liveblog bench [--posts N] [--json]`.
    public static let bench = CommandSpec(
        name: "bench",
        abstract: "Measure headless performance figures (frame cost, relayout, open, simulate speed).",
        arguments: [
            .option(.posts, short: "n", value: "N",
                    help: "Post count of the large liveblog measured against a small one (at most 200000, "
                        + "which runs within 2 GB of memory).",
                    default: "100000", type: .int(min: 1, max: maxGeneratedPosts)),
            .flag(.json, help: "Print one JSON object instead of a table."),
            .option(.only, value: "PART",
                    help: "Internal: run one part alone (frame, relayout: one frame or one relayout, for "
                        + "callgrind; open, scroll: the child processes of B3/B6 and B5; url, decoding, engine, pixels: B9, "
                        + "B10, X10's and X9's figures alone; files: write the plain and heavy liveblogs into --file DIR).",
                    allowed: ["frame", "relayout", "open", "scroll", "url", "decoding", "engine", "pixels", "files"]),
            .option(.file, value: "PATH", help: "Internal, with --only open: the liveblog file to open "
                        + "(with --only files: the directory)."),
            .option(.event, value: "ID", help: "Internal, with --only open: the post to deep-link to."),
        ])

    /// C5: `liveblog generate --posts N [--seed S] [--images EVERY] [--profile plain|heavy] [--out DIR]`.
    public static let generate = CommandSpec(
        name: "generate",
        abstract: "Write a synthetic liveblog in the native (Tickaroo) format.",
        discussion: "Prints the liveblog on stdout, or writes it and its PNG images into --out.",
        arguments: [
            .option(.posts, short: "n", value: "N",
                    help: "How many posts to generate (at most 200000, which runs within 2 GB of memory).",
                    type: .int(min: 0, max: maxGeneratedPosts), required: true),
            .option(.seed, value: "S", help: "Seed for the generator: the same seed, the same liveblog.",
                    default: "1", type: .int(min: 0, max: Int.max)),
            .option(.images, value: "EVERY",
                    help: "Put an image in every EVERY-th post; 0 for none.", default: "3",
                    type: .int(min: 0, max: maxPosts)),
            .option(.profile, value: "NAME",
                    help: "plain: short posts; heavy: long rich text, images on about half the posts "
                        + "(half without a size), embeds on 15 % (B7; --images is not used).",
                    default: "plain", allowed: ["plain", "heavy"]),
            .option(.out, value: "DIR",
                    help: "Write liveblog.json and its images into DIR instead of printing to stdout."),
        ])

    /// C5: `liveblog check SOURCE`.
    public static let check = CommandSpec(
        name: "check",
        abstract: "Parse a liveblog and summarise it, or report its errors.",
        discussion: "Exits 0 when SOURCE is valid, 65 when it is not, 66 when it cannot be read, "
            + "69 when a URL cannot be fetched (the message names the URL and what happened).",
        arguments: [
            .positional("SOURCE", help: "The liveblog to check: a file or an http(s) URL of Tickaroo JSON, "
                            + "a JSON Feed, or JSON-LD.",
                        required: true),
            fetchDeadlineOption,
        ])

    /// Issue 31: the overall deadline of one fetch (FetchConfig.deadline).
    static let fetchDeadlineOption = ArgSpec.option(
        .fetchDeadline, value: "SECONDS",
        help: "Give up a fetch (the liveblog, a poll, an image) that has not fully arrived after SECONDS "
            + "seconds, however fast bytes still trickle in (0: no deadline).",
        default: "120", type: .double(min: 0, max: maxLiveSeconds))
}
