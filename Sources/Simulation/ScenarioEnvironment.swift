import LiveblogModel
import Embed

/// What the executable lends the scenario runner: captures to replay (R4) and, for scenarios
/// that ask for another engine (X1), the page maker. Without them a scenario that names a
/// capture is invalid input saying so.
public struct ScenarioEnvironment {
    /// Reads a capture file (its path resolved against the scenario's folder).
    public var readCapture: ((_ path: String) throws -> any ReplayableCapture)?
    /// The page for a scenario (nil: the emulated page).
    public var makePage: ((Scenario) throws -> PageMaker?)?

    public init(readCapture: ((String) throws -> any ReplayableCapture)? = nil,
                makePage: ((Scenario) throws -> PageMaker?)? = nil) {
        self.readCapture = readCapture
        self.makePage = makePage
    }

    /// The headless core's own: no captures, the emulated page.
    public static let none = ScenarioEnvironment()
}
