import Simulation
import TerminalKit

extension KeyName {
    /// A terminal key as the key map names it (T2); nil for keys the map never binds (function
    /// keys, Ctrl combinations: the App takes Ctrl-C itself).
    init?(terminal k: Key) {
        switch k {
        case .char(" "): self = .space
        case .char(let c): self = .char(c)
        case .up: self = .up
        case .down: self = .down
        case .left: self = .left
        case .right: self = .right
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .home: self = .home
        case .end: self = .end
        case .enter: self = .enter
        case .tab: self = .tab
        case .backTab: self = .backTab
        case .escape: self = .escape
        case .backspace: self = .backspace
        default: return nil
        }
    }
}
