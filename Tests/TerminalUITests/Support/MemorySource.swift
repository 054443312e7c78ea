import Foundation
import InboxCore
import TerminalUI

/// An inbox in memory for reader tests: pages, counts and marks with the rules of BEHAVIOR §A
/// that the reader relies on, and a log of every call so tests can check what was read.
final class MemorySource: ReaderDataSource {
    var entries: [InboxEntry]
    let now: Date
    var pageCalls: [(ListQuery, Int, Int)] = []
    var impressions: [[MessageKey]] = []
    var opened: [MessageKey] = []
    var taps: [(MessageKey, String?)] = []
    var browserAvailable = false
    var browsed: [String] = []

    init(entries: [InboxEntry], now: Date = Fixtures.now) {
        self.entries = entries
        self.now = now
    }

    private func matching(_ query: ListQuery) -> [InboxEntry] {
        entries.filter { entry in
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

    func total(_ query: ListQuery) throws -> Int { matching(query).count }

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

    func refresh() -> (notice: String, sync: String) { ("engagement ok 3 messages", "synced 12:00") }

    func openInBrowser(_ url: String) -> Bool {
        guard browserAvailable else { return false }
        browsed.append(url)
        return true
    }
}
