import Foundation
import InboxCore

/// `tinbox explain`: the presenter's own rules, read without changing anything (issue 5 point 5).
extension InAppPresenter {
    /// Walks the checklist for `campaignId` (`id` or `id/variationId`) at `time`.
    ///
    /// Pure: it reads the state and returns; nothing is booked, logged or recorded. While dormant
    /// it still explains against the last customer's cached campaigns when there are some.
    public func explain(campaignId requested: String, at time: EngineTime) -> Explanation {
        var explanation = Explanation(requestedId: requested)

        let running: Session? = if case .running(let session) = state { session } else { nil }
        let customer = running?.customer ?? history.owner
        if let running {
            explanation.checks.append(
                .init(gate: .started, passed: true, sentence: "messaging started for customer \(running.customer)"))
        } else {
            explanation.checks.append(
                .init(
                    gate: .started, passed: false, sentence: "messaging is not started (it starts for a customer)",
                    blockedBy: .messaging))
        }
        guard let customer else {
            explanation.checks.append(
                .init(gate: .customer, passed: false, sentence: "no customer: messaging never started here"))
            return explanation
        }
        let held: CampaignDocument? = if let running { running.document } else { cache[customer] }
        guard let document = held else {
            explanation.checks.append(
                .init(
                    gate: .customer, passed: false,
                    sentence: "customer \(customer): no campaigns held yet (the sync has not answered)"))
            return explanation
        }
        // It said "this session's sync" of the cache a failed sync fell back on.
        let source =
            running?.document != nil && running?.documentSource != .cache
            ? "from this session's sync" : "from the cache"
        explanation.checks.append(
            .init(
                gate: .customer, passed: true,
                sentence: "customer \(customer): \(document.campaigns.count) campaigns held \(source)"))

        guard let campaign = Self.resolve(requested, in: document) else {
            let ids = document.campaigns.flatMap { [$0.id, $0.messageId] }
            explanation.suggestion = Explanation.nearMiss(requested, among: ids)
            let hint = explanation.suggestion.map { "; did you mean \($0)?" } ?? ""
            explanation.checks.append(
                .init(
                    gate: .campaign, passed: false,
                    sentence: "unknown campaign id \(requested): no campaign for customer \(customer) has it\(hint)"))
            return explanation
        }
        explanation.messageId = campaign.messageId
        let id = campaign.messageId
        guard campaign.isUsable else {
            let problems = document.problems.filter { $0.hasPrefix("campaign \(id):") }
            let why = problems.isEmpty ? "it cannot be used" : problems.joined(separator: "; ")
            explanation.checks.append(
                .init(gate: .campaign, passed: false, sentence: "campaign \(campaign.label) is unusable: \(why)"))
            return explanation
        }
        explanation.checks.append(campaignCheck(campaign, requested: requested))
        explanation.checks.append(contentsOf: windowChecks(campaign, at: time))
        explanation.checks.append(.init(gate: .trigger, passed: true, sentence: Self.describeTrigger(campaign.trigger)))
        explanation.checks.append(repeatCheck(campaign, customer: customer, session: running?.number, at: time))
        explanation.checks.append(Self.quietHoursCheck(document.settings.quietHours, at: time))
        explanation.checks.append(artworkCheck(campaign))
        explanation.checks.append(visibleCheck(running?.slot))
        explanation.checks.append(cooldownCheck(document.settings.cooldownSeconds, at: time))
        explanation.checks.append(orientationCheck(campaign))
        explanation.checks.append(roomCheck())
        return explanation
    }

    /// `c-42/b` exactly, else `c-42` (its first variation in priority order); usable ones first.
    static func resolve(_ requested: String, in document: CampaignDocument) -> Campaign? {
        let exact = document.campaigns.filter { $0.messageId == requested }
        if let found = exact.first(where: \.isUsable) ?? exact.first { return found }
        let byId = document.campaigns.filter { $0.id == requested }.sorted(by: Campaign.precedes)
        return byId.first(where: \.isUsable) ?? byId.first
    }

    private func campaignCheck(_ campaign: Campaign, requested: String) -> Explanation.Check {
        let kind: String
        switch campaign.message?.kind {
        case .unsupported(let type)?:
            return .init(
                gate: .campaign, passed: false,
                sentence: "campaign \(campaign.label): message type \"\(type)\" is unsupported, it never shows",
                blockedBy: .reason(.unsupported))
        case .slideup?: kind = "slide-up"
        case .modal?: kind = "modal"
        case .fullscreen?: kind = "full-screen"
        case nil: kind = "no"
        }
        var details = [
            campaign.vendorPriority ?? campaign.priority.map { "priority \(Self.seconds($0))" }
                ?? "no priority (after numbered ones)"
        ]
        if campaign.isTest { details.append("test send") }
        if campaign.messageId != requested { details.append("\(requested) resolves to \(campaign.messageId)") }
        return .init(
            gate: .campaign, passed: true,
            sentence:
                "campaign \(campaign.label) is known and usable: \(kind) message, \(details.joined(separator: ", "))"
        )
    }

    private func windowChecks(_ campaign: Campaign, at time: EngineTime) -> [Explanation.Check] {
        if let starts = campaign.startsAt, time.utc < starts {
            return [
                .init(
                    gate: .window, passed: false, sentence: "window: it starts at \(UTCDate.format(starts))",
                    blockedBy: .reason(.notStarted))
            ]
        }
        if let ends = campaign.endsAt, time.utc >= ends {
            return [
                .init(
                    gate: .window, passed: false, sentence: "window: it ended at \(UTCDate.format(ends))",
                    blockedBy: .reason(.expired))
            ]
        }
        let from = campaign.startsAt.map { "from \(UTCDate.format($0))" } ?? "from any time"
        let until = campaign.endsAt.map { "until \(UTCDate.format($0))" } ?? "with no end"
        return [.init(gate: .window, passed: true, sentence: "inside its window (\(from) \(until))")]
    }

    /// The trigger in words: `triggers on event place_order when price >= 100 and currency == "USD"`.
    static func describeTrigger(_ trigger: CampaignTrigger) -> String {
        switch trigger {
        case .sessionStart:
            return "triggers on session start (a start, or a foreground after more than 30 s away)"
        case .event(let name, let filters):
            guard !filters.isEmpty else { return "triggers on event \(name) (any case), whatever its properties" }
            let conditions = filters.map { filter -> String in
                let value = JSONLine.write(JSONLine.value(filter.value))
                switch filter.op {
                case .eq: return "\(filter.property) == \(value)"
                case .neq: return "\(filter.property) != \(value)"
                case .gt: return "\(filter.property) > \(value)"
                case .gte: return "\(filter.property) >= \(value)"
                case .lt: return "\(filter.property) < \(value)"
                case .lte: return "\(filter.property) <= \(value)"
                case .contains: return "\(filter.property) contains \(value)"
                case .exists: return "\(filter.property) is present"
                case .unsupported(let op): return "\(filter.property) \(op) \(value) (unknown op: never passes)"
                }
            }
            return "triggers on event \(name) (any case) when \(conditions.joined(separator: " and "))"
        case .unsupported(let type):
            return "trigger type \"\(type)\" is unknown: it never triggers"
        }
    }

    private func repeatCheck(
        _ campaign: Campaign, customer: String, session: Int?, at time: EngineTime
    ) -> Explanation.Check {
        let id = campaign.messageId
        let last = history.lastImpression(of: id).map(UTCDate.format)
        let blocked = Explanation.Blocker.reason(.repeat)
        switch campaign.repeatRule {
        case .once:
            guard let last else {
                return .init(
                    gate: .repeatRule, passed: true, sentence: "repeat once: not shown yet to customer \(customer)")
            }
            return .init(
                gate: .repeatRule, passed: false,
                sentence: "repeat once: already used (impression at \(last) for customer \(customer))",
                blockedBy: blocked)
        case .oncePerSession:
            if let session, history.shown(id, inSession: session) {
                return .init(
                    gate: .repeatRule, passed: false,
                    sentence: "repeat oncePerSession: already used in this session (impression at \(last ?? "?"))",
                    blockedBy: blocked)
            }
            return .init(gate: .repeatRule, passed: true, sentence: "repeat oncePerSession: not shown in this session")
        case .everyTime:
            return .init(gate: .repeatRule, passed: true, sentence: "repeat everyTime: no limit")
        case .interval(let seconds):
            let rule = "repeat interval \(Self.seconds(seconds)) s"
            guard let last else { return .init(gate: .repeatRule, passed: true, sentence: "\(rule): not shown yet") }
            if let next = history.nextAllowed(campaign, now: time) {
                return .init(
                    gate: .repeatRule, passed: false,
                    sentence: "\(rule): last impression at \(last), next allowed at \(UTCDate.format(next))",
                    blockedBy: blocked)
            }
            return .init(
                gate: .repeatRule, passed: true, sentence: "\(rule): last impression at \(last), allowed again")
        }
    }

    static func quietHoursCheck(_ quiet: QuietHours?, at time: EngineTime) -> Explanation.Check {
        guard let quiet else { return .init(gate: .quietHours, passed: true, sentence: "no quiet hours are set") }
        let minutes = Int(quiet.secondsOfDay(time) / 60)
        let name = quiet.clock == .utc ? "UTC time" : "local time"
        let clock = name + String(format: " %02d:%02d", minutes / 60, minutes % 60)
        if quiet.contains(time) {
            return .init(
                gate: .quietHours, passed: false,
                sentence: "inside quiet hours \(quiet.label) (\(clock)): dropped, not delayed",
                blockedBy: .reason(.quietHours))
        }
        return .init(
            gate: .quietHours, passed: true, sentence: "outside quiet hours \(quiet.label) (\(clock))")
    }

    private func artworkCheck(_ campaign: Campaign) -> Explanation.Check {
        let artwork = campaign.message?.artwork ?? []
        guard !artwork.isEmpty else { return .init(gate: .artwork, passed: true, sentence: "no artwork needed") }
        var problems: [String] = []
        for reference in artwork {
            switch reference.kind {
            case .refused(let reason): problems.append("\(reference.original) refused (\(reason))")
            case .remote, .local:
                if readyArtwork.contains(reference.key) { continue }
                if pendingArtwork[reference.key] != nil {
                    problems.append("\(reference.original) is being fetched")
                } else {
                    problems.append(
                        "\(reference.original) not fetched (failed or timed out; tried again at the next sync)")
                }
            }
        }
        guard problems.isEmpty else {
            return .init(
                gate: .artwork, passed: false, sentence: "artwork not ready: \(problems.joined(separator: "; "))",
                blockedBy: .reason(.artwork))
        }
        return .init(gate: .artwork, passed: true, sentence: "artwork ready (\(artwork.count) of \(artwork.count))")
    }

    private func visibleCheck(_ slot: Slot?) -> Explanation.Check {
        let holder: String?
        switch slot {
        case .visible(let showing)?: holder = "\(showing.campaign.messageId) is visible"
        case .presenting(let presentation, _)?: holder = "\(presentation.messageId) is being drawn"
        case .askingHost(_, let offer)?: holder = "the host is being asked about \(offer.campaign.messageId)"
        case .personalizing(_, _, let offer)?: holder = "\(offer.campaign.messageId) waits for its placeholders"
        case .empty?, nil: holder = nil
        }
        guard let holder else {
            return .init(gate: .visible, passed: true, sentence: "no other message holds the screen")
        }
        return .init(
            gate: .visible, passed: false, sentence: "another message holds the screen: \(holder)",
            blockedBy: .reason(.visible))
    }

    private func cooldownCheck(_ cooldown: Double, at time: EngineTime) -> Explanation.Check {
        let rule = "cooldown \(Self.seconds(cooldown)) s"
        guard let last = lastShownAt else {
            // Not "no message shown yet": beside a `once` used in an earlier run, that read as a
            // contradiction. The cooldown's last presentation is not stored (DECISIONS.md).
            return .init(
                gate: .cooldown, passed: true,
                sentence: "\(rule): no message shown in this run (the last one is not kept across runs)")
        }
        let shownAt = UTCDate.format(time.utc.addingTimeInterval(last - time.uptime))
        let left = last + cooldown - time.uptime
        if Elapsed.reached(time.uptime, last + cooldown) {
            return .init(
                gate: .cooldown, passed: true, sentence: "\(rule): over since the last message shown at \(shownAt)")
        }
        return .init(
            gate: .cooldown, passed: false,
            sentence: "cooldown: \(Self.seconds(left)) s left (\(rule) from the last message shown at \(shownAt))",
            blockedBy: .reason(.cooldown))
    }

    private func orientationCheck(_ campaign: Campaign) -> Explanation.Check {
        let wanted = campaign.message?.orientation ?? .any
        let size = "\(configuration.columns)x\(configuration.rows)"
        let actual = terminalOrientation
        if wanted == .any {
            return .init(gate: .orientation, passed: true, sentence: "orientation any: fits the \(size) terminal")
        }
        if wanted == actual {
            return .init(
                gate: .orientation, passed: true,
                sentence: "orientation \(wanted.rawValue): the \(size) terminal is \(actual.rawValue)")
        }
        return .init(
            gate: .orientation, passed: false,
            sentence:
                "orientation: it needs \(wanted.rawValue), the \(size) terminal is \(actual.rawValue) (waits for a resize)",
            blockedBy: .reason(.orientation))
    }

    private func roomCheck() -> Explanation.Check {
        let size = "\(configuration.columns)x\(configuration.rows)"
        let minimum = "\(Self.minimumColumns)x\(Self.minimumRows)"
        if configuration.columns < Self.minimumColumns || configuration.rows < Self.minimumRows {
            return .init(
                gate: .room, passed: false, sentence: "no room: the \(size) terminal is smaller than \(minimum)",
                blockedBy: .reason(.noRoom))
        }
        return .init(gate: .room, passed: true, sentence: "room: the \(size) terminal is at least \(minimum)")
    }
}
