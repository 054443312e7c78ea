import Testing

@testable import InAppEngine

/// `JSONLine` appends a string whole when nothing in it needs an escape; the bytes must be those
/// of the scalar-by-scalar path, whose escapes are CLI.md's (controls, C1, U+2028/9 as `\uXXXX`).
@Suite struct JSONLineTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("é € 😀 e\u{301}", "\"é € 😀 e\u{301}\""),
        ("\u{A8}\u{2027}\u{20AC}\u{2030}", "\"\u{A8}\u{2027}\u{20AC}\u{2030}\""),
        ("say \"hi\"\\", #""say \"hi\"\\""#),
        ("a\nb\rc\td", #""a\nb\rc\td""#),
        ("\u{0}\u{1F}\u{7F}", #""\u0000\u001f\u007f""#),
        ("x\u{80}y\u{85}z\u{9F}", #""x\u0080y\u0085z\u009f""#),
        ("\u{2028}and\u{2029}", #""\u2028and\u2029""#),
        ("", #""""#),
    ])
    func stringsAreWrittenWithCLIEscapes(text: String, expected: String) {
        #expect(JSONLine.write(.string(text)) == expected)
    }
}

/// `Simulation.lines` splits bytes for speed but must cut exactly where `split(separator: "\n")` on
/// `Character`s cuts, so line numbers in errors and the steps read stay the same.
@Suite struct TimelineLinesTests {
    @Test(arguments: [
        "", "\n", "a", "a\nb", "a\n\nb\n", "a\r\nb", "a\r\n\nb", "\r\n", "é\n😀\ne\u{301}\n", "a\n\u{301}b", "x\r",
    ])
    func linesAreCutWhereCharacterSplitCutsThem(text: String) {
        let expected = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Simulation.lines(of: text) == expected)
    }
}
