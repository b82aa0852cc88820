import Arguments
import BrowserEngine
import Chromium
import Embed
import EngineProcess
import Foundation
import Host
import ImageDecoding
import Simulation
import TerminalKit
import WebKitEngine

/// The real engine for a run (X1, X2): one browser process for the command, in its own process
/// group, closed when the command ends (and killed by the engine guard on any other exit), and
/// the World's page maker that opens each page in it.
public final class EngineRun {
    // nonisolated(unsafe): read and written under `lock` only.
    nonisolated(unsafe) private static var runs: [EngineRun] = []
    static let lock = NSLock()
    /// Chromium, for the run's Chromium pages (none when every page is WebKit's).
    let browser: Browser?
    let engine: PageEngine
    let time: EngineTime
    /// X11: the WebKit pages opened (each its own helper and Xvfb), closed with the run.
    var webkitPages: [WebKitPage] = []

    private init(browser: Browser?, engine: PageEngine, time: EngineTime) {
        self.browser = browser
        self.engine = engine
        self.time = time
    }

    /// The page maker for `engine`: nil for the emulated page; for Chromium, the browser starts
    /// now (no engine: `EngineError.engineNotFound`, exit 69 naming the package); WebKit (X11)
    /// is found (and its helper built) now, and started for each page; `platform` starts Chromium
    /// for the Android pages and WebKit for the iOS ones.
    public static func maker(_ engine: PageEngine, time: EngineTime = .virtual) throws -> PageMaker? {
        switch engine.kind {
        case .emulated: return nil
        case .webkit:
            _ = try WebKitLocator.locate()
            let run = EngineRun(browser: nil, engine: engine, time: time)
            lock.withLock { runs.append(run) }
            return run.open
        case .chromium, .platform:
            if engine.kind == .platform { _ = try WebKitLocator.locate() }
        }
        var options = LaunchOptions()
        options.deterministic = time == .virtual
        let privileges = EnginePrivileges.plan()
        if engine.pageURL != nil, privileges.pageRunsAsRootUnsandboxed, !engine.allowUnsandboxedPage {
            throw EngineSettingsError(message: "--page-url: refusing to run a page of your own as root without the "
                + "engine's sandbox (\(privileges.note ?? "no unprivileged user")); set \(EnginePrivileges.environmentKey) "
                + "to an unprivileged user, run liveblog as one, or give --no-sandbox to accept the risk")
        }
        options.privileges = privileges
        options.allowUnsandboxedPage = engine.allowUnsandboxedPage
        let run = EngineRun(browser: try Browser.launch(options), engine: engine, time: time)
        lock.withLock { runs.append(run) }
        return run.open
    }

    /// The maker for settings given by a scenario and the command line, checked first.
    public static func maker(checked engine: PageEngine, time: EngineTime = .virtual) throws -> PageMaker? {
        if let p = engine.problem { throw EngineSettingsError(message: "\(p.field): \(p.message)") }
        return try maker(engine, time: time)
    }

    /// The exit code for an error of `maker`: 69 without an engine, 64 for bad settings, else 70.
    static func exitCode(_ error: Error) -> ExitCode {
        if let e = error as? EngineError { return e.exitCode }
        return error is EngineSettingsError ? .usage : .software
    }

    /// Pages opened by this run from now on draw the engine's own pixels (X9); nil: its text.
    private var tiles: TileDrawing?

    /// Pages the command's runs open from now on draw the engine's pixels in `tiles` (nil: its text).
    public static func draw(_ tiles: TileDrawing?) {
        lock.withLock { for r in runs { r.tiles = tiles } }
    }

    /// Pages opened from now on draw on `screen`: in its pixels, where it has pixel graphics
    /// (`view`; the panes of `compare` draw images as symbols, so their engine pane shows the
    /// engine's text).
    static func draw(on screen: NcursesScreen) {
        let f = screen.capabilities.features
        // As the pixel layer draws (FrameDecorations): 8 × 16 px where the terminal did not say.
        draw(f.graphics.isPixels ? TileDrawing(cell: f.cellPixels ?? CellPixelSize(width: 8, height: 16),
                                               proto: f.graphics) : nil)
    }

    /// Ends every browser this command started (a normal end of the command).
    public static func closeAll() {
        let all = lock.withLock { () -> [EngineRun] in
            defer { runs = [] }
            return runs
        }
        for r in all {
            r.browser?.close()
            for p in r.webkitPages { p.close() }
        }
    }

    /// One page in the browser. A page that cannot be opened is the emulated page standing in with
    /// the message as its failure (Q15): the run ends at its first frame with why, as that
    /// scenario's error, and a suite goes on with the rest; its exit code is kept for the command.
    private func open(_ r: PageRequest) -> any WebPage {
        let defaultHook = WorldConfig().hook
        let webkit = engine.kind == .webkit || (engine.kind == .platform && r.platform != .android)
        var c = EngineConfig(device: EngineDevice(
            width: r.width, height: r.viewportHeight > 0 ? r.viewportHeight : 800, density: r.density ?? 1,
            platform: r.platform.webView))
        c.hook = EngineWebPage.engineHook(r.hook, defaultHook: defaultHook)
        // X13: WebKit's page in virtual time runs on a clock stepped with the World's frames.
        c.time = time
        c.firstJumpId = r.firstJumpId
        if let s = engine.elementSelector { c.elementSelector = s }
        if let s = engine.postSelector { c.postSelector = s }
        if let s = engine.postIdAttribute { c.postIdAttribute = s }
        if let s = engine.highlightSelector { c.highlightSelector = s }
        if let s = engine.chapterSelector { c.chapterSelector = s }
        if let s = engine.scorerSelector { c.scorerSelector = s }
        if engine.pageURL != nil { c.pageCapture = engine.pageCapture }
        // Q19: a page of one's own deep-links at load with the scenario's `url` fragment (its own
        // fragment, when it has one, wins).
        let source: PageSource = engine.pageURL.map { .url(EngineRun.withFragment($0, of: r.config.url),
                                                           network: r.config.networkProfile,
                                                           seed: r.config.networkSeed) }
            ?? .reference(r.liveblog, r.config)
        do {
            let page: any PageDriver
            if webkit, engine.pageURL != nil, time == .virtual, r.config.networkProfile != .instant {
                // X13, X14: WebKit cannot hold a page of one's own's requests for the profile.
                throw EngineSettingsError(message: WebKitPage.profileRefusal(r.config.networkProfile))
            }
            if webkit {
                let w = try WebKitPage(source: source, config: c)
                EngineRun.lock.withLock { webkitPages.append(w) }
                page = w
            } else if let browser {
                page = try EnginePage(browser: browser, source: source, config: c)
            } else {
                throw EngineError.launchFailed("no Chromium was started for this run")
            }
            let web = EngineWebPage(engine: page, liveblog: r.liveblog, config: r.config, width: r.width,
                                    firstJumpId: r.firstJumpId, hook: r.hook, defaultHook: defaultHook)
            if time == .realTime, page.capabilities.contains(.pixels), let drawing = EngineRun.lock.withLock({ tiles }) {
                let tiles = PageTiles(spec: drawing.spec, rowHeight: r.config.cell.height,
                                      columnWidth: r.config.cell.width) { key, image in
                    if let image { return SuppliedImages.shared.put(image, for: key) }
                    SuppliedImages.shared.remove(key)
                    PreparedImages.shared.remove(key)
                }
                tiles.prepare = drawing.prepare
                web.tiles = tiles
            }
            return web
        } catch {
            let message = "\(error)"
            EngineRun.lock.withLock { EngineRun.failureCodes[message] = EngineRun.exitCode(error) }
            let stand = Page(liveblog: r.liveblog, config: r.config, width: r.width, firstJumpId: r.firstJumpId,
                             loader: r.loader)
            stand.failure = message
            return stand
        }
    }

    /// `page` with the fragment of `url` (`#tickaroo_event_id=…`) when it has none of its own.
    static func withFragment(_ page: String, of url: String?) -> String {
        guard !page.contains("#"), let url, let hash = url.firstIndex(of: "#") else { return page }
        return page + url[hash...]
    }

    /// The exit code of a page that could not be opened, by its message (Q15); nil for another.
    // nonisolated(unsafe): read and written under `lock` only.
    nonisolated(unsafe) static var failureCodes: [String: ExitCode] = [:]
    static func exitCode(forFailure message: String) -> ExitCode? { lock.withLock { failureCodes[message] } }
}

/// X9: how an engine page opened in real time draws the engine's own pixels, in row tiles: the
/// terminal's cell height in pixels, and its encoding of a row tile made off the drawing thread
/// (sixel, iTerm2) for the pixel layer.
public struct TileDrawing: Sendable {
    let spec: TileSpec
    let prepare: @Sendable (String, RGBAImage, Int) -> Void

    public init(cell: CellPixelSize, proto: GraphicsProtocol) {
        spec = TileSpec(cellPixelHeight: cell.height)
        prepare = { key, image, cols in
            PreparedImages.shared.prepare(image, source: key, proto: proto, cols: cols, rows: 1, cell: cell)
        }
    }
}

/// An interactive session's engine (`view`, `compare`): the command line's, in real time (X7);
/// the exit code after the message (and `onFailure`) when it cannot start.
func sessionEngine(_ options: EngineOptions, onFailure: () -> Void = {}) -> (PageEngine, PageMaker?, ExitCode?) {
    let engine = options.engine
    do { return (engine, try EngineRun.maker(checked: engine, time: .realTime), nil) } catch {
        onFailure()
        printError("\(error)")
        return (engine, nil, EngineRun.exitCode(error))
    }
}

/// Engine settings that cannot run (a page URL with the emulated engine, an empty selector, …).
struct EngineSettingsError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
