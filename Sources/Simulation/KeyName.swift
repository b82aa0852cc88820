/// A key as the key map names it (T2, SPEC 9 `key`): the one spelling of key names for the
/// scenario parser, the World, the terminal's key mapping, the recorder and the demo.
public enum KeyName: Hashable, Sendable {
    /// A character key: `j`, `G`, `?`, `1` … (the terminal may give any character; a scenario
    /// names a printable ASCII one).
    case char(Character)
    case space, up, down, left, right, pageUp, pageDown, home, end
    case tab, backTab, enter, escape, backspace

    /// The named (non-character) keys, with their names.
    public static let named: [(KeyName, String)] = [
        (.space, "space"), (.up, "Up"), (.down, "Down"), (.left, "Left"), (.right, "Right"),
        (.pageUp, "PageUp"), (.pageDown, "PageDown"), (.home, "Home"), (.end, "End"), (.tab, "Tab"),
        (.backTab, "BackTab"), (.enter, "Enter"), (.escape, "Escape"), (.backspace, "Backspace"),
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

/// A pointer (mouse or finger) sample's phase (the recorder's `pointer` event, C7).
public enum PointerPhase: String, Sendable, CaseIterable {
    case down, move, up
}
