import Foundation
import InboxCore

extension Inbox {
    /// For a server with no status endpoint (Dengage, VENDORS.md §2): turns `producer`'s pending
    /// statuses into queued events and clears them, in one transaction.
    ///
    /// A pending `read` becomes an `OP` only when no `OP` or `CL` for that message is queued, and a
    /// pending `deleted` a `DT` only when no `DT` is, each dated when the status was queued, so one
    /// action reaches the server once: opening a message already queued its `OP`, deleting it its
    /// `DT`. The events then go out through the event queue, with its durability (each keeps its
    /// `eventId` across retries). Returns how many events were queued.
    @discardableResult
    public func queueStatusesAsEvents(producer: String) throws -> Int {
        try database.transaction {
            let statuses = try database.query(
                """
                SELECT s.id, s.status, s.queued_ms, m.details FROM pending_statuses s
                LEFT JOIN messages m ON m.producer = s.producer AND m.id = s.id
                WHERE s.producer = ? ORDER BY s.seq
                """, [.text(producer)]
            ) { row in
                var result: [(status: PendingStatus, details: String?)] = []
                while try row.step() {
                    let status = PendingStatus(
                        id: row.text(0) ?? "", status: EntryRow.state(row.int(1)), queuedMilliseconds: row.int(2))
                    result.append((status, row.text(3)))
                }
                return result
            }
            guard !statuses.isEmpty else { return 0 }
            var covered = try queuedActions(producer: producer)
            var made = 0
            for (status, details) in statuses {
                let kind: InboxEvent.Kind
                switch status.status {
                case .read: kind = .open
                case .deleted: kind = .delete
                case .unread: continue
                }
                guard covered.insert(Action(id: status.id, deletes: kind == .delete)).inserted else { continue }
                try insertEvent(
                    InboxEvent(
                        kind: kind, key: MessageKey(producer: producer, id: status.id), messageDetails: details,
                        date: UTCDate.date(milliseconds: status.queuedMilliseconds)))
                made += 1
            }
            try database.prepare("DELETE FROM pending_statuses WHERE producer = ?").run(.text(producer))
            return made
        }
    }

    /// One message's read (`OP`/`CL`) or delete (`DT`) as the queue holds it.
    private struct Action: Hashable {
        var id: String
        var deletes: Bool
    }

    /// The reads and deletes already queued as events for `producer`, read once.
    private func queuedActions(producer: String) throws -> Set<Action> {
        try database.query(
            "SELECT message_id, event_type FROM pending_events WHERE producer = ? AND event_type IN ('OP', 'CL', 'DT')",
            [.text(producer)]
        ) { row in
            var actions: Set<Action> = []
            while try row.step() {
                actions.insert(Action(id: row.text(0) ?? "", deletes: row.text(1) == InboxEvent.Kind.delete.rawValue))
            }
            return actions
        }
    }
}
