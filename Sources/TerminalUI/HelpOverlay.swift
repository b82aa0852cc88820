import Simulation
import TerminalKit
import TextCells

/// `?` (T2): the keys, read from the key maps: every binding of the reader's (`KeyMap.reader`), the
/// keys while a link is offered (`KeyMap.linkOffer`), the keys of the overlays (the prompt, the
/// panels, the player's question, issue 32: every key the app binds), the mouse, then the lab's
/// keys under their own heading (V2, `KeyMap.lab`). Any key
/// closes it; a click closes it and acts as usual. When it does not fit, j k ↓ ↑ space b scroll it
/// (issue 32) and any other key closes it. Its first line is a setting: `R` turns the calm reader
/// (`--reading`) on and off, and the help stays open to show it.
struct HelpOverlay: Overlay, Equatable {
    static let footer = "any key closes"
    /// The first line shown, when the lines do not fit.
    var offset = 0
    /// Issue 32's calm reader (`--reading`), a setting here too: `R` turns it on and off.
    var calm = false
    /// A `--record` session cannot change it: `simulate` has no way to replay it.
    var recording = false

    init(calm: Bool = false, recording: Bool = false) {
        self.calm = calm
        self.recording = recording
    }

    /// The setting's line, first in the help.
    var settingLine: String {
        let state = recording ? "not while recording (simulate cannot replay it)"
            : (calm ? "on: a held key stops at its last press" : "off: a held key flings (--reading)")
        return "R here" + String(repeating: " ", count: 7) + "calm reader " + state
    }

    /// What the help shows: the setting, then the keys.
    var shownLines: [String] { [settingLine] + Self.lines }

    /// The mouse's part of the help (not keys, so not in a key table).
    static let pointer = [("wheel, drag", "scroll, fling"), ("click", "links, panels, the pill")]

    /// One entry of the help: the keys as named and what they do.
    struct Entry: Equatable {
        let label: String
        let help: String
    }

    /// The overlays' own keys, each help named by where it applies.
    static let overlayEntries: [Entry] =
        PromptOverlay.keys.bindings.map { Entry(label: $0.label, help: "/ prompt: " + $0.help) }
        + PanelOverlay.keys.bindings.map { Entry(label: $0.label, help: "panels: " + $0.help) }
        + PlayerConfirmation.keys.bindings.map { Entry(label: $0.label, help: "video: " + $0.help) }
        + TimelineOverlay.keys.bindings.filter { $0.keys.contains { $0.action == .zoom } }
            .map { Entry(label: $0.label, help: "timeline: " + $0.help) }

    /// Every entry, in the key map's order.
    static let entries: [Entry] = KeyMap.reader.bindings.map { Entry(label: $0.label, help: $0.help) }
        + KeyMap.linkOffer.bindings.map { Entry(label: $0.label, help: $0.help) }
        + overlayEntries
        + pointer.map { Entry(label: $0.0, help: $0.1) }

    /// The lines: an entry's keys in a 13-column key column, then its help; two short entries
    /// share a line (the second one's keys two spaces before its help), so that all of them fit
    /// an 80 × 24 terminal.
    static let lines: [String] = layout(entries, width: 74) + [labHeading] + layout(labEntries, width: 74)

    /// V2: the lab's keys, under their own heading after the reader's.
    static let labEntries: [Entry] = KeyMap.lab.bindings.map { Entry(label: $0.label, help: $0.help) }
    static let labHeading = "Lab: x then the key (the key alone with --lab); it changes the page"

    static func layout(_ entries: [Entry], width: Int) -> [String] {
        func cell(_ e: Entry, keyColumn: Int) -> String {
            e.label + String(repeating: " ", count: max(keyColumn - TextWidth.width(e.label), 2)) + e.help
        }
        let half = width / 2 + 1
        var lines: [String] = []
        var i = 0
        while i < entries.count {
            let a = cell(entries[i], keyColumn: 13)
            if i + 1 < entries.count {
                let b = cell(entries[i + 1], keyColumn: 0)
                let aw = TextWidth.width(a), bw = TextWidth.width(b)
                if aw < half - 1, bw <= width - half {
                    lines.append(a + String(repeating: " ", count: half - aw) + b)
                    i += 2
                    continue
                }
            }
            lines.append(a)
            i += 1
        }
        return lines
    }

    /// The lines a box in `area` shows (its inner height).
    func room(in area: Rect) -> Int { max(1, min(shownLines.count, area.height - 4)) }

    mutating func key(_ key: KeyName, _ context: OverlayContext) -> OverlayOutcome {
        if key == .char("R") {
            guard !recording else { return .keep }
            calm.toggle()
            return OverlayOutcome(closes: false, passes: false, request: .calmReader(calm))
        }
        let room = room(in: context.screen), last = max(0, shownLines.count - room)
        guard last > 0 else { return .close }
        switch key {
        case .char("j"), .down: offset = min(last, offset + 1)
        case .char("k"), .up: offset = max(0, offset - 1)
        case .space, .pageDown: offset = min(last, offset + room)
        case .char("b"), .pageUp: offset = max(0, offset - room)
        default: return .close
        }
        return .keep
    }

    mutating func click(row: Int, col: Int, _ context: OverlayContext) -> OverlayOutcome {
        OverlayOutcome(closes: true, passes: true, request: nil)
    }

    func draw(_ frame: FrameModel, on s: Screen, _ t: Theme, in area: Rect) {
        let lines = shownLines, room = room(in: area), n = lines.count
        let first = min(offset, max(0, n - room))
        let shown = lines[first..<min(n, first + room)].map { ($0, t.overlay) }
        let range = "\(first + 1)–\(first + shown.count) of \(n)"
        let footer = room >= n ? Self.footer : range + " · j k scroll, any other key closes"
        let widest = lines.map(TextWidth.width).max()
        OverlayBox.text(on: s, t, in: area, title: "Keys", lines: shown, width: widest, footer: footer)
    }
}
