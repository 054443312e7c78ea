/// The grapheme clusters of a string with their display widths, walked once.
///
/// Layout code needs both the cluster (to never split one) and its width; iterating indices and
/// then subscripting would find every grapheme boundary twice.
struct DisplayClusters: Sequence, IteratorProtocol {
    /// One grapheme cluster of the text and the cells it fills.
    struct Cluster {
        var text: Substring
        var width: Int
    }

    private let text: Substring
    private var index: String.Index

    init(_ text: Substring) {
        self.text = text
        index = text.startIndex
    }

    mutating func next() -> Cluster? {
        guard index < text.endIndex else { return nil }
        let end = text.index(after: index)
        let cluster = text[index..<end]
        index = end
        return Cluster(text: cluster, width: TerminalText.width(of: cluster.unicodeScalars))
    }
}
