import Foundation
import InAppEngine
import InboxStore

/// B.12's last placeholder values held for a customer, kept in the store as the presenter's
/// `.storePlaceholders` gives them: the reader's runtime and `tinbox event` read and write them here.
extension InAppStore {
    /// The values held for `customer`; nil when none are stored or they belong to someone else.
    /// A record that no longer decodes is nil too, after `unreadable` heard of it; a store that
    /// cannot be read throws.
    public func heldPlaceholders(customer: String, unreadable: () -> Void) throws -> StoredPlaceholders? {
        guard let data = try placeholders(customer: customer) else { return nil }
        // The decoder's reason names Swift types, nothing a user can act on: `unreadable` says
        // what was left out instead.
        guard let held = try? JSONDecoder().decode(StoredPlaceholders.self, from: data) else {
            unreadable()
            return nil
        }
        return held.customer == customer ? held : nil
    }

    /// Keeps `values` as the last held for `customer`.
    public func holdPlaceholders(_ values: [String: String], customer: String) throws {
        try savePlaceholders(
            customer: customer, JSONEncoder().encode(StoredPlaceholders(customer: customer, values: values)))
    }
}
