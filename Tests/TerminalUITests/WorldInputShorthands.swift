import Simulation

/// Shorthands for the golden-screen and render-fuzz tests: each is a scenario event sent through
/// `World.send`, the World's one way in (issue 10).
extension World {
    func key(_ name: String) { send(.key(KeyName(name)!)) }
    func jump(to id: String) { send(.jump(id: id, topOffset: nil)) }
}
