import Foundation

extension String {
    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, or with `newlines` false
    /// `trimmingCharacters(in: .whitespaces)`: the same text, but when both ends are ASCII
    /// characters that are not blanks (nearly every vendor value) nothing can be trimmed, and
    /// Foundation (which makes the character set and goes through NSString here, a quarter of
    /// `tinbox convert` of a Gameball sync) is not asked.
    public func trimmingBlanks(newlines: Bool = true) -> String {
        guard let first = utf8.first, let last = utf8.last else { return self }
        if Self.isPlainASCII(first) && Self.isPlainASCII(last) { return self }
        return trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
    }

    /// An ASCII byte neither set holds: not a control from tab to carriage return, not a space.
    private static func isPlainASCII(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != 0x20 && !(0x09...0x0D).contains(byte)
    }
}
