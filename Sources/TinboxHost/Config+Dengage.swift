import Foundation
import InboxSync

/// A producer's Dengage keys in the config file (VENDORS.md §2): `account`, `deviceId`, `appId`
/// and `inboxEnabled` beside the shared `contactKey` and `pageSize`.
extension Config {
    static let dengageKeys = ["account", "deviceId", "appId", "inboxEnabled"]

    /// The Dengage keys of `producers[index]`; a key of the wrong type is one line naming it.
    static func dengageOptions(_ fields: [String: Any], index: Int, file: String) throws -> DengageOptions {
        func text(_ key: String) throws -> String? {
            try Self.text(fields, key, at: "producers[\(index)].", file: file)
        }
        var enabled = true
        if let value = fields["inboxEnabled"], !(value is NSNull) {
            guard let flag = Self.boolean(value) else {
                throw CommandFailure("\(file): producers[\(index)].inboxEnabled must be true or false")
            }
            enabled = flag
        }
        return DengageOptions(
            account: try text("account"), deviceId: try text("deviceId"), appId: try text("appId"),
            inboxEnabled: enabled)
    }

    /// Dengage keys on a producer of another format do nothing: a warning says so.
    mutating func warnDengageKeys(_ fields: [String: Any], isDengage: Bool, file: String, index: Int) {
        guard !isDengage else { return }
        for key in Self.dengageKeys where fields[key] != nil {
            warnings.append("\(file): 'producers[\(index)].\(key)' is read only with \"format\": \"dengage\"; ignored")
        }
    }
}
