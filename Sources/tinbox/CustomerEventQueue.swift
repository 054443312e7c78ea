import Foundation
import InAppEngine
import InAppSync
import InboxStore

/// Customer events and purchases (PROTOCOL 2.3) go through the durable outbox: written first,
/// then sent oldest first; each is deleted only when the server acknowledged it, so a failure or
/// a kill loses nothing and nothing acknowledged is sent twice.
struct CustomerEventQueue {
    enum Delivery: Equatable {
        case sent
        /// The campaigns come from a file: there is no server, so the queue is dropped as delivered
        /// (the same rule as file producers, README "Decisions").
        case noServer
        case failed(String)
    }

    let app: AppContext
    let customer: String

    func record(name: String, properties: [String: JSONValue]) throws -> Delivery {
        let campaigns = try app.requiredCampaigns()
        try enqueue(name: name, properties: properties)
        return try Self.flush(try app.inAppStore(), campaigns: campaigns)
    }

    /// Writes the event to the outbox, durably, without sending it.
    func enqueue(name: String, properties: [String: JSONValue]) throws {
        let body = InAppClient.customerEventBody(customer: customer, name: name, properties: properties)
        try app.inAppStore().enqueue(
            .customerEvent, customer: customer, events: [(UUID().uuidString.lowercased(), body)], at: app.clock.now)
    }

    /// Sends what waits, on a connection of its own (the reader calls it off its thread).
    static func flush(directory: URL, campaigns: CampaignSource) throws -> Delivery {
        try flush(InAppStore(store: try Store(directory: directory)), campaigns: campaigns)
    }

    private static func flush(_ store: InAppStore, campaigns: CampaignSource) throws -> Delivery {
        let client = InAppClient(source: campaigns)
        let pending = try store.pending(.customerEvent)
        guard campaigns.hasServer else {
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
