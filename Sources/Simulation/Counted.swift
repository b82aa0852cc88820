import LiveblogModel

/// "1 update", "2 updates": a count and its noun, singular for one (issue 18: "1 updates").
/// The one rule is `Plural` in LiveblogModel; this is its spelling for the layers above.
public func counted(_ n: Int, _ noun: String, plural: String? = nil) -> String {
    Plural.count(n, noun, plural)
}
