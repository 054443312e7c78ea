import Foundation

/// Test sends on demand (BEHAVIOR B.16; `tinbox preview`): a campaign shown now, past its trigger
/// and every gate, through the same slot, entrance, visible-time timer and closings as any other
/// message, so there is one B.10 timer in the code.
extension InAppPresenter {
    /// Shows `campaign` now as a test send: whatever holds the slot is taken down first (a
    /// switch, no dismissal analytics), then it is personalized (B.12) and presented. No trigger,
    /// gate or host question applies; it reports no analytics (B.16) but counts toward the
    /// cooldown and the repeat rule as any test send does. Ignored while messaging is not started.
    public mutating func testSend(_ campaign: Campaign, at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        guard isRunning else {
            log("test send of campaign \(campaign.label) ignored: messaging is not started")
            return finish()
        }
        var campaign = campaign
        campaign.isTest = true
        removeSlot(reason: .switch)
        session.stack.remove(campaign.messageId)
        log("test send of campaign \(campaign.label)")
        startPresentation(Offer(campaign: campaign, origin: .trigger))
        return finish()
    }
}
