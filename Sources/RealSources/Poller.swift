import Fetch
import Foundation
import LiveblogModel
import VirtualTime

/// What one poll brought (R3).
public enum PollOutcome: Sendable {
    /// 304, or a body equal to the last one: nothing to apply.
    case unchanged
    /// A new snapshot (pinned order applied) and the diff from the last one.
    case changed(Liveblog, LiveDiff)
    /// The poll failed; the page keeps what it has and the next poll runs on schedule (R6).
    case failed(SourceError)
}

/// Polls a real source every `interval` seconds of virtual time (R3, `--poll SECONDS`, default
/// 20 as the embed does), with conditional requests (ETag / Last-Modified → 304). Pure: the run
/// loop asks `request(atTick:)` each tick, submits what it returns, and hands the completion
/// to `receive(_:atTick:)`; one poll at a time, the next one `interval` after the last answer.
public struct Poller: Sendable {
    public static let defaultSeconds = 20.0

    public let location: SourceLocation
    public let url: URL
    public let intervalTicks: Int
    public private(set) var validators: Validators?
    public private(set) var snapshot: [Post]
    public private(set) var nextTick: Int
    public private(set) var inFlight = false
    public private(set) var polls = 0
    /// G6: while the terminal is unfocused the interval is this many times longer.
    public static let backgroundFactor = 6
    public private(set) var background = false
    private var currentInterval: Int { background ? intervalTicks * Poller.backgroundFactor : intervalTicks }

    /// `first` is the answer of the first load; its validators make the first poll conditional.
    public init?(source: LoadedSource, seconds: Double = Poller.defaultSeconds, startTick: Int = 0) {
        guard case let .url(url) = source.location, seconds > 0 else { return nil }
        location = source.location
        self.url = url
        intervalTicks = max(1, VirtualClock.ticks(seconds))
        if case let .success(response)? = source.completion?.result, !response.validators.isEmpty {
            validators = response.validators
        }
        snapshot = LiveOrder.pinned(source.liveblog.posts)
        nextTick = startTick + intervalTicks
    }

    /// G6: unfocused, the next poll waits `backgroundFactor` intervals from the last answer; on
    /// return, the normal interval counts again (a poll that was due is made at once).
    public mutating func setBackground(_ on: Bool) {
        guard on != background else { return }
        let last = nextTick - currentInterval
        background = on
        nextTick = last + currentInterval
    }

    /// B9: a body that streamed in ended at `tick`; the first poll is one interval later.
    public mutating func start(atTick tick: Int) { nextTick = tick + currentInterval }

    /// The poll to start now, if one is due.
    public mutating func request(atTick tick: Int) -> FetchRequest? {
        guard !inFlight, tick >= nextTick else { return nil }
        inFlight = true
        polls += 1
        return SourceLoader.request(url, validators: validators)
    }

    /// The answer to the poll in flight.
    public mutating func receive(_ completion: FetchCompletion, atTick tick: Int) -> PollOutcome {
        inFlight = false
        nextTick = tick + currentInterval
        if case let .success(response) = completion.result {
            if !response.validators.isEmpty { validators = response.validators }
            if response.isNotModified { return .unchanged }
        }
        switch SourceLoader.liveblog(from: completion, location: location) {
        case let .failure(error):
            return .failed(error)
        case var .success(liveblog):
            liveblog.posts = LiveOrder.pinned(liveblog.posts)
            let diff = LiveDiff.between(snapshot, liveblog.posts)
            snapshot = liveblog.posts
            return diff.isEmpty ? .unchanged : .changed(liveblog, diff)
        }
    }
}
