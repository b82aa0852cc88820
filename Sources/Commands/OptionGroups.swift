import Arguments
import Fetch
import Host
import ScrollPhysics
import Simulation

// Issue 39: the options several commands declare alike (`LiveblogCommands`' shared `ArgSpec`s),
// converted once into typed values, as swift-argument-parser's option groups are.

/// `--physics`, `--drag-rule` (F2, F4), `--device`, `--column`, `--bridge-delay` (D1, D5, D4) on top
/// of a scenario's or the view's settings: view, simulate, compare. The parser has checked the
/// names against the declarations (with a suggestion for a near miss) and the numbers against
/// their ranges.
struct ScrollingOptions: OptionGroup, Sendable {
    var physics: PhysicsModel?
    var dragRule: ReaderDragRule?
    var device: DeviceProfile?
    /// In view, the device's own platform unless --platform names one; simulate and compare
    /// keep the scenario's platform (or each pane's).
    var deviceSetsPlatform = false
    var column: Int?
    var bridgeDelay: Int?

    init(_ args: ParsedArguments) {
        physics = args.string(.physics).flatMap(PhysicsModel.init(rawValue:))
        dragRule = args.string(.dragRule).map { ReaderDragRule(rawValue: $0) ?? .platform }
        device = args.string(.device).flatMap(DeviceProfile.named)
        deviceSetsPlatform = args.declares(.platform) && args.strings(.platform).isEmpty
        column = args.int(.column)
        bridgeDelay = args.int(.bridgeDelay)
    }

    func apply(to c: inout WorldConfig) {
        if let physics { c.physics = physics }
        if let dragRule { c.dragRule = dragRule }
        if let device {
            c.device = device
            if !device.isTerminal, deviceSetsPlatform { c.platform = device.platform }
        }
        if let column { c.column = column }
        if let bridgeDelay { c.bridgeDelay = bridgeDelay }
    }
}

/// `--engine`, `--page-url`, `--page-element`, `--post-selector`, `--post-id-attribute`, the
/// panels' `--highlight-selector`, `--chapter-selector`, `--scorer-selector`, `--no-sandbox` and
/// (simulate's) `--page-capture` over a scenario's fields (X1, X4); a page URL alone means Chromium.
struct EngineOptions: OptionGroup, Sendable {
    /// `--engine` as given (nil: not given).
    var kind: PageEngine.Kind?
    var engineGiven = false
    var pageURL: String?
    var elementSelector: String?, postSelector: String?, postIdAttribute: String?
    var highlightSelector: String?, chapterSelector: String?, scorerSelector: String?
    var allowUnsandboxedPage = false
    var pageCapture: String?

    init(_ args: ParsedArguments) {
        engineGiven = args.string(.engine) != nil
        kind = args.string(.engine).flatMap(PageEngine.Kind.init(rawValue:))
        pageURL = args.string(.pageURL)
        elementSelector = args.string(.pageElement)
        postSelector = args.string(.postSelector)
        postIdAttribute = args.string(.postIDAttribute)
        highlightSelector = args.string(.highlightSelector)
        chapterSelector = args.string(.chapterSelector)
        scorerSelector = args.string(.scorerSelector)
        allowUnsandboxedPage = args.declares(.noSandbox) && args.flag(.noSandbox)
        // Only `simulate` records and replays a page (virtual time).
        pageCapture = args.declares(.pageCapture) ? args.string(.pageCapture) : nil
    }

    func apply(to engine: inout PageEngine) {
        if let kind { engine.kind = kind }
        if let pageURL {
            engine.pageURL = pageURL
            if !engineGiven { engine.kind = .chromium }
        }
        if let s = elementSelector { engine.elementSelector = s }
        if let s = postSelector { engine.postSelector = s }
        if let s = postIdAttribute { engine.postIdAttribute = s }
        if let s = highlightSelector { engine.highlightSelector = s }
        if let s = chapterSelector { engine.chapterSelector = s }
        if let s = scorerSelector { engine.scorerSelector = s }
        if allowUnsandboxedPage { engine.allowUnsandboxedPage = true }
        if let pageCapture { engine.pageCapture = pageCapture }
    }

    /// The command line's engine alone (view, compare): the settings over the defaults.
    var engine: PageEngine {
        var e = PageEngine()
        apply(to: &e)
        return e
    }
}

/// The fetcher's limits from the command line: `--fetch-deadline` (issue 31).
struct FetchOptions: OptionGroup, Sendable {
    var config = FetchConfig()

    init(_ args: ParsedArguments) {
        if let seconds = args.double(.fetchDeadline) { config.deadline = seconds }
    }
}
