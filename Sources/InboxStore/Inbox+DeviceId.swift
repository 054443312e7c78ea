import Foundation
import InboxCore

extension Inbox {
    /// The settings key of the data directory's device id.
    static let deviceIdKey = "device.id"

    /// The device id a Dengage producer sends as `did` when its config names none (VENDORS.md §2):
    /// a UUID made the first time it is asked for and kept in the store, so every later run on
    /// this data directory, and every other process on it, sends the same one.
    ///
    /// Made and saved in one write transaction (`BEGIN IMMEDIATE`): two processes asking at once
    /// get the same id, the second reading what the first saved.
    public func deviceId() throws -> String {
        if let saved = try store.setting(Self.deviceIdKey), !saved.isEmpty { return saved }
        return try database.transaction {
            if let saved = try store.setting(Self.deviceIdKey), !saved.isEmpty { return saved }
            let made = UUID().uuidString.lowercased()
            try store.setSetting(Self.deviceIdKey, made)
            return made
        }
    }
}
