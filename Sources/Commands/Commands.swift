import Foundation
import Arguments
import LiveblogModel
import RealSources
import Embed
import Host
import Simulation
import TerminalKit
import TerminalUI
import TextCells

/// Loads SOURCE (or the bundled sample), printing a clear error (L4). nil on failure, with the exit code.
func loadLiveblog(_ source: String?) -> (Liveblog?, ExitCode, String) {
    guard let path = source ?? Assets.sample else {
        printError("the bundled sample was not found; set LIVEBLOG_ASSETS to the Assets folder or pass a file")
        return (nil, .noInput, "")
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
        printError("\(path): cannot read the file")
        return (nil, .noInput, path)
    }
    // A large file takes a moment: say so on the terminal before the screen opens (issue 6).
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let showProgress = size > 5_000_000 && isatty(2) == 1
    if showProgress {
        writeStderr("loading \((path as NSString).lastPathComponent)… \(size / 1_000_000) MB")
    }
    defer { if showProgress { FileHandle.standardError.write("\r\u{1B}[K".data(using: .utf8)!) } }
    do { return (try LiveblogLoader.load(path: path), .ok, path) } catch let e as LiveblogError {
        printError(e.description)
        return (nil, .dataErr, path)
    } catch {
        printError("\(path): \(error)")
        return (nil, .dataErr, path)
    }
}

/// `liveblog check SOURCE` (C5; a URL: R1, R6).
struct CheckCommand: Command {
    static let spec = LiveblogCommands.check
    var source: String
    var fetch: FetchOptions

    init(_ args: ParsedArguments) {
        source = args.positional("SOURCE") ?? ""
        fetch = FetchOptions(args)
    }

    func run() -> ExitCode {
        let location = SourceLocation(source)
        let print: (Liveblog) -> ExitCode = { lb in
            Swift.print(LiveblogSummary.describe(lb), terminator: "")
            return .ok
        }
        if location.isURL { return withURLSource(location, fetch: fetch.config, print) }
        let (lb, code, _) = loadLiveblog(source)
        guard let lb else { return code }
        return print(lb)
    }
}

/// `liveblog generate --posts N [--seed S] [--images EVERY] [--profile plain|heavy] [--out DIR]` (C5, B7).
struct GenerateCommand: Command {
    static let spec = LiveblogCommands.generate
    var posts: Int, seed: UInt64, imageEvery: Int
    var heavy: Bool
    var out: String?

    init(_ args: ParsedArguments) {
        // Issue 18, 39: the parser checked the numbers against their declared ranges.
        posts = args.int(.posts) ?? 0
        seed = UInt64(args.int(.seed) ?? 1)
        imageEvery = args.int(.images) ?? 3
        heavy = args.string(.profile) == "heavy"
        out = args.string(.out)
    }

    func run() -> ExitCode {
        let lb = heavy ? HeavyProfile.generate(posts: posts, seed: seed, imageDirectory: "images")
                       : LiveblogGenerator.generate(posts: posts, seed: seed, imageEvery: imageEvery)
        let json = NativeWriter.encode(lb)
        guard let out else {
            do { try FileHandle.standardOutput.write(contentsOf: Data(json.utf8)) } catch {
                printError("cannot write to standard output: \(OutputError.reason(error))")
                return .ioErr
            }
            return .ok
        }
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let file = out + "/liveblog.json"
            do { try OutputFile.write(Data(json.utf8), to: file) } catch {
                printError("\(error)")
                return .ioErr
            }
            let images = imageEvery > 0 || heavy ? try LiveblogGenerator.writeImages(
                for: lb, directory: out + "/images") : 0
            writeStderr("wrote \(file) (\(Plural.count(lb.posts.count, "post"))) and \(Plural.count(images, "image"))\n")
            return .ok
        } catch {
            printError("cannot write to \(out): \(error)")
            return .ioErr
        }
    }
}

/// After a large liveblog's page has laid itself out and made its first requests, the heap's whole
/// free pages go back to the system (B7: 1.1 MB at 100 000 heavy posts): the command that opened
/// the file decides, not the page.
public func trimHeapAfterOpening(_ lb: Liveblog) {
    if lb.posts.count >= 10_000 { Heap.trim() }
}

/// `--record`'s output opened now (C7): nil and the exit code when it cannot be created.
func openRecording(_ rec: String?) -> (Recorder.Output?, ExitCode?) {
    guard let rec else { return (nil, nil) }
    do { return (try Recorder.openOutput(rec), nil) } catch {
        printError("\(error)")
        return (nil, .cantCreate)
    }
}

/// Issue 32: the sample host app's invented native rows only around the bundled sample; post
/// times in the reader's zone (`TZ`).
func setReaderChrome(_ app: App, source path: String, calm: Bool) {
    app.ui.nativeRows = isBundledSample(path) ? .sample : .source
    // V4: the bars name the source (the sample keeps its invented host app's site).
    app.ui.source = isBundledSample(path) ? nil : UIState.sourceName(path, app.world.page.liveblog)
    app.ui.timeZone = TimeZone.current
    app.world.send(.calmKeys(calm))
}

/// V4: the native header's rows in `view`: its lines, the page's own top margin the one blank row (the
/// sample's host app: LIVE, its tagline, a blank, the count; a source: its count).
func readerHeaderRows(sample: Bool) -> Int { sample ? 4 : 1 }

/// Is `path` the bundled sample (whose host app has invented native rows, issue 32)?
func isBundledSample(_ path: String) -> Bool {
    guard let sample = Assets.sample else { return false }
    func standard(_ p: String) -> String { URL(fileURLWithPath: p).standardizedFileURL.path }
    return standard(path) == standard(sample)
}
