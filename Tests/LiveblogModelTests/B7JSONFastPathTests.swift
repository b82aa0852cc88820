import XCTest
@testable import LiveblogModel

/// Issue 14 (B7): the JSON parser's fast paths (strings scanned eight bytes at a time, escapes
/// decoded straight into the string, short decimals without `Double(String)`) give exactly what
/// the parser gave before (`ReferenceJSONParser`, a copy of it): the same trees, byte for byte,
/// the same numbers bit for bit, the same errors at the same line and column.
final class B7JSONFastPathTests: XCTestCase {
    /// The outcome of a parse, comparable byte for byte (String's == is canonical equivalence).
    private enum Outcome: Equatable {
        case value([UInt8])
        case failure(Int, Int, String)
    }

    private func outcome(_ parse: () throws -> JSONValue) -> Outcome {
        do {
            var out: [UInt8] = []
            B7JSONFastPathTests.dump(try parse(), into: &out)
            return .value(out)
        } catch let e as JSONSyntaxError {
            return .failure(e.line, e.column, e.message)
        } catch {
            return .failure(-1, -1, "\(error)")
        }
    }

    /// A byte-exact serialisation: strings as their UTF-8 with their length, numbers as bits.
    private static func dump(_ v: JSONValue, into out: inout [UInt8]) {
        func text(_ s: String) {
            out += Array("\(s.utf8.count):".utf8)
            out += Array(s.utf8)
        }
        switch v {
        case .null: out.append(0x6E)
        case .bool(let b): out.append(b ? 0x74 : 0x66)
        case .number(let d): out += Array("#\(d.bitPattern);".utf8)
        case .string(let s): out.append(0x73); text(s)
        case .array(let a):
            out += Array("[\(a.count)".utf8)
            for x in a { dump(x, into: &out) }
        case .object(let pairs):
            out += Array("{\(pairs.count)".utf8)
            for (k, x) in pairs { text(k); dump(x, into: &out) }
        }
    }

    private func assertSame(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let new = outcome { try JSONParser.parse(bytes: bytes) }
        let old = outcome { try ReferenceJSONParser.parse(bytes: bytes) }
        XCTAssertEqual(new, old, String(decoding: bytes.prefix(200), as: UTF8.self), file: file, line: line)
    }

    /// Pieces of string bodies: plain text, every escape, good and bad \u escapes, surrogates
    /// paired, lone and mismatched, multi-byte and invalid UTF-8, control bytes, quotes.
    private static let pieces: [[UInt8]] = {
        let text = ["a", "Zq", "hello world", "<a href=", ">", "é", "😱", "€", " ", "0123456789abcdef",
                    "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u0041", "\\u00e9", "\\u20AC",
                    "\\uD83D\\uDE31", "\\ud83d\\ude31", "\\uD800", "\\uDC00", "\\uD800\\u0041", "\\uD800x",
                    "\\uDBFF\\uDFFF", "\\u0000", "\\u12G4", "\\u12", "\\x", "\\'", "\\", "\"", "\\uD800\\u",
                    "\\uD800\\uZZZZ", "\\uFFFF", "\\uFFFE", "\\uDFFF\\uD800"]
        var all = text.map { Array($0.utf8) }
        all += [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0x00],
                [0x1F], [0x7F], [0xC0, 0xAF], [0x0A]]
        return all
    }()

    func testB7_stringsWithEscapesAndBadUTF8AreDecodedAsBefore() {
        var rng = SeededRandom(seed: 14)
        for _ in 0..<20_000 {
            // Up to 15 bytes before the string put every piece at every offset in a word.
            var doc = Array(repeating: UInt8(ascii: " "), count: Int(rng.next() % 16))
            doc += Array("[\"".utf8)
            for _ in 0..<Int(rng.next() % 12) { doc += rng.pick(Self.pieces) }
            switch rng.next() % 10 {
            case 0: break                                   // unterminated
            case 1: doc += Array("\"".utf8)                 // unterminated array
            case 2: doc += Array("\",\"\\u".utf8)           // truncated escape in a second string
            default: doc += Array("\"]".utf8)
            }
            assertSame(doc)
        }
    }

    func testB7_quoteAndBackslashAtEveryOffsetOfAWord() {
        for length in 0..<40 {
            for at in 0..<max(length, 1) {
                for special in ["\\\"", "\\\\", "\\u00e9", "\"", "\\"] {
                    var body = Array(repeating: UInt8(ascii: "x"), count: length)
                    body.insert(contentsOf: Array(special.utf8), at: min(at, body.count))
                    for lead in 0..<8 {
                        let doc = Array(repeating: UInt8(ascii: " "), count: lead) + Array("{\"".utf8) + body
                            + Array("\":\"".utf8) + body + Array("\"}".utf8)
                        assertSame(doc)
                    }
                }
            }
        }
    }

    func testB7_numbersReadExactlyAsDoubleOfTheirText() {
        var rng = SeededRandom(seed: 7)
        func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(rng.next() % 10)) }) }
        var checked = 0
        for _ in 0..<30_000 {
            var s = rng.next() % 3 == 0 ? "-" : ""
            s += digits(Int(rng.next() % 19))
            if rng.next() % 2 == 0 { s += "." + digits(Int(rng.next() % 19)) }
            if rng.next() % 6 == 0 { s += rng.pick(["e", "E", "e+", "e-"]) + digits(Int(rng.next() % 4)) }
            assertSame(Array("[\(s)]".utf8))
            checked += 1
        }
        for s in ["0", "-0", "-0.0", "0.000", "999999999999999", "9999999999999999", "123456789012345",
                  "1234567890.12345", "0.1", "0.3", "1716367937.0", "-1716367937.25", "007", "1.", "-", ".5",
                  "1e400", "-1e400", "9007199254740993", "0.000000000000001", "1e", "--1", "1.5e+"] {
            assertSame(Array("[\(s)]".utf8))
            assertSame(Array(s.utf8))
            checked += 2
        }
        XCTAssertEqual(checked, 30_046)
    }

    func testB7_randomDocumentsAndTheirTruncationsAndMutations() {
        var rng = SeededRandom(seed: 99)
        for _ in 0..<3000 {
            var doc: [UInt8] = []
            Self.randomValue(&rng, depth: 0, into: &doc)
            assertSame(doc)
            let cut = Int(rng.next() % UInt64(doc.count + 1))
            assertSame(Array(doc.prefix(cut)))
            var mutated = doc
            let i = Int(rng.next() % UInt64(doc.count))
            mutated[i] = [0x22, 0x5C, 0x2C, 0x7D, 0x5D, 0xFF, 0x20, 0x75][Int(rng.next() % 8)]
            assertSame(mutated)
        }
    }

    func testB7_theHeavyLiveblogParsesToTheSameTree() {
        let json = NativeWriter.encode(HeavyProfile.generate(posts: 800, seed: 3), pretty: false)
        assertSame(Array(json.utf8))
        assertSame(Array(NativeWriter.encode(HeavyProfile.generate(posts: 200, seed: 5), pretty: true).utf8))
    }

    func testB7_commonKeysAndTheirNearMissesReadAsTheirBytes() {
        let words = ["", "_type", "local_id", "text", "i", "v", "media_local_id", "oembed_json", "sticky",
                     "Tik::ApiModel::Text::RichTextContentBlock", "Tik::ApiModel::Text::EmojiContentBlock"]
        var checked = 0
        for w in words {
            let variants = [w, w + "x", String(w.dropLast()), "x" + w, w.uppercased(), w + "\\u0000",
                            String(w.dropLast()) + "\\u00e9",
                            w.replacingOccurrences(of: "e", with: "\\u0065")]
            for v in variants {
                assertSame(Array("{\"\(v)\": \"\(v)\", \"k\": [\"\(v)\"]}".utf8))
                checked += 1
            }
        }
        XCTAssertEqual(checked, words.count * 8)
    }

    private static func randomValue(_ rng: inout SeededRandom, depth: Int, into out: inout [UInt8]) {
        let space = [" ", "", "\n", "\t ", "\r\n"]
        out += Array(space[Int(rng.next() % 5)].utf8)
        switch depth > 4 ? rng.next() % 4 : rng.next() % 6 {
        case 0: out += Array(["true", "false", "null", "nul"][Int(rng.next() % 4)].utf8)
        case 1:
            out += Array(rng.pick(["0", "-12", "3.25", "1716367937.0", "1e5", "-0", "12345678901234567"]).utf8)
        case 2, 3:
            out.append(0x22)
            for _ in 0..<Int(rng.next() % 6) { out += pieces[Int(rng.next() % 34)] }
            out.append(0x22)
        case 4:
            out.append(UInt8(ascii: "["))
            for k in 0..<Int(rng.next() % 4) {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                randomValue(&rng, depth: depth + 1, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        default:
            out.append(UInt8(ascii: "{"))
            for k in 0..<Int(rng.next() % 4) {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                out += Array("\"k\(k)\\u00e9\" :".utf8)
                randomValue(&rng, depth: depth + 1, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
        out += Array(space[Int(rng.next() % 5)].utf8)
    }
}

/// Picks for the equivalence tests, from the project's seeded generator (SplitMix64).
extension SeededRandom {
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(next() % UInt64(choices.count))] }
}
