/// The only URLs tinbox hands to a browser or wraps in an OSC 8 link: plain http(s) with a
/// host, printable ASCII without spaces, quotes or brackets, at most 2,048 characters. Anything
/// else (an ESC, a BEL, `javascript:`, a `file:` URL) is refused whole, never cleaned up.
public enum SafeLink {
    public static func validated(_ text: String) -> String? {
        guard text.utf8.count <= 2_048 else { return nil }
        let lower = text.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            rest = text.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            rest = text.dropFirst(7)
        } else {
            return nil
        }
        for byte in text.utf8 {
            guard byte > 0x20, byte < 0x7F else { return nil }
            if "\"<>\\^`{|}'".utf8.contains(byte) { return nil }
        }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let name = host.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        guard !name.isEmpty, name.first != ":" else { return nil }
        return text
    }
}
