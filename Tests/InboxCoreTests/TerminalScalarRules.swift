/// What no sanitized string may contain, written out independently of the sanitizer so a test
/// failure means the sanitizer broke a rule, not that both share a bug.
enum TerminalScalarRules {
    static let bidiControls: Set<UInt32> = [
        0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
    ]

    /// Whether a scalar must never reach the terminal: a C0 or C1 control, DEL, a bidi control,
    /// a format character or a variation selector.
    static func isForbidden(_ scalar: Unicode.Scalar, allowingNewline: Bool = false) -> Bool {
        let value = scalar.value
        if allowingNewline && value == 0x0A { return false }
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true
        default: break
        }
        return bidiControls.contains(value) || scalar.properties.generalCategory == .format
    }

    /// The first forbidden scalar of `text`, as "U+XXXX", for a readable failure message.
    static func firstForbidden(in text: String, allowingNewline: Bool = false) -> String? {
        text.unicodeScalars.first { isForbidden($0, allowingNewline: allowingNewline) }
            .map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }
}
