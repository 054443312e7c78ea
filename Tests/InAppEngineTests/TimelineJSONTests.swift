import Foundation
import InboxCore
import Testing

@testable import InAppEngine

/// `TimelineJSON` replaced JSONDecoder for timeline lines only for speed: on every input, valid
/// or not, it must give exactly what `JSONValue.parse` (JSONDecoder) gives, or `simulate` would
/// change its output or its error lines.
@Suite struct TimelineJSONTests {
    static let valid = [
        #"{"at":0,"do":"setup","sync":{"settings":{"cooldownSeconds":5},"campaigns":[]}}"#,
        #"  {"a" : [1, 2.5, -3e2, 1E+2, 1e-2, 0.1, -0, 0, true, false, null, {}, []] }  "#,
        "\t{\"a\":\r\n1}\n",
        #"{"big":123456789012345678,"odd":9007199254740993,"max":1.7976931348623157e308}"#,
        #"{"tiny":4.9e-324,"normal":2.2250738585072014e-308,"long":3.14159265358979323846264338}"#,
        #"{"fifteen":999999999999999,"sixteen":9999999999999999,"neg":-999999999999999}"#,
        #"{"s":"\"\\\/\b\f\n\r\t\u00e9\u00E9\ud83d\ude00 é 😀 e\u0301"}"#,
        #"{"nul":"\u0000","del":"\u007f","ls":"\u2028"}"#,
        #"{"a":1,"a":2}"#, #"{"a":1,}"#, "[1,]", #"{"a":[1 , ] , }"#,
        #"{"é":1,"e\u0301":2}"#,
        "\u{FEFF}{\"bom\":true}",
        #""just a string""#, "42", "true", "null", "[]", "{}",
        String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
    ]

    static let invalid = [
        "", "   ", "[,]", "{,}", "[1,,2]", #"{"a":1,,}"#, "[1 2]", "01", "-01", "1.", ".5", "-", "+1", "1e", "1e+",
        "2.e3",
        "{'a':1}", #"{"a" 1}"#, #"{a:1}"#, "tru", "nul", "falsey", #""abc"#, "\"a\tb\"", "\"a\nb\"",
        #"{"a":1} x"#, #"{"a":1}{"b":2}"#, "NaN", "Infinity", "-Infinity", "1e400", "-1e400", #""\x""#, #""\u12""#,
        #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, "// comment", "[1]]", "{\"a\":1", "\u{FEFF}",
        String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
    ]

    @Test(arguments: TimelineJSONTests.valid)
    func validTextReadsAsJSONDecoderReadsIt(text: String) throws {
        let expected = try #require(JSONValue.parse(text), "JSONDecoder refuses \(text)")
        #expect(TimelineJSON.parse(text) == expected)
    }

    @Test(arguments: TimelineJSONTests.invalid)
    func invalidTextIsRefusedAsJSONDecoderRefusesIt(text: String) {
        #expect(JSONValue.parse(text) == nil, "JSONDecoder accepts \(text)")
        #expect(TimelineJSON.parse(text) == nil)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let value = try #require(TimelineJSON.parse("-0")?.numberValue)
        #expect(value == 0 && value.sign == .minus)
        #expect(JSONValue.parse("-0")?.numberValue?.sign == .minus)
    }

    @Test func everyTimelineLineUnderTestsReadsTheSame() throws {
        let folder = TimelineTests.folder
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".jsonl") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") {
                #expect(TimelineJSON.parse(String(line)) == JSONValue.parse(String(line)), "\(name): \(line)")
            }
        }
    }
}
