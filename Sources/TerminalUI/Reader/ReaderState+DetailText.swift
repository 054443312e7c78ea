import Foundation
import InboxCore

/// The open message's text as it was last wrapped, with what it was wrapped from: a key's
/// scroll limit, the draw and the picture's place then share one wrap per change of the message,
/// the width, the clock or the picture, instead of wrapping it again for each of them.
///
/// It is a memo of other fields of the state, so it never makes two states differ (`==`).
struct DetailTextMemo: Equatable, Sendable {
    /// What the text depends on.
    struct Source: Equatable, Sendable {
        var entry: InboxEntry
        var width: Int
        var now: Date
        var image: DetailImage?
    }

    var source: Source?
    var text = ReaderLayout.DetailText(lines: [], headCount: 0)

    static func == (_: DetailTextMemo, _: DetailTextMemo) -> Bool { true }
}

extension ReaderState {
    /// What the open message's text is wrapped from on this screen.
    private func detailTextSource(_ detail: Detail) -> DetailTextMemo.Source {
        DetailTextMemo.Source(entry: detail.entry, width: size.columns, now: now, image: detailImage)
    }

    /// The open message's text: the memo's when it was wrapped from the same, else wrapped now.
    func detailText(_ detail: Detail) -> ReaderLayout.DetailText {
        let source = detailTextSource(detail)
        if detailTextMemo.source == source { return detailTextMemo.text }
        return ReaderLayout.detailText(source.entry, width: source.width, now: source.now, image: source.image)
    }

    /// The open message's text, kept in the memo for the draw and the keys that follow.
    mutating func wrapDetailText(_ detail: Detail) -> ReaderLayout.DetailText {
        let source = detailTextSource(detail)
        if detailTextMemo.source != source {
            detailTextMemo = DetailTextMemo(
                source: source,
                text: ReaderLayout.detailText(source.entry, width: source.width, now: source.now, image: source.image))
        }
        return detailTextMemo.text
    }
}
