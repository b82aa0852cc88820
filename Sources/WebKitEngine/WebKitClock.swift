import BrowserEngine
import Embed
import EngineProcess
import Foundation
import LiveblogModel

/// X13: the page's clock in WebKit, which has no virtual-time API. Injected at document start,
/// before any script of the page (the first user script of the main frame), it replaces the
/// page's timers (`setTimeout`, `setInterval` and their `clear…`), `Date` (`new Date()`,
/// `Date.now`), `performance.now` and `requestAnimationFrame`/`cancelAnimationFrame` with a
/// clock that moves only when liveblog steps it, as Playwright's and sinon's fake clocks do. Each
/// World frame (`WebKitPage.frame(tick:)`) calls `step(ms)`: the clock moves to the frame's time,
/// the timers due by then run in time order (ties: the order they were set; an interval again at
/// its next time), each followed by the page's microtasks; then the animation-frame callbacks
/// asked for before the frame, with the frame's time; then one frame of WebKit's own (its
/// `requestAnimationFrame`, kept aside, and a task after it), after which the layout and the
/// `ResizeObserver` deliveries of the frame have happened. Nothing the page schedules runs
/// between two steps; what WebKit runs on its own clock still does (layout, image decoding,
/// CSS animations and transitions, its `ResizeObserver` timing).
enum WebKitClock {
    /// The message handler the clock posts the document's `DOMContentLoaded` and the page's
    /// image loads to (the gate's "the page has it", `WebKitPage.settle`).
    static let handler = "__liveblogClock"

    /// The script (Assets/embed/webkit-clock.js); `wallMillis`: `Date.now()` at tick 0 (the
    /// engine's configured wall clock).
    static func source(assets: EmbedAssets, wallMillis: Double) -> String {
        assets.text("webkit-clock.js")
            .replacingOccurrences(of: "/*WALL*/0", with: ProtocolJSON.number(wallMillis))
            .replacingOccurrences(of: "/*HANDLER*/\"__liveblogClock\"", with: JSONWriter.quote(handler))
    }

    /// One step: the clock to `millis`, the timers due, the animation frames when `draw`, and
    /// WebKit's own frame when `settle`. The number of timers run.
    static func step(millis: Double, draw: Bool, settle: Bool) -> String {
        "return window.__liveblogClock ? await window.__liveblogClock.step(\(ProtocolJSON.number(millis)), "
            + "\(draw), \(settle)) : null;"
    }

    /// A task of WebKit's after the ones queued so far (a driver call's `hashchange`).
    static let drain = "if (window.__liveblogClock) await window.__liveblogClock.drain(); return null;"

    /// The page's time at `tick`, in milliseconds (ticks are 1/120 s).
    static func millis(_ tick: Int) -> Double {
        Double(tick) * 1000 / Double(VirtualClock.ticksPerSecond)
    }
}
