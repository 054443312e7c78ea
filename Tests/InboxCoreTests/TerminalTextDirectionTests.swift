import Testing

@testable import InboxCore

@Suite struct TerminalTextDirectionTests {
    @Test(arguments: [
        ("\u{05E9}\u{05DC}\u{05D5}\u{05DD}", true),
        ("\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}", true),
        ("\u{0710}\u{0712}", true),
        ("\u{0780}\u{0781}", true),
        ("\u{07CA}\u{07CB}", true),
        ("\u{FB1D}", true),
        ("\u{FEFB}", true),
        ("\u{1E900}", true),
        ("123 \u{05E9}\u{05DC}\u{05D5}\u{05DD}", true),
        ("\u{0661}\u{0662} \u{0645}", true),
        ("(\u{1F600}) \u{05D0}", true),
        ("Hello \u{05E9}\u{05DC}\u{05D5}\u{05DD}", false),
        ("日本語 \u{05D0}", false),
        ("hello", false),
        ("123 !?", false),
        ("", false),
    ])
    func firstStrongCharacterDecidesDirection(text: String, isRightToLeft: Bool) {
        #expect(TerminalText.isRightToLeft(text) == isRightToLeft)
    }
}
