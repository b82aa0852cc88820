import LiveblogModel
import Embed
import Host
import ScrollPhysics

/// Keys (T2) and the settings they switch at run time (mode, platform, hook, network, insets,
/// reload), and the terminal's resize (T5).
extension World {
    /// A key (T2): what the key map (`KeyMap.list`) binds it to; keys the world does not handle
    /// (the terminal's own, unbound ones) change nothing.
    func key(_ key: KeyName) {
        guard let action = KeyMap.worldAction(key) else { return }
        let drag = KeyName.scrollKeys.contains(key) && config.dragRule.isDrag(.key, on: config.platform)
        emit(.input(kind: .key, detail: key.name, drag: drag))
        if pageSide.focusedLink != nil, action != .focusList { pageInput(.key(key.name)) }
        switch action {
        case .scroll(let s): scroll(s)
        case .focusNext: moveFocus(1)
        case .focusPrevious: moveFocus(-1)
        case .focusList: pageSide.focusedLink = nil
        case .stripBack, .stripOn:
            // The timeline strip scrolls sideways inside the page: the key reaches the page (E15, E16).
            if pageSide.page.isTimeline {
                if pageSide.focusedLink == nil { pageInput(.key(key.name)) }
                pageSide.page.scrollStrip(byCards: action == .stripBack ? -1 : 1)
            }
        case .followLink:
            if let f = pageSide.focusedLink { pageCall { $0.followLink(f.href) } }
        case .cycleMode: setMode(config.mode.next)
        case .cyclePlatform: setPlatform(config.platform.next)
        case .cycleHook: cycleHook()
        case .cycleNetwork: setNetwork(pageSide.page.networkProfile.next)
        case .toggleInsets: setInsets(top: config.insetTopRows == 0 ? 2 : 0, bottom: config.insetBottomRows == 0 ? 1 : 0)
        case .livePost: receiveLivePosts(1)
        case .reload: reload()
        case .back: goInHistory(-1)
        case .forward: goInHistory(1)
        case .newest: jumpToNewest()
        case .cycleDevice: setDevice((config.device ?? .terminal).next)
        }
    }

    /// A key's eased scroll of the content by `d` pt (+ = content up, P5).
    func scroll(by d: Double, homeEnd: Bool = false) {
        panCall { $0.easedScroll(by: d, now: tick, homeEnd: homeEnd, input: .key, in: $1) }
    }

    /// The scrolling keys (P5).
    private func scroll(_ s: WorldKeyAction.Scroll) {
        let pageStep = max(line, visibleHeight - line)
        // V2: half the list's rows, whole rows (less's `d`).
        let halfStep = max(line, (visibleHeight / 2 / line).rounded(.down) * line)
        switch s {
        case .lineDown: scroll(by: line)
        case .lineUp: scroll(by: -line)
        case .halfDown: scroll(by: halfStep)
        case .halfUp: scroll(by: -halfStep)
        case .pageDown: scroll(by: pageStep)
        case .pageUp: scroll(by: -pageStep)
        case .top: scroll(by: panRoom(contentUp: false), homeEnd: true)
        case .bottom: scroll(by: panRoom(contentUp: true), homeEnd: true)
        case .flingDown: panCall { $0.fling(contentVelocity: PhysicsConstants.flingKeyVelocity, now: tick, in: $1) }
        case .flingUp: panCall { $0.fling(contentVelocity: -PhysicsConstants.flingKeyVelocity, now: tick, in: $1) }
        }
    }

    /// Tab moves focus through the links in view, then back to the list (T2): the page side's
    /// links between the visible area's page ys.
    private func moveFocus(_ dir: Int) {
        let top = webFrame.scroll - webFrame.top + insetTop
        pageSide.moveFocus(dir, top: top, height: visibleHeight)
    }

    public static let hookChoices = ["function (top, info) {}", "function (top) {}",
                                     "function (top, info = {}) {}", "function (top, info) { throw new Error(\"hook failed\") }"]

    private func cycleHook() {
        let cur = config.hook?.source
        let all: [String?] = World.hookChoices.map { Optional($0) } + [nil]
        let i = all.firstIndex(where: { $0 == cur }) ?? (all.count - 1)
        apply(.setHook(all[(i + 1) % all.count]))
    }

    // MARK: - Settings at run time

    func setMode(_ m: Mode) {
        let anchor = readingAnchor()
        config.mode = m
        if m == .content { pageSide.page.scrollY = 0 }
        configureMode(keepAnchor: anchor)
        emit(.setting(name: "mode", value: m.rawValue))
    }

    func setPlatform(_ p: Platform) {
        config.platform = p
        makeHost()
        applyPhysics()
        emit(.setting(name: "platform", value: p.rawValue))
    }

    func setNetwork(_ n: NetworkProfile) {
        pageSide.page.setNetworkProfile(n)
        emit(.setting(name: "network", value: n.rawValue))
    }

    func setInsets(top: Int, bottom: Int) {
        let anchor = readingAnchor()
        config.insetTopRows = max(0, top)
        config.insetBottomRows = max(0, bottom)
        configureMode(keepAnchor: anchor)
        emit(.setting(name: "insets", value: "\(top),\(bottom)"))
    }

    /// Terminal resize (T5): the page re-lays at the new width and the reading position stays.
    func resize(cols: Int, rows: Int) {
        let c = max(1, cols), r = max(1, rows)
        guard c != config.cols || r != config.rows else { return }
        let anchor = readingAnchor()
        config.cols = c
        config.rows = r
        emit(.input(kind: .resize, detail: "\(c)x\(r)"))
        // The new layout's effects (its `layout` line, the resize callback it schedules, E2) are
        // handed on once the reading position is back.
        pageCall { page in
            config.page.maxImageHeight = DeviceLayout.imageCap(config)
            page.setGeometry(width: webWidth, imageCap: config.page.maxImageHeight)
            scrollSide.list.scrollView.viewportHeight = viewportHeight
            switch config.mode {
            case .content: break
            case .nested, .header:
                page.viewportHeight = visibleHeight
                scrollSide.list.setWebRowHeight(visibleHeight)
                page.clampScroll()
            }
            if let a = anchor { restoreAnchor(a) }
        }
    }

    /// r: the page loads again from the start (fresh network, same settings).
    func reload() {
        let network = pageSide.page.networkProfile
        // The old page's hold ends; the new page's jumpIds go on from the old one's (E9, E11).
        pageCall { $0.unload() }
        let p = pageSide.remade(config, network: network)
        pageSide.replacePage(with: p)
        attach(p)
        p.setHook(config.hook)
        jumps.forgetJump()
        configureMode(keepAnchor: nil)
        scrollSide.list.setWebRowHeight(config.mode == .content ? p.contentHeight : visibleHeight)
        emit(.setting(name: "reload", value: "1"))
        pageCall { $0.start() }
    }
}
