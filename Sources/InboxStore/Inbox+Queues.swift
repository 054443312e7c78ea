import Foundation
import InboxCore

/// A row of a producer's queue, with its place in it (`seq`): a batch is read after the place
/// of the one before, and acknowledged by its range of places.
public protocol QueuedRow: Sendable {
    var seq: Int64 { get }
}

/// One queued status change (PROTOCOL 1.3) as it was when read for sending, with its place in
/// its producer's queue (`pending_statuses.seq`): a run of them, as one read returned it, is
/// acknowledged by that range of places (`Inbox.acknowledgeStatuses(producer:_:durable:)`). A
/// change gives the row a new place past every other, so a change made while the request was in
/// flight is kept.
public struct PendingStatus: Equatable, QueuedRow {
    public var id: String
    public var status: MessageState
    /// When the status was queued: the date of the event a Dengage drain makes of it.
    public var queuedMilliseconds: Int64
    public var seq: Int64

    public init(id: String, status: MessageState, queuedMilliseconds: Int64, seq: Int64 = 0) {
        self.id = id
        self.status = status
        self.queuedMilliseconds = queuedMilliseconds
        self.seq = seq
    }
}

/// A queued event with its place in the queue (`pending_events.seq`): a run of them, as one read
/// returned it, is acknowledged by that range of places (`Inbox.acknowledgeEvents(producer:run:)`).
public struct QueuedEvent: Equatable, QueuedRow {
    public var event: InboxEvent
    public var seq: Int64

    public init(event: InboxEvent, seq: Int64) {
        self.event = event
        self.seq = seq
    }
}

/// A server's "not before" for a producer after a `429` with `Retry-After` (PROTOCOL 1.5).
public struct Throttle: Equatable, Sendable {
    /// Seconds of monotonic time left.
    public var remaining: Double
    /// The wall-clock instant it ends, for `tinbox inbox status`.
    public var until: Date
}

extension Inbox {
    /// Pending statuses of a producer, oldest change first; `after` a place, those after it only;
    /// `through` a place, none past it (`queueEnds`).
    public func pendingStatuses(
        producer: String, limit: Int = 500, after: Int64? = nil, through: Int64? = nil
    ) throws -> [PendingStatus] {
        let sql = """
            SELECT id, status, queued_ms, seq FROM pending_statuses WHERE producer = ? AND seq > ? AND seq <= ?
            ORDER BY seq LIMIT ?
            """
        let bounds: [SQLValue] = [.int(after ?? .min), .int(through ?? .max)]
        return try database.query(sql, [.text(producer)] + bounds + [.int(Int64(limit))]) { row in
            var result: [PendingStatus] = []
            while try row.step() {
                result.append(
                    PendingStatus(
                        id: row.text(0) ?? "", status: EntryRow.state(row.int(1)), queuedMilliseconds: row.int(2),
                        seq: row.int(3)))
            }
            return result
        }
    }

    /// The server took a run of statuses (a 2xx) as one `pendingStatuses` read returned it:
    /// clears exactly them, in one transaction. One statement deletes the run's range of places,
    /// which holds exactly the run: a row changed again since it was read (another status or
    /// time) was given a place past every other and stays queued for the next push.
    /// `durable: false` commits without an `fsync` of its own (see `acknowledgeEvents(producer:run:)`).
    @discardableResult
    public func acknowledgeStatuses(producer: String, _ run: [PendingStatus], durable: Bool = true) throws -> Int {
        guard let first = run.first?.seq, let last = run.last?.seq else { return 0 }
        return try acknowledgement(durable: durable) {
            try database.prepare("DELETE FROM pending_statuses WHERE producer = ? AND seq BETWEEN ? AND ?")
                .run(.text(producer), .int(first), .int(last))
            return database.changes
        }
    }

    /// The server took a run of events (a 2xx) as one `queuedEvents` read returned it: deletes
    /// them in one transaction, committed before the caller sends anything else of that queue, so
    /// after a kill they are never sent again (issue 4, point 4).
    ///
    /// One statement deletes the producer's rows from the run's first place in the queue to its
    /// last. That range holds exactly the run: the read took consecutive rows, and a row queued
    /// later gets a later place (`AUTOINCREMENT` never gives one again). One statement per event
    /// id cost about 0.7 ms more per batch of 500 (issue 14 point 5).
    ///
    /// `durable: false` commits under `synchronous=NORMAL`: as safe against a kill, and the caller
    /// makes a run of such acknowledgements durable against a power loss with one
    /// `syncAcknowledgements()` at its end (Database+Durability.swift). Until then a power loss can
    /// only bring back the newest of them, still queued, to be sent again with their `eventId`s.
    @discardableResult
    public func acknowledgeEvents(producer: String, run: [QueuedEvent], durable: Bool = true) throws -> Int {
        guard let first = run.first?.seq, let last = run.last?.seq else { return 0 }
        return try acknowledgement(durable: durable) {
            try database.prepare("DELETE FROM pending_events WHERE producer = ? AND seq BETWEEN ? AND ?")
                .run(.text(producer), .int(first), .int(last))
            return database.changes
        }
    }

    /// Fsyncs what `durable: false` acknowledgements committed: they survive a power loss now.
    public func syncAcknowledgements() throws {
        try database.syncWriteAheadLog()
    }

    private func acknowledgement(durable: Bool, _ body: () throws -> Int) throws -> Int {
        durable ? try database.transaction(body) : try database.transactionSyncedLater(body)
    }

    /// The last place in each queue a drain of `producer` starting now sends up to (nil: an empty
    /// queue), for the `through` of `pendingStatuses` and `queuedEvents`. Counting the rows
    /// instead read every queued event (the table has no index by producer): 3 ms of a drain of
    /// 10,000 before its first request (issue 14 point 5). The events' end is the table's, which
    /// may be another producer's: a bound all the same.
    public func queueEnds(producer: String) throws -> (statuses: Int64?, events: Int64?) {
        let statuses = try database.query(
            "SELECT max(seq) FROM pending_statuses WHERE producer = ?", [.text(producer)]
        ) { try $0.step() ? $0.optionalInt(0) : nil }
        let events = try database.query("SELECT max(seq) FROM pending_events") {
            try $0.step() ? $0.optionalInt(0) : nil
        }
        return (statuses, events)
    }

    // MARK: throttling (PROTOCOL 1.5)

    /// Saves "no request to `producer` before `seconds` from now". Kept in monotonic time with
    /// the boot id, like the refresh limit, so moving the wall clock cannot shorten it.
    public func setThrottle(producer: String, seconds: Double, bootId: String) throws {
        let deadline = clock.uptime + seconds
        let wall = UTCDate.milliseconds(clock.now.addingTimeInterval(seconds))
        try database.transaction {
            try store.setSetting(Self.throttleKey(producer), "\(deadline) \(bootId) \(wall)")
        }
    }

    /// The throttle still in force for `producer`, or nil. A throttle saved in another boot has
    /// no comparable monotonic time; its wall-clock end is used instead.
    public func throttle(producer: String, bootId: String) throws -> Throttle? {
        guard let saved = try store.setting(Self.throttleKey(producer)) else { return nil }
        let parts = saved.split(separator: " ").map(String.init)
        guard parts.count == 3, let deadline = Double(parts[0]), let wall = Int64(parts[2]) else { return nil }
        let until = UTCDate.date(milliseconds: wall)
        let remaining = parts[1] == bootId ? deadline - clock.uptime : until.timeIntervalSince(clock.now)
        return remaining > 0 ? Throttle(remaining: remaining, until: until) : nil
    }

    public func clearThrottle(producer: String) throws {
        try database.transaction { try store.setSetting(Self.throttleKey(producer), nil) }
    }

    static func throttleKey(_ producer: String) -> String { "sync.notBefore.\(producer)" }
}
