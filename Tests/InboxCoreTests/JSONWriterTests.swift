import Testing

@testable import InboxCore

/// The one JSON writer's one escape policy: JSON's short escapes for `"` `\` newline, CR and
/// tab, `\uXXXX` for every other control; invisible scalars escaped only when asked (`list --json`).
@Suite struct JSONWriterTests {
    @Test(arguments: [
        ("plain", #""plain""#, #""plain""#),
        ("a\nb\rc\td\"\\", #""a\nb\rc\td\"\\""#, #""a\nb\rc\td\"\\""#),
        ("\u{1B}[2J\u{7F}\u{9B}", #""\u001b[2J\u007f\u009b""#, #""\u001b[2J\u007f\u009b""#),
        ("\u{2028}", #""\u2028""#, #""\u2028""#),
        ("é\u{202E}x\u{200B}", "\"é\u{202E}x\u{200B}\"", #""é\u202ex\u200b""#),
        ("\u{E0001}\u{F0000}", "\"\u{E0001}\u{F0000}\"", #""\udb40\udc01\udb80\udc00""#),
    ])
    func stringsFollowOnePolicy(text: String, kept: String, escaped: String) {
        #expect(JSONWriter.write(.string(text)) == kept)
        #expect(JSONWriter.write(.string(text), invisibles: .escaped) == escaped)
        #expect(TerminalText.escapingInvisibles(inJSON: kept) == escaped)
    }

    @Test func objectsKeepTheirKeyOrder() {
        let value: JSONWriter.Value = .object([
            ("z", .orNull(nil)), ("a", .array([.int(-3), .number(1.5), .number(2), .bool(true)])),
            ("at", .raw("1.000")),
        ])
        #expect(JSONWriter.write(value) == #"{"z":null,"a":[-3,1.5,2,true],"at":1.000}"#)
    }
}
