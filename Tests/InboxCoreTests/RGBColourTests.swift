import Testing

@testable import InboxCore

/// A campaign's `#RRGGBB` (PROTOCOL 2.1): read from ASCII hex digits only, written back in the
/// same form.
@Suite struct RGBColourTests {
    @Test func readsSixOrEightHexDigitsInEitherCase() {
        #expect(RGBColour(hex: "#1E88E5") == RGBColour(red: 0x1E, green: 0x88, blue: 0xE5))
        #expect(RGBColour(hex: "#abcdef") == RGBColour(red: 0xAB, green: 0xCD, blue: 0xEF))
        #expect(RGBColour(hex: "#00000000") == RGBColour(red: 0, green: 0, blue: 0))
        #expect(RGBColour(hex: "#FFFFFF80") == RGBColour(red: 255, green: 255, blue: 255))
    }

    @Test(arguments: [
        "", "#", "1E88E5", "#1E88E", "#1E88E5F", "#1E88E5FFF", "#1E88G5", "#1E88E5GG", " #1E88E5", "#1e88e5 ",
        "#１２３４５６", "#12345é", "#+12345", "#-12345", "#0x1234",
    ])
    func refusesAnythingElse(text: String) {
        #expect(RGBColour(hex: text) == nil)
    }

    @Test func writesWhatItReads() {
        for text in ["#000000", "#FFFFFF", "#1E88E5", "#0D47A1"] {
            #expect(RGBColour(hex: text)?.hexText == text)
        }
        #expect(RGBColour(hex: "#abcdef")?.hexText == "#ABCDEF")
    }
}
