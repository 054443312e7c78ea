import Foundation
import InAppEngine
import InAppSync
import InboxCore
import InboxStore

/// Customer events and purchases (PROTOCOL 2.3) through the store's durable outbox, as the
/// commands send them: written first, then sent oldest first, each deleted only once the server
/// took it, so a failure or a kill loses nothing and nothing acknowledged goes twice. A file
/// source has no server: its queue is dropped as delivered (README, "Decisions").
///
/// Its own connection on its own serial queue, so a slow server never holds up the runtime.
final class CustomerEventOutbox: @unchecked Sendable {
    private let queue = DispatchQueue(label: "tinbox.kit.customer-events")
    private let directory: URL
    private let clock: any InboxCore.Clock
    private let client: InAppClient
    // Only touched on `queue`:
    private var store: InAppStore?

    init(directory: URL, clock: any InboxCore.Clock, client: InAppClient) {
        self.directory = directory
        self.clock = clock
        self.client = client
    }

    /// Queues the event durably before returning, then sends what waits in the background;
    /// `done` runs on the outbox's queue with (sent, reason).
    func send(
        customer: String, name: String, properties: [String: JSONValue],
        done: @escaping @Sendable (Bool, String?) -> Void
    ) {
        let body = InAppClient.customerEventBody(customer: customer, name: name, properties: properties)
        let queued: String? = queue.sync {
            do {
                try connection().enqueue(
                    .customerEvent, customer: customer, events: [(UUID().uuidString.lowercased(), body)],
                    at: clock.now)
                return nil
            } catch {
                return "\(error)"
            }
        }
        if let queued {
            TinboxLog.write("[tinbox-iam] event \(name) not queued: \(queued)")
            queue.async { done(false, queued) }
            return
        }
        queue.async { [self] in
            let (ok, reason) = flush()
            done(ok, reason)
        }
    }

    private func flush() -> (Bool, String?) {
        do {
            let store = try connection()
            let pending = try store.pending(.customerEvent)
            guard client.source.hasServer else {
                try store.acknowledge(pending.map(\.eventId))
                return (true, nil)
            }
            for entry in pending {
                switch client.post(body: entry.payload, to: "api/events", name: "events") {
                case .success: try store.acknowledge([entry.eventId])
                case .failure(let failure): return (false, failure.description)
                }
            }
            return (true, nil)
        } catch {
            return (false, "\(error)")
        }
    }

    private func connection() throws -> InAppStore {
        if let store { return store }
        let opened = InAppStore(store: try Store(directory: directory))
        store = opened
        return opened
    }
}
