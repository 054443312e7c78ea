/// Messages waiting for another chance, newest on top; a message is never there twice (B.5).
struct DeferredStack: Sendable {
    private(set) var entries: [Campaign] = []

    var top: Campaign? { entries.last }
    var isEmpty: Bool { entries.isEmpty }

    /// Pushes `campaign`, moving it to the top when it is already there.
    mutating func push(_ campaign: Campaign) {
        remove(campaign.messageId)
        entries.append(campaign)
    }

    mutating func remove(_ messageId: String) {
        entries.removeAll { $0.messageId == messageId }
    }

    mutating func removeAll() {
        entries.removeAll()
    }
}
