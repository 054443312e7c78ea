/// The greedy line filler behind `TerminalText.wrap`; see there for the rules.
struct WordWrapper {
    let limit: Int
    private(set) var lines: [String] = []
    private var line = ""
    private var lineWidth = 0

    init(limit: Int) {
        precondition(limit > 0, "a line must hold at least one cell")
        self.limit = limit
    }

    /// Wraps one paragraph (text between line breaks) into whole lines.
    mutating func addParagraph(_ paragraph: Substring) {
        var spaces = 0
        var rest = paragraph[...]
        while let first = rest.first {
            if first == " " {
                spaces += 1
                rest = rest.dropFirst()
                continue
            }
            let wordEnd = rest.firstIndex(of: " ") ?? rest.endIndex
            addWord(rest[..<wordEnd], after: spaces)
            spaces = 0
            rest = rest[wordEnd...]
        }
        flush()
    }

    /// Places a word and the spaces before it on the current line, or starts a new line when it
    /// does not fit; the spaces at a break are dropped.
    private mutating func addWord(_ word: Substring, after spaces: Int) {
        let wordWidth = TerminalText.width(of: word.unicodeScalars)
        if lineWidth + spaces + wordWidth <= limit {
            append(String(repeating: " ", count: spaces)[...], width: spaces)
            append(word, width: wordWidth)
            return
        }
        if !line.isEmpty {
            flush()
        }
        if wordWidth <= limit {
            append(word, width: wordWidth)
        } else {
            hardBreak(word)
        }
    }

    /// Breaks a word wider than a line at grapheme boundaries.
    private mutating func hardBreak(_ word: Substring) {
        for cluster in DisplayClusters(word) {
            var piece = cluster.text
            var pieceWidth = cluster.width
            if pieceWidth > limit {
                piece = TerminalText.truncate(String(piece), toWidth: limit)[...]
                pieceWidth = TerminalText.width(of: piece.unicodeScalars)
            }
            if lineWidth + pieceWidth > limit {
                flush()
            }
            append(piece, width: pieceWidth)
        }
    }

    private mutating func append(_ text: Substring, width: Int) {
        line += text
        lineWidth += width
    }

    private mutating func flush() {
        lines.append(line)
        line = ""
        lineWidth = 0
    }
}
