import Foundation
import InboxCore

/// What the reader needs from the inbox. tinbox implements it over the SQLite store; tests use
/// an in-memory one. Every call reads or changes a page or one message, never the whole inbox.
public protocol ReaderDataSource: AnyObject {
    var now: Date { get }
    func counts() throws -> [StateFilter: Int]
    func page(_ query: ListQuery, offset: Int, limit: Int) throws -> [InboxEntry]
    /// The size of a searched list (tabs use `counts`), counted up to `limit`: past it, a lower
    /// bound with `isExact` false (a text in most titles would cost a pass over the inbox).
    func total(_ query: ListQuery, upTo limit: Int) throws -> (count: Int, isExact: Bool)
    func open(_ key: MessageKey) throws
    /// Marks one message; returns the line for the status bar.
    func mark(_ state: MessageState, _ key: MessageKey) throws -> String
    func markAll(_ state: MessageState) throws -> String
    func tap(_ key: MessageKey, buttonId: String?) throws
    func recordImpressions(_ keys: [MessageKey]) throws
    /// Starts one manual refresh (BEHAVIOR A.6) without waiting for it; `report` runs once per
    /// producer, on any thread (a refused refresh: before this returns). Returns how many
    /// producers will report.
    func startRefresh(_ report: @escaping @Sendable (RefreshResult) -> Void) -> Int
    /// Sends queued statuses and events without waiting (every 30 s while the reader runs).
    func flushQueues()
    /// Sends queued statuses and events on quit, waiting a bounded time.
    func finish()
    /// BEHAVIOR A.2: the next instant after `date` at which a message starts or ends.
    func nextWindowChange(after date: Date) throws -> Date?
    /// Where `key` stands in `query`'s list now; nil when it is not in it.
    func position(of key: MessageKey, in query: ListQuery) throws -> Int?
    /// Opens a validated URL in a browser; false when there is none to open it with.
    func openInBrowser(_ url: String) -> Bool
    /// The message a `navigate` route names: `id`, or `producer/id` (nil: none, or ambiguous).
    func entry(named name: String) throws -> InboxEntry?
    /// Starts getting the detail view's picture of `url` for `room` cells; `done` runs once, on
    /// any thread, with the picture or `unavailable` (DetailImage).
    func loadImage(url: String, room: Size, done: @escaping @Sendable (DetailImage) -> Void)
}

extension ReaderDataSource {
    /// A source without pictures: every picture is unavailable.
    public func loadImage(url: String, room: Size, done: @escaping @Sendable (DetailImage) -> Void) {
        done(.unavailable)
    }
}
