import Foundation
import InboxCore

/// The inbox as `tinbox replay` shows it (issue 13, point 2): browsed, never changed. Reads go
/// to the source beneath; marks, opens, taps and impressions record nothing (no `IM`/`CL`/
/// `OP`/`DT`), a refresh is refused without claiming the one-a-minute slot, and no queue is
/// sent, so a replay leaves the next real session exactly as it found it.
public final class ReadOnlyDataSource: ReaderDataSource {
    private let base: ReaderDataSource
    /// The status line's answer to a change.
    public static let refusal = "Not changed: a replay opens the inbox read-only"

    public init(_ base: ReaderDataSource) {
        self.base = base
    }

    public var now: Date { base.now }
    public func counts() throws -> [StateFilter: Int] { try base.counts() }
    public func page(_ query: ListQuery, offset: Int, limit: Int) throws -> [InboxEntry] {
        try base.page(query, offset: offset, limit: limit)
    }
    public func total(_ query: ListQuery, upTo limit: Int) throws -> (count: Int, isExact: Bool) {
        try base.total(query, upTo: limit)
    }
    public func nextWindowChange(after date: Date) throws -> Date? { try base.nextWindowChange(after: date) }
    public func position(of key: MessageKey, in query: ListQuery) throws -> Int? {
        try base.position(of: key, in: query)
    }
    public func entry(named name: String) throws -> InboxEntry? { try base.entry(named: name) }

    public func open(_ key: MessageKey) throws {}
    public func mark(_ state: MessageState, _ key: MessageKey) throws -> String { Self.refusal }
    public func markAll(_ state: MessageState) throws -> String { Self.refusal }
    public func tap(_ key: MessageKey, buttonId: String?) throws {}
    public func recordImpressions(_ keys: [MessageKey]) throws {}

    public func startRefresh(_ report: @escaping @Sendable (RefreshResult) -> Void) -> Int {
        report(RefreshResult(producer: "replay", kind: .failed, line: "No refresh in a replay: the inbox is read-only"))
        return 1
    }

    public func flushQueues() {}
    public func finish() {}
    /// Nothing leaves the machine during a replay: a button's link is shown, not opened.
    public func openInBrowser(_ url: String) -> Bool { false }
}
