import EngineProcess
import Foundation

/// How the browser is started (X2, X7).
public struct LaunchOptions: Sendable {
    /// The engine's path; nil: `EngineLocator.locate()`.
    public var executable: String?
    /// Begin-frame control and the deterministic compositor (X7): frames only when we ask for
    /// them, every compositor stage run before a frame is drawn, no threaded animation or
    /// scrolling, no checker-imaging (images decode before the frame that shows them).
    public var deterministic = true
    /// Seconds to wait for the engine's first answer.
    public var startTimeout: Double = 20
    /// Seconds any later command may take before the engine counts as silent.
    public var commandTimeout: Double = 10
    /// More switches, e.g. `--host-resolver-rules=…`.
    public var extraArguments: [String] = []
    /// The seed of V8's `Math.random` (so a page's random choices repeat run after run).
    public var randomSeed = 1157
    /// Who the engine runs as (S3); nil: `EnginePrivileges.plan()`.
    public var privileges: EnginePrivileges?
    /// The reader said `--no-sandbox`: a page of their own (`--page-url`) may run as root without
    /// the engine's sandbox where nothing better is possible (S3).
    public var allowUnsandboxedPage = false

    public init() {}

    /// The command line after the executable: one profile of our own in `userDataDir`; popups
    /// blocked as in a single-window web view (S5); `--no-sandbox` only when the sandbox cannot run.
    public func arguments(userDataDir: String, sandbox: Bool = geteuid() != 0) -> [String] {
        var a = [
            "--headless", "--remote-debugging-pipe", "--user-data-dir=\(userDataDir)",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
            "--disable-sync", "--disable-breakpad", "--metrics-recording-only", "--mute-audio",
            "--password-store=basic", "--use-mock-keychain", "--disable-gpu", "--hide-scrollbars",
            "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
            "--disable-backgrounding-occluded-windows", "--disable-ipc-flooding-protection",
            "--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication",
            "--font-render-hinting=none", "--force-color-profile=srgb", "--disable-lcd-text",
            "--js-flags=--random-seed=\(randomSeed)", "--block-new-web-contents",
        ]
        if !sandbox { a.insert("--no-sandbox", at: 1) }
        if deterministic {
            a.insert(contentsOf: ["--deterministic-mode", "--enable-begin-frame-control",
                                  "--run-all-compositor-stages-before-draw", "--disable-threaded-animation",
                                  "--disable-threaded-scrolling", "--disable-checker-imaging"], at: 1)
        }
        return a + extraArguments
    }
}
