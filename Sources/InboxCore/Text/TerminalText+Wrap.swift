extension TerminalText {
    /// Word-wraps sanitized text for the detail view: one entry per screen line, none wider than
    /// `width` cells.
    ///
    /// Lines break at "\n" and at spaces; the spaces at a break are dropped, spaces inside a
    /// line and a paragraph's indentation are kept. A word wider than the line is hard-broken at
    /// grapheme boundaries, which also wraps CJK text that has no spaces. A single grapheme wider
    /// than the whole line (a wide character at width 1) is shown as "…" rather than overflow.
    /// - Parameter width: cells per line; values below 1 are treated as 1.
    public static func wrap(_ text: String, width: Int) -> [String] {
        var wrapper = WordWrapper(limit: max(1, width))
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            wrapper.addParagraph(paragraph)
        }
        return wrapper.lines
    }
}
