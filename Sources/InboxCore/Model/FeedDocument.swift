import Foundation

/// A decoded `GET messages` document (PROTOCOL 1.2): the usable messages and how many were
/// skipped for lacking `id`, `data.title` or `data.receiveDateUTC`.
public struct FeedDocument: Equatable, Sendable {
    public var messages: [InboxMessage]
    public var skipped: Int

    public init(messages: [InboxMessage], skipped: Int) {
        self.messages = messages
        self.skipped = skipped
    }
}

/// Why a feed could not be read at all (as opposed to single messages being skipped).
public enum FeedError: Error, Equatable, CustomStringConvertible {
    case malformed(source: String, location: JSONLocation)
    case wrongShape(source: String, reason: String)
    /// A campaign document (`tinbox sync`, `gameball`) where an inbox feed belongs.
    case campaignDocument(source: String, format: String)
    /// A file of no format VENDORS.md §5 recognises: `found` says what it holds.
    case unrecognised(source: String, found: String)

    public var description: String {
        switch self {
        case .malformed(let source, let location):
            return "\(source):\(location.line):\(location.column): not valid JSON: \(location.problem)"
        case .wrongShape(let source, let reason):
            return "\(source): not an inbox feed: \(reason)"
        case .campaignDocument(let source, let format):
            return
                "\(source): not an inbox feed: it is a \(format) document of in-app campaigns (give it to --campaigns)"
        case .unrecognised(let source, let found):
            return "\(source): not a tinbox, dengage, sfmc or gameball document (\(found))"
        }
    }
}

extension FeedDocument {
    /// Decodes a whole feed held in memory (an HTTP page) with the streaming decoder. Unknown
    /// fields are ignored. `dateShift` moves every date (used to keep the shipped demo data
    /// current; 0 for everything else). `items`: only the document's first items count, usable
    /// or not (a server that sends more than the page's `limit` is cut to it, PROTOCOL 1.2).
    public init(
        data: Data, producer: String, source: String, format: InboxFormat? = .tinbox, firstSeen: Date = Date(),
        dateShift: TimeInterval = 0, items: Int = .max
    ) throws {
        let collected = CollectedMessages(items: items)
        let decoder = FeedDecoder(
            producer: producer, source: source, format: format, firstSeen: firstSeen, dateShift: dateShift,
            sink: collected)
        try decoder.feed(data)
        _ = try decoder.finish()
        self.init(messages: collected.messages, skipped: collected.unusable)
    }
}

/// The first `items` items of one document, in order: the usable messages, and how many were not.
/// An item past them counts neither way: a server that sent more than asked, with an unusable
/// item at the end, cost a usable one of the page.
private final class CollectedMessages: FeedSink {
    let items: Int
    var messages: [InboxMessage] = []
    var unusable = 0
    private var seen = 0

    init(items: Int) { self.items = items }

    func accept(_ message: InboxMessage) {
        if seen < items { messages.append(message) }
        seen += 1
    }

    func skipped(path: String, reason: String) {
        if seen < items { unusable += 1 }
        seen += 1
    }

    func discardAccepted() {
        messages.removeAll()
        unusable = 0
        seen = 0
    }
}
