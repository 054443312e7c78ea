import Foundation
import InboxCore
import InboxStore

extension Refresher {
    /// VENDORS.md §2 over HTTP: no params request (the config decides whether the producer is
    /// operational), then the queue (statuses as `OP`/`DT` events), then one list request. Any
    /// failure ends this producer's refresh with what is queued and stored kept.
    func refreshDengage(_ producer: ProducerConfig, _ base: URL) throws -> RefreshOutcome {
        let options = producer.dengage
        try checkStillWanted()
        try HTTPProducer.validate(producer)
        try options.requireAccount()
        guard options.inboxEnabled else {
            try inbox.markInoperative(producer: producer.name)
            return .notOperational
        }
        if let throttle = try inbox.throttle(producer: producer.name, bootId: bootId) {
            throw SyncError.stillThrottled(remaining: throttle.remaining)
        }
        let dengage = try DengageProducer(
            config: producer, inbox: inbox, base: base, transport: transport, cancellation: cancellation)
        do {
            var drainer = DengageDrainer(inbox: inbox, producer: dengage, bootId: bootId, log: log)
            drainer.syncsAtEnd = false
            try drainer.drain()
            let staging = try inbox.beginImport(producer: producer.name)
            defer { try? staging.discard() }
            let skipped = try dengage.fetchMessages(now: inbox.clock.now, into: staging)
            // The log is synced once, for the drain and the merge, before the outcome is told
            // (`refresh`, `persisted`), as for tinbox's own HTTP producers.
            let report = try applyUnlessDisabled(staging, skipped: skipped, durable: false)
            return .ok(messages: report.stored, skipped: report.skipped)
        } catch SyncError.throttled(let endpoint, let retryAfter) {
            try inbox.noteThrottle(producer: producer.name, retryAfter: retryAfter, bootId: bootId)
            throw SyncError.throttled(endpoint: endpoint, retryAfter: retryAfter)
        }
    }
}
