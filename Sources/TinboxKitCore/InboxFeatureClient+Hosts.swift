import Foundation
import InboxCore
import InboxStore
import InboxSync

/// What hosts need beyond the SDK's shape (LIBRARY.md: streamed and paged reads, tab counts,
/// marks with their reasons, a refresh's outcome per producer), over the same connection.
extension InboxFeatureClient {
    func forEachMessage(_ filter: InboxMessageFilter, _ body: (InboxMessage) throws -> Void) throws {
        try lock.withLock {
            try inbox.forEachEntry(filter.storeFilter) { try body(InboxMessage($0)) }
        }
    }

    func getMessages(_ filter: InboxMessageFilter, offset: Int, limit: Int) throws -> [InboxMessage] {
        try lock.withLock {
            try inbox.entries(filter.storeFilter, offset: max(0, offset), limit: max(0, limit)).map(InboxMessage.init)
        }
    }

    func getMessageCounts() throws -> [InboxMessageFilter: Int] {
        let counts = try lock.withLock { try inbox.tabCounts() }
        var result: [InboxMessageFilter: Int] = [:]
        for (filter, count) in counts { result[InboxMessageFilter(filter)] = count }
        return result
    }

    func markMessages(ids: [String], as target: InboxMarkTarget) throws -> InboxMarkRefusal? {
        try lock.withLock {
            // A.5 before any id: a disabled inbox that was never filled knew none of them, and the
            // refusal named an unknown id instead of the switch.
            guard try inbox.isEnabled() else {
                return InboxMarkRefusal(messageId: nil, reason: MarkRefusal.disabled.description)
            }
            var keys: [MessageKey] = []
            var named: Set<MessageKey> = []
            for id in ids {
                switch try inbox.resolve(id) {
                // A message named twice is marked once (and one `DT` queued): the second `deleted`
                // was refused as final, and the whole command with it, before deleting a deleted
                // message was true (A.4).
                case .success(let key): if named.insert(key).inserted { keys.append(key) }
                case .failure(let refusal): return InboxMarkRefusal(messageId: nil, reason: refusal.description)
                }
            }
            do {
                try inbox.store.database.transaction {
                    for key in keys {
                        if case .refused(let reason) = try inbox.mark(target.state, key) {
                            throw InboxMarkRefusal(messageId: key.description, reason: reason.description)
                        }
                    }
                }
            } catch let refusal as InboxMarkRefusal {
                return refusal
            }
            return nil
        }
    }

    func markAllMessages(as target: InboxMarkTarget) throws -> InboxMarkRefusal? {
        try lock.withLock {
            if case .refused(let reason) = try inbox.markAll(target.state) {
                return InboxMarkRefusal(messageId: nil, reason: reason.description)
            }
            return nil
        }
    }

    func updateInboxEnabled(_ enabled: Bool) throws {
        try lock.withLock { try inbox.setEnabled(enabled) }
        if !enabled { worker.cancelRefresh() }
    }

    func getInboxStatus() throws -> InboxStatus {
        try lock.withLock {
            var counts: [InboxMessageFilter: Int] = [:]
            for (filter, count) in try inbox.tabCounts() { counts[InboxMessageFilter(filter)] = count }
            let producers = try inbox.producerStatuses().map { producer in
                InboxProducerStatus(
                    name: producer.name, lastRefresh: producer.lastRefresh, lastOutcome: producer.lastOutcome,
                    lastSkipped: producer.lastSkipped, pendingStatuses: producer.pendingStatuses,
                    pendingEvents: producer.pendingEvents,
                    throttledUntil: try inbox.throttle(producer: producer.name, bootId: BootIdentity.current)?.until)
            }
            return InboxStatus(isEnabled: try inbox.isEnabled(), counts: counts, producers: producers)
        }
    }

    func refreshMessages(reporting report: @escaping @Sendable (InboxRefreshReport) -> Void) {
        guard !worker.producers.isEmpty else { return }
        // The network helper loads libcurl while the worker opens its connection.
        if worker.producers.contains(where: \.isHTTP), let helper = transport as? ProcessTransport { helper.prepare() }
        let gate = RefusalGate()
        let started = lock.withLock {
            worker.refresh(claimingWith: inbox) { [self] producer, outcome in
                let line = InboxRefreshReport(producer: producer, outcome: InboxRefreshOutcome(outcome))
                if gate.isDeciding {
                    // Refused: on the calling thread, before `refresh` returns.
                    report(line)
                } else {
                    deliver(producer, outcome) { _, _ in report(line) }
                }
            }
        }
        gate.decided(started: started)
    }
}

/// Tells the worker's synchronous refusal (inside `refresh`, on the calling thread) from a
/// started refresh's reports (from the worker's thread): refusals come only before `refresh`
/// returns, and a started refresh never reports one, so the calling thread is the one deciding.
private final class RefusalGate: @unchecked Sendable {
    private let lock = NSLock()
    private let caller = Thread.current
    private var open = true

    /// True on the calling thread until `decided`.
    var isDeciding: Bool { lock.withLock { open && Thread.current === caller } }

    func decided(started: Bool) { lock.withLock { open = false } }
}
