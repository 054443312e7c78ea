import Foundation
import InboxCore
import TerminalUI

/// An inbox in memory for reader tests: pages, counts and marks with the rules of BEHAVIOR §A
/// that the reader relies on, and a log of every call so tests can check what was read.
final class MemorySource: ReaderDataSource {
    var entries: [InboxEntry]
    let clock: ManualClock
    var now: Date { clock.now }
    var pageCalls: [(ListQuery, Int, Int)] = []
    var impressions: [[MessageKey]] = []
    var opened: [MessageKey] = []
    var taps: [(MessageKey, String?)] = []
    var browserAvailable = false
    var browsed: [String] = []

    /// The refresh: `reports` answer at once (a refused refresh does); with none, the test
    /// answers later through `pendingReport`, as the worker thread would.
    var refreshProducers = 2
    var refreshReports: [RefreshResult] = []
    var pendingReport: (@Sendable (RefreshResult) -> Void)?
    /// Screens drawn when each refresh started.
    var refreshStartedAfterScreens: [Int] = []
    var screensDrawn: () -> Int = { 0 }
    var flushes = 0
    var finishes = 0

    init(entries: [InboxEntry], now: Date = Fixtures.now) {
        self.entries = entries
        clock = ManualClock(now: now)
    }

    private func isActive(_ entry: InboxEntry) -> Bool {
        (entry.message.start ?? .distantPast) <= now && now < (entry.message.end ?? .distantFuture)
    }

    private func matching(_ query: ListQuery) -> [InboxEntry] {
        entries.filter { entry in
            guard isActive(entry) else { return false }
            let inTab: Bool
            switch query.filter {
            case .all: inTab = entry.state != .deleted
            case .unread: inTab = entry.state == .unread
            case .read: inTab = entry.state == .read
            case .deleted: inTab = entry.state == .deleted
            }
            return inTab && (query.search.isEmpty || entry.message.title.localizedCaseInsensitiveContains(query.search))
        }
    }

    func counts() throws -> [StateFilter: Int] {
        var result: [StateFilter: Int] = [:]
        for filter in StateFilter.allCases { result[filter] = matching(ListQuery(filter: filter)).count }
        return result
    }

    func page(_ query: ListQuery, offset: Int, limit: Int) throws -> [InboxEntry] {
        pageCalls.append((query, offset, limit))
        return Array(matching(query).dropFirst(offset).prefix(limit))
    }

    func total(_ query: ListQuery, upTo limit: Int) throws -> (count: Int, isExact: Bool) {
        let count = matching(query).count
        return count > limit ? (limit, false) : (count, true)
    }

    private func set(_ key: MessageKey, _ state: MessageState) {
        guard let index = entries.firstIndex(where: { $0.key == key }), entries[index].state != .deleted else { return }
        entries[index].state = state
    }

    func open(_ key: MessageKey) throws {
        opened.append(key)
        set(key, .read)
    }

    func mark(_ state: MessageState, _ key: MessageKey) throws -> String {
        set(key, state)
        return state == .deleted ? "Deleted" : "Marked read"
    }

    func markAll(_ state: MessageState) throws -> String {
        for entry in entries { set(entry.key, state) }
        return "Done"
    }

    func tap(_ key: MessageKey, buttonId: String?) throws {
        taps.append((key, buttonId))
        set(key, .read)
    }

    func recordImpressions(_ keys: [MessageKey]) throws { impressions.append(keys) }

    func startRefresh(_ report: @escaping @Sendable (RefreshResult) -> Void) -> Int {
        refreshStartedAfterScreens.append(screensDrawn())
        for result in refreshReports { report(result) }
        if refreshReports.isEmpty { pendingReport = report }
        return refreshProducers
    }

    func flushQueues() { flushes += 1 }

    /// What the detail view's picture comes as: the protocol's default (unavailable) unless set.
    var image: DetailImage = .unavailable

    func loadImage(url: String, room: Size, done: @escaping @Sendable (DetailImage) -> Void) { done(image) }

    func finish() { finishes += 1 }

    func nextWindowChange(after date: Date) throws -> Date? {
        entries.flatMap { [$0.message.start, $0.message.end] }.compactMap { $0 }.filter { $0 > date }.min()
    }

    func position(of key: MessageKey, in query: ListQuery) throws -> Int? {
        matching(query).firstIndex { $0.key == key }
    }

    func entry(named name: String) throws -> InboxEntry? {
        let found = entries.filter { $0.key.id == name || "\($0.key.producer)/\($0.key.id)" == name }
        return found.count == 1 ? found[0] : nil
    }

    func openInBrowser(_ url: String) -> Bool {
        guard browserAvailable else { return false }
        browsed.append(url)
        return true
    }
}
