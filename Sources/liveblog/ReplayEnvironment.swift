import RealSources
import Simulation

extension ScenarioEnvironment {
    /// The executable's: captures read and replayed by RealSources (R4).
    static let real = ScenarioEnvironment(readCapture: { path in try CaptureReader.read(path: path) })
}
