// F4 (refines H5): which reader input is a DRAG for the host, the thing the samples gate
// corrections on (iOS `scrollViewWillBeginDragging`, Android `SCROLL_STATE_DRAGGING`), decided
// from each platform's documentation and source:
//
// | input (terminal)      | ios (UIScrollView)                      | android (RecyclerView)                 |
// |-----------------------|-----------------------------------------|----------------------------------------|
// | finger / mouse drag   | drag: the scroll view's pan gesture     | drag: onTouchEvent ACTION_MOVE past    |
// |                       | recognizer begins → willBeginDragging   | mTouchSlop → setScrollState(DRAGGING)  |
// | mouse wheel, trackpad | drag: UIScrollView's pan recognizer     | no drag: onGenericMotionEvent          |
// | (a terminal reports   | recognizes scroll events (iPadOS 13.4+, | ACTION_SCROLL → (nested)scrollBy-      |
// |  both as wheel        | UIPanGestureRecognizer                  | Internal(…, TYPE_NON_TOUCH); the state |
// |  notches)             | .allowedScrollTypesMask: "a mouse       | stays IDLE                             |
// |                       | scroll movement or a two-finger scroll  |                                        |
// |                       | on a track pad"; .discrete/.continuous) |                                        |
// | keys (arrows, space,  | no drag: UIScrollView                   | no drag: a key moves focus; the layout |
// |  page, home/end, J/K) | .allowsKeyboardScrolling (iOS 17) "the  | manager's requestChildRectangleOn-     |
// |                       | scroll view animates its content offset | Screen → RecyclerView.smoothScrollBy:  |
// |                       | in response to … hardware keyboard      | SETTLING, never DRAGGING               |
// |                       | keys"; no pan gesture begins            |                                        |
// | press while settling  | no drag: a touch-down stops a running   | DRAGGING at once: onInterceptTouch-    |
// |  (no movement, F3)    | scroll; scrollViewWillBeginDragging     | Event ACTION_DOWN `if (mScrollState == |
// |                       | ("about to start scrolling the          | SCROLL_STATE_SETTLING) setScrollState( |
// |                       | content"; "might not receive this       | SCROLL_STATE_DRAGGING)`, and the child |
// |                       | message until dragging has occurred     | gets no click (the event is            |
// |                       | over a small distance") waits for a pan | intercepted)                           |
//
// Sources: developer.apple.com/documentation/uikit/uipangesturerecognizer/allowedscrolltypesmask,
// …/uikit/uiscrollview/allowskeyboardscrolling, …/uikit/uiscrollviewdelegate/
// scrollviewwillbegindragging(_:); androidx RecyclerView.java (onInterceptTouchEvent,
// onTouchEvent, onGenericMotionEvent, smoothScrollBy), LinearLayoutManager / LayoutManager
// .requestChildRectangleOnScreen. The naive host follows iOS (it is a UIKit list). A terminal
// cannot tell a trackpad from a wheel: both arrive as notches.

/// What the reader scrolled with (F4).
public enum ScrollInput: String, Sendable, Equatable, CaseIterable {
    /// A finger (a mouse drag in the terminal) moving past the touch slop.
    case touch
    /// A mouse wheel notch or a trackpad scroll.
    case wheel
    /// A scrolling key (j/k, arrows, space, b, page keys, g/G, J/K).
    case key
    /// A press without movement that stopped a settling list (F3).
    case pressWhileSettling
}

/// Which inputs are reader drags: the platforms' own rules (F4), or H5's old rule, kept as an
/// option, in which every scroll is a drag (`--drag-rule every-scroll`).
public enum ReaderDragRule: String, Sendable, CaseIterable {
    case platform
    case everyScroll = "every-scroll"

    /// True when `input` begins a drag on `platform` (the table above).
    public func isDrag(_ input: ScrollInput, on platform: Platform) -> Bool {
        switch (self, input) {
        case (_, .touch): return true
        case (.everyScroll, .wheel), (.everyScroll, .key): return true
        case (.platform, .key): return false
        case (.platform, .wheel): return platform != .android
        case (_, .pressWhileSettling): return platform == .android
        }
    }
}
