import LiveblogModel
import Embed
import Host
import ScrollPhysics

/// Keys (T2) and the settings they switch at run time (mode, platform, hook, network, insets,
/// reload), and the terminal's resize (T5).
extension World {
    /// A key (T2); keys the world does not handle (the terminal's own) change nothing.
    func key(_ key: KeyName) {
        guard KeyName.worldKeys.contains(key) else { return }
        let drag = KeyName.scrollKeys.contains(key) && config.dragRule.isDrag(.key, on: config.platform)
        emit(.input(kind: .key, detail: key.name, drag: drag))
        if focusedLink != nil, key != .escape { pageInput(.key(key.name)) }
        if scrollByKey(key) { return }
        switch key {
        case .tab: moveFocus(1)
        case .backTab: moveFocus(-1)
        case .escape: focusedLink = nil
        case .left, .right:
            // The timeline strip scrolls sideways inside the page: the key reaches the page (E15, E16).
            if page.isTimeline {
                if focusedLink == nil { pageInput(.key(key.name)) }
                page.scrollStrip(byCards: key == .left ? -1 : 1)
            }
        case .enter:
            if let f = focusedLink { pageCall { $0.followLink(f.href) } }
        case .char("m"): setMode(config.mode.next)
        case .char("p"): setPlatform(config.platform.next)
        case .char("o"): cycleHook()
        case .char("n"): setNetwork(page.networkProfile.next)
        case .char("i"): setInsets(top: config.insetTopRows == 0 ? 2 : 0, bottom: config.insetBottomRows == 0 ? 1 : 0)
        case .char("l"): pageCall { $0.insertPostsAtTop(LivePostSource.next(1, for: $0)) }
        case .char("r"): reload()
        case .backspace, .char("H"): goInHistory(-1)
        case .char("L"): goInHistory(1)
        case .char("N"): jumpToNewest()
        case .char("d"): setDevice((config.device ?? .terminal).next)
        default: break
        }
    }

    /// The scrolling keys (P5); false for any other key.
    /// A key's eased scroll of the content by `d` pt (+ = content up, P5).
    func scroll(by d: Double, homeEnd: Bool = false) {
        panCall { $0.easedScroll(by: d, now: tick, homeEnd: homeEnd, input: .key, in: $1) }
    }

    private func scrollByKey(_ key: KeyName) -> Bool {
        let pageStep = max(line, visibleHeight - line)
        switch key {
        case .char("j"), .down: scroll(by: line)
        case .char("k"), .up: scroll(by: -line)
        case .space, .pageDown: scroll(by: pageStep)
        case .char("b"), .pageUp: scroll(by: -pageStep)
        case .char("g"), .home: scroll(by: panRoom(contentUp: false), homeEnd: true)
        case .char("G"), .end: scroll(by: panRoom(contentUp: true), homeEnd: true)
        case .char("J"): panCall { $0.fling(contentVelocity: PhysicsConstants.flingKeyVelocity, now: tick, in: $1) }
        case .char("K"): panCall { $0.fling(contentVelocity: -PhysicsConstants.flingKeyVelocity, now: tick, in: $1) }
        default: return false
        }
        return true
    }

    /// Tab moves focus through the links in view, then back to the list (T2).
    private func moveFocus(_ dir: Int) {
        var links: [FocusedLink] = []
        let top = webFrame.scroll - webFrame.top + insetTop
        for it in page.items(from: top, to: top + visibleHeight) {
            guard let runs = it.textRuns else { continue }
            for r in runs {
                guard let href = r.link else { continue }
                if let last = links.last, last.href == href, last.pageY == it.y { continue }
                links.append(FocusedLink(href: href, pageY: it.y, text: r.text))
            }
        }
        guard !links.isEmpty else {
            focusedLink = nil
            return
        }
        if let f = focusedLink, let i = links.firstIndex(of: f) {
            let j = i + dir
            focusedLink = (j >= 0 && j < links.count) ? links[j] : nil
        } else {
            focusedLink = dir > 0 ? links.first : links.last
        }
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
        if m == .content { page.scrollY = 0 }
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
        page.setNetworkProfile(n)
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
            list.scrollView.viewportHeight = viewportHeight
            switch config.mode {
            case .content: break
            case .nested, .header:
                page.viewportHeight = visibleHeight
                list.setWebRowHeight(visibleHeight)
                page.clampScroll()
            }
            if let a = anchor { restoreAnchor(a) }
        }
    }

    /// r: the page loads again from the start (fresh network, same settings).
    func reload() {
        var pc = config.page
        pc.networkProfile = page.networkProfile
        // The old page's hold ends; the new page's jumpIds go on from the old one's (E9, E11).
        pageCall { $0.unload() }
        let p = makePage(PageRequest(liveblog: source, config: pc, width: webWidth, firstJumpId: page.nextJumpId,
                                     loader: realLoader))
        page = p
        p.setHook(config.hook)
        jump = nil
        timeline = []
        marks = []
        focusedLink = nil
        configureMode(keepAnchor: nil)
        list.setWebRowHeight(config.mode == .content ? p.contentHeight : visibleHeight)
        emit(.setting(name: "reload", value: "1"))
        pageCall { $0.start() }
    }
}
