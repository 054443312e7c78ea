extension TerminalText {
    /// Whether the first strong directional character is right-to-left (Hebrew, Arabic, Syriac,
    /// Thaana, NKo, ...), the rule Unicode's bidi algorithm uses to pick a paragraph direction;
    /// the list right-aligns such titles with `fitRight`.
    ///
    /// Swift exposes no bidi class, so this approximates it: letters and symbols in the
    /// right-to-left blocks are strong right-to-left; marks, digits and format characters there
    /// are weak; letters anywhere else are strong left-to-right; everything else is neutral.
    /// Text with no strong character (digits, punctuation, emoji) is left-to-right. What stands
    /// inside an isolate (`isolate`) does not count, as UAX #9 rule P2 says.
    public static func isRightToLeft(_ text: String) -> Bool {
        var isolates = 0
        for scalar in text.unicodeScalars {
            if isIsolate(scalar) {
                isolates = scalar.value == 0x2069 ? max(0, isolates - 1) : isolates + 1
                continue
            }
            guard isolates == 0 else { continue }
            let category = scalar.properties.generalCategory
            if isInRightToLeftBlock(scalar.value) {
                if !isWeakOrNeutral(category) && scalar.value != 0x060C { return true }
            } else if isLetter(category) {
                return false
            }
        }
        return false
    }

    /// Blocks whose letters are right-to-left: Hebrew through Arabic Extended-A, the Hebrew and
    /// Arabic presentation forms, and the historic and African right-to-left scripts of plane 1.
    static func isInRightToLeftBlock(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    /// Categories that never set a paragraph's direction (U+060C, the Arabic comma, is also weak).
    private static func isWeakOrNeutral(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber, .format,
            .spaceSeparator, .control, .unassigned:
            true
        default: false
        }
    }

    private static func isLetter(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }
}
