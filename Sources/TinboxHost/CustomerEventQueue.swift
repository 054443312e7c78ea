import Foundation
import InAppEngine
import InAppSync
import InboxCore
import InboxStore

/// Customer events and purchases (PROTOCOL 2.3) go through the durable outbox: written first,
/// then sent oldest first; each is deleted only when the server acknowledged it, so a failure or
/// a kill loses nothing and nothing acknowledged is sent twice.
package struct CustomerEventQueue {
    package typealias Delivery = CustomerEventDelivery

    let app: AppContext
    let customer: String

    package init(app: AppContext, customer: String) {
        self.app = app
        self.customer = customer
    }

    /// Writes the event to the outbox, durably, without sending it.
    func enqueue(name: String, properties: [String: JSONValue]) throws {
        try Delivery.enqueue(
            name: name, properties: properties, customer: customer, at: app.clock.now, in: try app.inAppStore())
    }

    /// Sends what waits, on a connection of its own (the reader calls it off its thread).
    static func flush(directory: URL, campaigns: CampaignSource) throws -> Delivery {
        try Delivery.flush(InAppStore(store: try Store(directory: directory)), client: InAppClient(source: campaigns))
    }
}
