@testable import InboxStore

extension Inbox {
    /// How many statuses and events wait for `producer`: what the tests look at. A drain bounds
    /// its queues by their ends (`queueEnds`), and `inbox status` counts them in its own query.
    func pendingCounts(producer: String) throws -> (statuses: Int, events: Int) {
        let statuses = try database.integer(
            "SELECT count(*) FROM pending_statuses WHERE producer = ?", [.text(producer)])
        let events = try database.integer("SELECT count(*) FROM pending_events WHERE producer = ?", [.text(producer)])
        return (Int(statuses), Int(events))
    }
}
