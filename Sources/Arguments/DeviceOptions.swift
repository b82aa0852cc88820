// docs/emulation.md's options (D1, D4, D5), shared by view, simulate and compare.
extension LiveblogCommands {
    /// D1: the device profiles' names (Host's `DeviceProfile.names`, which a test compares).
    public static let devices = ["terminal", "iphone-se", "iphone-15", "iphone-15-pro-max", "ipad", "pixel-8",
                                 "galaxy-s24"]
    public static let deviceOption = ArgSpec.option(
        .device, value: "NAME",
        help: "Lay the page out as on this device (D1, D2): its width, viewport, density and bridge; "
            + "'terminal' is the terminal's own width with a reading column and an image cap (D5). "
            + "Default: 'terminal' in view; in simulate and compare the scenario's, else the terminal's "
            + "whole width with no column and no cap.",
        allowed: devices)
    public static let columnOption = ArgSpec.option(
        .column, value: "N",
        help: "The terminal device's reading column in text columns (D5; 90 when not given).",
        type: .int(min: 20, max: 1000))
    public static let bridgeDelayOption = ArgSpec.option(
        .bridgeDelay, value: "FRAMES",
        help: "Frames between the page's hook call and the app's handler (D4); default: the platform's "
            + "on a device (android 2, ios 1, naive 0), 0 without one.",
        type: .int(min: 0, max: 60))
}

extension ParsedArguments {
    /// Does the command declare this option (`--platform` is view's, not simulate's)?
    func declares(_ name: String) -> Bool {
        command.arguments.contains { $0.name == ParsedArguments.key(name) }
    }

    /// Whether the command declares the option or flag (one an option group reads only where declared).
    public func declares(_ option: OptionName) -> Bool { declares(option.rawValue) }
}
