/// Usable campaigns by trigger, each list in priority order, so a trigger looks at its own
/// candidates only: evaluating one event against N campaigns costs one dictionary lookup plus the
/// filters of the campaigns for that event name.
public struct CampaignIndex: Sendable {
    public private(set) var sessionStart: [Campaign] = []
    private var byEvent: [String: [Campaign]] = [:]

    public init(_ campaigns: [Campaign]) {
        for campaign in campaigns.sorted(by: Campaign.precedes) where campaign.isUsable {
            switch campaign.trigger {
            case .sessionStart: sessionStart.append(campaign)
            case .event(let name, _): byEvent[name.lowercased(), default: []].append(campaign)
            case .unsupported: break
            }
        }
    }

    /// Campaigns whose event trigger matches `name` (case-insensitively) and whose every filter
    /// passes, in priority order (B.3).
    public func matches(event name: String, properties: [String: JSONValue]) -> [Campaign] {
        guard let candidates = byEvent[name.lowercased()] else { return [] }
        return candidates.filter { campaign in
            guard case .event(_, let filters) = campaign.trigger else { return false }
            return filters.allSatisfy { $0.passes(properties) }
        }
    }

    /// The campaign with this message id, if it is usable.
    public func campaign(withMessageId id: String) -> Campaign? {
        if let found = sessionStart.first(where: { $0.messageId == id }) { return found }
        for list in byEvent.values {
            if let found = list.first(where: { $0.messageId == id }) { return found }
        }
        return nil
    }
}
