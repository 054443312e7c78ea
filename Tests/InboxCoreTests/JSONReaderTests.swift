import Foundation
import TestSupport
import Testing

@testable import InboxCore

/// `JSONValue.parse` (`JSONReader`) replaced JSONDecoder only for speed: on every input, valid or
/// not, it must give exactly what JSONDecoder gives through `JSONValue`'s `Decodable`
/// conformance, or a campaign file, a timeline line or a vendor's answer would read differently.
@Suite struct JSONReaderTests {
    /// JSONDecoder's answer: the oracle every case is held to.
    /// (A lone surrogate escape is the one difference: tinbox reads it as U+FFFD, `LoneSurrogates`.)
    static func decoded(_ bytes: [UInt8]) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(LoneSurrogates.replaced(bytes)))
    }

    static let valid = [
        #"{"at":0,"do":"setup","sync":{"settings":{"cooldownSeconds":5},"campaigns":[]}}"#,
        #"  {"a" : [1, 2.5, -3e2, 1E+2, 1e-2, 0.1, -0, 0, true, false, null, {}, []] }  "#,
        "\t{\"a\":\r\n1}\n",
        #"{"big":123456789012345678,"odd":9007199254740993,"max":1.7976931348623157e308}"#,
        #"{"tiny":4.9e-324,"normal":2.2250738585072014e-308,"long":3.14159265358979323846264338}"#,
        #"{"fifteen":999999999999999,"sixteen":9999999999999999,"neg":-999999999999999}"#,
        #"[123456789012345678901234567890, 18446744073709551616, 9223372036854775807, -9223372036854775809]"#,
        #"[0.1000000000000000055511151231257827, 2.4703282292062328e-324, 1.7976931348623158e308, 1e22, 1e23]"#,
        #"[0e0, 0e-400, 0.0e-999, -0.0, 1E5, 1e+05, 1e-0, 12e-2, 0.3, 1.0000000000000002, 5e-324]"#,
        #"[0.000001, 123.456, 99999999999999.9, 0.1234567890123456789, 1.5e300, 1234567890.0987654]"#,
        #"{"s":"\"\\\/\b\f\n\r\t\u00e9\u00E9\ud83d\ude00 é 😀 e\u0301"}"#,
        #"{"nul":"\u0000","del":"\u007f","ls":"\u2028","nonchars":"\uFFFE\uFFFF"}"#,
        #"{"a":1,"a":2}"#, #"{"a":{"x":1},"a":{"y":2}}"#, #"{"a":1,}"#, "[1,]", #"{"a":[1 , ] , }"#,
        #"{"é":1,"e\u0301":2}"#, #"{"\u0000":1}"#, "\"\u{7F}\"", #""1e309""#,
        "\u{FEFF}{\"bom\":true}", "\u{FEFF} 1",
        #""just a string""#, "42", "true", "null", "[]", "{}",
        String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
        String(repeating: "{\"a\":", count: 511) + "[]" + String(repeating: "}", count: 511),
    ]

    static let invalid = [
        "", "   ", "[,]", "{,}", "[1,,2]", "[1,,]", #"{"a":1,,}"#, "[1 2]", "01", "-01", "1.", ".5", "-", "+1", "1e",
        "1e+", "2.e3", "- 1",
        "{'a':1}", #"{"a" 1}"#, #"{a:1}"#, "tru", "nul", "falsey", #""abc"#, "\"a\tb\"", "\"a\nb\"",
        #"{"a":1} x"#, #"{"a":1}{"b":2}"#, "NaN", "Infinity", "-Infinity", "1e400", "-1e400", #""\x""#, #""\u12""#,
        #""\U0041""#, "// comment", "[1]]",
        "{\"a\":1", "\u{FEFF}", "\u{FEFF}\u{FEFF}1", "\u{A0}1", "[1,\u{0B}2]", "[1,\u{0C}2]",
        // A number that rounds to zero from digits that are not all zero, or overflows.
        "1e-400", "-1e-400", "2e-324", "2.4703282292062327e-324", "0." + String(repeating: "0", count: 400) + "1",
        "1.7976931348623159e308", "1" + String(repeating: "0", count: 309), "1e-99999999999999999999",
        String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
        String(repeating: "{\"a\":", count: 512) + "[]" + String(repeating: "}", count: 512),
    ]

    @Test(arguments: JSONReaderTests.valid)
    func validTextReadsAsJSONDecoderReadsIt(text: String) throws {
        let expected = try #require(Self.decoded(Array(text.utf8)), "JSONDecoder refuses \(text)")
        #expect(JSONValue.parse(text) == expected)
        #expect(JSONValue.parse(Data(text.utf8)) == expected)
        // Equal is not enough where strings compare canonically: the same scalars are kept (the
        // first of two equivalent keys, as it was written), so what is written back is the same.
        let parsed = try #require(JSONValue.parse(Data(text.utf8)))
        #expect(Array(JSONWriter.write(parsed.writerValue).utf8) == Array(JSONWriter.write(expected.writerValue).utf8))
    }

    /// A `\u` escape of half a surrogate pair (a string cut inside an emoji) reads as U+FFFD, where
    /// JSONDecoder refuses the whole text; a pair after it still reads as its character.
    @Test(arguments: [
        (#""\ud800""#, "\u{FFFD}"), (#""\udc00""#, "\u{FFFD}"), (#""\ud800\u0041""#, "\u{FFFD}A"),
        (#""\ud83dx""#, "\u{FFFD}x"), (#""\ud83d\ud83d\ude00""#, "\u{FFFD}😀"),
        (#""a\udc00\ud800""#, "a\u{FFFD}\u{FFFD}"),
    ])
    func aLoneSurrogateReadsAsTheReplacementCharacter(text: String, string: String) {
        #expect((try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))) == nil)
        #expect(JSONValue.parse(text) == .string(string))
        #expect(JSONValue.parse(Data(text.utf8)) == .string(string))
        #expect(Self.decoded(Array(text.utf8)) == .string(string))
    }

    @Test(arguments: JSONReaderTests.invalid)
    func invalidTextIsRefusedAsJSONDecoderRefusesIt(text: String) {
        #expect(Self.decoded(Array(text.utf8)) == nil, "JSONDecoder accepts \(text)")
        #expect(JSONValue.parse(text) == nil)
        #expect(JSONValue.parse(Data(text.utf8)) == nil)
    }

    /// Bytes a Swift string cannot hold: broken UTF-8 anywhere, and text in UTF-16 or UTF-32.
    static let bytes: [(String, [UInt8])] = [
        ("a byte that is never UTF-8 in a string", Array(#"["a"#.utf8) + [0xFF] + Array(#"b"]"#.utf8)),
        ("an overlong form", Array(#"["a"#.utf8) + [0xC0, 0x80] + Array(#"b"]"#.utf8)),
        ("an overlong three-byte form", Array(#"["a"#.utf8) + [0xE0, 0x80, 0xAF] + Array(#""]"#.utf8)),
        ("a surrogate's bytes", Array(#"["a"#.utf8) + [0xED, 0xA0, 0x80] + Array(#"b"]"#.utf8)),
        ("a sequence cut short", Array(#"["a"#.utf8) + [0xE2, 0x82] + Array(#""]"#.utf8)),
        ("a sequence cut by the end", Array(#""a"#.utf8) + [0xF0, 0x9F, 0x98]),
        ("a lone continuation byte", Array(#"["a"#.utf8) + [0x80] + Array(#""]"#.utf8)),
        ("above U+10FFFF", Array(#"["a"#.utf8) + [0xF4, 0x90, 0x80, 0x80] + Array(#""]"#.utf8)),
        ("four bytes, the last not a continuation", Array(#"""#.utf8) + [0xF0, 0x9F, 0x98, 0x41] + [0x22]),
        ("broken UTF-8 in a key", Array(#"{"a"#.utf8) + [0xFF] + Array(#"":1}"#.utf8)),
        ("broken UTF-8 after an escape", Array(#"["\n"#.utf8) + [0xC3] + Array(#""]"#.utf8)),
        (
            "valid UTF-8 after an escape",
            Array(#"["\n"#.utf8) + [0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80] + Array(#""]"#.utf8)
        ),
        ("broken UTF-8 outside a string", Array("[1,".utf8) + [0xFF] + Array("]".utf8)),
        ("broken UTF-8 after the value", Array("1 ".utf8) + [0xFF]),
        ("UTF-16 LE with its mark", [0xFF, 0xFE] + utf16("[1,\"é\"]", bigEndian: false)),
        ("UTF-16 BE with its mark", [0xFE, 0xFF] + utf16("{\"a\":true}", bigEndian: true)),
        ("UTF-16 LE without a mark", utf16("[1]", bigEndian: false)),
        ("UTF-16 BE without a mark", utf16("[1]", bigEndian: true)),
        ("one UTF-16 character", utf16("1", bigEndian: false)),
        ("a zero byte first", [0x00, 0x31]),
        ("a zero byte after the value", Array("[1]".utf8) + [0x00]),
        ("a zero byte late", Array("[1,    2]".utf8) + [0x00]),
        ("half a byte-order mark", [0xEF, 0xBB]),
    ]

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.utf16.flatMap { unit in
            bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
    }

    @Test(arguments: JSONReaderTests.bytes)
    func bytesReadAsJSONDecoderReadsThem(name: String, bytes: [UInt8]) {
        #expect(JSONValue.parse(Data(bytes)) == Self.decoded(bytes), "\(name)")
    }

    @Test func someOfTheBytesAreRead() {
        // The cases above are not all refusals: UTF-16 and valid UTF-8 after an escape read.
        let read = Self.bytes.filter { JSONValue.parse(Data($0.1)) != nil }.map(\.0)
        #expect(read.count >= 6, "\(read)")
    }

    @Test func negativeZeroKeepsItsSign() throws {
        for text in ["-0", "-0.0", "[-0]"] {
            let value = try #require(JSONValue.parse(text).flatMap { $0.numberValue ?? $0.arrayValue?[0].numberValue })
            #expect(value == 0 && value.sign == .minus, "\(text)")
        }
        #expect(Self.decoded(Array("-0".utf8))?.numberValue?.sign == .minus)
    }

    /// Numbers as the data has them: the reader's shortcut for short decimals gives the Double the
    /// text conversion gives.
    @Test func numbersReadAsJSONDecoderReadsThem() {
        var random = SeededGenerator(state: 12)
        var mismatches: [String] = []
        for _ in 0..<3000 {
            let whole = random.next() % 2 == 0 ? "0" : String(random.next() % 1_000_000_000_000)
            let fraction = String(random.next() % 10_000_000_000).prefix(Int(random.next() % 12) + 1)
            let sign = random.next() % 4 == 0 ? "-" : ""
            let exponent = random.next() % 5 == 0 ? "e\(Int(random.next() % 40) - 20)" : ""
            let text = "\(sign)\(whole).\(fraction)\(exponent)"
            let expected = Self.decoded(Array(text.utf8))
            if JSONValue.parse(text) != expected || expected == nil { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// Texts made of JSON's pieces, most of them broken: each reads as JSONDecoder reads it.
    @Test func piecesPutTogetherReadAsJSONDecoderReadsThem() {
        let pieces: [[UInt8]] =
            [
                "{", "}", "[", "]", ",", ":", " ", "\t", "\n", "\"a\"", "\"é\"", "\"a", "\"", "\\", "\\u00e9",
                "\\ud83d",
                "\\ude00", "\\n", "1", "-", "0", "01", "1.5", "1e400", "1e-400", "-0", "2.", "e5", "true", "nul",
                "null",
                "\u{FEFF}", "\u{0B}", "é",
            ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xA9], [0xED, 0xA0, 0x80], [0x00]]
        var random = SeededGenerator(state: 7)
        var accepted = 0
        var mismatches: [String] = []
        for _ in 0..<4000 {
            var bytes: [UInt8] = []
            // Well-formed openings make it past the first byte often enough to reach the rest.
            if random.next() % 2 == 0 { bytes += Array(#"{"k":["#.utf8) }
            for _ in 0..<(random.next() % 10 + 1) { bytes += pieces[Int(random.next() % UInt64(pieces.count))] }
            if random.next() % 2 == 0 { bytes += Array("]}".utf8) }
            let expected = Self.decoded(bytes)
            if expected != nil { accepted += 1 }
            if JSONValue.parse(Data(bytes)) != expected {
                mismatches.append(String(decoding: bytes, as: UTF8.self).debugDescription)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(accepted > 50, "only \(accepted) texts were JSON: the pieces test little")
    }
}
