import XCTest
@testable import TerminalKit

/// Bracketed paste in the input decoder (T2, T3; issue 15), and the decoder fuzzed with random
/// bytes, truncated escape sequences and pastes.
final class PasteDecoderTests: XCTestCase {
    func units(_ s: String) -> [InputUnit] { s.unicodeScalars.map { .char($0.value) } }
    func decode(_ s: String) -> [InputEvent] { InputDecoder.decodeAll(units(s)) }
    let start = "\u{1B}[200~", end = "\u{1B}[201~"

    func testT3_pasteIsOneTextEventNeverKeystrokes() {
        XCTAssertEqual(decode(start + "hello q l /\u{1B}[A" + end + "j"),
                       [.paste("hello q l /\u{1B}[A"), .key(.char("j"))])
        XCTAssertEqual(decode("k" + start + end), [.key(.char("k")), .paste("")])
        XCTAssertEqual(decode(end + "j"), [.key(.char("j"))], "an end marker alone is dropped")
        XCTAssertEqual(decode(start + "cut"), [.paste("cut")], "a paste cut by the end of input")
        XCTAssertEqual(decode("\u{1B}[2000~j"), [.key(.char("j"))], "not the paste marker")
        // Keys ncurses decoded inside a paste are part of the text, not keystrokes: dropped.
        let u = units(start + "a") + [.event(.key(.up))] + units("b" + end)
        XCTAssertEqual(InputDecoder.decodeAll(u), [.paste("ab")])
    }

    /// A paste arriving over several reads (next answers nil in between) is still one event.
    func testT3_pasteOverSeveralReads() {
        var d = InputDecoder()
        var batch = units(start + "hel")
        func next() -> InputUnit? { batch.isEmpty ? nil : batch.removeFirst() }
        var events: [InputEvent] = []
        while let u = d.takePushback() ?? next() { events += d.decode(u, next: next) }
        XCTAssertEqual(events, [])
        XCTAssertTrue(d.pasting)
        batch = units("lo" + end + "q")
        while let u = d.takePushback() ?? next() { events += d.decode(u, next: next) }
        XCTAssertEqual(events, [.paste("hello"), .key(.char("q"))])
        XCTAssertFalse(d.pasting)
    }

    func testT3_megabytePasteArrivesWhole() {
        let body = (0..<(1 << 20)).map { InputUnit.char(UInt32(0x61 + $0 % 26)) }
        let events = InputDecoder.decodeAll(units(start) + body + units(end + "j"))
        XCTAssertEqual(events.count, 2)
        guard case .paste(let text)? = events.first else { return XCTFail("a paste") }
        XCTAssertEqual(text.unicodeScalars.count, 1 << 20)
        XCTAssertEqual(events.last, .key(.char("j")))
    }

    /// 100 000 random byte strings with truncated escape sequences and pastes: no crash, no hang
    /// (the decoder makes progress on every call), every unit consumed, nothing left pushed back,
    /// and a paste always ends or is ended by the end of input.
    func testT3_fuzzHundredThousandRandomByteStrings() {
        var rng = SplitMix(seed: 15)
        let pieces = ["\u{1B}", "\u{1B}[", "\u{1B}[<", "\u{1B}[M", "\u{1B}]", "\u{1B}P", "\u{1B}O", "\u{1B} ",
                      "\u{07}", "\u{9C}", "\u{1B}\\", start, end, "\u{1B}[20", "\u{1B}[200", "\u{1B}[201",
                      "\u{1B}[2", "~", ";", "1", "M", "q", "/"]
        var pastes = 0
        for round in 0..<100_000 {
            var input: [InputUnit] = []
            for _ in 0..<Int(rng.next() % 24) {
                switch rng.next() % 4 {
                case 0, 1: input += units(pieces[Int(rng.next() % UInt64(pieces.count))])
                case 2: input.append(.char(UInt32(rng.next() % 256)))
                default:
                    input.append(rng.next() % 4 == 0 ? .event(.key(.down)) : .char(UInt32(rng.next() % 0x80)))
                }
            }
            var consumed = 0
            var calls = 0
            var d = InputDecoder()
            func next() -> InputUnit? {
                guard consumed < input.count else { return nil }
                consumed += 1
                return input[consumed - 1]
            }
            var events: [InputEvent] = []
            while let u = d.takePushback() ?? next() {
                events += d.decode(u, next: next)
                calls += 1
                if calls > input.count + 1 { break }
            }
            events += d.finish()
            if calls > input.count + 1 || consumed != input.count || d.takePushback() != nil || d.pasting {
                return XCTFail("round \(round): \(calls) calls, \(consumed) of \(input.count) units consumed")
            }
            pastes += events.filter { if case .paste = $0 { return true } else { return false } }.count
        }
        XCTAssertGreaterThan(pastes, 10_000, "the fuzz exercises pastes")
    }
}
