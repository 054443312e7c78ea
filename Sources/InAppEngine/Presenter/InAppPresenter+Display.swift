import Foundation

/// Host decisions, personalization, presentation, visible time, actions and closings
/// (BEHAVIOR B.5, B.7, B.10, B.11, B.12, B.16, B.17).
extension InAppPresenter {
    /// The host's answer to `.askHost` (B.5, B.7).
    public mutating func hostAnswered(
        requestId: Int, _ decision: HostDecision, at time: EngineTime
    ) -> [PresenterEffect] {
        begin(time)
        guard isRunning, case .askingHost(let id, let offer) = session.slot, id == requestId else { return finish() }
        session.slot = .empty
        let campaign = offer.campaign
        switch decision {
        case .show:
            session.stack.remove(campaign.messageId)
            startPresentation(offer)
        case .later:
            // From a trigger it goes onto the stack; from a retry it stays on top. Either way it is on top.
            session.stack.push(campaign)
            report(.deferred(messageId: campaign.messageId, reason: .hostLater))
            log("deferring campaign \(campaign.label): the host said later")
        case .discard:
            if offer.origin == .retry { session.stack.remove(campaign.messageId) }
            report(.discarded(messageId: campaign.messageId))
            log("campaign \(campaign.label) discarded by the host for this occurrence")
            if offer.origin == .retry { retryDeferred() }
        }
        return finish()
    }

    /// Placeholder values arrived. An answer at 2.0 s or later has timed out and is ignored (B.12).
    public mutating func placeholdersArrived(
        requestId: Int, values: [String: String], at time: EngineTime
    ) -> [PresenterEffect] {
        begin(time)
        guard isRunning, case .personalizing(let id, let requestedAt, let offer) = session.slot, id == requestId,
            !Elapsed.reached(now.uptime - requestedAt, Self.placeholderLimit)
        else { return finish() }
        cancel(.placeholderTimeout)
        if placeholderValues != values {
            placeholderValues = values
            effects.append(.storePlaceholders(customer: session.customer, values: values))
        }
        present(offer)
        return finish()
    }

    /// The placeholder fetch failed: the last values held for this customer are used (B.12).
    public mutating func placeholdersFailed(requestId: Int, at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        guard isRunning, case .personalizing(let id, _, let offer) = session.slot, id == requestId else {
            return finish()
        }
        cancel(.placeholderTimeout)
        log("placeholders for campaign \(offer.campaign.label) failed: using the last values held")
        present(offer)
        return finish()
    }

    /// The overlay is on screen: this is the `shown` instant (B.10).
    public mutating func presented(at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        guard isRunning, case .presenting(let presentation, _) = session.slot else { return finish() }
        session.slot = .visible(Showing(presentation: presentation, shownAt: now.uptime))
        lastShownAt = now.uptime
        report(
            .shown(
                messageId: presentation.messageId, header: presentation.header, body: presentation.body,
                isTest: presentation.campaign.isTest))
        log("showing campaign \(presentation.campaign.label)" + (presentation.campaign.isTest ? " (test send)" : ""))
        if configuration.reduceMotion {
            endEntrance()
        } else {
            book(.entrance, at: now.uptime + Self.entranceDuration)
        }
        return finish()
    }

    /// The entrance animation finished (the presenter also books it as a timer).
    public mutating func entranceEnded(at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        cancel(.entrance)
        endEntrance()
        return finish()
    }

    /// The close key (Esc, `x`): closes without a tap, so a dismissal is recorded (B.11). It works
    /// even when `showCloseButton` is false: that only hides the glyph, never traps the user.
    public mutating func close(at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        if isRunning, case .visible = session.slot { closeVisible(reason: .close) }
        return finish()
    }

    /// A click outside the card: closes a modal that allows it (`dismissOnScrimTap`); nothing else.
    public mutating func clickOutside(at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        if isRunning, case .visible(let showing) = session.slot, let message = showing.campaign.message,
            message.kind == .modal, message.dismissOnScrimTap
        {
            closeVisible(reason: .scrim)
        }
        return finish()
    }

    /// A tap on a button (`buttonId`) or on the message surface (`nil`) (B.11): `click` first, then
    /// the action unless `handledByHost`. A surface with no click action is not tappable.
    public mutating func tap(
        buttonId: String?, handledByHost: Bool = false, at time: EngineTime
    ) -> [PresenterEffect] {
        begin(time)
        guard isRunning, case .visible(let showing) = session.slot else { return finish() }
        let id = showing.campaign.messageId
        let action: InAppAction
        if let buttonId {
            guard let button = showing.presentation.buttons.first(where: { $0.id == buttonId }) else {
                log("tap ignored: campaign \(id) has no button \(buttonId)")
                return finish()
            }
            action = button.action
        } else {
            guard let clickAction = showing.campaign.message?.clickAction else {
                log("tap ignored: campaign \(id) has no click action on its surface")
                return finish()
            }
            action = clickAction
        }
        var url: String?
        if case .openURL(let target, _) = action { url = target }
        report(.click(messageId: id, buttonId: buttonId, url: url))
        record(.click, for: showing.campaign, buttonId: buttonId, url: url)
        guard !handledByHost else { return finish() }
        report(.action(messageId: id, action))
        if action.closesMessage { closeVisible(reason: .action) }
        return finish()
    }

    static let entranceDuration = 0.3
    /// B.12: an answer with the placeholder values at this wait or later has timed out.
    public static let placeholderLimit = 2.0

    // MARK: Internals

    /// B.12: after `show`, text with a placeholder waits (< 2.0 s) for the customer's values.
    mutating func startPresentation(_ offer: Offer) {
        let texts = offer.campaign.message?.texts ?? []
        guard texts.contains(where: Personalization.containsPlaceholder) else {
            present(offer)
            return
        }
        let id = makeRequestId()
        session.slot = .personalizing(requestId: id, requestedAt: now.uptime, offer)
        book(.placeholderTimeout, at: now.uptime + Self.placeholderLimit)
        effects.append(.fetchPlaceholders(requestId: id, customer: session.customer))
    }

    mutating func placeholdersTimedOut() {
        guard isRunning, case .personalizing(_, _, let offer) = session.slot else { return }
        log("placeholders for campaign \(offer.campaign.label) timed out after 2 s: using the last values held")
        present(offer)
    }

    mutating func present(_ offer: Offer) {
        let presentation = Presentation(offer.campaign, values: placeholderValues, language: session.language)
        session.slot = .presenting(presentation, offer)
        effects.append(.present(presentation))
    }

    /// B.10: the impression, the repeat rule and the auto-dismiss timer start when the entrance ends.
    mutating func endEntrance() {
        guard isRunning, case .visible(var showing) = session.slot, !showing.entered else { return }
        showing.entered = true
        let campaign = showing.campaign
        report(.impression(messageId: campaign.messageId))
        history.recordImpression(of: campaign, at: now, session: session.number)
        effects.append(.storeHistory(customer: session.customer, history))
        if let duration = campaign.message?.autoDismissDuration {
            if backgroundSince == nil {
                showing.autoDismiss = .running(due: now.uptime + duration)
                book(.autoDismiss, at: now.uptime + duration)
            } else {
                showing.autoDismiss = .paused(remaining: duration)
            }
        }
        session.slot = .visible(showing)
        record(.impression, for: campaign)
    }

    mutating func autoDismissFired() {
        guard isRunning, case .visible = session.slot else { return }
        closeVisible(reason: .timer)
    }

    /// Visible time only: the timer stops in the background (B.10).
    mutating func pauseAutoDismiss() {
        guard case .visible(var showing) = session.slot, case .running(let due) = showing.autoDismiss else { return }
        cancel(.autoDismiss)
        showing.autoDismiss = .paused(remaining: max(0, due - now.uptime))
        session.slot = .visible(showing)
    }

    mutating func resumeAutoDismiss() {
        guard case .visible(var showing) = session.slot, case .paused(let remaining) = showing.autoDismiss else {
            return
        }
        showing.autoDismiss = .running(due: now.uptime + remaining)
        book(.autoDismiss, at: now.uptime + remaining)
        session.slot = .visible(showing)
    }

    /// Every closing of the visible message, then the retry it causes (B.7, B.11).
    mutating func closeVisible(reason: DismissReason) {
        guard case .visible(let showing) = session.slot else { return }
        let campaign = showing.campaign
        cancel(.entrance)
        cancel(.autoDismiss)
        session.slot = .empty
        effects.append(.remove(messageId: campaign.messageId))
        report(.dismissed(messageId: campaign.messageId, reason: reason))
        log("campaign \(campaign.label) closed (\(reason.rawValue))")
        if reason.recordsDismissal { record(.dismissal, for: campaign) }
        retryDeferred()
    }

    /// A switch or a stop takes down whatever holds the slot, without dismissal analytics (B.1).
    mutating func removeSlot(reason: DismissReason) {
        cancel(.entrance)
        cancel(.autoDismiss)
        cancel(.placeholderTimeout)
        switch session.slot {
        case .empty:
            break
        case .visible(let showing):
            effects.append(.remove(messageId: showing.campaign.messageId))
            report(.dismissed(messageId: showing.campaign.messageId, reason: reason))
            log("campaign \(showing.campaign.label) removed (\(reason.rawValue))")
        case .presenting(let presentation, _):
            effects.append(.remove(messageId: presentation.messageId))
            log("campaign \(presentation.campaign.label) abandoned before it showed (\(reason.rawValue))")
        case .askingHost(_, let offer), .personalizing(_, _, let offer):
            log("campaign \(offer.campaign.label) abandoned before it showed (\(reason.rawValue))")
        }
        session.slot = .empty
    }
}
