import TestSupport
import Testing

@testable import InboxCore

/// `JSONValue.decimalNumber` reads bytes for speed (a numeric-string filter reads it at every
/// event): it must take exactly the strings the grammar read by characters takes, as the same
/// `Double`.
@Suite struct DecimalNumberTests {
    /// The rule as it reads written out on characters: sign, digits, point, digits, exponent, then
    /// Swift's own conversion, finite only.
    static func byCharacters(_ text: String) -> Double? {
        let characters = Array(text)
        var index = 0
        var sawDigit = false
        func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
        func skipDigits() {
            while index < characters.count, isDigit(characters[index]) {
                sawDigit = true
                index += 1
            }
        }
        if index < characters.count, characters[index] == "-" || characters[index] == "+" { index += 1 }
        skipDigits()
        if index < characters.count, characters[index] == "." {
            index += 1
            skipDigits()
        }
        guard sawDigit else { return nil }
        if index < characters.count, characters[index] == "e" || characters[index] == "E" {
            index += 1
            if index < characters.count, characters[index] == "-" || characters[index] == "+" { index += 1 }
            sawDigit = false
            skipDigits()
            guard sawDigit else { return nil }
        }
        guard index == characters.count, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    static let cases = [
        "0", "-0", "+0", "7", "007", "-12", "+12", "1.5", ".5", "5.", "-.5", "1e3", "1E-3", "2.5e+10", "1e400",
        "-1e400",
        "1e-400", "999999999999999", "9999999999999999", "123456789012345678", "1234567890123456789012", "0.1", "", "-",
        "+", ".", "e5", "1e", "1e+", "1.2.3", "--1", "1-", " 1", "1 ", "0x10", "inf", "nan", "Infinity", "1_000", "١٢",
        "1\u{301}", "-\u{301}1", "\u{FF11}", "1\r\n", "12é",
    ]

    @Test(arguments: DecimalNumberTests.cases)
    func readsAsTheCharacterRuleReads(text: String) {
        let expected = Self.byCharacters(text)
        let read = JSONValue.decimalNumber(text)
        #expect(read == expected && read?.sign == expected?.sign, "\(text.debugDescription)")
    }

    @Test func generatedStringsReadAsTheCharacterRuleReads() {
        let pieces = ["0", "1", "9", "5", "-", "+", ".", "e", "E", " ", "x", "é", "\u{301}", "٣", "00", "400"]
        var random = SeededGenerator(state: 3)
        var mismatches: [String] = []
        var numbers = 0
        for _ in 0..<5000 {
            var text = ""
            for _ in 0..<(random.next() % 8 + 1) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            let expected = Self.byCharacters(text)
            if expected != nil { numbers += 1 }
            let read = JSONValue.decimalNumber(text)
            if read != expected || read?.sign != expected?.sign { mismatches.append(text.debugDescription) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(numbers > 300, "only \(numbers) generated strings were numbers")
    }
}
