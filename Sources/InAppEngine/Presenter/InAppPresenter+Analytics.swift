import Foundation

/// Analytics recording and batching (BEHAVIOR B.15, B.16).
extension InAppPresenter {
    /// The answer to `.sendAnalytics`. A failed batch waits for the next occasion, ids kept.
    public mutating func analyticsAnswered(batchId: Int, ok: Bool, at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        guard let batch = analytics.finish(batchId: batchId, ok: ok) else { return finish() }
        let ids = batch.events.map(\.eventId)
        if ok {
            report(.analyticsSent(eventIds: ids))
            effects.append(.acknowledgeAnalytics(eventIds: ids))
            if analytics.isFull { flushAnalytics() }
        } else {
            report(.analyticsFailed(eventIds: ids))
            log("analytics send of \(ids.count) events failed: kept for the next tick, background, switch or stop")
        }
        bookAnalyticsTick()
        return finish()
    }

    /// Gives back analytics events stored durably before a restart (B.15): they go ahead of any
    /// newer event, in the order given, with their ids. An id already waiting or in flight is
    /// skipped, so restoring twice never sends an event twice. No `.recordAnalytics` is emitted
    /// (they are stored already). While dormant they wait for the first tick after the next start.
    public mutating func restoreAnalytics(_ events: [AnalyticsEvent], at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        let added = analytics.restore(events)
        guard added > 0 else { return finish() }
        log("restored \(added) stored analytics events")
        if isRunning {
            if analytics.isFull { flushAnalytics() }
            bookAnalyticsTick()
        }
        return finish()
    }

    /// Records one event for the visible message; test sends record nothing (B.16).
    mutating func record(
        _ kind: AnalyticsEvent.Kind, for campaign: Campaign, buttonId: String? = nil, url: String? = nil
    ) {
        guard !campaign.isTest else { return }
        let event = AnalyticsEvent(
            eventId: eventIds.nextId(), kind: kind, messageId: campaign.messageId,
            customerId: session.customer, buttonId: buttonId, url: url, at: now.utc)
        analytics.append(event)
        effects.append(.recordAnalytics(event))
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
