/// "1 update", "2 updates": a count and its noun, singular for one (issue 18: "1 updates").
public func counted(_ n: Int, _ noun: String, plural: String? = nil) -> String {
    "\(n) \(n == 1 ? noun : plural ?? noun + "s")"
}
