import Testing

@testable import InboxCore

@Suite struct TerminalTextWrapTests {
    @Test(arguments: [
        ("the quick brown fox", 10, ["the quick", "brown fox"]),
        ("the quick brown fox", 100, ["the quick brown fox"]),
        ("one\ntwo", 10, ["one", "two"]),
        ("one\n\ntwo", 10, ["one", "", "two"]),
        ("", 10, [""]),
        ("abcdefghij", 4, ["abcd", "efgh", "ij"]),
        ("hi abcdefghij", 4, ["hi", "abcd", "efgh", "ij"]),
        ("日本語テキスト", 5, ["日本", "語テ", "キス", "ト"]),
        ("  indented text", 20, ["  indented text"]),
        ("a  b", 10, ["a  b"]),
        ("word   next", 5, ["word", "next"]),
        ("abc", 0, ["a", "b", "c"]),
        ("日", 1, ["…"]),
        ("e\u{301}e\u{301}e\u{301}", 2, ["e\u{301}e\u{301}", "e\u{301}"]),
    ])
    func wrapBreaksAtSpacesThenAtGraphemes(text: String, width: Int, expected: [String]) {
        #expect(TerminalText.wrap(text, width: width) == expected)
    }

    private static let samples = [
        "The quick brown fox jumps over the lazy dog",
        "日本語のテキストはスペースなしで続きます。これも長い文です。",
        "mixed 日本 text with \u{1F600} emoji and \u{1F1EF}\u{1F1F5} flags and e\u{301}\u{302} accents",
        "supercalifragilisticexpialidocious antidisestablishmentarianism",
        "  lead   and   many    spaces   ",
        "line one\nline two is longer than the others\n\nlast",
        "\u{05E9}\u{05DC}\u{05D5}\u{05DD} \u{05E2}\u{05D5}\u{05DC}\u{05DD} and \u{0645}\u{0631}\u{062D}\u{0628}\u{0627}",
        String(repeating: "\u{0915}\u{094D}", count: 40) + "\u{0937} tail",
        String(repeating: "A", count: 10_000),
    ]

    @Test(arguments: samples)
    func wrapNeverExceedsTheWidthAndLosesNoText(text: String) {
        let clean = TerminalText.sanitize(text, keepingNewlines: true)
        for width in [1, 2, 3, 5, 8, 13, 40, 80] {
            let lines = TerminalText.wrap(clean, width: width)
            let widest = lines.map(TerminalText.width).max() ?? 0
            #expect(widest <= width, "width \(width)")
            let longestGrapheme = clean.map(TerminalText.width(of:)).max() ?? 0
            if longestGrapheme <= width {
                let kept = lines.joined().filter { $0 != " " }
                let original = clean.filter { $0 != " " && $0 != "\n" }
                #expect(kept == original, "width \(width)")
            }
        }
    }
}
