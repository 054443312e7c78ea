import Foundation
import InboxCore
import InboxStore
import InboxSync
import TerminalUI

/// The reader's data source over the SQLite inbox: pages, counts and single-message changes on
/// the reader's thread; refreshes and queue flushes on the `SyncWorker`'s thread, with its own
/// connection, so the screen never waits on the network.
final class ReaderInboxSource: ReaderDataSource {
    let inbox: Inbox
    let worker: SyncWorker
    let browser: ReaderBrowser
    /// The detail view's pictures; nil shows each as unavailable.
    var pictures: DetailPictures?
    /// How long quitting may wait for queued statuses and events to go out; what does not go
    /// stays queued for the next run.
    static let quitFlushSeconds = 3.0

    init(inbox: Inbox, worker: SyncWorker, browser: ReaderBrowser) {
        self.inbox = inbox
        self.worker = worker
        self.browser = browser
    }

    var now: Date { inbox.clock.now }

    func loadImage(url: String, room: Size, done: @escaping @Sendable (DetailImage) -> Void) {
        guard let pictures else { return done(.unavailable) }
        // An unreadable cache entry is a miss: the picture is fetched again.
        pictures.load(url: url, room: room, cached: (try? inbox.image(url: url)) ?? nil, done: done)
    }

    func counts() throws -> [StateFilter: Int] { try inbox.tabCounts() }

    func page(_ query: ListQuery, offset: Int, limit: Int) throws -> [InboxEntry] {
        try inbox.listPage(query.filter, titleContaining: query.search, offset: offset, limit: limit)
    }

    func total(_ query: ListQuery, upTo limit: Int) throws -> (count: Int, isExact: Bool) {
        let count = try inbox.count(query.filter, titleContaining: query.search, upTo: limit)
        return (count.value, count.isExact)
    }

    func open(_ key: MessageKey) throws {
        try inbox.open(key)
    }

    func mark(_ state: MessageState, _ key: MessageKey) throws -> String {
        switch try inbox.mark(state, key) {
        case .changed(to: .deleted): return "Deleted"
        case .changed: return "Marked read"
        case .unchanged: return state == .read ? "Already read" : "Unchanged"
        case .refused(let refusal): return TerminalText.sanitize("Not changed: \(refusal)")
        }
    }

    func markAll(_ state: MessageState) throws -> String {
        switch try inbox.markAll(state) {
        case .changed(to: .deleted): return "Deleted every message"
        case .changed, .unchanged: return "Marked every message read"
        case .refused(let refusal): return TerminalText.sanitize("Not changed: \(refusal)")
        }
    }

    func tap(_ key: MessageKey, buttonId: String?) throws {
        try inbox.tap(key, buttonId: buttonId)
    }

    func recordImpressions(_ keys: [MessageKey]) throws {
        try inbox.recordImpressions(keys)
    }

    /// The gate (disabled, one a minute) is decided here on the reader's connection; the fetch
    /// runs on the worker, which reports each producer after its messages are stored.
    func startRefresh(_ report: @escaping @Sendable (RefreshResult) -> Void) -> Int {
        let expected = worker.producers.count
        worker.refresh(claimingWith: inbox) { producer, outcome in report(Self.result(producer, outcome)) }
        return expected
    }

    func flushQueues() {
        worker.flushQueues { _ in }
    }

    func finish() {
        worker.cancelRefresh()
        _ = worker.flushQueuesAndWait(timeout: Self.quitFlushSeconds)
    }

    func nextWindowChange(after date: Date) throws -> Date? {
        try inbox.nextWindowChange(after: date)
    }

    func entry(named name: String) throws -> InboxEntry? {
        guard case .success(let key) = try inbox.resolve(name) else { return nil }
        return try inbox.entry(key)
    }

    func position(of key: MessageKey, in query: ListQuery) throws -> Int? {
        try inbox.listPosition(of: key, query.filter, titleContaining: query.search)
    }

    func openInBrowser(_ url: String) -> Bool {
        browser.open(url)
    }

    static func result(_ producer: String, _ outcome: RefreshOutcome) -> RefreshResult {
        let line = TerminalText.sanitize(outcome.line(producer: producer))
        switch outcome {
        case .ok, .notOperational: return RefreshResult(producer: producer, kind: .ok, line: line)
        case .failed: return RefreshResult(producer: producer, kind: .failed, line: line)
        case .refused(let seconds):
            return RefreshResult(producer: producer, kind: .refused(nextIn: seconds), line: line)
        }
    }
}
