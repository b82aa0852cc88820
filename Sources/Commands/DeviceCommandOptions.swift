import Arguments
import Simulation
import Host

/// `--device`, `--column`, `--bridge-delay` (D1, D5, D4) on top of a scenario's or the view's
/// settings. The parser has checked the name against `LiveblogCommands.devices` (with a
/// suggestion for a near miss) and the numbers against their ranges.
func applyDeviceOptions(_ args: ParsedArguments, to c: inout WorldConfig) {
    if let name = args.string("device"), let d = DeviceProfile.named(name) {
        c.device = d
        // In view, the device's own platform unless --platform names one; simulate and compare
        // keep the scenario's platform (or each pane's).
        if !d.isTerminal, args.declares("platform"), args.strings("platform").isEmpty {
            c.platform = d.platform
        }
    }
    if let n = args.int("column") { c.column = n }
    if let n = args.int("bridge-delay") { c.bridgeDelay = n }
}
