import Foundation
import InAppEngine
import InboxCore
import InboxStore

/// Customer events and purchases (PROTOCOL 2.3) through the store's durable outbox, for the
/// commands, the reader and TinboxKit alike: written first, then sent oldest first, each deleted
/// only when the server acknowledged it, so a failure or a kill loses nothing and nothing
/// acknowledged is sent twice.
public enum CustomerEventDelivery: Equatable, Sendable {
    case sent
    /// The campaigns come from a file: there is no server, so the queue is dropped as delivered
    /// (the same rule as file producers, README "Decisions").
    case noServer
    case failed(String)

    /// Writes the event to the outbox, durably, without sending it.
    public static func enqueue(
        name: String, properties: [String: JSONValue], customer: String, at date: Date, in store: InAppStore
    ) throws {
        let body = InAppClient.customerEventBody(customer: customer, name: name, properties: properties)
        try store.enqueue(
            .customerEvent, customer: customer, events: [(UUID().uuidString.lowercased(), body)], at: date)
    }

    /// Sends what waits, oldest first, stopping at the first failure.
    public static func flush(_ store: InAppStore, client: InAppClient) throws -> CustomerEventDelivery {
        let pending = try store.pending(.customerEvent)
        guard client.source.hasServer else {
            try store.acknowledge(pending.map(\.eventId))
            return .noServer
        }
        for entry in pending {
            switch client.post(body: entry.payload, to: "api/events", name: "events") {
            case .success: try store.acknowledge([entry.eventId])
            case .failure(let failure): return .failed(failure.description)
            }
        }
        return .sent
    }
}
