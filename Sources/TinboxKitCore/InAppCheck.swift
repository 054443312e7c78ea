import Foundation
import InAppEngine
import InAppSync
import InboxCore
import InboxStore
import InboxSync

/// The in-app engine asked about one trigger or one campaign right now, headless, as `tinbox
/// event`, `purchase` and `explain` do (CLI.md): no session starts, the host is taken to say
/// `show`, and nothing is displayed or consumed. The customer's stored frequency history is read,
/// never written; placeholder values are fetched for a message that has a placeholder (B.12) and
/// kept as the last held, as the reader keeps them. The campaigns are loaded (B.3: network, then the
/// cache) on the first `evaluate` or `explain`, so an event delivered first is seen by the server
/// before the campaigns are asked for.
///
/// Not thread-safe: one host thread uses it.
public final class InAppCheck {
    private let configuration: TinboxConfiguration
    private let customer: String
    private let columns: Int
    private let rows: Int
    private let warn: (String) -> Void
    private let transport: HTTPTransport
    private var loaded: HeadlessEvaluation?
    private var opened: InAppStore?

    /// A check for `customer` (not empty) against the configuration's campaigns, on a drawing
    /// area of `columns` by `rows` cells (the orientation and room rules, B.5 and B.9). `warn`
    /// hears what is left out on the way (a cache that no longer reads, a record that no longer
    /// decodes, a campaign the document refused), unsanitized.
    public init(
        configuration: TinboxConfiguration, customer: String, columns: Int, rows: Int,
        warn: @escaping (String) -> Void
    ) {
        self.configuration = configuration
        self.customer = customer
        self.columns = columns
        self.rows = rows
        self.warn = warn
        transport = configuration.transport
    }

    /// Queues `name` in the store's durable outbox (PROTOCOL 2.3), then sends what waits, oldest
    /// first. Nil when everything went out (a file source has no server: delivered); else why
    /// not, and the event stays queued for the next one. Throws when it cannot be queued.
    public func deliver(event name: String, properties: [String: JSONValue]) throws -> String? {
        let store = try store()
        try CustomerEventDelivery.enqueue(
            name: name, properties: properties, customer: customer, at: configuration.clock.now, in: store)
        if case .failed(let reason) = try CustomerEventDelivery.flush(store, client: try client()) { return reason }
        return nil
    }

    /// The decisions for this trigger now: `lines` are the JSON lines of CLI.md (`shown`,
    /// `suppressed`, …), `log` the `[tinbox-iam]` decision lines (B.18). Unsanitized.
    public func evaluate(event name: String, properties: [String: JSONValue] = [:]) throws -> InAppEvaluation {
        var evaluation = try evaluation()
        let client = try client()
        evaluation.fetchPlaceholders = { customer in Self.placeholders(of: customer, from: client) }
        let result = evaluation.evaluate(event: name, properties: properties)
        var log = result.log
        if let values = result.placeholdersToHold {
            // The next evaluation of this check starts from them too: they are the last held.
            loaded?.placeholders = values
            do {
                try store().holdPlaceholders(values, customer: customer)
            } catch {
                log.append("[tinbox-iam] could not save the placeholder values: \(error)")
            }
        }
        return InAppEvaluation(lines: result.lines, log: log)
    }

    /// B.12: the customer's values from the campaigns' server (or the `placeholders.json` beside a
    /// campaigns file), waited for less than 2.0 s.
    static func placeholders(of customer: String, from client: InAppClient) -> HeadlessEvaluation.PlaceholderAnswer {
        let answer = Locked<Result<[String: String], InAppSyncError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let late = Cancellation()
        let fetch = Thread {
            let result = client.placeholders(customer: customer, cancellation: late)
            answer.withLock { $0 = result }
            done.signal()
        }
        fetch.name = "tinbox placeholders"
        fetch.start()
        guard done.wait(timeout: .now() + InAppPresenter.placeholderLimit) == .success else {
            // Nobody waits for it any more: a request still on its way stops.
            late.cancel()
            return .timedOut
        }
        switch answer.withLock({ $0 }) {
        case .success(let values): return .values(values)
        // A campaigns file with no values beside it for this customer: nothing went wrong.
        case .failure(.noServer), nil: return .failed(nil)
        case .failure(let error): return .failed(error.description)
        }
    }

    /// The checklist for one campaign: each gate, and the first that blocks.
    public func explain(campaignId: String) throws -> InAppExplanation {
        let explanation = try evaluation().explain(campaignId: campaignId)
        return InAppExplanation(
            lines: explanation.renderExplanation(), isKnown: explanation.messageId != nil,
            blocker: explanation.blocker?.sentence)
    }

    /// The headless engine over the campaigns of this customer, as a running session would hold them now.
    private func evaluation() throws -> HeadlessEvaluation {
        if let loaded { return loaded }
        let client = try client()
        let store = try store()
        let outcome = CampaignLoader(client: client, store: store, clock: configuration.clock).load(
            customer: customer, language: configuration.language ?? "en")
        for problem in outcome.problems { warn(problem) }
        guard let document = outcome.document else {
            throw TinboxError.campaignsUnavailable(outcome.failure?.description ?? "no document")
        }
        // B.13: the cache serves when the sync fails. It did so without a word, on the last good
        // campaigns, however old: the failure is said.
        if outcome.source == .cache, let failure = outcome.failure {
            warn("cannot get the campaigns (\(failure)); the cached ones of customer \(customer) serve")
        }
        for problem in document.problems { warn(problem) }
        let ready = ArtworkPrefetcher(client: client, store: store, clock: configuration.clock).prefetch(document)
        // A stored record that no longer decodes is left out with a warning, not silently.
        let history = try store.history(customer: customer).flatMap { data in
            readBack("the frequency history of customer \(customer)") {
                try JSONDecoder().decode(FrequencyHistory.self, from: data)
            }
        }
        let placeholders =
            try store.heldPlaceholders(customer: customer) {
                warn("the placeholder values of customer \(customer) cannot be read back and are left out")
            }?.values ?? [:]
        var evaluation = HeadlessEvaluation(
            document: document, customer: customer, time: EngineTime(clock: configuration.clock), columns: columns,
            rows: rows, language: configuration.language ?? "en", history: history, placeholders: placeholders,
            artwork: .ready(ready))
        evaluation.documentSource = outcome.source == .cache ? .cache : .network
        loaded = evaluation
        return evaluation
    }

    private func readBack<Value>(_ what: String, _ read: () throws -> Value) -> Value? {
        do {
            return try read()
        } catch {
            warn("\(what) cannot be read back and is left out")
            return nil
        }
    }

    private func client() throws -> InAppClient {
        guard let campaigns = configuration.campaigns else {
            throw TinboxError.campaignsUnavailable("no campaign source is configured")
        }
        return InAppClient(source: try campaigns.engineSource(), transport: transport)
    }

    /// The store's in-app tables; the store's own error when it cannot be opened.
    private func store() throws -> InAppStore {
        if let opened { return opened }
        let store = InAppStore(store: try Store(directory: configuration.dataDirectory))
        opened = store
        return store
    }
}

/// What `InAppCheck.evaluate` found.
public struct InAppEvaluation: Sendable, Equatable {
    /// One JSON object a line per decision (CLI.md `tinbox event`).
    public let lines: [String]
    /// The `[tinbox-iam]` decision lines.
    public let log: [String]
}

/// What `InAppCheck.explain` found.
public struct InAppExplanation: Sendable, Equatable {
    /// The checklist, one gate a line (CLI.md `tinbox explain`).
    public let lines: [String]
    /// False when no campaign has the id.
    public let isKnown: Bool
    /// The sentence of the first gate that blocks; nil when nothing does.
    public let blocker: String?
}

/// The `KEY=VALUE` words of tinbox's `event` and `purchase` (CLI.md), for hosts that take
/// events as words: numbers are numbers, `true`/`false` booleans, the rest strings.
public enum InAppEventWords {
    /// PROTOCOL 2.3: a purchase is this event.
    public static let purchaseEvent = HeadlessEvaluation.purchaseEvent

    /// `KEY=VALUE` words as event properties; a word that is not one is the error, in one line.
    public static func properties(_ words: [String]) throws(InAppWordsError) -> [String: JSONValue] {
        do {
            return try EventArguments.properties(words)
        } catch {
            throw InAppWordsError(description: error.description)
        }
    }

    /// A purchase's properties (`productId`, `price`, `currency`, `quantity` default 1) with
    /// `extras` merged over them; a price or quantity that is not a number is the error.
    public static func purchase(
        product: String, price: String, currency: String, quantity: String?, extras: [String: JSONValue]
    ) throws(InAppWordsError) -> [String: JSONValue] {
        do {
            return try EventArguments.purchase(
                product: product, price: price, currency: currency, quantity: quantity, extras: extras)
        } catch {
            throw InAppWordsError(description: error.description)
        }
    }
}

/// Words `InAppEventWords` cannot read, and why.
public struct InAppWordsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One line, e.g. `'oops' is not KEY=VALUE`.
    public let description: String
}
