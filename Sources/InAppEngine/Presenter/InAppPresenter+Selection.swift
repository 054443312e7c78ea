import Foundation

/// Selection, eligibility, blockers, the deferred stack and its retries (BEHAVIOR B.3–B.9).
extension InAppPresenter {
    /// B.3: drops the ineligible (priority order), tells the host the winner, defers the runner-up,
    /// drops the rest (`lowerPriority`), then offers the winner.
    mutating func select(_ candidates: [Campaign], trigger: String) {
        var eligible: [Campaign] = []
        for campaign in candidates {
            if let reason = ineligibility(of: campaign) {
                drop(campaign, reason: reason)
            } else {
                eligible.append(campaign)
            }
        }
        guard let winner = eligible.first else { return }
        report(.selected(messageId: winner.messageId))
        log("\(trigger): campaign \(winner.label) selected")
        if eligible.count > 1 {
            let runnerUp = eligible[1]
            session.stack.push(runnerUp)
            report(.deferred(messageId: runnerUp.messageId, reason: .runnerUp))
            log("deferring campaign \(runnerUp.label): campaign \(winner.messageId) took this trigger first")
        }
        for campaign in eligible.dropFirst(2) {
            report(.dropped(messageId: campaign.messageId, reason: .lowerPriority))
            log("campaign \(campaign.label) dropped: campaign \(winner.messageId) and a runner-up came first")
        }
        offer(winner)
    }

    /// B.4, in order: window, unsupported type, repeat rule, quiet hours, artwork.
    func ineligibility(of campaign: Campaign) -> DecisionReason? {
        if let starts = campaign.startsAt, now.utc < starts { return .notStarted }
        if let ends = campaign.endsAt, now.utc >= ends { return .expired }
        if case .unsupported = campaign.message?.kind { return .unsupported }
        if !history.allows(campaign, now: now, session: session.number) { return .repeat }
        if let quiet = session.document?.settings.quietHours, quiet.contains(now) {
            return .quietHours
        }
        if !isArtworkReady(campaign) { return .artwork }
        return nil
    }

    /// B.5, in order: another message visible, cooldown, orientation, room.
    func blocker(for campaign: Campaign) -> DecisionReason? {
        if !session.slot.isEmpty { return .visible }
        if cooldownEnd.map({ !Elapsed.reached(now.uptime, $0) }) ?? false { return .cooldown }
        let orientation = campaign.message?.orientation ?? .any
        if orientation != .any, orientation != terminalOrientation { return .orientation }
        if configuration.columns < Self.minimumColumns || configuration.rows < Self.minimumRows { return .noRoom }
        return nil
    }

    static let minimumColumns = 40
    static let minimumRows = 10

    /// B.9: landscape when columns >= 2 x rows.
    var terminalOrientation: InAppMessage.Orientation {
        configuration.columns >= 2 * configuration.rows ? .landscape : .portrait
    }

    /// When the cooldown after the last presentation ends (B.6).
    var cooldownEnd: Double? {
        guard let last = lastShownAt else { return nil }
        return last + (session.document?.settings.cooldownSeconds ?? CampaignSettings().cooldownSeconds)
    }

    mutating func drop(_ campaign: Campaign, reason: DecisionReason) {
        report(.dropped(messageId: campaign.messageId, reason: reason))
        log(Self.dropLine(campaign.label, reason, quietHours: session.document?.settings.quietHours))
    }

    /// Offers the winner of a trigger: a blocker defers it, else the host is asked (B.5).
    mutating func offer(_ campaign: Campaign) {
        if let reason = blocker(for: campaign) {
            session.stack.push(campaign)
            report(.deferred(messageId: campaign.messageId, reason: reason))
            log("deferring campaign \(campaign.label): \(blockerText(reason))")
            bookLapse(of: reason)
            return
        }
        askHost(about: Offer(campaign: campaign, origin: .trigger))
    }

    mutating func askHost(about offer: Offer) {
        let id = makeRequestId()
        session.slot = .askingHost(requestId: id, offer)
        effects.append(.askHost(requestId: id, campaign: offer.campaign))
    }

    /// Only the cooldown lapses with time; the other blockers lapse with a closing or a resize,
    /// which retry the stack anyway (B.7).
    mutating func bookLapse(of reason: DecisionReason) {
        if reason == .cooldown, let end = cooldownEnd {
            book(.deferredRetry, at: end)
        }
    }

    /// B.7: takes the top entry; drops it (and takes the next) when rule 4 forbids it; holds
    /// silently when a blocker applies; otherwise reports `retried` and asks the host.
    ///
    /// Nothing is retried in the background (a suspended terminal draws nothing): the foreground
    /// retries within 30 s, or starts a new session after that (B.2).
    mutating func retryDeferred() {
        guard isRunning else { return }
        if backgroundSince != nil {
            if let top = session.stack.top {
                log("holding deferred campaign \(top.label): tinbox is in the background")
            }
            return
        }
        while let entry = session.stack.top {
            let campaign = session.index.campaign(withMessageId: entry.messageId) ?? entry
            if let reason = ineligibility(of: campaign) {
                session.stack.remove(campaign.messageId)
                drop(campaign, reason: reason)
                continue
            }
            if let reason = blocker(for: campaign) {
                log("holding deferred campaign \(campaign.label): \(blockerText(reason))")
                bookLapse(of: reason)
                return
            }
            report(.retried(messageId: campaign.messageId))
            askHost(about: Offer(campaign: campaign, origin: .retry))
            return
        }
    }

    func blockerText(_ reason: DecisionReason) -> String {
        switch reason {
        case .visible: return "another message is visible"
        case .cooldown:
            let left = max(0, (cooldownEnd ?? now.uptime) - now.uptime)
            return "inside the display floor (\(Self.seconds(left)) s left of the cooldown)"
        case .orientation:
            let wanted = terminalOrientation == .landscape ? "portrait" : "landscape"
            return "it needs a \(wanted) terminal, this one is \(configuration.columns)x\(configuration.rows)"
        case .noRoom:
            return "the terminal \(configuration.columns)x\(configuration.rows) is smaller than 40x10"
        case .hostLater: return "the host said later"
        default: return reason.rawValue
        }
    }

    static func dropLine(_ id: String, _ reason: DecisionReason, quietHours: QuietHours?) -> String {
        switch reason {
        case .notStarted: return "campaign \(id) dropped: its start is still ahead"
        case .expired: return "campaign \(id) dropped: it has ended"
        case .unsupported: return "campaign \(id) dropped: this message type is unsupported"
        case .repeat: return "campaign \(id) dropped: its repeat rule does not allow it again yet"
        case .quietHours:
            return "campaign \(id) suppressed: inside quiet hours \(quietHours?.label ?? "")"
        case .artwork: return "campaign \(id) skipped: artwork not ready"
        default: return "campaign \(id) dropped: \(reason.rawValue)"
        }
    }

    /// Seconds with at most three decimals and no trailing zeros, for log lines.
    static func seconds(_ value: Double) -> String {
        let millis = (value * 1000).rounded()
        // A whole number past Int's range is printed as a double rather than converted.
        if millis.truncatingRemainder(dividingBy: 1000) == 0, let whole = Int(exactly: millis / 1000) {
            return String(whole)
        }
        var text = String(format: "%.3f", millis / 1000)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
