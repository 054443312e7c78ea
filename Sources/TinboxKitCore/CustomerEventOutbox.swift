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
    /// Where a line goes that the host must hear (not stderr directly: a host may own the screen).
    private let log: @Sendable (String) -> Void
    // Only touched on `queue`:
    private var store: InAppStore?

    init(directory: URL, clock: any InboxCore.Clock, client: InAppClient, log: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        self.clock = clock
        self.client = client
        self.log = log
    }

    /// Runs `body` on the outbox's queue once every send asked for before has ended.
    func afterPending(_ body: @escaping @Sendable () -> Void) {
        queue.async(execute: body)
    }

    /// Queues the event durably before returning, then sends what waits in the background;
    /// `done` runs on the outbox's queue with (sent, reason).
    func send(
        customer: String, name: String, properties: [String: JSONValue],
        done: @escaping @Sendable (Bool, String?) -> Void
    ) {
        let queued: String? = queue.sync {
            do {
                try CustomerEventDelivery.enqueue(
                    name: name, properties: properties, customer: customer, at: clock.now, in: try connection())
                return nil
            } catch {
                return "\(error)"
            }
        }
        if let queued {
            log("[tinbox-iam] event \(name) not queued: \(queued)")
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
            if case .failed(let reason) = try CustomerEventDelivery.flush(try connection(), client: client) {
                return (false, reason)
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
