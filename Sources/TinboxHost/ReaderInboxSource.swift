import Foundation
import InboxCore
import TerminalUI
import TinboxKitCore

/// The reader's data source as a host of TinboxKit: pages, counts and single-message changes
/// through `InboxFeatureApi`'s list reads on the reader's thread (its one connection, the rows as
/// the store reads them); refreshes and queue flushes on the kit's worker, with its own
/// connection, so the screen never waits on the network.
final class ReaderInboxSource: ReaderDataSource {
    let inbox: InboxFeatureApi
    let clock: any TinboxClock
    /// How many producers a refresh reports (none configured: a refresh reports nothing).
    let producers: Int
    let browser: ReaderBrowser
    /// The detail view's pictures; nil shows each as unavailable.
    var pictures: DetailPictures?
    /// How long quitting may wait for queued statuses and events to go out; what does not go
    /// stays queued for the next run.
    static let quitFlushSeconds = 3.0

    init(inbox: InboxFeatureApi, clock: any TinboxClock, producers: Int, browser: ReaderBrowser) {
        self.inbox = inbox
        self.clock = clock
        self.producers = producers
        self.browser = browser
    }

    var now: Date { clock.now }

    func loadImage(url: String, room: Size, done: @escaping @Sendable (DetailImage) -> Void) {
        guard let pictures else { return done(.unavailable) }
        pictures.load(url: url, room: room, done: done)
    }

    func counts() throws -> [StateFilter: Int] {
        var counts: [StateFilter: Int] = [:]
        for (filter, count) in try inbox.getMessageCounts() { counts[filter.storeFilter] = count }
        return counts
    }

    func page(_ query: ListQuery, offset: Int, limit: Int) throws -> [InboxEntry] {
        try inbox.getListPage(
            InboxMessageFilter(query.filter), titleContaining: query.search, offset: offset, limit: limit)
    }

    func total(_ query: ListQuery, upTo limit: Int) throws -> (count: Int, isExact: Bool) {
        let count = try inbox.getListCount(InboxMessageFilter(query.filter), titleContaining: query.search, upTo: limit)
        return (count.count, count.isExact)
    }

    func open(_ key: MessageKey) throws {
        try inbox.openMessage(key)
    }

    func mark(_ state: MessageState, _ key: MessageKey) throws -> String {
        let target: InboxMarkTarget = state == .deleted ? .deleted : .read
        switch try inbox.markMessage(key, as: target) {
        case .changed: return target == .deleted ? "Deleted" : "Marked read"
        case .unchanged: return state == .read ? "Already read" : "Already deleted"
        case .refused(let refusal): return TerminalText.sanitize("Not changed: \(refusal.reason)")
        }
    }

    func markAll(_ state: MessageState) throws -> String {
        let target: InboxMarkTarget = state == .deleted ? .deleted : .read
        if let refusal = try inbox.markAllMessages(as: target) {
            return TerminalText.sanitize("Not changed: \(refusal.reason)")
        }
        return target == .deleted ? "Deleted every message" : "Marked every message read"
    }

    func tap(_ key: MessageKey, buttonId: String?) throws {
        try inbox.tapMessage(key, buttonId: buttonId)
    }

    func recordImpressions(_ keys: [MessageKey]) throws {
        try inbox.recordImpressions(keys)
    }

    /// The gate (disabled, one a minute) is decided by the kit on the calling thread; the fetch
    /// runs on its worker, which reports each producer after its messages are stored.
    func startRefresh(_ report: @escaping @Sendable (RefreshResult) -> Void) -> Int {
        inbox.refreshMessages(reporting: { report(Self.result($0)) })
        return producers
    }

    func flushQueues() {
        inbox.flushQueues()
    }

    func finish() {
        _ = inbox.flushQueuesBeforeQuit(timeout: Self.quitFlushSeconds)
    }

    func nextWindowChange(after date: Date) throws -> Date? {
        try inbox.nextWindowChange(after: date)
    }

    func entry(named name: String) throws -> InboxEntry? {
        try inbox.getListEntry(named: name)
    }

    func position(of key: MessageKey, in query: ListQuery) throws -> Int? {
        try inbox.getListPosition(of: key, in: InboxMessageFilter(query.filter), titleContaining: query.search)
    }

    func openInBrowser(_ url: String) -> Bool {
        browser.open(url)
    }

    static func result(_ report: InboxRefreshReport) -> RefreshResult {
        let line = TerminalText.sanitize(report.description)
        switch report.outcome {
        case .stored(let count, let skipped):
            // The status line's short form: "messages" goes, the counts stay.
            let brief =
                TerminalText.sanitize(report.producer) + " ok \(count)" + (skipped > 0 ? ", \(skipped) skipped" : "")
            return RefreshResult(producer: report.producer, kind: .ok, line: line, brief: brief)
        case .notOperational:
            let brief = TerminalText.sanitize(report.producer) + " ok 0 (not operational)"
            return RefreshResult(producer: report.producer, kind: .ok, line: line, brief: brief)
        case .failed: return RefreshResult(producer: report.producer, kind: .failed, line: line)
        case .disabled: return RefreshResult(producer: report.producer, kind: .disabled, line: line)
        case .refused(let seconds):
            return RefreshResult(producer: report.producer, kind: .refused(nextIn: seconds), line: line)
        }
    }
}
