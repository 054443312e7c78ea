import Foundation
import InboxCore

/// The repeat-rule history on the device; it belongs to one customer at a time (B.1, B.10).
///
/// The presenter emits `.storeHistory` whenever it changes, and takes a stored one back at `start`
/// (B.1: "history kept on the device"). Its JSON form keeps only what survives a restart: the owner
/// and, per message, the UTC instant of the last impression:
/// `{"customerId":"c1","impressions":[{"messageId":"A","at":"2026-11-29T10:00:01.250Z"}]}`,
/// messages sorted by id so the same history always writes the same bytes.
public struct FrequencyHistory: Sendable, Equatable, Codable {
    /// One message's last impression.
    struct Impression: Sendable, Equatable {
        var utc: Date
        /// Monotonic seconds; `nil` for an impression restored from storage (another process's clock).
        var uptime: Double?
        /// The presenter's session number; `nil` when restored (a session of an earlier process).
        var session: Int?
    }

    /// The customer this history belongs to; `nil` before any start.
    public private(set) var owner: String?
    private var impressions: [String: Impression] = [:]

    public init(owner: String? = nil) {
        self.owner = owner
    }

    /// Message ids with an impression on record, sorted.
    public var messageIds: [String] { impressions.keys.sorted() }

    /// The UTC instant of the last impression of `messageId`, if any.
    public func lastImpression(of messageId: String) -> Date? {
        impressions[messageId]?.utc
    }

    /// Whether the repeat rule lets `campaign` show now. An interval counts on the monotonic clock
    /// for impressions of this process, on the wall clock for restored ones.
    func allows(_ campaign: Campaign, now: EngineTime, session: Int) -> Bool {
        guard let last = impressions[campaign.messageId] else { return true }
        switch campaign.repeatRule {
        case .once: return false
        case .oncePerSession: return last.session != session
        case .everyTime: return true
        case .interval(let seconds): return Elapsed.reached(elapsed(since: last, now: now), seconds)
        }
    }

    /// When an `interval` campaign may show again; `nil` when it may already, or for other rules.
    func nextAllowed(_ campaign: Campaign, now: EngineTime) -> Date? {
        guard let last = impressions[campaign.messageId], case .interval(let seconds) = campaign.repeatRule else {
            return nil
        }
        let left = seconds - elapsed(since: last, now: now)
        return left > Elapsed.tolerance ? now.utc.addingTimeInterval(left) : nil
    }

    /// Whether the impression of `messageId` happened in session `session` of this process.
    func shown(_ messageId: String, inSession session: Int) -> Bool {
        impressions[messageId]?.session == session
    }

    private func elapsed(since last: Impression, now: EngineTime) -> Double {
        if let uptime = last.uptime { return now.uptime - uptime }
        return now.utc.timeIntervalSince(last.utc)
    }

    /// Consumes the rule at the end of the entrance (B.10).
    mutating func recordImpression(of campaign: Campaign, at time: EngineTime, session: Int) {
        impressions[campaign.messageId] = Impression(utc: time.utc, uptime: time.uptime, session: session)
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey { case customerId, impressions }
    private enum ImpressionKeys: String, CodingKey { case messageId, at }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        owner = try container.decodeIfPresent(String.self, forKey: .customerId)
        var list = try container.nestedUnkeyedContainer(forKey: .impressions)
        while !list.isAtEnd {
            let item = try list.nestedContainer(keyedBy: ImpressionKeys.self)
            let text = try item.decode(String.self, forKey: .at)
            guard let utc = UTCDate.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .at, in: item, debugDescription: "not a yyyy-MM-dd'T'HH:mm:ss.SSS'Z' instant: \(text)")
            }
            impressions[try item.decode(String.self, forKey: .messageId)] = Impression(utc: utc)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(owner, forKey: .customerId)
        var list = container.nestedUnkeyedContainer(forKey: .impressions)
        for id in messageIds {
            var item = list.nestedContainer(keyedBy: ImpressionKeys.self)
            try item.encode(id, forKey: .messageId)
            try item.encode(UTCDate.format(impressions[id]?.utc ?? Date(timeIntervalSince1970: 0)), forKey: .at)
        }
    }
}

/// The last placeholder values held for a customer (B.12), as a driver stores them from
/// `.storePlaceholders` and gives them back at `start`.
public struct StoredPlaceholders: Sendable, Equatable, Codable {
    public var customer: String
    public var values: [String: String]

    public init(customer: String, values: [String: String]) {
        self.customer = customer
        self.values = values
    }
}
