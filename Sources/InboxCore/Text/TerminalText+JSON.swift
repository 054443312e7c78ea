extension TerminalText {
    /// Rewrites every scalar a terminal would act on or hide (C0, DEL, C1, line separators, bidi
    /// and other format or default-ignorable characters) as a `\uXXXX` escape.
    ///
    /// Only valid on JSON text: such scalars can stand only inside strings, where the escape
    /// decodes to the very same scalar, so a JSON reader sees unchanged data while a person
    /// whose terminal shows the output sees nothing invisible or harmful (`list --json`).
    public static func escapingInvisibles(inJSON json: String) -> String {
        guard json.unicodeScalars.contains(where: needsJSONEscape) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard needsJSONEscape(scalar) else {
                result.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            }
        }
        return String(result)
    }

    /// Whether a scalar inside a JSON string must be written as `\uXXXX` for a terminal's sake.
    public static func needsJSONEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
        default:
            let properties = scalar.properties
            return properties.isDefaultIgnorableCodePoint || properties.generalCategory == .format
                || properties.generalCategory == .privateUse || properties.generalCategory == .unassigned
        }
    }
}
