extension TerminalText {
    /// Makes untrusted text safe to draw: no control reaches the terminal, nothing invisible
    /// hides or reorders text, and every scalar left has a width `wcwidth` agrees on.
    ///
    /// The rules, applied to each scalar in one pass (O(n), no look-back, cannot loop):
    /// - C0 controls and DEL become their Unicode control picture (ESC -> "␛", BEL -> "␇",
    ///   DEL -> "␡"), so an escape sequence shows up as harmless text that a person can report.
    ///   C1 controls (U+0080-U+009F) have no pictures and become U+FFFD.
    /// - TAB becomes one space. CR, LF, CRLF, U+2028 and U+2029 become one "\n" when
    ///   `keepingNewlines`, one space otherwise; a bare CR never returns the cursor.
    /// - Format characters (category Cf: bidi embeddings, overrides, isolates and marks, ZWJ,
    ///   ZWSP, soft hyphen, BOM, tags, ...), variation selectors and other default-ignorable
    ///   scalars are removed: they draw as nothing, terminals disagree about their width, and
    ///   bidi controls can make a title read differently from what it says.
    /// - Private-use, unassigned and noncharacter scalars, and any scalar this C library's
    ///   `wcwidth` cannot measure (it may know an older Unicode than Swift), become U+FFFD.
    /// - Emoji whose width terminals disagree on are drawn in a form they agree on (TERMINAL §4):
    ///   a skin-tone modifier after its emoji is removed (👋🏽 -> 👋), a keycap is its digit
    ///   (1️⃣ -> 1), a flag is its two letters (🇯🇵 -> JP). ZWJ and VS16 go with the format
    ///   characters above, so a ZWJ sequence is its emoji side by side.
    /// - Combining marks that overlay or strike through their letter (U+0334-U+0338, U+20D2,
    ///   U+20D3, U+20E5, U+20EB) are removed, like the other marks that can hide text.
    /// - At most four combining scalars (marks, emoji modifiers, other zero-width extenders) stay
    ///   on one base, so a "Zalgo" flood cannot smear over other lines. A combining scalar with no
    ///   base (at the start, after a line break, after a replaced or removed character) is
    ///   dropped; removing a variation selector does not orphan the marks after it.
    ///
    /// - Parameter keepingNewlines: keep line breaks for the detail view (`wrap` splits there);
    ///   list rows and titles pass false so a row stays one row.
    public static func sanitize(_ text: String, keepingNewlines: Bool = false) -> String {
        var sanitizer = TextSanitizer(keepingNewlines: keepingNewlines, expectedScalars: text.utf8.count)
        for scalar in text.unicodeScalars {
            sanitizer.consume(scalar)
        }
        return sanitizer.result
    }

    /// Sanitizes raw bytes from the network: invalid, overlong and surrogate UTF-8 decode as
    /// U+FFFD (one per maximal invalid subsequence), then `sanitize(_:keepingNewlines:)` applies.
    ///
    /// A lone 0x80-0x9F byte is invalid UTF-8, so an 8-bit C1 control (such as 0x9B, CSI) arrives
    /// as U+FFFD and never as a control.
    public static func sanitize(bytes: [UInt8], keepingNewlines: Bool = false) -> String {
        sanitize(String(decoding: bytes, as: UTF8.self), keepingNewlines: keepingNewlines)
    }
}
