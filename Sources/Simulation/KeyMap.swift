/// What a key asks of the World (T2): the World's key handling switches over these.
public enum WorldKeyAction: Hashable, Sendable {
    /// The scrolling keys (P5): a reader scroll, as a drag is.
    public enum Scroll: Hashable, Sendable { case lineDown, lineUp, pageDown, pageUp, top, bottom, flingDown, flingUp }
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

/// The key map (T2, issue 25): every key of the list, the World's and the app's, in the order
/// the help screen shows them; the keys while a link is offered. Overlays (panels, the prompt,
/// the console, the timeline, help, the player's confirmation) own their keys beside their
/// drawing (TerminalUI).
public enum KeyMap {
    public static let list = KeyTable<KeyAction>([
        world([(.char("j"), .scroll(.lineDown)), (.char("k"), .scroll(.lineUp)), (.down, .scroll(.lineDown)),
               (.up, .scroll(.lineUp))], "scroll a line", hint: "j/k scroll"),
        world([(.space, .scroll(.pageDown)), (.char("b"), .scroll(.pageUp)), (.pageDown, .scroll(.pageDown)),
               (.pageUp, .scroll(.pageUp))], "a page"),
        world([(.char("g"), .scroll(.top)), (.char("G"), .scroll(.bottom)), (.home, .scroll(.top)),
               (.end, .scroll(.bottom))], "top / bottom"),
        world([(.char("J"), .scroll(.flingDown)), (.char("K"), .scroll(.flingUp))], "fling", hint: "J/K fling"),
        world([(.tab, .focusNext), (.backTab, .focusPrevious)], "focus links in the page"),
        world([(.enter, .followLink)], "follow the focused link"),
        world([(.escape, .focusList)], "back to the list"),
        world([(.left, .stripBack), (.right, .stripOn)], "scroll the timeline strip"),
        world([(.char("m"), .cycleMode)], "mode: content / nested / header"),
        world([(.char("p"), .cyclePlatform)], "platform: ios / android / naive"),
        world([(.char("o"), .cycleHook)], "hook: 2 params / 1 param / default / throws / none"),
        world([(.char("n"), .cycleNetwork)], "network: instant fast 3g slow offline"),
        world([(.char("d"), .cycleDevice)], "device: terminal, iPhones, iPad, Pixel, Galaxy"),
        world([(.char("i"), .toggleInsets)], "insets on/off"),
        world([(.char("l"), .livePost)], "a live post now"),
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
