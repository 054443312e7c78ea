import Foundation
import InboxCore

extension Inbox {
    /// Marks one message read or deleted (BEHAVIOR A.4). `.refused` changes nothing.
    /// `mark deleted` records a `DT` event; `mark read` records none (CLI.md).
    public func mark(_ target: MessageState, _ key: MessageKey) throws -> MarkOutcome {
        try database.transaction {
            if let refusal = try refusal(for: key) { return .refused(refusal) }
            guard let entry = try entry(key) else { return .refused(.unknown(id: key.id)) }
            let outcome = InboxRules.mark(target, current: entry.state)
            if case .changed(let state) = outcome {
                try apply(state, to: key)
                if state == .deleted { try insertEvent(.delete, entry.message, buttonId: nil) }
            }
            return outcome
        }
    }

    public func markRead(_ key: MessageKey) throws -> Bool { try mark(.read, key).succeeded }
    public func markDeleted(_ key: MessageKey) throws -> Bool { try mark(.deleted, key).succeeded }

    /// Marks every active unread message read, or every active message deleted, in one
    /// transaction: after a crash either all of them changed or none did. Expired and
    /// not-yet-started messages are never touched (A.4).
    @discardableResult
    public func markAll(_ target: MessageState) throws -> MarkOutcome {
        try database.transaction {
            guard try isEnabled() else { return .refused(.disabled) }
            let scope = try Scope(filter: target == .read ? .unread : .all, inbox: self)
            let targets = try database.query(
                "SELECT producer, id, details FROM messages WHERE \(scope.sql)", scope.values
            ) {
                var targets: [(MessageKey, String?)] = []
                while try $0.step() {
                    targets.append((MessageKey(producer: $0.text(0) ?? "", id: $0.text(1) ?? ""), $0.text(2)))
                }
                return targets
            }
            guard !targets.isEmpty else { return .refused(.nothingToMark) }
            for (key, details) in targets {
                try apply(target, to: key)
                if target == .deleted {
                    try insertEvent(InboxEvent(kind: .delete, key: key, messageDetails: details, date: clock.now))
                }
            }
            return .changed(to: target)
        }
    }

    @discardableResult
    public func markAllRead() throws -> Bool { try markAll(.read).succeeded }
    @discardableResult
    public func markAllDeleted() throws -> Bool { try markAll(.deleted).succeeded }

    // MARK: events (A.7)

    /// Opening a message records `OP` and marks it read.
    @discardableResult
    public func open(_ key: MessageKey) throws -> Bool {
        try recordAndMarkRead(.open, key, buttonId: nil)
    }

    /// Tapping a CTA records `CL` with its button id and marks the message read.
    @discardableResult
    public func tap(_ key: MessageKey, buttonId: String?) throws -> Bool {
        try recordAndMarkRead(.click, key, buttonId: buttonId)
    }

    /// Records one `IM` per message, all in one transaction (one bulk batch).
    public func recordImpressions(_ keys: [MessageKey]) throws {
        guard !keys.isEmpty else { return }
        try database.transaction {
            guard try isEnabled() else { return }
            for key in keys {
                guard let entry = try entry(key) else { continue }
                try insertEvent(.impression, entry.message, buttonId: nil)
            }
        }
    }

    /// `trackOpen` alone: records `OP` without marking read (A.7).
    public func trackOpen(_ key: MessageKey) throws {
        try database.transaction {
            guard try isEnabled(), let entry = try entry(key) else { return }
            try insertEvent(.open, entry.message, buttonId: nil)
        }
    }

    private func recordAndMarkRead(_ kind: InboxEvent.Kind, _ key: MessageKey, buttonId: String?) throws -> Bool {
        try database.transaction {
            if try refusal(for: key) != nil { return false }
            guard let entry = try entry(key), entry.state != .deleted else { return false }
            try insertEvent(kind, entry.message, buttonId: buttonId)
            if entry.state == .unread { try apply(.read, to: key) }
            return true
        }
    }

    // MARK: shared steps, always inside a transaction

    private func refusal(for key: MessageKey) throws -> MarkRefusal? {
        guard try isEnabled() else { return .disabled }
        if try inoperativeProducers().contains(key.producer) { return .notOperational(producer: key.producer) }
        return nil
    }

    /// Sets the local state, the effective state and the pending status of one message.
    private func apply(_ state: MessageState, to key: MessageKey) throws {
        let now = nowMilliseconds
        let code = EntryRow.code(state)
        try database.prepare("UPDATE messages SET state = ? WHERE producer = ? AND id = ?")
            .run(.int(code), .text(key.producer), .text(key.id))
        try database.prepare(
            """
            INSERT INTO local_state(producer, id, state, changed_ms) VALUES(?, ?, ?, ?)
            ON CONFLICT(producer, id) DO UPDATE SET state = excluded.state, changed_ms = excluded.changed_ms
            """
        ).run(.text(key.producer), .text(key.id), .int(code), .int(now))
        let queued = try pendingStatus(key)
        let status = InboxRules.pendingStatus(queued: queued, new: state)
        try database.prepare(
            """
            INSERT INTO pending_statuses(producer, seq, id, status, queued_ms)
            VALUES(?1, (SELECT coalesce(max(seq), 0) + 1 FROM pending_statuses WHERE producer = ?1), ?2, ?3, ?4)
            ON CONFLICT(producer, id) DO UPDATE SET
                seq = excluded.seq, status = excluded.status, queued_ms = excluded.queued_ms
            """
        ).run(.text(key.producer), .text(key.id), .int(EntryRow.code(status)), .int(now))
    }

    private func pendingStatus(_ key: MessageKey) throws -> MessageState? {
        try database.query(
            "SELECT status FROM pending_statuses WHERE producer = ? AND id = ?", [.text(key.producer), .text(key.id)]
        ) { try $0.step() ? EntryRow.state($0.int(0)) : nil }
    }

    private func insertEvent(_ kind: InboxEvent.Kind, _ message: InboxMessage, buttonId: String?) throws {
        try insertEvent(
            InboxEvent(
                kind: kind, key: message.key, messageDetails: message.messageDetails, buttonId: buttonId,
                date: clock.now))
    }

    func insertEvent(_ event: InboxEvent) throws {
        try database.prepare(
            """
            INSERT INTO pending_events(event_id, producer, event_type, message_id, details, button_id, event_ms)
            VALUES(?, ?, ?, ?, ?, ?, ?)
            """
        ).run(
            .text(event.eventId), .text(event.key.producer), .text(event.kind.rawValue), .text(event.key.id),
            .optional(event.messageDetails), .optional(event.buttonId), .int(UTCDate.milliseconds(event.date)))
    }
}
