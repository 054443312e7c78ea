import Foundation

/// Analytics recording and batching (BEHAVIOR B.15, B.16).
extension InAppPresenter {
    /// The answer to `.sendAnalytics`. A failed batch waits for the next occasion, ids kept.
    public mutating func analyticsAnswered(batchID: Int, ok: Bool, at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        guard let batch = analytics.finish(batchID: batchID, ok: ok) else { return finish() }
        let ids = batch.events.map(\.eventID)
        if ok {
            report(.analyticsSent(eventIDs: ids))
            if analytics.isFull { flushAnalytics() }
        } else {
            report(.analyticsFailed(eventIDs: ids))
            log("analytics send of \(ids.count) events failed: kept for the next tick, background, switch or stop")
        }
        bookAnalyticsTick()
        return finish()
    }

    /// Records one event for the visible message; test sends record nothing (B.16).
    mutating func record(
        _ kind: AnalyticsEvent.Kind, for campaign: Campaign, buttonID: String? = nil, url: String? = nil
    ) {
        guard !campaign.isTest else { return }
        analytics.append(
            AnalyticsEvent(
                eventID: eventIDs.nextID(), kind: kind, messageID: campaign.messageID,
                customerID: session.customer, buttonID: buttonID, url: url, at: now.utc))
        if analytics.isFull { flushAnalytics() }
        bookAnalyticsTick()
    }

    /// Sends every waiting event in one batch (nothing when none wait or a send is in flight).
    mutating func flushAnalytics() {
        if let batch = analytics.takeBatch() {
            effects.append(.sendAnalytics(batch))
        }
    }

    mutating func analyticsTick() {
        flushAnalytics()
        bookAnalyticsTick()
    }

    /// Ticks fall every 30 s from the start of messaging (B.15). Only the next one that has work is
    /// booked: a tick with nothing waiting would send nothing, and a long idle run stays cheap.
    mutating func bookAnalyticsTick() {
        guard isRunning, !analytics.waiting.isEmpty, bookedTimers[.analyticsTick] == nil else { return }
        let anchor = session.tickAnchor
        let ticksSoFar = ((now.uptime - anchor + Elapsed.tolerance) / Self.tickInterval).rounded(.down)
        book(.analyticsTick, at: anchor + (ticksSoFar + 1) * Self.tickInterval)
    }

    static let tickInterval = 30.0
}
