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
        }
    }
}
