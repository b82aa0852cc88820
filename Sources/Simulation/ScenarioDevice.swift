import Host
import LiveblogModel

/// The scenario's device settings (docs/emulation.md): `"device"` (D1), `"bridgeDelay"` in frames (D4),
/// `"column"` in text columns (D5).
extension Scenario.Reader {
    func device(_ k: String, _ v: JSONValue, _ config: inout WorldConfig) throws {
        switch k {
        case "device":
            let s = try string(v, "device")
            guard let d = DeviceProfile.named(s) else {
                throw fail("device", "unknown device \"\(s)\" (\(DeviceProfile.names.joined(separator: ", ")))")
            }
            config.device = d
        case "bridgeDelay":
            config.bridgeDelay = try int(v, "bridgeDelay", min: 0, max: BridgeDelivery.maxFrames)
        default:
            config.column = try int(v, "column", min: DeviceLayout.minColumn, max: DeviceLayout.maxColumn)
        }
    }
}

extension Scenario {
    /// The device settings a written scenario carries (only those that differ from none).
    public static func deviceSettings(_ c: WorldConfig) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = []
        if let d = c.device { pairs.append(("device", .string(d.name))) }
        if let b = c.bridgeDelay { pairs.append(("bridgeDelay", .number(Double(b)))) }
        if c.column != DeviceLayout.defaultColumn { pairs.append(("column", .number(Double(c.column)))) }
        return pairs
    }
}
