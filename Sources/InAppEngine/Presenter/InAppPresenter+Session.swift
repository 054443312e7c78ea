import Foundation
import InboxCore

/// Sessions, sync with cache, and the artwork prefetch (BEHAVIOR B.1, B.2, B.13, B.14, B.17).
extension InAppPresenter {
    /// The sync answered with a document (already decoded against its document base).
    public mutating func syncSucceeded(
        requestId: Int, document: CampaignDocument, at time: EngineTime
    ) -> [PresenterEffect] {
        begin(time)
        guard let attempt = syncAttempt(for: requestId) else { return finish() }
        cache[session.customer] = document
        effects.append(.storeCache(customer: session.customer, document: document))
        adopt(document, source: .network, attempt: attempt)
        return finish()
    }

    /// The sync failed (network error, bad status, unreadable body); `reason`, when the host has
    /// one ("cannot read …: it is a directory"), goes into the log line: the log was the only
    /// place a reader said anything of it, and it said no more than that the attempt failed.
    public mutating func syncFailed(requestId: Int, reason: String? = nil, at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        guard let attempt = syncAttempt(for: requestId) else { return finish() }
        if let cached = cache[session.customer] {
            // B.13: the cache serves only when the sync fails, and then there is no retry.
            adopt(cached, source: .cache, attempt: attempt)
            return finish()
        }
        report(.synced(source: .none, attempt: attempt, language: session.language))
        let failed = "sync attempt \(attempt) failed" + (reason.map { " (\($0))" } ?? "")
        if let delay = InAppPresenter.syncRetryDelays[attempt] {
            session.sync = .waitingToRetry(attempt: attempt + 1)
            log("\(failed) and no cache is held: retrying in \(Int(delay)) s")
            book(.syncRetry, at: now.uptime + delay)
        } else {
            session.sync = .finished
            session.sessionStartPending = false
            log("\(failed) and no cache is held: giving up for this session")
        }
        return finish()
    }

    /// An image arrived. One that needed 5.0 s or more has timed out and is ignored (B.14).
    public mutating func artworkArrived(key: String, at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        if let requestedAt = pendingArtwork[key], !Elapsed.reached(now.uptime - requestedAt, Self.artworkLimit) {
            cancel(.artworkTimeout(key))
            artworkSettled(key: key, ready: true, why: "")
        }
        return finish()
    }

    /// `reason`, when the fetch says why (a file too large, an HTTP status), goes into the log line.
    public mutating func artworkFailed(key: String, reason: String? = nil, at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        if pendingArtwork[key] != nil {
            cancel(.artworkTimeout(key))
            artworkSettled(
                key: key, ready: false, why: reason.map { "failed (\(TerminalText.sanitize($0)))" } ?? "failed")
        }
        return finish()
    }

    /// Attempts at t, t+1, t+4: the delay after each failed attempt number (B.13).
    static let syncRetryDelays: [Int: Double] = [1: 1, 2: 3]
    static let artworkLimit = 5.0

    // MARK: Internals

    mutating func startMessaging(customer: String, language: String) {
        state = .running(
            Session(
                customer: customer, requestedLanguage: language, language: language, number: 0,
                sync: .finished, tickAnchor: now.uptime))
        log("messaging started for customer \(customer)")
        beginSession()
        // Events a failed send kept from before a stop wait for this messaging's first tick (B.15).
        bookAnalyticsTick()
    }

    /// B.17: the sync asks for the customer's language, so another language syncs again, in this
    /// session: a language change is not a session start (B.2). The cooldown, the repeat rules'
    /// session state and the deferred stack stay, and no `sessionStart` campaign is offered again
    /// (the host's `setLanguage` stopped and started, and the demo's welcome came back at once).
    public mutating func changeLanguage(_ language: String, at time: EngineTime) -> [PresenterEffect] {
        begin(time)
        guard isRunning else { return finish() }
        let requested = (language.isEmpty ? configuration.language : language).lowercased()
        guard requested != session.requestedLanguage else { return finish() }
        session.requestedLanguage = requested
        cancel(.syncRetry)
        log("language \(requested) asked for: the campaigns are synced again, in this session")
        requestSync(attempt: 1)
        return finish()
    }

    /// B.1: a switch removes the message (no dismissal analytics), clears the stack, sends the old
    /// customer's analytics as theirs, and begins fresh for the new customer. The cooldown keeps
    /// counting from the removed message's presentation.
    mutating func switchCustomer(to customer: String, language: String) {
        let previous = session.customer
        removeSlot(reason: .switch)
        session.stack.removeAll()
        // The old timers are cancelled before the send: an answer that comes at once (a failure)
        // books the new customer's tick, which a cancel after the send then took back, so the
        // kept events waited for a background, a stop or ten more, however long that took.
        for timer in [PresenterTimer.analyticsTick, .syncRetry, .deferredRetry, .placeholderTimeout] {
            cancel(timer)
        }
        flushAnalytics()
        log("customer switch from \(previous) to \(customer)")
        forgetHistory(for: customer)
        startMessaging(customer: customer, language: language)
    }

    /// The history on the device belongs to one customer; another customer starts fresh,
    /// placeholder values included (B.1).
    mutating func forgetHistory(for customer: String) {
        adoptDeviceMemory(of: customer, history: nil, placeholders: nil)
    }

    /// Makes `customer` the owner of the device's history and placeholder values: the stored ones
    /// when given, else fresh ones, which are emitted so the driver replaces what it stored (B.1).
    mutating func adoptDeviceMemory(
        of customer: String, history stored: FrequencyHistory?, placeholders: [String: String]?
    ) {
        if let stored {
            history = stored
            log("restored the stored frequency history of customer \(customer) (\(stored.messageIds.count) messages)")
        } else {
            history = FrequencyHistory(owner: customer)
            effects.append(.storeHistory(customer: customer, history))
        }
        if let placeholders {
            placeholderValues = placeholders
        } else {
            placeholderValues = [:]
            effects.append(.storePlaceholders(customer: customer, values: [:]))
        }
    }

    /// B.2: a session syncs, then evaluates `sessionStart` campaigns.
    mutating func beginSession() {
        sessionCount += 1
        session.number = sessionCount
        session.sessionStartPending = true
        cancel(.syncRetry)
        report(.sessionStarted(customer: session.customer))
        requestSync(attempt: 1)
    }

    mutating func requestSync(attempt: Int) {
        let id = makeRequestId()
        session.sync = .inFlight(requestId: id, attempt: attempt)
        effects.append(
            .requestSync(
                SyncRequest(
                    requestId: id, customer: session.customer, language: session.requestedLanguage,
                    attempt: attempt)))
    }

    mutating func retrySync() {
        guard isRunning, case .waitingToRetry(let attempt) = session.sync else { return }
        requestSync(attempt: attempt)
    }

    /// The attempt number of a sync answer still awaited; `nil` for a stale one.
    func syncAttempt(for requestId: Int) -> Int? {
        guard case .running(let session) = state,
            case .inFlight(let id, let attempt) = session.sync, id == requestId
        else { return nil }
        return attempt
    }

    /// Makes `document` the session's campaigns, prefetches artwork, and evaluates `sessionStart`
    /// campaigns once every image has arrived or timed out.
    mutating func adopt(_ document: CampaignDocument, source: SyncSource, attempt: Int) {
        session.sync = .finished
        session.document = document
        session.documentSource = source
        session.index = CampaignIndex(document.campaigns)
        session.language = document.settings.resolveLanguage(session.requestedLanguage)
        report(.synced(source: source, attempt: attempt, language: session.language))
        for problem in document.problems where reportedProblems.insert(problem).inserted {
            log(problem)
        }
        prefetchArtwork(document)
        evaluateSessionStartIfReady()
    }

    /// B.14: every usable campaign's artwork not yet ready is fetched at each sync, in parallel.
    mutating func prefetchArtwork(_ document: CampaignDocument) {
        var requests: [ArtworkReference] = []
        for campaign in document.campaigns where campaign.isUsable {
            for artwork in campaign.message?.artwork ?? [] where artwork.isFetchable {
                let key = artwork.key
                guard !readyArtwork.contains(key), pendingArtwork[key] == nil else { continue }
                pendingArtwork[key] = now.uptime
                requests.append(artwork)
            }
        }
        for artwork in requests {
            book(.artworkTimeout(artwork.key), at: now.uptime + Self.artworkLimit)
        }
        effects.append(contentsOf: requests.map(PresenterEffect.fetchArtwork))
    }

    mutating func artworkSettled(key: String, ready: Bool, why: String) {
        guard pendingArtwork.removeValue(forKey: key) != nil else { return }
        if ready {
            readyArtwork.insert(key)
        } else {
            log("artwork \(key) \(why): not ready until the next sync")
        }
        evaluateSessionStartIfReady()
    }

    mutating func evaluateSessionStartIfReady() {
        guard isRunning, session.sessionStartPending, session.sync == .finished, session.document != nil,
            pendingArtwork.isEmpty
        else { return }
        session.sessionStartPending = false
        let candidates = session.index.sessionStart
        if !candidates.isEmpty { select(candidates, trigger: "session start") }
    }

    func isArtworkReady(_ campaign: Campaign) -> Bool {
        (campaign.message?.artwork ?? []).allSatisfy { $0.isFetchable && readyArtwork.contains($0.key) }
    }
}
