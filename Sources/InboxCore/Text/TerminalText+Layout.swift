extension TerminalText {
    /// Marks that text was cut; U+2026 is one cell wide in every UTF-8 `wcwidth`.
    public static let ellipsis = "\u{2026}"

    /// The longest prefix of whole grapheme clusters that fits in `limit` cells, followed by "…"
    /// when anything was cut.
    ///
    /// A grapheme is never split (an accent never leaves its letter, a flag never halves), and a
    /// wide character that would straddle the edge is left out, so the result may be one cell
    /// narrower than `limit`; `fit` pads it back.
    public static func truncate(_ text: String, toWidth limit: Int) -> String {
        guard limit > 0 else { return "" }
        let budget = limit - width(ellipsis)
        var used = 0
        var prefixEnd = text.startIndex
        for cluster in DisplayClusters(text[...]) {
            used += cluster.width
            if used > limit {
                return String(text[..<prefixEnd]) + ellipsis
            }
            if used <= budget {
                prefixEnd = cluster.text.endIndex
            }
        }
        return text
    }

    /// `text` truncated and padded with spaces on the right to exactly `columns` cells, so list
    /// columns line up whatever the title holds.
    public static func fit(_ text: String, width columns: Int) -> String {
        guard columns > 0 else { return "" }
        let cut = truncate(text, toWidth: columns)
        return cut + String(repeating: " ", count: columns - width(cut))
    }

    /// Like `fit`, but padded on the left: right-to-left titles read from the right edge.
    public static func fitRight(_ text: String, width columns: Int) -> String {
        guard columns > 0 else { return "" }
        let cut = truncate(text, toWidth: columns)
        return String(repeating: " ", count: columns - width(cut)) + cut
    }
}
