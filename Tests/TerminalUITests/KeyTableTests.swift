import XCTest
import Simulation
import TerminalKit
@testable import TerminalUI

/// T2, issue 25: one key map. The help screen is read from it, the app and the World answer
/// exactly the keys it binds, and every binding, the overlays' too, says what it does.
final class KeyTableTests: XCTestCase {
    /// Every key a terminal can give that the key map can name.
    static let candidates: [KeyName] = KeyName.named.map(\.0)
        + (0x21..<0x7F).map { KeyName.char(Character(UnicodeScalar(UInt8($0)))) }

    static func terminalKey(_ k: KeyName) -> Key {
        switch k {
        case .char(let c): return .char(c)
        case .space: return .char(" ")
        case .up: return .up
        case .down: return .down
        case .left: return .left
        case .right: return .right
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        case .home: return .home
        case .end: return .end
        case .tab: return .tab
        case .backTab: return .backTab
        case .enter: return .enter
        case .escape: return .escape
        case .backspace: return .backspace
        case .ctrlD: return .ctrl("d")
        case .ctrlU: return .ctrl("u")
        }
    }

    /// The keys a help label names: `j k ↓ ↑`, `1-9`.
    static func keys(inLabel label: String) -> [KeyName]? {
        var out: [KeyName] = []
        for token in label.split(separator: " ").map(String.init) {
            if token.count == 3, let a = token.first?.asciiValue, let b = token.last?.asciiValue,
               token.dropFirst().first == "-", a < b {
                out += (a...b).map { KeyName.char(Character(UnicodeScalar($0))) }
            } else if let k = candidates.first(where: { $0.label == token }) {
                out.append(k)
            } else {
                return nil
            }
        }
        return out
    }

    /// Each binding's label names exactly its keys, and says something.
    func testT2_everyBindingIsNamedAndSaysWhatItDoes() {
        func check<A>(_ table: KeyTable<A>, _ name: String) {
            for b in table.bindings {
                XCTAssertEqual(Self.keys(inLabel: b.label), b.keys.map(\.key), "\(name): \(b.label)")
                XCTAssertFalse(b.help.trimmingCharacters(in: .whitespaces).isEmpty, "\(name): \(b.label) has no help")
            }
        }
        check(KeyMap.list, "list")
        check(KeyMap.reader, "reader")
        check(KeyMap.lab, "lab")
        check(KeyMap.linkOffer, "link offer")
        check(PanelOverlay.keys, "panel")
        check(PromptOverlay.keys, "prompt")
        check(ConsoleOverlay.keys, "console")
        check(TimelineOverlay.keys, "timeline")
        check(PlayerConfirmation.keys, "player")
        XCTAssertEqual(KeyMap.linkOffer.action(for: .char("y")), .copy, "G5: y copies an offered link")
    }

    /// The help screen shows every binding of the list and of a link offer, whole, at 80 × 24 and
    /// 120 × 40; and every key it names is bound.
    func testT2_helpShowsEveryBoundKeyAndNamesNoUnboundOne() throws {
        let bindings = KeyMap.reader.bindings.map { ($0.label, $0.help) }
            + KeyMap.linkOffer.bindings.map { ($0.label, $0.help) }
            + KeyMap.lab.bindings.map { ($0.label, $0.help) }
        XCTAssertEqual(HelpOverlay.entries.count,
                       bindings.count - KeyMap.lab.bindings.count + HelpOverlay.overlayEntries.count
                       + HelpOverlay.pointer.count)
        XCTAssertEqual(HelpOverlay.labEntries.count, KeyMap.lab.bindings.count)
        for (cols, rows) in [(80, 24), (120, 40), (40, 12)] {
            let w = try Fixture.world(cols: cols, rows: rows)
            w.advance(to: 60)
            // Issue 32: the help scrolls when it does not fit; every line shows on the way down.
            var help = HelpOverlay(), text = ""
            let context = OverlayContext(liveblog: w.page.liveblog, postExists: { _ in false },
                                         screen: Rect(row: 0, col: 0, width: cols, height: rows))
            for _ in 0..<HelpOverlay.lines.count {
                var ui = UIState()
                ui.overlay = help
                text += Fixture.draw(w, ui).text()
                guard help.key(.char("j"), context) == .keep else { break }
            }
            if cols < 80 { continue }
            for line in HelpOverlay.lines { XCTAssertTrue(text.contains(line), "\(cols)x\(rows): \(line)") }
            for (label, help) in bindings {
                XCTAssertTrue(text.contains(label) && text.contains(help), "\(cols)x\(rows): \(label) \(help)")
            }
        }
        // What the lines' key columns name: each entry's label starts a cell of some line.
        for e in HelpOverlay.entries + HelpOverlay.labEntries
        where !HelpOverlay.pointer.contains(where: { $0.0 == e.label }) {
            guard let keys = Self.keys(inLabel: e.label) else { return XCTFail("\(e.label) names no key") }
            for k in keys {
                let bound = KeyMap.reader.action(for: k) != nil || KeyMap.linkOffer.action(for: k) != nil
                || KeyMap.lab.action(for: k) != nil
                || PromptOverlay.keys.action(for: k) != nil || PanelOverlay.keys.action(for: k) != nil
                || PlayerConfirmation.keys.action(for: k) != nil || TimelineOverlay.keys.action(for: k) != nil
                XCTAssertTrue(bound, "help names \(k.name), which nothing answers")
            }
            XCTAssertTrue(HelpOverlay.lines.contains { $0.hasPrefix(e.label) || $0.contains("  \(e.label)  ") },
                          e.label)
        }
    }

    /// The app answers exactly the keys the reader's map binds (V2): a bound key changes something
    /// (a world input, as the World's key for its action; an overlay, a message, quitting); an
    /// unbound one changes nothing and says so in the toolbar.
    func testT2_theAppAnswersExactlyTheBoundKeys() throws {
        for k in Self.candidates {
            let app = App(world: try Fixture.world(cols: 80, rows: 24))
            app.world.advance(to: 12)
            var records: [TraceRecord] = []
            app.world.sink = { records.append($0) }
            app.handle(.key(Self.terminalKey(k)))
            let keyInputs = records.compactMap { r -> String? in
                if case .input(.key, let d, _) = r.event { return d } else { return nil }
            }
            let action = KeyMap.reader.action(for: k)
            guard let action else {
                XCTAssertTrue(records.isEmpty && app.ui.overlay == nil && app.running, "\(k.name) is unbound")
                XCTAssertEqual(app.ui.message?.text, "\(k.label): not a key here · ? help", k.name)
                continue
            }
            let answered = !records.isEmpty || app.ui.overlay != nil || app.ui.message != nil || !app.running
            XCTAssertTrue(answered, "\(k.name): bound to \(action)")
            if case .world(let a) = action {
                XCTAssertEqual(keyInputs, [KeyMap.worldKey(for: a)?.name].compactMap { $0 }, "\(k.name) is a world input")
            } else {
                XCTAssertTrue(keyInputs.isEmpty, "\(k.name) is the app's, no world input")
            }
        }
    }

    /// A scenario may send any key to the World: it records exactly the World's keys.
    func testT2_theWorldRecordsExactlyItsKeys() throws {
        let w = try Fixture.world(cols: 80, rows: 24)
        for k in Self.candidates {
            var inputs = 0
            w.sink = { if case .input(.key, let d, _) = $0.event, d == k.name { inputs += 1 } }
            w.send(.key(k))
            XCTAssertEqual(inputs, KeyMap.worldAction(k) == nil ? 0 : 1, k.name)
        }
        w.sink = { _ in }
    }

    /// The trace's contract (docs/contract.md): the keys recorded as world inputs and the scrolling keys are
    /// the ones they were before the key map (P5, T2).
    func testT2_worldAndScrollKeysAreTheTracesOwn() {
        let scroll: Set<KeyName> = [.char("j"), .char("k"), .down, .up, .space, .char("b"), .pageDown, .pageUp,
                                    .char("g"), .char("G"), .home, .end, .char("J"), .char("K"), .ctrlD, .ctrlU]
        XCTAssertEqual(KeyName.scrollKeys, scroll)
        XCTAssertEqual(KeyName.worldKeys, scroll.union([.tab, .backTab, .enter, .escape, .left, .right, .char("m"),
                                                         .char("p"), .char("o"), .char("n"), .char("i"), .char("l"),
                                                         .char("r"), .backspace, .char("H"), .char("L"), .char("N"),
                                                         .char("d")]))
        XCTAssertEqual(Toolbar.keys, "j/k scroll · / search · h c s panels · ? help · q quit")
    }
}
