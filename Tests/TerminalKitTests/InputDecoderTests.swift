import XCTest
@testable import TerminalKit

/// The input decoder (T2, T3; issue 18): sequences it does not recognise are dropped whole,
/// whatever their length; nothing of them acts as a keystroke.
final class InputDecoderTests: XCTestCase {
    func units(_ s: String) -> [InputUnit] { s.unicodeScalars.map { .char($0.value) } }
    func decode(_ s: String) -> [InputEvent] { InputDecoder.decodeAll(units(s)) }

    func testT3_keysAltKeysAndMouseStillDecode() {
        XCTAssertEqual(decode("j"), [.key(.char("j"))])
        XCTAssertEqual(decode("\u{1B}"), [.key(.escape)])
        XCTAssertEqual(decode("\u{1B}x"), [.key(.escape), .key(.char("x"))])
        XCTAssertEqual(decode("\u{1B}[<0;10;5M"), [.mouse(MouseEvent(kind: .press(button: 1), row: 4, col: 9))])
        XCTAssertEqual(decode("\u{1B}[M !!"), [.mouse(MouseEvent(kind: .press(button: 1), row: 0, col: 0))])
        XCTAssertEqual(decode("\u{1B}[A"), [], "a CSI ncurses did not decode is dropped")
        XCTAssertEqual(decode("\u{1B}\u{1B}k"), [.key(.escape), .key(.escape), .key(.char("k"))])
    }

    /// W2: the mouse's back and forward buttons (SGR codes 128 and 129, xterm's buttons 8 and 9)
    /// press buttons 8 and 9; they were read as a left click before.
    func testW2_mouseBackAndForwardButtons() {
        XCTAssertEqual(decode("\u{1B}[<128;3;2M"), [.mouse(MouseEvent(kind: .press(button: 8), row: 1, col: 2))])
        XCTAssertEqual(decode("\u{1B}[<129;3;2M"), [.mouse(MouseEvent(kind: .press(button: 9), row: 1, col: 2))])
        XCTAssertEqual(decode("\u{1B}[<128;3;2m"), [.mouse(MouseEvent(kind: .release, row: 1, col: 2))])
        XCTAssertEqual(decode("\u{1B}[<0;3;2M"), [.mouse(MouseEvent(kind: .press(button: 1), row: 1, col: 2))])
    }

    /// Issue 18: an unrecognised CSI of 40+ bytes used to leave its tail as keystrokes ("1" jumped).
    func testT3_overlongCSIIsDroppedWhole() {
        let csi = "\u{1B}[" + String(repeating: "1;", count: 40) + "1~"
        XCTAssertEqual(decode(csi + "j"), [.key(.char("j"))])
        let sgr = "\u{1B}[<" + String(repeating: "9", count: 100) + ";1;1M"
        XCTAssertEqual(decode(sgr + "k"), [.key(.char("k"))])
    }

    /// Issue 18: OSC added a live post ("l"), DCS quit ("q"): strings are dropped to their terminator.
    func testT3_controlStringsAreDroppedToTheirTerminator() {
        XCTAssertEqual(decode("\u{1B}]0;live blog title\u{07}j"), [.key(.char("j"))], "OSC … BEL")
        XCTAssertEqual(decode("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\j"), [.key(.char("j"))], "OSC … ST")
        XCTAssertEqual(decode("\u{1B}P1$r0;1m q\u{1B}\\j"), [.key(.char("j"))], "DCS")
        XCTAssertEqual(decode("\u{1B}_Gi=1;OK quit\u{1B}\\j"), [.key(.char("j"))], "APC")
        XCTAssertEqual(decode("\u{1B}^privacy q\u{1B}\\j"), [.key(.char("j"))], "PM")
        XCTAssertEqual(decode("\u{1B}Xstart of string q\u{9C}j"), [.key(.char("j"))], "SOS … C1 ST")
        XCTAssertEqual(decode("\u{1B}]2;" + String(repeating: "l", count: 5000) + "\u{07}"), [], "long OSC")
        XCTAssertEqual(decode("\u{1B}]2;cut short"), [], "a string cut by the end of input")
        // An ESC that is not ST ends the string and starts the next sequence.
        XCTAssertEqual(decode("\u{1B}]2;x\u{1B}[<0;1;1M"), [.mouse(MouseEvent(kind: .press(button: 1), row: 0, col: 0))])
        XCTAssertEqual(decode("\u{1B}OPq\u{1B} Fj"), [.key(.char("q")), .key(.char("j"))], "SS3 and nF")
    }

    /// An event ncurses decoded in the middle of a sequence ends it and is kept.
    func testT3_eventsInsideASequenceAreKept() {
        let u = units("\u{1B}]2;abc") + [.event(.key(.up))] + units("j")
        XCTAssertEqual(InputDecoder.decodeAll(u), [.key(.up), .key(.char("j"))])
    }

    /// Fuzz: random units and truncated sequences never crash or hang, and every unit is consumed
    /// (the decoder asks for more until the input is used up, and decodes what is pushed back).
    func testT3_fuzzRandomAndTruncatedInput() {
        var rng = SplitMix(seed: 18)
        let pieces = ["\u{1B}", "\u{1B}[", "\u{1B}[<", "\u{1B}[M", "\u{1B}]", "\u{1B}P", "\u{1B}_", "\u{1B}^",
                      "\u{1B}X", "\u{1B}O", "\u{1B} ", "\u{07}", "\u{9C}", "\u{1B}\\", ";", "1", "M", "m", "q", "l"]
        for round in 0..<3000 {
            var input: [InputUnit] = []
            for _ in 0..<Int(rng.next() % 64) {
                switch rng.next() % 4 {
                case 0: input += units(pieces[Int(rng.next() % UInt64(pieces.count))])
                case 1: input.append(.char(UInt32(rng.next() % 256)))
                case 2: input.append(.char(UInt32(rng.next() % 0x11_0000)))
                default: input.append(rng.next() % 8 == 0 ? .event(.key(.down)) : .char(0x1B))
                }
            }
            var consumed = 0, calls = 0
            var d = InputDecoder()
            func next() -> InputUnit? {
                guard consumed < input.count else { return nil }
                consumed += 1
                return input[consumed - 1]
            }
            while let u = d.takePushback() ?? next() {
                _ = d.decode(u, next: next)
                calls += 1
                XCTAssertLessThanOrEqual(calls, input.count + 1, "round \(round): no progress")
                if calls > input.count + 1 { break }
            }
            XCTAssertEqual(consumed, input.count, "round \(round): every unit consumed")
            XCTAssertNil(d.takePushback())
            // The events ncurses decoded are never lost.
            let downs = input.filter { $0 == .event(.key(.down)) }.count
            XCTAssertEqual(InputDecoder.decodeAll(input).filter { $0 == .key(.down) }.count, downs, "round \(round)")
        }
    }
}

/// A small deterministic generator for the fuzz test.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
