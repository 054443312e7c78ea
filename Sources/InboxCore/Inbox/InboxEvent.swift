import Foundation

/// An inbox event (PROTOCOL 1.4), recorded locally first and sent in bulk later (BEHAVIOR A.7).
public struct InboxEvent: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case impression = "IM"
        case click = "CL"
        case open = "OP"
        case delete = "DT"
    }

    /// Made once when the event is recorded and kept across retries.
    public var eventId: String
    public var kind: Kind
    public var key: MessageKey
    public var messageDetails: String?
    public var buttonId: String?
    public var date: Date

    /// `eventId` nil makes a new one for `date` (`makeId(at:)`).
    public init(
        eventId: String? = nil, kind: Kind, key: MessageKey, messageDetails: String?, buttonId: String? = nil,
        date: Date
    ) {
        self.eventId = eventId ?? Self.makeId(at: date)
        self.kind = kind
        self.key = key
        self.messageDetails = messageDetails
        self.buttonId = buttonId
        self.date = date
    }

    /// A UUID of version 7 (RFC 9562 section 5.7): the event's millisecond first, then random
    /// bits. Events recorded together get neighbouring ids, so the store's unique index on them
    /// is filled and cleared a few pages at a time: with random ids, clearing each acknowledged
    /// batch of 500 rewrote most of the index, and a 10,000-event drain wrote twice the pages it
    /// writes now (issue 14 point 5).
    public static func makeId(at date: Date) -> String {
        let milliseconds = UInt64(max(0, (date.timeIntervalSince1970 * 1000).rounded(.down)))
        var random = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (8 * (5 - index))) }
        bytes[6] = 0x70 | (bytes[6] & 0x0F)
        bytes[8] = 0x80 | (bytes[8] & 0x3F)
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return uuid.uuidString.lowercased()
    }
}
