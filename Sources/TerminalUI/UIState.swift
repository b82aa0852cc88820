/// What the front end shows on top of the world: the open overlay, messages, the demo's caption.
/// None of it changes the world; the App turns choices into world inputs.
public struct UIState {
    /// The overlay open over the list, if any (issue 25: each one a component, `Overlay`).
    var overlay: (any Overlay)?
    /// A line shown in the toolbar for a while (external links, not found, …).
    public var message: (text: String, until: Double)?
    /// The demo's caption, shown in the navigation bar.
    public var caption: String?
    public var recording: Bool = false
    /// The network badge when the page loads for real (R2: "real", "capture"); nil: its profile.
    public var networkLabel: String?
    public init() {}
}
