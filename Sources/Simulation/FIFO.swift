/// A first-in first-out list whose `removeFirst` is O(1) (amortised): the page's layout changes
/// wait here for their web-row resize (E2). A heavy liveblog's media finish by the thousand in a
/// frame, each a layout change: `Array.removeFirst` moved the whole list for every one of them
/// (5 % of the heavy open's time and a 9 MB peak, B7).
public struct FIFO<Element> {
    private var items: [Element] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }
    public var count: Int { items.count - head }
    var first: Element? { isEmpty ? nil : items[head] }

    mutating func append(_ e: Element) { items.append(e) }

    @discardableResult
    mutating func removeFirst() -> Element {
        let e = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: items.count < 4096)
            head = 0
        } else if head >= 1024, head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return e
    }

    mutating func removeAll() {
        items = []
        head = 0
    }
}
