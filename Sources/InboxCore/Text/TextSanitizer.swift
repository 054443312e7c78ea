/// The one-pass state machine behind `TerminalText.sanitize`; see there for the rules.
///
/// It keeps only what the rules need from the past: whether the last scalar was a CR (so CRLF
/// makes one line break), and whether there is a base that combining scalars may attach to,
/// with how many already did.
struct TextSanitizer {
    /// Combining scalars kept per base: more than real text stacks on one letter (Vietnamese
    /// uses two), few enough that a "Zalgo" flood cannot smear into the lines above and below.
    static let maxCombiningPerBase = 4

    private static let replacement: Unicode.Scalar = "\u{FFFD}"
    private static let asciiFallback: Unicode.Scalar = "?"

    private let keepingNewlines: Bool
    private var output = String.UnicodeScalarView()
    private var afterCarriageReturn = false
    /// Combining scalars on the current base, or nil when there is no base to attach to.
    private var combiningOnBase: Int?

    init(keepingNewlines: Bool, expectedScalars: Int = 0) {
        self.keepingNewlines = keepingNewlines
        output.reserveCapacity(expectedScalars)
    }

    var result: String { String(output) }

    mutating func consume(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        let followsCarriageReturn = afterCarriageReturn
        afterCarriageReturn = false
        switch value {
        case 0x0A:
            if !followsCarriageReturn { emitLineBreak() }
        case 0x0D:
            emitLineBreak()
            afterCarriageReturn = true
        case 0x2028, 0x2029:
            emitLineBreak()
        case 0x09:
            emitSubstitute(" ")
        case 0x00...0x1F:
            emitSubstitute(Unicode.Scalar(0x2400 + value) ?? Self.replacement)
        case 0x20...0x7E:
            // Printable ASCII: a base of width 1, no property look-ups (most remote text).
            combiningOnBase = 0
            output.append(scalar)
        case 0x7F:
            emitSubstitute("\u{2421}")
        case 0x80...0x9F:
            emitSubstitute(Self.replacement)
        default:
            consumePrintable(scalar)
        }
    }

    private mutating func consumePrintable(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x1F1E6...0x1F1FF:
            // TERMINAL §4: a flag is drawn as its two letters; terminals disagree on its width.
            combiningOnBase = 0
            output.append(Unicode.Scalar(UInt8(scalar.value - 0x1F1E6) + UInt8(ascii: "A")))
            return
        case 0x1F3FB...0x1F3FF where combiningOnBase != nil, 0x20E3:
            // TERMINAL §4: an emoji without its skin-tone modifier, a keycap as its digit: the
            // forms every terminal gives the same width, so nothing after them shifts.
            return
        case 0x0334...0x0338, 0x20D2, 0x20D3, 0x20E5, 0x20EB:
            // TERMINAL §4: marks that overlay or strike through their letter can hide it.
            return
        default:
            break
        }
        let properties = scalar.properties
        if properties.isDefaultIgnorableCodePoint || properties.generalCategory == .format {
            // A removed mark (variation selector, CGJ) belonged to the base; anything else
            // stood between the base and what follows.
            if !Self.isMark(properties.generalCategory) { combiningOnBase = nil }
            return
        }
        switch properties.generalCategory {
        case .privateUse, .unassigned, .surrogate, .control:
            emitSubstitute(Self.replacement)
            return
        default:
            break
        }
        let cells = TerminalText.wcwidth(scalar)
        if cells < 0 {
            emitSubstitute(Self.replacement)
        } else if Self.isCombining(properties, cells: cells) {
            guard let count = combiningOnBase, count < Self.maxCombiningPerBase else { return }
            combiningOnBase = count + 1
            output.append(scalar)
        } else {
            combiningOnBase = 0
            output.append(scalar)
        }
    }

    /// Scalars that extend the character before them instead of starting one: marks, emoji
    /// skin-tone modifiers, grapheme extenders, and zero-width scalars such as Hangul medial
    /// and final jamo, which stack the same way.
    private static func isCombining(_ properties: Unicode.Scalar.Properties, cells: Int) -> Bool {
        cells == 0 || isMark(properties.generalCategory) || properties.isGraphemeExtend
            || properties.isEmojiModifier
    }

    private static func isMark(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    private mutating func emitLineBreak() {
        if keepingNewlines {
            output.append("\n")
            combiningOnBase = nil
        } else {
            emitSubstitute(" ")
        }
    }

    /// Appends a glyph that stands in for something else; marks that follow had no real base.
    ///
    /// When the locale is not UTF-8, `wcwidth` rejects the pictures and U+FFFD too, so "?" is
    /// drawn instead: the output must never hold a scalar that curses cannot place.
    private mutating func emitSubstitute(_ glyph: Unicode.Scalar) {
        output.append(TerminalText.wcwidth(glyph) > 0 ? glyph : Self.asciiFallback)
        combiningOnBase = nil
    }
}
