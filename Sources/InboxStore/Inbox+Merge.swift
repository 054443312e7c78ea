import Foundation
import InboxCore

/// What one producer's import did.
public struct MergeReport: Equatable, Sendable {
    public var stored: Int
    public var skipped: Int
    public var removed: Int

    public init(stored: Int, skipped: Int, removed: Int) {
        self.stored = stored
        self.skipped = skipped
        self.removed = removed
    }
}

extension Inbox {
    /// Starts an import of `producer`'s full list of messages: the feed's messages go to the
    /// returned sink as they are read, and `apply` stores them (FeedImport.swift).
    public func beginImport(producer: String, staging: FeedImport.Staging = .memory) throws -> FeedImport {
        try FeedImport(inbox: self, producer: producer, staging: staging)
    }

    /// Stores a producer's full list of messages in one transaction (BEHAVIOR A.1, A.6):
    /// local read beats a server `unread`, deleted stays deleted, a duplicate id is stored once,
    /// and a message the producer stopped sending disappears unless a local status is pending.
    public func merge(producer: String, messages: [InboxMessage], skipped: Int) throws -> MergeReport {
        let staging = try beginImport(producer: producer)
        do {
            for message in messages { try staging.accept(message) }
            return try staging.apply(skipped: skipped)
        } catch {
            // The import's error is the one to hear; the TEMP staging goes with the connection anyway.
            try? staging.discard()
            throw error
        }
    }

    /// Records a producer's params guard saying the inbox is not operational (PROTOCOL 1.1):
    /// its reads are empty until a later refresh says otherwise; stored messages are kept.
    public func markInoperative(producer: String) throws {
        try database.transaction {
            try recordRefresh(producer: producer, outcome: "not operational", skipped: 0, operational: false)
        }
    }

    /// Records a failed refresh of a producer for `inbox status`.
    public func recordFailure(producer: String, reason: String) throws {
        try database.transaction {
            try database.prepare(
                """
                INSERT INTO producers(name, last_refresh_ms, last_outcome) VALUES(?, ?, ?)
                ON CONFLICT(name) DO UPDATE SET last_refresh_ms = excluded.last_refresh_ms,
                    last_outcome = excluded.last_outcome
                """
            ).run(.text(producer), .int(nowMilliseconds), .text("failed: \(reason)"))
        }
    }

    func recordRefresh(producer: String, outcome: String, skipped: Int, operational: Bool) throws {
        try database.prepare(
            """
            INSERT INTO producers(name, operational, last_refresh_ms, last_outcome, last_skipped) VALUES(?, ?, ?, ?, ?)
            ON CONFLICT(name) DO UPDATE SET operational = excluded.operational,
                last_refresh_ms = excluded.last_refresh_ms, last_outcome = excluded.last_outcome,
                last_skipped = excluded.last_skipped
            """
        ).run(.text(producer), .bool(operational), .int(nowMilliseconds), .text(outcome), .int(Int64(skipped)))
        try store.setSetting(SettingKey.everRefreshed, "1")
    }
}
