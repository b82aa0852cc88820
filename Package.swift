// swift-tools-version:6.0
// liveblog: a terminal liveblog viewer that emulates a web view inside a native list.
// docs/architecture.md shows the module graph declared here (a tree of the main paths and every
// target with its dependencies); ModuleGraphTests fails when the two differ, and when a file
// imports a module its target does not declare.
// The Debian packages (the .apt providers below, and what the tests use) are declared once in
// scripts/packages, which scripts/run and scripts/test install; RepositoryTests checks they agree.
import PackageDescription

let package = Package(
    name: "liveblog",
    products: [
        .executable(name: "liveblog", targets: ["liveblog"]),
    ],
    targets: [
        // No pkgConfig: ncursesw's entry gives only -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600, flags
        // SwiftPM drops with a warning on every build; the module map links ncursesw and tinfo.
        .systemLibrary(name: "CNcurses",
                       providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp",
                       providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        .systemLibrary(name: "CChafa", pkgConfig: "chafa",
                       providers: [.apt(["libchafa-dev", "libglib2.0-dev"]), .brew(["chafa", "glib"])]),
        .target(name: "CSupport"),
        // Issue 39: the process's one signal chain (one handler, cleanups in a fixed order, then the
        // previous disposition), and the state its cleanups read: the terminal's restore, the recording.
        .target(name: "CSignals"),
        // Text as terminal cells (issue 25): the one cluster width, the sanitiser, byte scans;
        // layout (LiveblogModel, Embed) and drawing (TerminalKit) both import it.
        .target(name: "TextCells", dependencies: ["CSupport"]),
        .target(name: "LiveblogModel", dependencies: ["CSupport", "CPNG", "TextCells"]),
        .target(name: "VirtualTime"),
        .target(name: "ScrollPhysics", dependencies: ["VirtualTime"]),
        // Issue 39: the exit statuses (sysexits), below every module that names one.
        .target(name: "ExitStatus"),
        .target(name: "Arguments", dependencies: ["ExitStatus"]),
        .target(name: "Embed", dependencies: ["LiveblogModel", "VirtualTime", "TextCells"]),
        .target(name: "Host", dependencies: ["ScrollPhysics", "VirtualTime"]),
        .target(name: "Simulation", dependencies: ["Embed", "Host", "LiveblogModel", "ScrollPhysics", "VirtualTime", "TextCells"]),
        // The QA tooling above the World: the runner, expectations, reports, JUnit, metrics, the
        // SVG plot, the fuzzer and the shrinker (SPEC 9, 15).
        .target(name: "QA", dependencies: ["Simulation", "Embed", "Host", "LiveblogModel", "VirtualTime", "TextCells", "ExitStatus"]),
        .target(name: "TerminalCaps"),
        .target(name: "TerminalGraphics", dependencies: ["CChafa", "TerminalCaps", "ImageDecoding"]),
        .target(name: "TerminalKit", dependencies: ["CNcurses", "CSignals", "TerminalCaps", "TerminalGraphics", "CSupport", "ImageDecoding", "TextCells"]),
        .target(name: "ImageDecoding", dependencies: ["CPNG", "CTurboJPEG", "CWebP", "CGIF"]),
        // Issue 31: HTTP through libcurl itself, so that decoded bytes are counted (and the
        // transfer stopped) in the write callback, as they arrive.
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl",
                       providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
        .target(name: "Fetch", dependencies: ["CCurl"]),
        .target(name: "ImageLoading", dependencies: ["Fetch", "ImageDecoding"]),
        .target(name: "RealSources", dependencies: ["Embed", "Fetch", "ImageDecoding", "ImageLoading", "LiveblogModel", "VirtualTime"]),
        .target(name: "TerminalUI", dependencies: ["QA", "Simulation", "TerminalKit", "Embed", "Host", "LiveblogModel", "ScrollPhysics", "VirtualTime", "ImageDecoding", "TerminalCaps", "TextCells"]),
        // X2: the browser engine over the DevTools pipe; X3–X7: the real page on it.
        .target(name: "CEngineGuard", dependencies: ["CSignals"]),
        // Issue 39, the engine seam: the process plumbing both engines share (the engine's error, the
        // spawn under the engine guard, the pipe, the privileges, protocol JSON); the engine-neutral
        // page (the embed site, the network gate, the injected scripts, geometry, tiles, the seam
        // `PageDriver`/`PagePixels` and its adapter `EngineWebPage`), which names no engine; then
        // each engine in a module named for it.
        .target(name: "EngineProcess", dependencies: ["CEngineGuard", "LiveblogModel", "ExitStatus"]),
        .target(name: "BrowserEngine", dependencies: ["EngineProcess", "Embed", "LiveblogModel", "TextCells", "Host", "ImageDecoding", "Fetch"]),
        .target(name: "Chromium", dependencies: ["BrowserEngine", "EngineProcess", "Embed", "LiveblogModel", "TextCells", "ImageDecoding", "VirtualTime"]),
        .target(name: "WebKitEngine", dependencies: ["BrowserEngine", "EngineProcess", "Embed", "LiveblogModel", "TextCells", "ImageDecoding", "VirtualTime"]),
        // Issue 39: the command layer, a library (each command a type, testable in process); the bench
        // its own library; the executable's main.swift a few lines that call into them.
        .target(name: "Commands", dependencies: ["TerminalUI", "QA", "Simulation", "Arguments", "ImageDecoding", "RealSources", "Fetch", "CSupport", "Embed", "Host", "LiveblogModel", "ScrollPhysics", "TerminalKit", "TextCells", "BrowserEngine", "Chromium", "WebKitEngine", "EngineProcess"]),
        .target(name: "Bench", dependencies: ["Commands", "TerminalUI", "QA", "Simulation", "Arguments", "CTurboJPEG", "ImageDecoding", "RealSources", "Fetch", "CSupport", "Embed", "Host", "LiveblogModel", "TerminalKit", "BrowserEngine", "Chromium", "WebKitEngine", "VirtualTime"]),
        .executableTarget(name: "liveblog", dependencies: ["Commands", "Bench"]),
        .testTarget(name: "LiveblogModelTests", dependencies: ["LiveblogModel", "ImageDecoding", "TextCells"]),
        .testTarget(name: "ScrollPhysicsTests", dependencies: ["ScrollPhysics", "VirtualTime"], exclude: ["Fixtures"]),
        .testTarget(name: "ArgumentsTests", dependencies: ["Arguments"]),
        .testTarget(name: "EmbedTests", dependencies: ["Embed", "LiveblogModel", "TextCells"]),
        .testTarget(name: "HostTests", dependencies: ["Host", "ScrollPhysics", "VirtualTime"], exclude: ["Fixtures"]),
        .testTarget(name: "SimulationTests", dependencies: ["Simulation", "QA", "Arguments", "ExitStatus", "Embed", "Host", "LiveblogModel", "RealSources", "ScrollPhysics", "VirtualTime", "TestSupport"], exclude: ["GoldenTraces"]),
        .testTarget(name: "TerminalCapsTests", dependencies: ["TerminalCaps", "TestSupport"]),
        // Test helpers shared by test targets (xterm under Xvfb for the real-terminal tests).
        .target(name: "TestSupport", dependencies: ["CSupport"], path: "Tests/Support", exclude: ["Python"]),
        .testTarget(name: "TerminalGraphicsTests", dependencies: ["TerminalGraphics", "TerminalCaps", "TestSupport", "ImageDecoding"]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "CSignals", "CEngineGuard", "TestSupport", "LiveblogModel", "TerminalCaps", "TerminalGraphics", "ImageDecoding", "TextCells"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "QA", "TestSupport", "Embed", "Host", "LiveblogModel", "Simulation", "TerminalKit", "ImageDecoding", "TextCells"],
                    exclude: ["Golden"]),
        .testTarget(name: "RepositoryTests"),
        .testTarget(name: "ImageDecodingTests", dependencies: ["ImageDecoding"], exclude: ["Fixtures"]),
        .testTarget(name: "FetchTests", dependencies: ["Fetch", "CCurl", "TestSupport"]),
        .testTarget(name: "RealSourcesTests", dependencies: ["RealSources", "Fetch", "ImageDecoding", "ImageLoading", "LiveblogModel", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "EngineProcessTests", dependencies: ["Chromium", "WebKitEngine", "EngineProcess", "CEngineGuard", "TestSupport", "LiveblogModel", "ExitStatus"]),
        .testTarget(name: "BrowserEngineTests", dependencies: ["BrowserEngine", "Chromium", "WebKitEngine", "EngineProcess", "Embed", "LiveblogModel", "TestSupport", "ImageDecoding", "Simulation", "QA", "Host"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "CommandsTests", dependencies: ["Commands", "Bench", "Arguments"]),
        .testTarget(name: "RealSessionTests", dependencies: ["RealSources", "QA", "Simulation", "Host", "LiveblogModel", "Embed", "TestSupport"]),
    ]
)
