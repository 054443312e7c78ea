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

    /// Reads go to `base`; nothing reaches its changes.
    public init(_ base: ReaderDataSource) {
        self.base = base
    }

    /// The clock of the source beneath.
    public var now: Date { base.now }
    /// The tab counts, as stored.
    public func counts() throws -> [StateFilter: Int] { try base.counts() }
    /// A page of rows, as stored.
    public func page(_ query: ListQuery, offset: Int, limit: Int) throws -> [InboxEntry] {
        try base.page(query, offset: offset, limit: limit)
    }
    /// A search's size, as stored.
    public func total(_ query: ListQuery, upTo limit: Int) throws -> (count: Int, isExact: Bool) {
        try base.total(query, upTo: limit)
    }
    /// The next window edge (A.2), as stored.
    public func nextWindowChange(after date: Date) throws -> Date? { try base.nextWindowChange(after: date) }
    /// Where a message stands in a list, as stored.
    public func position(of key: MessageKey, in query: ListQuery) throws -> Int? {
        try base.position(of: key, in: query)
    }
    /// The message a `navigate` route names, as stored.
    public func entry(named name: String) throws -> InboxEntry? { try base.entry(named: name) }

    /// Opening a message records no `OP` and marks nothing read.
    public func open(_ key: MessageKey) throws {}
    /// Refused: the line says so and nothing changes.
    public func mark(_ state: MessageState, _ key: MessageKey) throws -> String { Self.refusal }
    /// Refused: the line says so and nothing changes.
    public func markAll(_ state: MessageState) throws -> String { Self.refusal }
    /// A button records no `CL`.
    public func tap(_ key: MessageKey, buttonId: String?) throws {}
    /// No `IM` is recorded.
    public func recordImpressions(_ keys: [MessageKey]) throws {}

    /// Refused at once, one report, without claiming the one-a-minute slot (A.6).
    public func startRefresh(_ report: @escaping @Sendable (RefreshResult) -> Void) -> Int {
        report(RefreshResult(producer: "replay", kind: .failed, line: "No refresh in a replay: the inbox is read-only"))
        return 1
    }

    /// Nothing queued is sent.
    public func flushQueues() {}
    /// Nothing to send on quit.
    public func finish() {}
    /// Nothing leaves the machine during a replay: a button's link is shown, not opened.
    public func openInBrowser(_ url: String) -> Bool { false }
}
