import Embed
import VirtualTime

// Q19: a finger that goes down on the web row of a native list (mode M1) reaches the page
// as each platform delivers it, so the page's own stop-on-touch (the embed ends a held jump on
// `touchstart`) runs as it would in the app.
//
// | platform          | what the page gets                                                      |
// |-------------------|-------------------------------------------------------------------------|
// | android           | touchstart at the down: RecyclerView.onInterceptTouchEvent returns      |
// | (RecyclerView)    | `mScrollState == SCROLL_STATE_DRAGGING`, false for a down on an idle    |
// |                   | list, so ViewGroup.dispatchTouchEvent hands the down to the web view;   |
// |                   | touchcancel when the list intercepts: ACTION_MOVE past mTouchSlop →     |
// |                   | setScrollState(DRAGGING) → true, and the ViewGroup sends the child      |
// |                   | ACTION_CANCEL (the WebView's touchcancel). A down on a SETTLING list    |
// |                   | (or a showing stretch) is intercepted at once: nothing reaches the page.|
// | ios, naive        | nothing for a quick drag: `delaysContentTouches` (default true) holds   |
// | (UIScrollView)    | the touch-down "until it can determine if scrolling is the intent" (a   |
// |                   | timer of about 150 ms, not published by Apple); a finger that moves far |
// |                   | enough before it fires is the scroll view's alone. A press held past    |
// |                   | the delay reaches the page (touchstart), and is cancelled when the pan  |
// |                   | begins (`canCancelContentTouches`, default true: "the view receives a   |
// |                   | touchesCancelled(_:with:) message"). A touch-down that stops a scroll   |
// |                   | (deceleration, the jump's animation) is the scroll view's too.          |
// | both: a tap       | touchstart (at the down on Android, at the release on iOS), touchend.   |
//
// Sources: androidx recyclerview RecyclerView.java (onInterceptTouchEvent), android.view.
// ViewGroup.dispatchTouchEvent (`cancelChild = … || intercepted`); developer.apple.com/
// documentation/uikit/uiscrollview (delaysContentTouches, canCancelContentTouches,
// touchesShouldCancel(in:)). Touch moves inside the slop are not sent (the reference embed reads
// none); the pan's slop (PhysicsConstants.touchSlop) is where both lists take the finger.

/// How far the finger on the web row got into the page (Q19).
enum PageTouch: Equatable {
    case none
    /// iOS: waiting for the scroll view's content-touch delay (due at that tick), at page coordinates.
    case delayed(due: Int, x: Double, y: Double)
    /// The page has the touch's start.
    case delivered
}

extension World {
    /// UIScrollView's content-touch delay: 150 ms (18 ticks).
    static let contentTouchDelayTicks = VirtualClock.ticks(0.15)

    /// A finger went down at viewport (`x`, `y`); `stopped`: the press stopped a motion of the list.
    func touchWentDown(x: Double, y: Double, stopped: Bool) {
        guard config.mode == .content, scrollSide.touchStartedOnWeb, !stopped,
              case .page(let py) = rowContent(Int(y / line)) else { return }
        if config.platform == .android {
            scrollSide.pageTouch = .delivered
            pageInput(.touchStart(x: x, y: py))
        } else {
            scrollSide.pageTouch = .delayed(due: tick + World.contentTouchDelayTicks, x: x, y: py)
        }
    }

    /// The list took the finger for its own scroll: the page's touch is cancelled; a delayed one
    /// never reaches it.
    func listTookTouch() {
        if scrollSide.pageTouch == .delivered { pageInput(.touchCancel) }
        scrollSide.pageTouch = .none
    }
}
