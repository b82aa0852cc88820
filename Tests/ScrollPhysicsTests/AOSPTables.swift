import Foundation

/// The reference tables of Tests/ScrollPhysicsTests/Fixtures (F9): computed from AOSP's
/// OverScroller.java, EdgeEffect.java and VelocityTracker.cpp and AndroidX's RecyclerView.java run
/// as an oracle outside this repository (their code is not here; the tables are).
enum AOSPTables {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func load(_ name: String) -> [[String: Any]] {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)),
              let rows = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return rows
    }
}

extension Dictionary where Key == String, Value == Any {
    func int(_ k: String) -> Int { (self[k] as? NSNumber)?.intValue ?? 0 }
    func double(_ k: String) -> Double { (self[k] as? NSNumber)?.doubleValue ?? .nan }
    func bool(_ k: String) -> Bool { (self[k] as? NSNumber)?.boolValue ?? false }
    func string(_ k: String) -> String { self[k] as? String ?? "" }
    func ints(_ k: String) -> [Int] { (self[k] as? [NSNumber])?.map(\.intValue) ?? [] }
    /// Floats as Java printed them (the shortest decimal that reads back as the same float).
    func floats(_ k: String) -> [Float] { (self[k] as? [NSNumber])?.map { Float($0.doubleValue) } ?? [] }
}
