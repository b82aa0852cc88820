/// The keys (T2, issue 25), in one place: `KeyName`, the one spelling of key names; `KeyMap`, the
/// one key map (every key of the list, its action and its help); and `KeyTable`, the map as data
/// that the handlers, the help screen and the toolbar's hint all read.

/// A key as the key map names it (T2, docs/contract.md `key`): the one spelling of key names for the
/// scenario parser, the World, the terminal's key mapping, the recorder and the demo.
public enum KeyName: Hashable, Sendable {
    /// A character key: `j`, `G`, `?`, `1` … (the terminal may give any character; a scenario
    /// names a printable ASCII one).
    case char(Character)
    case space, up, down, left, right, pageUp, pageDown, home, end
    case tab, backTab, enter, escape, backspace
    /// Ctrl-D and Ctrl-U (V2): half a page down and up, as in less and vim.
    case ctrlD, ctrlU

    /// The named (non-character) keys, with their names.
    public static let named: [(KeyName, String)] = [
        (.space, "space"), (.up, "Up"), (.down, "Down"), (.left, "Left"), (.right, "Right"),
        (.pageUp, "PageUp"), (.pageDown, "PageDown"), (.home, "Home"), (.end, "End"), (.tab, "Tab"),
        (.backTab, "BackTab"), (.enter, "Enter"), (.escape, "Escape"), (.backspace, "Backspace"),
        (.ctrlD, "Ctrl-D"), (.ctrlU, "Ctrl-U"),
    ]

    /// A key from its name: a named key (`space`, `PageDown` …), a printable ASCII character, or
    /// `" "` (the space bar by its character). nil for anything else.
    public init?(_ name: String) {
        if let k = KeyName.named.first(where: { $0.1 == name }) {
            self = k.0
        } else if name == " " {
            self = .space
        } else if name.count == 1, name.unicodeScalars.allSatisfy({ $0.value >= 0x21 && $0.value < 0x7F }) {
            self = .char(Character(name))
        } else {
            return nil
        }
    }

    /// The key's name, as a scenario and the trace's `input.detail` write it.
    public var name: String {
        if case .char(let c) = self { return String(c) }
        return KeyName.named.first(where: { $0.0 == self })!.1
    }

    /// Keys that scroll the list (P5): a reader scroll, as a drag is, for pull-back checks. From
    /// the key map (`KeyMap.list`).
    public static let scrollKeys: Set<KeyName> = KeyMap.list.keys {
        if case .world(.scroll) = $0 { return true }
        return false
    }

    /// Keys the World handles (T2), recorded as `key` inputs; the others are the terminal's own
    /// (panels, prompt, help). From the key map.
    public static let worldKeys: Set<KeyName> = KeyMap.list.keys {
        if case .world = $0 { return true }
        return false
    }

    /// A one-line list of what a scenario may name, for error messages.
    static var allowedDescription: String {
        "a printable ASCII character, or one of " + named.map(\.1).sorted().joined(separator: ", ")
    }
}

/// What a key asks of the World (T2): the World's key handling switches over these.
public enum WorldKeyAction: Hashable, Sendable {
    /// The scrolling keys (P5): a reader scroll, as a drag is.
    public enum Scroll: Hashable, Sendable { case lineDown, lineUp, halfDown, halfUp, pageDown, pageUp, top, bottom, flingDown, flingUp }
    case scroll(Scroll)
    /// Focus through the page's links and back to the list; follow the focused one (T2).
    case focusNext, focusPrevious, focusList, followLink
    /// The timeline strip a card back or on (E15).
    case stripBack, stripOn
    /// The settings switched at run time.
    case cycleMode, cyclePlatform, cycleHook, cycleNetwork, cycleDevice, toggleInsets, livePost, reload
    /// W2: back and forward through jumps; R3: to the newest posts.
    case back, forward, newest
}

/// What a key asks of the terminal app (its overlays, the recorder, quitting).
public enum AppKeyAction: Hashable, Sendable {
    case quit, help, prompt, highlights, chapters, scorers, timeline, console
    /// V2, V3: the search's next and previous match (`n`, `N`); the lab prefix (`x`).
    case searchNext, searchPrevious, labPrefix
    /// L7: the nth highlight (1-based).
    case highlight(Int)
    /// Q7: `--record`'s expectation for the latest jump's post.
    case expectation
}

/// Who answers a key of the list: the World (a recorded input) or the app.
public enum KeyAction: Hashable, Sendable {
    case world(WorldKeyAction)
    case app(AppKeyAction)
}

/// G5: the keys while the toolbar offers an external link.
public enum LinkOfferAction: Hashable, Sendable { case open, copy, dismiss }

/// The key maps (T2, issue 25, V2). `list`: the World's keys, the names a scenario's `key` event
/// and a recording use (docs/contract.md), every world action with its key, the emulation's too. The
/// terminal reads keys through `reader`, a reader's map (less/vim habits, V2), and `lab`, the keys
/// that change the content or the emulation (`x` then the key, or all of them with `--lab`); their
/// world actions reach the World as `list`'s key for the action (`worldKey(for:)`), so a recording
/// replays the same. Overlays (panels, the prompt, the console, the timeline, help, the player's
/// confirmation) own their keys beside their drawing (TerminalUI).
public enum KeyMap {
    public static let list = KeyTable<KeyAction>([
        world([(.char("j"), .scroll(.lineDown)), (.char("k"), .scroll(.lineUp)), (.down, .scroll(.lineDown)),
               (.up, .scroll(.lineUp))], "scroll a line", hint: "j/k scroll"),
        world([(.ctrlD, .scroll(.halfDown)), (.ctrlU, .scroll(.halfUp))], "half a page"),
        world([(.space, .scroll(.pageDown)), (.char("b"), .scroll(.pageUp)), (.pageDown, .scroll(.pageDown)),
               (.pageUp, .scroll(.pageUp))], "a page"),
        world([(.char("g"), .scroll(.top)), (.char("G"), .scroll(.bottom)), (.home, .scroll(.top)),
               (.end, .scroll(.bottom))], "top / bottom"),
        world([(.char("J"), .scroll(.flingDown)), (.char("K"), .scroll(.flingUp))], "fling", hint: "J/K fling"),
        world([(.tab, .focusNext), (.backTab, .focusPrevious)], "focus links in the page"),
        world([(.enter, .followLink)], "follow the focused link"),
        world([(.escape, .focusList)], "back to the list"),
        world([(.left, .stripBack), (.right, .stripOn)], "scroll the timeline strip"),
    ] + labBindings + [
        world([(.char("r"), .reload)], "reload the page"),
        world([(.char("N"), .newest)], "to the newest posts"),
        world([(.backspace, .back), (.char("H"), .back), (.char("L"), .forward)],
              "back / forward through jumps (mouse buttons too)"),
        app([(.char("/"), .prompt)], "search (n N next/previous, Esc ends) or jump to an id",
            hint: "/ search"),
        app([(.char("h"), .highlights), (.char("c"), .chapters), (.char("s"), .scorers)],
            "panels: highlights, chapters, scorers", hint: "h c s panels"),
        app((1...9).map { (KeyName.char(Character("\($0)")), .highlight($0)) }, "the nth highlight"),
        app([(.char("t"), .timeline)], "timeline of the jump", hint: "t timeline"),
        app([(.char("~"), .console)], "console"),
        app([(.char("?"), .help)], "this help", hint: "? help"),
        app([(.char("q"), .quit)], "quit (Ctrl-C too)", hint: "q quit"),
        app([(.char("e"), .expectation)], "(--record) expect this post's y now, held from here"),
    ])

    /// V2: the terminal's default map, a reader's: less/vim habits; no key of it adds posts or
    /// changes the emulation (those are `lab`'s, behind `x`).
    public static let reader = KeyTable<KeyAction>([
        world([(.char("j"), .scroll(.lineDown)), (.char("k"), .scroll(.lineUp)), (.down, .scroll(.lineDown)),
               (.up, .scroll(.lineUp))], "scroll a line", hint: "j/k scroll"),
        world([(.char("d"), .scroll(.halfDown)), (.char("u"), .scroll(.halfUp)), (.ctrlD, .scroll(.halfDown)),
               (.ctrlU, .scroll(.halfUp))], "half a page down / up"),
        world([(.space, .scroll(.pageDown)), (.char("f"), .scroll(.pageDown)), (.char("b"), .scroll(.pageUp)),
               (.pageDown, .scroll(.pageDown)), (.pageUp, .scroll(.pageUp))], "a page down / up"),
        world([(.char("g"), .scroll(.top)), (.char("G"), .scroll(.bottom)), (.home, .scroll(.top)),
               (.end, .scroll(.bottom))], "top / bottom"),
        world([(.char("0"), .newest)], "to the newest posts"),
        world([(.char("J"), .scroll(.flingDown)), (.char("K"), .scroll(.flingUp))], "fling"),
        world([(.tab, .focusNext), (.backTab, .focusPrevious)], "focus links in the page"),
        world([(.enter, .followLink)], "follow the focused link"),
        world([(.escape, .focusList)], "back to the list"),
        world([(.left, .stripBack), (.right, .stripOn)], "scroll the timeline strip"),
        world([(.backspace, .back), (.char("H"), .back), (.char("L"), .forward)],
              "back / forward through jumps (mouse buttons too)"),
        app([(.char("/"), .prompt)], "search words or jump to an id", hint: "/ search"),
        app([(.char("n"), .searchNext), (.char("N"), .searchPrevious)], "next / previous match (Esc ends)"),
        app([(.char("h"), .highlights), (.char("c"), .chapters), (.char("s"), .scorers)],
            "panels: highlights, chapters, scorers", hint: "h c s panels"),
        app((1...9).map { (KeyName.char(Character("\($0)")), .highlight($0)) }, "the nth highlight"),
        world([(.char("r"), .reload)], "reload the page"),
        app([(.char("t"), .timeline)], "timeline of the jump"),
        app([(.char("~"), .console)], "console"),
        app([(.char("x"), .labPrefix)], "then a lab key (below)"),
        app([(.char("?"), .help)], "this help", hint: "? help"),
        app([(.char("q"), .quit)], "quit (Ctrl-C too)", hint: "q quit"),
        app([(.char("e"), .expectation)], "(--record) expect this post's y now, held from here"),
    ])

    /// V2: the lab's keys, which add posts or change the emulation: `x` then the key, or the key
    /// alone with `--lab` (on by itself in `demo`, `compare` and `--explain`), where they come
    /// before the reader's (`d` is the device's, `n` the network's while no search is on).
    public static let lab = KeyTable<KeyAction>(labBindings)

    /// The lab's bindings, in `list` and `lab` alike.
    static let labBindings: [KeyBinding<KeyAction>] = [
        world([(.char("m"), .cycleMode)], "mode: content / nested / header"),
        world([(.char("p"), .cyclePlatform)], "platform: ios / android / naive"),
        world([(.char("o"), .cycleHook)], "hook: 2 params / 1 param / default / throws / none"),
        world([(.char("n"), .cycleNetwork)], "network: instant fast 3g slow offline"),
        world([(.char("d"), .cycleDevice)], "device: terminal, iPhones, iPad, Pixel, Galaxy"),
        world([(.char("i"), .toggleInsets)], "insets on/off"),
        world([(.char("l"), .livePost)], "a live post now"),
    ]

    /// The World's key (`list`'s first) for a world action: what a reader's or a lab key sends,
    /// and records.
    public static func worldKey(for action: WorldKeyAction) -> KeyName? {
        list.bindings.lazy.flatMap(\.keys).first { $0.action == .world(action) }?.key
    }

    /// G5: an external link offered in the toolbar; any other key dismisses it and acts as usual.
    public static let linkOffer = KeyTable<LinkOfferAction>([
        KeyBinding([(.enter, .open), (.char("y"), .copy), (.escape, .dismiss)],
                   "an offered link: open it, copy it (OSC 52), dismiss it"),
    ])

    private static func world(_ keys: [(KeyName, WorldKeyAction)], _ help: String,
                              hint: String? = nil) -> KeyBinding<KeyAction> {
        KeyBinding(keys.map { ($0.0, .world($0.1)) }, help, hint: hint)
    }

    private static func app(_ keys: [(KeyName, AppKeyAction)], _ help: String,
                            hint: String? = nil) -> KeyBinding<KeyAction> {
        KeyBinding(keys.map { ($0.0, .app($0.1)) }, help, hint: hint)
    }

    /// The World's action for a key, nil for the app's keys and unbound ones.
    public static func worldAction(_ key: KeyName) -> WorldKeyAction? {
        guard case .world(let a)? = list.action(for: key) else { return nil }
        return a
    }
}

/// A key map as data (T2, issue 25): bindings of keys to actions, each with its help text. The
/// handlers switch over actions, never over keys, and the help screen, the toolbar's hint and
/// `KeyName`'s sets are read from the same bindings, so a key cannot be bound without help nor
/// help name a key nobody answers.
public struct KeyBinding<Action: Hashable & Sendable>: Sendable {
    /// The keys, each with what it does, in the order the help lists them.
    public let keys: [(key: KeyName, action: Action)]
    /// What the help screen says of them.
    public let help: String
    /// The toolbar's short form (`j/k scroll`), for the few bindings it names.
    public let hint: String?

    public init(_ keys: [(KeyName, Action)], _ help: String, hint: String? = nil) {
        self.keys = keys.map { (key: $0.0, action: $0.1) }
        self.help = help
        self.hint = hint
    }

    /// One action for several keys.
    public init(_ keys: [KeyName], _ action: Action, _ help: String, hint: String? = nil) {
        self.init(keys.map { ($0, action) }, help, hint: hint)
    }

    /// The keys as the help screen names them: `j k ↓ ↑`; a run of three or more consecutive
    /// characters as a range (`1-9`).
    public var label: String {
        var parts: [String] = []
        var i = 0
        let ks = keys.map(\.key)
        while i < ks.count {
            var j = i
            while j + 1 < ks.count, let a = ks[j].character?.asciiValue, let b = ks[j + 1].character?.asciiValue,
                  b == a + 1 { j += 1 }
            parts.append(j - i >= 2 ? "\(ks[i].label)-\(ks[j].label)" : ks[i].label)
            if j - i < 2 { j = i }
            i = j + 1
        }
        return parts.joined(separator: " ")
    }
}

/// Bindings looked up by key. No key is bound twice in one table.
public struct KeyTable<Action: Hashable & Sendable>: Sendable {
    public let bindings: [KeyBinding<Action>]
    private let index: [KeyName: Action]

    public init(_ bindings: [KeyBinding<Action>]) {
        self.bindings = bindings
        var index: [KeyName: Action] = [:]
        for b in bindings {
            for (k, a) in b.keys {
                precondition(index.updateValue(a, forKey: k) == nil, "key \(k.name) bound twice")
            }
        }
        self.index = index
    }

    public func action(for key: KeyName) -> Action? { index[key] }

    /// Every key the table binds.
    public var keys: Set<KeyName> { Set(index.keys) }

    /// The keys bound to actions that pass `test`.
    public func keys(where test: (Action) -> Bool) -> Set<KeyName> { Set(index.filter { test($0.value) }.keys) }

    /// The toolbar's hint: the bindings' short forms, in order.
    public var hint: String { bindings.compactMap(\.hint).joined(separator: " · ") }
}

extension KeyName {
    /// The character of a character key.
    public var character: Character? {
        if case .char(let c) = self { return c }
        return nil
    }

    /// The key as the help screen writes it: `j`, `space`, `↓`, `PgDn`, `S-Tab`, `Esc`, `Bksp`.
    public var label: String {
        switch self {
        case .char(let c): return String(c)
        case .space: return "space"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .tab: return "Tab"
        case .backTab: return "S-Tab"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Bksp"
        case .ctrlD: return "^D"
        case .ctrlU: return "^U"
        }
    }
}
