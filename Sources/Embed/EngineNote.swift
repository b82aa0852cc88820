/// The page's engine speaking for itself (X10): a real browser engine's own events, which the
/// emulated page never has. Each is a trace line `{"ev": "engine", "kind": …}` with one more field:
/// `product` for `start`, `url` for `navigation`, `message` for `crash` and `note`.
public struct EngineNote: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The engine runs the page: its product and version ("HeadlessChrome/156.0.8078.114").
        case start
        /// The page's main frame went to a URL (the reference embed: the page's configured URL).
        case navigation
        /// The engine crashed or stopped answering: the message the run ends with.
        case crash
        /// Something of the run that is not deterministic or not as asked (docs/engine.md).
        case note
    }

    public var kind: Kind
    public var text: String

    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }

    /// The trace line's field that holds `text`.
    public var field: String {
        switch kind {
        case .start: return "product"
        case .navigation: return "url"
        case .crash, .note: return "message"
        }
    }
}
