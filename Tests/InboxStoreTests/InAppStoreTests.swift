import Foundation
import InboxCore
import TestSupport
import Testing

@testable import InboxStore

/// The in-app tables of schema 2 and the migration that adds them.
@Suite struct InAppStoreTests {
    private func makeStore() throws -> InAppStore {
        let directory = Scratch.folder("tinbox-iam")
        return InAppStore(store: try Store(directory: directory))
    }

    @Test func theSyncCacheIsKeptPerCustomer() throws {
        let store = try makeStore()
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        try store.saveSync(customer: "c1", lang: "ar", document: Data("{\"a\":1}".utf8), at: date)
        try store.saveSync(customer: "c2", lang: "en", document: Data("{}".utf8), at: date)
        let cached = try #require(try store.cachedSync(customer: "c1"))
        #expect(cached.document == Data("{\"a\":1}".utf8))
        #expect(cached.lang == "ar")
        #expect(cached.fetched == date)
        #expect(try store.cachedSync(customer: "c3") == nil)
    }

    @Test func theOutboxKeepsOrderIgnoresARequeuedEventIdAndDeletesOnlyWhatWasAcknowledged() throws {
        let store = try makeStore()
        let now = Date()
        try store.enqueue(
            .analytics, customer: "c1", events: [("e1", Data("1".utf8)), ("e2", Data("2".utf8))], at: now)
        try store.enqueue(.customerEvent, customer: "c1", events: [("x1", Data("x".utf8))], at: now)
        try store.enqueue(
            .analytics, customer: "c2", events: [("e3", Data("3".utf8)), ("e1", Data("dup".utf8))], at: now)
        #expect(try store.pending(.analytics).map(\.eventId) == ["e1", "e2", "e3"])
        #expect(try store.pending(.analytics, customer: "c2").map(\.eventId) == ["e3"])
        #expect(try store.pending(.analytics).first?.payload == Data("1".utf8))
        try store.acknowledge(["e1", "e3"])
        #expect(try store.pending(.analytics).map(\.eventId) == ["e2"])
        #expect(try store.pendingCount(.customerEvent) == 1)
    }

    @Test func aSwitchForgetsTheOtherCustomersHistoryAndPlaceholders() throws {
        let store = try makeStore()
        try store.saveHistory(customer: "c1", Data("h1".utf8))
        try store.savePlaceholders(customer: "c1", Data("p1".utf8))
        try store.saveHistory(customer: "c2", Data("h2".utf8))
        try store.forgetCustomers(except: "c2")
        #expect(try store.history(customer: "c1") == nil)
        #expect(try store.placeholders(customer: "c1") == nil)
        #expect(try store.history(customer: "c2") == Data("h2".utf8))
    }

    @Test func artworkBytesRoundTripIncludingAnEmptyFile() throws {
        let store = try makeStore()
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2])
        try store.saveArtwork(url: "https://x/a.png", bytes: bytes, at: Date())
        try store.saveArtwork(url: "https://x/empty.png", bytes: Data(), at: Date())
        #expect(try store.artwork(url: "https://x/a.png") == bytes)
        #expect(try store.artwork(url: "https://x/empty.png") == Data())
        #expect(try store.artwork(url: "https://x/none.png") == nil)
    }

    @Test func aSchemaOneDatabaseIsMigratedAndKeepsItsMessages() throws {
        let directory = try InboxFixture.storeAtSchema(1) { database in
            try database.execute(
                """
                INSERT INTO messages(producer, id, state, server_read, pinned, receive_ms, title, button_count)
                VALUES('engagement', 'a', 1, 0, 0, 0, 'kept', 0)
                """)
        }
        let store = try Store(directory: directory)
        #expect(try store.database.userVersion == Migrations.latest)
        #expect(try store.database.integer("SELECT count(*) FROM messages WHERE title = 'kept'") == 1)
        #expect(try store.database.integer("SELECT count(*) FROM iam_outbox") == 0)
    }
}
