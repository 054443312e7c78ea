import Foundation
import InboxCore
import TestSupport

@testable import InboxStore

/// A fresh store in a temporary directory with a manual clock, and message builders.
struct InboxFixture {
    let directory: URL
    let clock: ManualClock
    let inbox: Inbox

    /// A store in `directory`, a new one by default.
    init(directory: URL? = nil) throws {
        self.directory = directory ?? Scratch.folder("tinbox-test")
        clock = ManualClock(now: UTCDate.parse("2026-11-29T12:00:00.000Z")!)
        inbox = Inbox(store: try Store(directory: self.directory), clock: clock)
    }

    /// A directory holding a store an older tinbox wrote: the first `schema` migration steps, at
    /// that `user_version`. `fill` writes its rows through the old schema before anything opens it.
    static func storeAtSchema(_ schema: Int, fill: (Database) throws -> Void) throws -> URL {
        let directory = Scratch.folder("tinbox-v\(schema)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try Database(path: directory.appendingPathComponent(Store.fileName).path)
        for step in Migrations.steps.prefix(schema) { try database.execute(step) }
        try database.execute("PRAGMA user_version = \(schema)")
        try fill(database)
        return directory
    }

    /// Another connection to the same database, as a second process would have.
    func reopened() throws -> Inbox {
        Inbox(store: try Store(directory: directory), clock: clock)
    }

    var now: Date { clock.now }

    func message(
        _ id: String, producer: String = "engagement", minutesAgo: Double = 10, pinned: Bool = false,
        serverRead: Bool = false, start: Date? = nil, end: Date? = nil, details: String? = nil
    ) -> InboxMessage {
        InboxMessage(
            key: MessageKey(producer: producer, id: id), serverRead: serverRead, start: start, end: end,
            title: "Title \(id)", isPinned: pinned, receiveDate: now.addingTimeInterval(-minutesAgo * 60),
            messageDetails: details)
    }

    @discardableResult
    func seed(_ messages: [InboxMessage], producer: String = "engagement") throws -> MergeReport {
        try inbox.merge(producer: producer, messages: messages, skipped: 0)
    }

    func key(_ id: String, _ producer: String = "engagement") -> MessageKey {
        MessageKey(producer: producer, id: id)
    }

    func ids(_ filter: StateFilter) throws -> [String] {
        try inbox.entries(filter).map(\.key.id)
    }

    func pendingStatusCount() throws -> Int {
        try inbox.producerStatuses().reduce(0) { $0 + $1.pendingStatuses }
    }

    func pendingEvents(_ producer: String = "engagement") throws -> [InboxEvent] {
        try inbox.pendingEvents(producer: producer, limit: 10_000)
    }
}
