import Host

/// A list and a host, wired as the World wires them: the host decides on a copy of the list and
/// the rig applies the effects it returns (the World's `apply`), records its `HostAction`s, and
/// steps the scroll view at 120 Hz (the host's frames at 60 Hz).
final class ListRig {
    var list: NativeList
    var sv: ScrollView {
        get { list.scrollView }
        set { list.scrollView = newValue }
    }
    var actions: [HostAction] = []
    var tick = 0
    private(set) var host: JumpHost?

    init(list: NativeList) { self.list = list }

    /// HostSpecTests' list: 6 header rows (96 pt), the web row, 20 footer rows (320 pt), a viewport
    /// of 384 pt under a 32 pt bar and over a 16 pt toolbar.
    convenience init(web: Double = 2000) {
        let sv = ScrollView(viewportHeight: 384, insetTop: 32, insetBottom: 16)
        self.init(list: NativeList(headerRows: 6, footerRows: 20, webRowHeight: web, scrollView: sv))
    }

    /// The actions without the android host's clamp range (F8), for the tests of H3.
    var core: [HostAction] {
        actions.map {
            var a = $0
            a.range = nil
            return a
        }
    }

    func attach<H: JumpHost>(_ h: H) -> H {
        host = h
        return h
    }

    /// The effects of a host's decision, applied at `now` (the end of an animation the host replaced
    /// itself is not told back to it, as in the World).
    func apply(_ effects: [ScrollEffect], now: Int, fromHost: Bool = true) {
        for e in effects {
            var web = WebScroll()
            let notice = list.apply(e, web: &web, now: now)
            if case let .report(a) = e { actions.append(a) }
            if notice.contains(.endedScrollingAnimation), !fromHost { host?.scrollingAnimationEnded() }
        }
    }

    /// The list as it is now, for a host or the pan engine at `now`.
    func scene(_ now: Int) -> ListScene { ListScene(list: list, tick: now) }

    func scrollRequest(_ h: JumpHost, top: Double, correction: Bool, jumpId: Int, now: Int) {
        apply(h.scrollRequest(top: top, correction: correction, jumpId: jumpId, in: ListScene(list: list, tick: now)),
              now: now)
    }

    func webRowResized(_ h: JumpHost, to height: Double, now: Int) {
        apply(h.webRowResized(to: height, in: ListScene(list: list, tick: now)), now: now)
    }

    func frame(_ h: JumpHost, now: Int) {
        apply(h.frame(in: ListScene(list: list, tick: now)), now: now)
    }

    /// Steps the scroll view at 120 Hz (and the host's frames at 60 Hz); like the World, SETTLING
    /// becomes IDLE when the animation ends.
    func run(_ ticks: Int, host: JumpHost? = nil) {
        for _ in 0..<ticks {
            tick += 1
            let (_, notice) = list.scrollView.step(now: tick)
            if notice.contains(.endedScrollingAnimation) { self.host?.scrollingAnimationEnded() }
            if sv.state == .settling, !sv.isAnimating { sv.state = .idle }
            if tick % 2 == 0, let h = host { frame(h, now: tick) }
        }
    }

    /// Where a page y shows in the viewport, minus the top inset (`post.y` of the trace, docs/contract.md).
    func postY(_ top: Double) -> Double { list.webRowY + top - sv.offset - sv.insetTop }
}
