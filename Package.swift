// swift-tools-version:5.9
// liveblog: a terminal liveblog viewer that emulates a web view inside a native list.
// Arrows point one way: liveblog → TerminalUI → Simulation → Host → Embed → LiveblogModel →
// TextCells (text as cells: width, sanitiser) → CSupport, Host → ScrollPhysics, TerminalUI →
// TerminalKit → (CNcurses, TextCells, TerminalCaps, ImageDecoding, TerminalGraphics → (CChafa,
// ImageDecoding)); ScrollPhysics and Embed → VirtualTime;
// ImageLoading → (Fetch → CCurl, ImageDecoding → (CPNG, CTurboJPEG, CWebP, CGIF));
// Simulation → RealSources → (Embed, ImageLoading): real sources, live polling, captures (SPEC 11).
import PackageDescription

let package = Package(
    name: "liveblog",
    products: [
        .executable(name: "liveblog", targets: ["liveblog"]),
    ],
    targets: [
        .systemLibrary(name: "CNcurses", pkgConfig: "ncursesw",
                       providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CChafa", pkgConfig: "chafa",
                       providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
        .target(name: "CSupport"),
        // Text as terminal cells (issue 25): the one cluster width, the sanitiser, byte scans;
        // layout (LiveblogModel, Embed) and drawing (TerminalKit) both import it.
        .target(name: "TextCells", dependencies: ["CSupport"]),
        .target(name: "LiveblogModel", dependencies: ["CSupport", "CPNG", "TextCells"]),
        .target(name: "VirtualTime"),
        .target(name: "ScrollPhysics", dependencies: ["VirtualTime"]),
        .target(name: "Arguments"),
        .target(name: "Embed", dependencies: ["LiveblogModel", "TextCells", "VirtualTime"]),
        .target(name: "Host", dependencies: ["Embed", "ScrollPhysics", "VirtualTime"]),
        .target(name: "Simulation", dependencies: ["Host", "TextCells", "VirtualTime", "RealSources"]),
        .target(name: "TerminalCaps"),
        .target(name: "TerminalGraphics", dependencies: ["CChafa", "ImageDecoding", "TerminalCaps"]),
        .target(name: "TerminalKit", dependencies: ["CNcurses", "CSupport", "ImageDecoding", "TerminalCaps",
                                                    "TerminalGraphics", "TextCells"]),
        .target(name: "ImageDecoding", dependencies: ["CPNG", "CTurboJPEG", "CWebP", "CGIF"]),
        // Issue 31: HTTP through libcurl itself, so that decoded bytes are counted (and the
        // transfer stopped) in the write callback, as they arrive.
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "Fetch", dependencies: ["CCurl"]),
        .target(name: "ImageLoading", dependencies: ["Fetch", "ImageDecoding"]),
        .target(name: "RealSources", dependencies: ["Embed", "Fetch", "ImageDecoding", "ImageLoading",
                                                    "LiveblogModel", "VirtualTime"]),
        .target(name: "TerminalUI", dependencies: ["Simulation", "TerminalKit", "Embed", "Host", "ImageDecoding",
                                                   "LiveblogModel", "RealSources", "ScrollPhysics", "TerminalCaps",
                                                   "TextCells", "VirtualTime"]),
        .executableTarget(name: "liveblog", dependencies: ["TerminalUI", "Simulation", "Arguments", "CTurboJPEG",
                                                         "ImageDecoding", "RealSources", "Fetch", "TextCells"]),
        .testTarget(name: "LiveblogModelTests", dependencies: ["LiveblogModel", "ImageDecoding", "TextCells"]),
        .testTarget(name: "ScrollPhysicsTests", dependencies: ["ScrollPhysics"], exclude: ["Fixtures"]),
        .testTarget(name: "ArgumentsTests", dependencies: ["Arguments"]),
        .testTarget(name: "EmbedTests", dependencies: ["Embed"]),
        .testTarget(name: "HostTests", dependencies: ["Host"], exclude: ["Fixtures"]),
        .testTarget(name: "SimulationTests", dependencies: ["Simulation"], exclude: ["GoldenTraces"]),
        .testTarget(name: "TerminalCapsTests", dependencies: ["TerminalCaps", "CSupport"]),
        // Test helpers shared by test targets (xterm under Xvfb for the real-terminal tests).
        .target(name: "TestSupport", path: "Tests/Support"),
        .testTarget(name: "TerminalGraphicsTests", dependencies: ["TerminalGraphics", "TerminalCaps", "ImageDecoding",
                                                                  "TestSupport"]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "ImageDecoding", "TextCells"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport", "ImageDecoding"],
                    exclude: ["Golden", "pty_relay.py", "hostile_server.py"]),
        .testTarget(name: "RepositoryTests"),
        .testTarget(name: "ImageDecodingTests", dependencies: ["ImageDecoding"], exclude: ["Fixtures"]),
        .testTarget(name: "FetchTests", dependencies: ["Fetch"], exclude: ["server.py"]),
        .testTarget(name: "ImageLoadingTests", dependencies: ["ImageLoading"]),
        .testTarget(name: "RealSourcesTests", dependencies: ["RealSources"], exclude: ["Fixtures"]),
        .testTarget(name: "RealSessionTests", dependencies: ["RealSources", "Simulation", "Host", "LiveblogModel"]),
    ]
)
