// Issue 39: one `view` pipeline. What `view` does with SOURCE is decided here once, from the
// parsed options, the source's kind and the terminal, before anything is read: the output (text
// into a pipe, a linear reading, the screen), how the source is read (whole, or through a real
// session that fetches its images and polls it) and the engine. Every option works on every
// source or is refused with the reason (exit 64), never ignored.

/// The terminal `view` meets: whether stdout and stdin are terminals, and why the screen cannot
/// open (`--linear` aside) when `TERM` has no cursor addressing (nil: it can).
public struct ViewTerminal: Equatable, Sendable {
    public var stdoutIsTerminal: Bool
    public var stdinIsTerminal: Bool
    public var linearReason: String?

    public init(stdoutIsTerminal: Bool = true, stdinIsTerminal: Bool = true, linearReason: String? = nil) {
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stdinIsTerminal = stdinIsTerminal
        self.linearReason = linearReason
    }
}

/// A combination `view` refuses, with the reason (a usage error, exit 64; `Refusal`).
public typealias ViewRefusal = Refusal

/// What `view` does with its source.
public struct ViewPlan: Equatable, Sendable {
    public enum Output: Equatable, Sendable {
        /// stdout is not a terminal: the liveblog's text (as `dump` writes it).
        case text
        /// `--linear`, or a terminal without cursor addressing: one post after another.
        case linear(reason: String)
        /// The full screen.
        case screen
    }

    public var output: Output
    /// A URL, or `--network real`: the source read through a real session (fetched, polled).
    public var realSession: Bool
    /// The page's images fetched and decoded for real (else the simulated `--network` profile).
    public var realImages: Bool
    /// The web row's page in a real engine, as the reader asked for it: `--engine chromium`,
    /// `--engine webkit`, `--engine platform`, or `--page-url` alone (which means Chromium); nil
    /// for the emulated page.
    public var engineOption: String?
    /// Where the page runs, for a refusal's reason: "Chromium", "WebKit", "the platform's engine".
    public var engineName: String?
    /// The web row's page in a real engine.
    public var realEngine: Bool { engineOption != nil }
    /// The URL polled for changes (R3) every `--poll` seconds.
    public var polls: Bool
    /// A URL's body shown while it streams in (B9); else read whole before the screen opens.
    public var streams: Bool
    /// `--graphics`.
    public var graphics: String
}

extension ViewPlan {
    /// The plan for `view` with `args` on a source that is a URL or not, on `terminal`.
    public static func decide(_ args: ParsedArguments, sourceIsURL: Bool,
                              terminal: ViewTerminal) -> Result<ViewPlan, ViewRefusal> {
        do {
            let output = try decideOutput(args, terminal)
            let plan = reading(args, sourceIsURL: sourceIsURL, output: output)
            try refuseForSource(args, plan, sourceIsURL: sourceIsURL)
            try refuseOffScreen(args, plan)
            try refuseForEngine(args, plan, sourceIsURL: sourceIsURL)
            return .success(plan)
        } catch let refusal as ViewRefusal {
            return .failure(refusal)
        } catch {
            return .failure(ViewRefusal(message: "\(error)"))
        }
    }

    /// Text into a pipe, a linear reading or the screen (issue 15); `--record` only on the screen (Q11).
    static func decideOutput(_ args: ParsedArguments, _ terminal: ViewTerminal) throws -> Output {
        if args.string(.record) != nil {
            if args.flag(.reading) {
                throw ViewRefusal(message: "--record writes a scenario that simulate replays, which has no "
                                  + "--reading: record without it")
            }
            if args.flag(.linear) {
                throw ViewRefusal(message: "--record records a session on the screen: --linear reads without it")
            }
            guard terminal.stdoutIsTerminal, terminal.stdinIsTerminal else {
                throw ViewRefusal(message: "--record records a session on the screen: stdin and stdout must be "
                                  + "a terminal")
            }
        }
        guard terminal.stdoutIsTerminal else { return .text }
        guard terminal.stdinIsTerminal else {
            throw ViewRefusal(message: "view needs a terminal (stdin and stdout); try 'liveblog check' or "
                              + "'liveblog simulate'", usageLine: false)
        }
        if args.flag(.linear) { return .linear(reason: "--linear") }
        if let why = terminal.linearReason {
            if args.string(.record) != nil {
                throw ViewRefusal(message: "--record records a session on the screen; this terminal reads "
                                  + "linearly (\(why))")
            }
            return .linear(reason: why)
        }
        return .screen
    }

    /// How the source is read and the page made, before any refusal.
    static func reading(_ args: ParsedArguments, sourceIsURL: Bool, output: Output) -> ViewPlan {
        let network = args.string(.network)
        let real = sourceIsURL || network == "real"
        let (option, name) = engine(args)
        let engine = option != nil
        // X1, X13: an engine's page loads its media through the engine's simulated network (its gate).
        let realImages = real && !engine && (!args.isExplicit(.network) || network == "real")
        let polls = sourceIsURL && !engine && output == .screen && (args.double(.poll) ?? 0) > 0
        return ViewPlan(output: output, realSession: real, realImages: realImages, engineOption: option,
                        engineName: name, polls: polls, streams: sourceIsURL && !engine && args.string(.record) == nil,
                        graphics: args.string(.graphics) ?? "auto")
    }

    /// The real engine asked for (X1, X11): the option as given and the engine's name; nils for
    /// the emulated page. `--page-url` without `--engine` means Chromium.
    static func engine(_ args: ParsedArguments) -> (option: String?, name: String?) {
        let kind = args.isExplicit(.engine) ? args.string(.engine) : nil
        switch kind {
        case "chromium"?: return ("--engine chromium", "Chromium")
        case "webkit"?: return ("--engine webkit", "WebKit")
        case "platform"?: return ("--engine platform", "the platform's engine")
        case "emulated"?: return (nil, nil)
        default: return args.string(.pageURL) != nil ? ("--page-url", "Chromium") : (nil, nil)
        }
    }
}

extension ViewPlan {
    /// Why the screen does not open, for a refusal of an option that only works on it.
    static func offScreenReason(_ output: Output) -> String? {
        switch output {
        case .screen: return nil
        case .text: return "standard output is not a terminal, so view writes the liveblog's text"
        case .linear(let why): return "view reads linearly here (\(why))"
        }
    }

    /// Options of the screen session refused off it: the engine, `--graphics`, `--live`, `--poll`.
    static func refuseOffScreen(_ args: ParsedArguments, _ plan: ViewPlan) throws {
        guard let why = offScreenReason(plan.output) else { return }
        if plan.realEngine || args.string(.pageURL) != nil {
            let option = args.string(.pageURL) != nil ? "--page-url" : plan.engineOption ?? "--engine"
            throw ViewRefusal(message: "\(option) runs the web row's page on the screen; \(why)")
        }
        if args.isExplicit(.graphics), plan.graphics != "auto" {
            throw ViewRefusal(message: "--graphics \(plan.graphics) draws images on the screen; \(why)")
        }
        if args.isExplicit(.live) {
            throw ViewRefusal(message: "--live adds posts to the screen's list; \(why)")
        }
        if args.isExplicit(.poll), (args.double(.poll) ?? 0) > 0 {
            throw ViewRefusal(message: "--poll updates the screen's list; \(why)")
        }
    }

    /// `--poll` is for a URL; `--fetch-deadline` for what is fetched.
    static func refuseForSource(_ args: ParsedArguments, _ plan: ViewPlan, sourceIsURL: Bool) throws {
        if !sourceIsURL, args.isExplicit(.poll), (args.double(.poll) ?? 0) > 0 {
            throw ViewRefusal(message: "--poll polls a URL source for changes (R3); a file is read once")
        }
        let fetches = sourceIsURL || (plan.output == .screen && plan.realImages)
        if !fetches, args.isExplicit(.fetchDeadline) {
            let why = plan.output == .screen
                ? "a file's media come from the simulated --network (give --network real to fetch them)"
                : "the file is read from disk and written as text"
            throw ViewRefusal(message: "--fetch-deadline bounds what is fetched, and nothing is: \(why)")
        }
    }

    /// An engine's page (X1, X11) loads its media through the engine's simulated network and takes
    /// no live updates (R3): a URL is read whole, once, with it.
    static func refuseForEngine(_ args: ParsedArguments, _ plan: ViewPlan, sourceIsURL: Bool) throws {
        guard let option = plan.engineOption, let name = plan.engineName else { return }
        if args.isExplicit(.network), args.string(.network) == "real" {
            throw ViewRefusal(message: "--network real fetches the images of the emulated page; with \(option) "
                              + "the page loads its media through the engine's simulated network: give --network "
                              + "instant, fast, 3g, slow or offline, or --engine emulated")
        }
        guard sourceIsURL else { return }
        if args.isExplicit(.poll), (args.double(.poll) ?? 0) > 0 {
            throw ViewRefusal(message: "--poll: the page in \(name) takes no live updates (R3), so with \(option) "
                              + "a URL is read once: give --poll 0, or --engine emulated")
        }
        if args.string(.record) != nil {
            throw ViewRefusal(message: "--record of a URL captures its responses for the emulated page to replay "
                              + "(R4); with \(option) record a session of a file")
        }
    }
}
