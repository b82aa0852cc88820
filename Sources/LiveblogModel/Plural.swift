/// Counts in messages with the noun in the right number: "1 update", "2 updates" (issue 18).
public enum Plural {
    /// `count(1, "update")` is "1 update"; `count(3, "update")` is "3 updates"; an irregular
    /// plural is given as `plural`.
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) " + noun(n, singular, plural)
    }

    /// The noun alone, in the number `n` asks for.
    public static func noun(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        n == 1 ? singular : plural ?? singular + "s"
    }
}
