// The engine options of docs/engine.md (X1, X4, X8) on `simulate`, `view` and `compare`.

extension LiveblogCommands {
    /// X1: which engine runs the web row's page.
    public static let engineOption = ArgSpec.option(
        .engine, help: "The web row's engine (X1): the emulated page, or Chromium running the reference "
            + "embed's (or --page-url's) own JavaScript, or WebKit (WebKitGTK under a virtual X display, as iOS's "
            + "WKWebView; real time only, X11), or platform (ios: webkit, android: chromium). "
            + "Default: the scenario's, else emulated.",
        allowed: ["emulated", "chromium", "webkit", "platform"])

    /// X4 and the selectors of a page of one's own.
    public static let pageURLOption = ArgSpec.option(
        .pageURL, value: "URL",
        help: "Load this page as it is in Chromium (X4): your own embed, your staging server. "
            + "Implies --engine chromium.")
    /// S3: the page of one's own may run as root without the engine's sandbox, where nothing
    /// better is possible (no unprivileged user to run the engine as).
    public static let noSandboxOption = ArgSpec.flag(
        .noSandbox,
        help: "Accept running --page-url's page as root without the engine's sandbox where no unprivileged "
            + "user can run the engine (S3; refused otherwise).")
    /// Q20: a page of one's own recorded once and replayed offline.
    public static let pageCaptureOption = ArgSpec.option(
        .pageCapture, value: "FILE",
        help: "With --page-url (or pageURL): record every response of the page into FILE, or, when FILE exists, "
            + "replay them from it offline (the capture format of view --record).")
    public static let pageElementOption = ArgSpec.option(
        .pageElement, value: "SELECTOR",
        help: "The page's liveblog element for navigateToEventId (default: tickaroo-liveblog).")
    public static let postSelectorOption = ArgSpec.option(
        .postSelector, value: "SELECTOR",
        help: "The page's posts for post expectations and frame lines (default: [data-post-id]).")
    public static let postIdAttributeOption = ArgSpec.option(
        .postIDAttribute, value: "NAME", help: "The attribute holding a post's id (default: data-post-id).")
    /// L7 on a page of one's own: what its DOM marks as highlights, chapters and scorers.
    public static let highlightSelectorOption = ArgSpec.option(
        .highlightSelector, value: "SELECTOR",
        help: "The page's highlighted posts for the h panel: a post that matches or holds a match "
            + "(default: [data-highlight], the reference embed's mark).")
    public static let chapterSelectorOption = ArgSpec.option(
        .chapterSelector, value: "SELECTOR",
        help: "A chapter's title in a post, for the c panel (default: [data-highlight=milestone] .post-headline).")
    public static let scorerSelectorOption = ArgSpec.option(
        .scorerSelector, value: "SELECTOR",
        help: "A goal's line in a post, for the s panel (default: [data-event-type*=goal i]).")

    /// X8, X15: two or more engines, one protocol.
    public static let compareEnginesOption = ArgSpec.flag(
        .compareEngines, optionalList: "LIST",
        help: "Run the one scenario in each engine of LIST (two or more of emulated, chromium, webkit; default: "
            + "emulated,chromium) and print their protocols (navigations, hook calls, hold ends) side by side, "
            + "with the largest top difference per pair (X8, X15). LIST is the next word when it has no . or /, "
            + "or --compare-engines=LIST.")
}
