import Arguments
import Fetch
import Foundation
import ImageDecoding
import LiveblogModel
import RealSources
import Simulation
import TerminalKit
import TerminalUI
import TextCells

// docs/sources.md: `view URL` and `check URL` (R1), real images (R2), live polling (R3), the capture
// of a recorded session (R4), the reading position per source (R5), clear messages (R6).

/// The exit status for a source that could not be read.
func exitCode(for error: SourceError) -> ExitCode {
    switch error.kind {
    case .fetch: return .unavailable
    case .notALiveblog: return .dataErr
    case .file: return .noInput
    }
}

/// Reads the URL whole (R1) and hands its liveblog to `use`; a failure says why (R6) and exits
/// with its code.
func withURLSource(_ location: SourceLocation, fetch: FetchConfig, _ use: (Liveblog) -> ExitCode) -> ExitCode {
    let fetcher = Fetcher(config: fetch)
    defer { fetcher.invalidate() }
    switch SourceLoader.load(location, fetcher: fetcher) {
    case let .failure(error):
        printError(error.description)
        return exitCode(for: error)
    case let .success(source):
        return use(source.liveblog)
    }
}

/// Reads the source for real (saying so on the terminal first, as a large file does): a URL whose
/// body streams in after the first posts (B9) and is polled (R3) as `plan` says, or a file whose
/// images are read and decoded for real (`--network real`, or the bundled sample without SOURCE).
func openRealSession(_ view: ViewCommand) -> Result<RealSession, SourceError> {
    let location = SourceLocation(view.source ?? Assets.sample ?? "")
    let showProgress = isatty(2) == 1
    if showProgress { writeStderr("fetching \(location)…") }
    defer { if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) } }
    let poll = view.plan.polls ? view.poll ?? Poller.defaultSeconds : 0
    let record = view.record != nil, fetch = view.fetch.config
    guard view.plan.streams else { return RealSession.open(location, pollSeconds: poll, record: record, fetch: fetch) }
    return RealSession.openStreaming(location, pollSeconds: poll, record: record, firstPosts: streamingFirstPosts,
                                     fetch: fetch)
}

/// After the session: the reading position kept (R5), the capture written (R4).
func finishRealSession(_ session: RealSession, _ app: App, record: String?, _ rc: ExitCode) -> ExitCode {
    (session.liveFeed as? StreamingLiveFeed)?.stream.cancel()
    if let position = app.world.readingPosition() {
        // Issue 31: entries of positions.json that did not parse are dropped and said so.
        let store = PositionStore()
        do {
            for entry in try store.save(position, for: session.location.positionKey) {
                printNote("\(store.path): dropped \(entry)")
            }
        } catch {
            printNote("the reading position was not kept in \(store.path): \(error.localizedDescription)")
        }
    }
    guard let recorder = session.recorder, let rec = record else { return rc }
    let path = CaptureRecorder.capturePath(forScenario: rec)
    do { try recorder.write(to: path) } catch {
        printError("cannot write the capture to \(path): \(error)")
        return .ioErr
    }
    return rc
}
