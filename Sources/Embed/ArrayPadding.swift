extension Array {
    /// Appends `fill` until the array has at least `n` elements: the page's tables by slot or by
    /// entry grow to the highest number they are asked to hold (B7).
    mutating func pad(toCount n: Int, with fill: Element) {
        if count < n { append(contentsOf: repeatElement(fill, count: n - count)) }
    }
}
