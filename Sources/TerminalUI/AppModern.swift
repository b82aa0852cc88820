import Foundation
import Simulation
import TerminalKit

/// The front end's part of modern terminals: external links shown, then opened or copied (G5),
/// and focus (G6). None of it is a world input: the world only learns that a link left the page.
extension App {
    /// An external link left the page (E14): its URL is shown, and Enter opens it, y copies it.
    func offerExternalLink(_ url: String) {
        pendingLink = url
        flash("external link: \(url) · Enter opens · y copies · Esc", seconds: 8)
    }

    /// A key while an external link is offered (`KeyMap.linkOffer`): Enter opens it with
    /// `$BROWSER` or xdg-open, y copies it (OSC 52), Esc dismisses; any other key dismisses it
    /// and acts as usual.
    func handleLinkKey(_ key: KeyName) -> Bool {
        guard let url = pendingLink else { return false }
        pendingLink = nil
        guard ui.message != nil, ui.overlay == nil else { return false }
        switch KeyMap.linkOffer.action(for: key) {
        case .open?:
            let ok = ExternalLinkOpener.open(url)
            flash(ok ? "opening \(url)" : "cannot open \(url): no browser (set BROWSER)", seconds: 4)
        case .copy?:
            terminalWrite(TerminalSequences.copyToClipboard(url))
            flash("copied \(url)", seconds: 3)
        case .dismiss?:
            ui.message = nil
        case nil:
            return false
        }
        return true
    }

    /// G6: focus out: the mark for "N new since you left"; focus in: the message.
    func focusChanged(_ on: Bool) {
        send(.focus(on))
        let posts = world.page.liveblog.posts.count
        if on {
            if let msg = focus.focus(postCount: posts) { flash(msg, seconds: 5) }
        } else {
            focus.blur(postCount: posts)
        }
    }
}
