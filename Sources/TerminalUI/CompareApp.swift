import Foundation
import LiveblogModel
import Simulation
import TerminalKit

/// `liveblog compare` (F6): two or three panes side by side, each an App with its own World
/// (host, physics, page), drawn by its own Renderer into its own area, all fed one input
/// stream. Before an input is handed on, every pane's world is advanced to the same tick, so a
/// key, a wheel notch, a drag sample or a jump reaches every pane at the same moment. A pointer
/// goes to each pane at the same place inside it (its column relative to the pane it was in).
/// Keys that switch the platform (p) or the device (d) do not apply: each pane is its own; q quits.
public final class CompareApp {
    public let panes: [App]
    public private(set) var running = true
    /// The pane a held button went down in: its drag goes on in that pane's coordinates.
    private var pointerPane: Int?
    private var screenSize = (cols: 80, rows: 24)

    /// `engines`: each pane's engine, named in its caption (`compare --engines`, X9).
    public init(worlds: [World], engines: [String]? = nil) {
        panes = worlds.map { App(world: $0) }
        for (i, p) in panes.enumerated() {
            p.lab = true  // V2: compare is the lab's

            let device = p.world.config.device.map { " \($0.name)" } ?? ""
            let engine = engines.flatMap { $0.indices.contains(i) ? " \($0[i])" : nil } ?? ""
            p.ui.caption = "[\(p.world.config.platform.rawValue)\(device)\(engine)] \(p.world.page.liveblog.title)"
        }
    }

    /// The panes' areas on a screen of `cols` × `rows`: equal widths, one separator column between.
    public static func areas(count: Int, cols: Int, rows: Int) -> [Rect] {
        let n = max(1, count)
        let width = max(1, (cols - (n - 1)) / n)
        return (0..<n).map { i in Rect(row: 0, col: i * (width + 1), width: width, height: rows) }
    }

    public var areas: [Rect] {
        CompareApp.areas(count: panes.count, cols: screenSize.cols, rows: screenSize.rows)
    }

    /// Sizes every pane's world for a screen of `cols` × `rows`.
    public func layout(cols: Int, rows: Int) {
        screenSize = (cols, rows)
        for (p, a) in zip(panes, areas) {
            p.screenCols = a.width
            if p.world.config.cols != a.width || p.world.config.rows != a.height {
                p.world.send(.resize(cols: a.width, rows: a.height))
            }
        }
    }

    /// A key ended the session (the demo's engines step: `demo --loop` stops there).
    public private(set) var endedByKey = false
    /// The demo's engines step: `←` asked for the tour again (C8).
    public var backToTour: Bool { panes.contains { $0.backToTour } }

    /// Advances every pane to `tick` (the same moment for all).
    public func advance(to tick: Int) {
        for p in panes {
            p.world.advance(to: tick)
            p.chores()
        }
        // A pane's demo that ended (C3) ends the compare.
        if panes.contains(where: { !$0.running }) { running = false }
    }

    /// One input to every pane.
    public func handle(_ event: InputEvent) {
        switch event {
        case .resize(let c, let r):
            layout(cols: c, rows: r)
        case .key(.char("p")), .key(.char("d")):
            for p in panes {
                p.labPrefixPending = false
                p.flash("each pane keeps its platform and device here (compare)")
            }
        case .key(let k):
            for p in panes { p.handle(.key(k)) }
            if panes.contains(where: { !$0.running }) { endedByKey = true }
        case .mouse(let m):
            handleMouse(m)
        case .paste, .focus:
            // A paste is text for a `/` prompt, focus is the terminal's (G6): every pane's.
            for p in panes { p.handle(event) }
        }
        if panes.contains(where: { !$0.running }) { running = false }
    }

    private func handleMouse(_ m: MouseEvent) {
        let areas = self.areas
        let over = areas.firstIndex { $0.contains(row: m.row, col: m.col) }
        let source: Int
        switch m.kind {
        case .press:
            guard let o = over else { return }
            pointerPane = o
            source = o
        case .drag, .release:
            guard let held = pointerPane else { return }
            source = held
            if m.kind == .release { pointerPane = nil }
        case .wheelUp, .wheelDown, .move:
            guard let o = over else { return }
            source = o
        }
        let dx = m.col - areas[source].col
        for p in panes {
            p.handle(.mouse(MouseEvent(kind: m.kind, row: m.row, col: dx)))
        }
    }

    /// Draws every pane into its area and the separators between them.
    public func draw(on screen: Screen) {
        screen.erase()
        let theme = Theme(caps: screen.capabilities)
        for (p, a) in zip(panes, areas) {
            p.renderer.draw(p.world, p.ui, on: PaneScreen(screen, area: a))
            if a.right < screen.cols {
                for r in a.rows { screen.put(row: r, col: a.right, theme.unicode ? "│" : "|", theme.dim) }
            }
        }
    }
}

/// `compare` in the terminal's run loop (`TerminalRunLoop`, T7): every pane advanced to the same
/// wall-clock tick before each input and each frame; it moves, waits or has focus as its panes do.
extension CompareApp: RunLoopClient {
    /// Runs until q.
    public func run(on screen: NcursesScreen) -> SessionEnd { TerminalRunLoop.run(self, on: screen) }

    var focused: Bool { panes.allSatisfy(\.focused) }
    var isMoving: Bool { panes.contains(where: \.isMoving) }
    var isWaiting: Bool { panes.contains(where: \.isWaiting) }
    var hasPendingImages: Bool { panes.contains(where: \.hasPendingImages) }
    var imageGeneration: Int { panes.reduce(0) { $0 + $1.imageGeneration } }

    func start(on screen: NcursesScreen) {
        layout(cols: screen.cols, rows: screen.rows)
        for p in panes { p.terminalWrite = { [unowned screen] in screen.write($0) } }
    }

    /// Messages whose time is up go (the chores ran with each `advance`).
    func turn() -> Bool {
        var changed = false
        for p in panes {
            if let m = p.ui.message, m.until <= p.world.seconds {
                p.ui.message = nil
                changed = true
            }
        }
        return changed
    }

    func finish() -> SessionEnd { .finished }
}
