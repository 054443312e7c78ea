/// The repeat-rule history on the device; it belongs to one customer at a time (B.1, B.10).
struct FrequencyHistory: Sendable {
    private(set) var owner: String?
    /// Uptime of each message's last impression.
    private var lastImpression: [String: Double] = [:]
    /// Session number of each message's last impression.
    private var lastSession: [String: Int] = [:]

    init(owner: String? = nil) {
        self.owner = owner
    }

    /// Whether the repeat rule lets `campaign` show now.
    func allows(_ campaign: Campaign, now: Double, session: Int) -> Bool {
        guard let last = lastImpression[campaign.messageID] else { return true }
        switch campaign.repeatRule {
        case .once: return false
        case .oncePerSession: return lastSession[campaign.messageID] != session
        case .everyTime: return true
        case .interval(let seconds): return Elapsed.reached(now - last, seconds)
        }
    }

    /// Consumes the rule at the end of the entrance (B.10).
    mutating func recordImpression(of campaign: Campaign, now: Double, session: Int) {
        lastImpression[campaign.messageID] = now
        lastSession[campaign.messageID] = session
    }
}
