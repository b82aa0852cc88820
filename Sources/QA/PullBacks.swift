import Simulation

/// The pull-back rule (`PullBacks`) on the lines of a trace file (`metrics`, `plot`, `--compare`).
extension PullBacks {
    /// A trace line as a step, read from its fields alone (docs/contract.md).
    static func step(_ l: TraceLine) -> Step? {
        switch l.kind {
        case "input":
            return l.string("kind") == "drag-begin" || l.bool("drag") == true ? .drag : nil
        case "hook":
            guard l.bool("threw") != true, let j = l.int("jumpId") else { return nil }
            return .call(jumpId: j)
        case "host":
            guard let j = l.int("jumpId") else { return nil }
            let action = l.string("action")
            let still = action == "scroll" && l.bool("animated") == false && l["target"] == nil
            return .host(jumpId: j, moves: action != "drop" && !still)
        case "nav": return l.string("result") == "found" ? .found : nil
        default: return nil
        }
    }

    public static func find<C: Collection>(lines: C) -> Finding where C.Element == TraceLine {
        find(lines.compactMap { l in step(l).map { (l.milliseconds, $0) } })
    }
}
