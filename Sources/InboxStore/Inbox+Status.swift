import Foundation
import InboxCore

/// One producer's line in `tinbox inbox status`.
public struct ProducerStatus: Equatable, Sendable {
    public var name: String
    public var operational: Bool
    public var lastRefresh: Date?
    public var lastOutcome: String?
    public var lastSkipped: Int
    public var pendingStatuses: Int
    public var pendingEvents: Int
}

extension Inbox {
    /// True once any producer was imported into this data directory (CLI.md: `list`, `count`
    /// and `mark` import once first on a data directory that was never refreshed).
    public func wasEverRefreshed() throws -> Bool {
        try store.setting(SettingKey.everRefreshed) == "1"
    }

    /// BEHAVIOR A.6 across processes: asks for the manual refresh slot and takes it when allowed.
    /// Monotonic time is only comparable within one boot, so a new boot id frees the slot.
    ///
    /// The claim commits without an `fsync` (`transactionSyncedLater`): it survives a kill like
    /// any commit, and only a power loss could take it back, after which the machine boots with a
    /// new id that frees the slot anyway. Its `fsync` was one of three a first refresh paid before
    /// its first request (`strace -f`: two now, issue 14 point 5).
    public func claimManualRefresh(bootId: String) throws -> RefreshLimit.Decision {
        try database.transactionSyncedLater {
            let now = clock.uptime
            var last: Double?
            if let saved = try store.setting(SettingKey.lastManualRefresh) {
                let parts = saved.split(separator: " ", maxSplits: 1)
                if parts.count == 2, String(parts[1]) == bootId { last = Double(parts[0]) }
            }
            let decision = RefreshLimit.decide(last: last, now: now)
            if decision == .allowed {
                try store.setSetting(SettingKey.lastManualRefresh, "\(now) \(bootId)")
            }
            return decision
        }
    }

    /// Every producer known to the store, with what is waiting to be sent for it.
    public func producerStatuses() throws -> [ProducerStatus] {
        try database.query(
            """
            SELECT p.name, p.operational, p.last_refresh_ms, p.last_outcome, p.last_skipped,
                (SELECT count(*) FROM pending_statuses s WHERE s.producer = p.name),
                (SELECT count(*) FROM pending_events e WHERE e.producer = p.name)
            FROM producers p ORDER BY p.name
            """
        ) { row in
            var result: [ProducerStatus] = []
            while try row.step() {
                result.append(
                    ProducerStatus(
                        name: row.text(0) ?? "", operational: row.int(1) != 0,
                        lastRefresh: row.optionalInt(2).map(UTCDate.date(milliseconds:)),
                        lastOutcome: row.text(3), lastSkipped: Int(row.int(4)),
                        pendingStatuses: Int(row.int(5)), pendingEvents: Int(row.int(6))))
            }
            return result
        }
    }

    /// Pending events of a producer, oldest first.
    public func pendingEvents(producer: String, limit: Int = 500) throws -> [InboxEvent] {
        try queuedEvents(producer: producer, limit: limit).map(\.event)
    }

    /// The same with each event's place in the queue, for `acknowledgeEvents(producer:run:)`;
    /// `after` a place, those after it only (a drain's next batch, read from the index where an
    /// `OFFSET` would step over the batch before it row by row); `through` a place, none past it
    /// (what was queued when a drain started, `queueEnds`).
    public func queuedEvents(
        producer: String, limit: Int = 500, after: Int64? = nil, through: Int64? = nil
    ) throws -> [QueuedEvent] {
        let sql = """
            SELECT event_id, event_type, message_id, details, button_id, event_ms, seq FROM pending_events
            WHERE producer = ? AND seq > ? AND seq <= ? ORDER BY seq LIMIT ?
            """
        let bounds: [SQLValue] = [.int(after ?? .min), .int(through ?? .max)]
        return try database.query(sql, [.text(producer)] + bounds + [.int(Int64(limit))]) { row in
            var events: [QueuedEvent] = []
            while try row.step() {
                let event = InboxEvent(
                    eventId: row.text(0) ?? "", kind: InboxEvent.Kind(rawValue: row.text(1) ?? "") ?? .open,
                    key: MessageKey(producer: producer, id: row.text(2) ?? ""), messageDetails: row.text(3),
                    buttonId: row.text(4), date: UTCDate.date(milliseconds: row.int(5)))
                events.append(QueuedEvent(event: event, seq: row.int(6)))
            }
            return events
        }
    }

    /// A file producer has no server to receive statuses and events: at its refresh they are
    /// dropped as delivered, so its queues do not grow without end (README, "Decisions").
    public func discardPending(producer: String) throws {
        try database.transaction {
            try database.prepare("DELETE FROM pending_statuses WHERE producer = ?").run(.text(producer))
            try database.prepare("DELETE FROM pending_events WHERE producer = ?").run(.text(producer))
        }
    }
}
