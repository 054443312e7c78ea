extension TerminalText {
    /// Rewrites every scalar a terminal would act on or hide (C0, DEL, C1, line separators, bidi
    /// and other format or default-ignorable characters) as a `\uXXXX` escape.
    ///
    /// `JSONWriter`'s `Invisibles.escaped` applied to JSON already written (the engine's lines,
    /// which keep them). Only valid on JSON text: such scalars can stand only inside strings,
    /// where the escape decodes to the very same scalar, so a JSON reader sees unchanged data while a person
    /// whose terminal shows the output sees nothing invisible or harmful (`list --json`).
    public static func escapingInvisibles(inJSON json: String) -> String {
        guard json.unicodeScalars.contains(where: needsJSONEscape) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard needsJSONEscape(scalar) else {
                result.append(scalar)
                continue
            }
            var escape: [UInt8] = []
            for unit in String(scalar).utf16 { JSONWriter.appendEscape(unit, to: &escape) }
            result.append(contentsOf: String(decoding: escape, as: UTF8.self).unicodeScalars)
        }
        return String(result)
    }

    /// Whether a scalar inside a JSON string must be written as `\uXXXX` for a terminal's sake:
    /// `JSONWriter.isControl`'s scalars, and those a terminal would hide.
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
