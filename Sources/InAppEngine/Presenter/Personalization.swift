/// `{placeholder}` substitution in message text (B.12).
///
/// A placeholder is `{` + one or more letters, digits, `_`, `-` or `.` + `}`. Values are inserted
/// as they are and never scanned again, so a value cannot inject another placeholder.
public enum Personalization {
    public static func containsPlaceholder(_ text: String) -> Bool {
        var found = false
        scan(text) { _ in
            found = true
            return nil
        }
        return found
    }

    /// Replaces each known placeholder by its value and removes every unresolved one.
    public static func resolve(_ text: String, values: [String: String]) -> String {
        scan(text) { name in values[name] ?? "" }
    }

    @discardableResult
    private static func scan(_ text: String, replacement: (String) -> String?) -> String {
        var output = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            output += rest[..<open]
            let afterOpen = rest.index(after: open)
            var end = afterOpen
            while end < rest.endIndex, isNameCharacter(rest[end]) { end = rest.index(after: end) }
            if end > afterOpen, end < rest.endIndex, rest[end] == "}" {
                let name = String(rest[afterOpen..<end])
                output += replacement(name) ?? String(rest[open...end])
                rest = rest[rest.index(after: end)...]
            } else {
                output += "{"
                rest = rest[afterOpen...]
            }
        }
        return output + rest
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII
            && (character.isLetter || character.isNumber || character == "_" || character == "-"
                || character == ".")
    }
}
