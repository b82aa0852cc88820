import TerminalKit

extension App {
    /// The most characters the `/` prompt holds, typed or pasted (T2).
    static let promptLimit = 200

    /// A bracketed paste (issue 15): text where text is expected, the `/` prompt, up to its limit,
    /// as one line with controls made spaces (T8); anywhere else it is ignored, so pasted text
    /// never acts as keystrokes.
    func handlePaste(_ text: String) {
        guard case .prompt(let current, _) = ui.overlay else { return }
        let room = max(0, App.promptLimit - current.count)
        ui.overlay = .prompt(text: current + PasteCollector.promptText(text, maxCount: room), selected: 0)
    }
}
