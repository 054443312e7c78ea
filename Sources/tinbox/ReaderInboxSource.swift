import Foundation
import InboxCore
import InboxStore
import InboxSync
import TerminalUI

/// The reader's data source over the SQLite inbox: pages, counts and single-message changes.
final class ReaderInboxSource: ReaderDataSource {
    typealias Refresh = () throws -> [(producer: String, outcome: RefreshOutcome)]

    let inbox: Inbox
    /// The manual refresh; a closure so the HTTP producers can replace the file refresher.
    let refreshAction: Refresh
    let browser: ReaderBrowser

    init(inbox: Inbox, refresh: @escaping Refresh, browser: ReaderBrowser) {
        self.inbox = inbox
        refreshAction = refresh
        self.browser = browser
    }

    var now: Date { inbox.clock.now }

    func counts() throws -> [StateFilter: Int] { try inbox.tabCounts() }

    func page(_ query: ListQuery, offset: Int, limit: Int) throws -> [InboxEntry] {
        try inbox.listPage(query.filter, titleContaining: query.search, offset: offset, limit: limit)
    }

    func total(_ query: ListQuery) throws -> Int {
        try inbox.count(query.filter, titleContaining: query.search)
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

    func refresh() -> (notice: String, sync: String) {
        do {
            let results = try refreshAction()
            let notice = results.map { $0.outcome.line(producer: $0.producer) }.joined(separator: "; ")
            let failed = results.contains { !$0.outcome.succeeded }
            let refused = results.contains { if case .refused = $0.outcome { return true } else { return false } }
            let sync = refused ? "refresh refused" : failed ? "refresh failed" : "synced \(Self.clock(now))"
            return (TerminalText.sanitize(notice), sync)
        } catch {
            return (TerminalText.sanitize("refresh failed: \(error)"), "refresh failed")
        }
    }

    func openInBrowser(_ url: String) -> Bool {
        browser.open(url)
    }

    /// "14:05" in local time.
    static func clock(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
