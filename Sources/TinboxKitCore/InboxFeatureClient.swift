import Foundation
import InboxCore
import InboxStore
import InboxSync

/// `InboxFeatureApi` over the store's `Inbox` (reads, marks, events) and a `SyncWorker`
/// (refreshes and queue flushes on a thread of their own, with their own connection).
///
/// The `Inbox` connection is used from whatever thread calls the API, one call at a time
/// under `lock`.
final class InboxFeatureClient: InboxFeatureApi, @unchecked Sendable {
    let lock = NSLock()
    let inbox: Inbox
    let worker: SyncWorker
    let callbackQueue: DispatchQueue
    /// The network, started early by a refresh (`prepare`) when it is the `tinbox-net` helper.
    let transport: HTTPTransport
    /// The configuration's `log`, else stderr: where a refusal a Bool cannot explain is said.
    let log: @Sendable (String) -> Void
    static let standardLog: @Sendable (String) -> Void = { TinboxLog.write("[tinbox] \($0)") }
    private let delegates = Locked<[WeakResponseDelegate]>([])

    /// The folder of `tinbox.db` (a read-only API: the folder it reads, perhaps a private copy).
    let dataDirectory: URL

    convenience init(configuration: TinboxConfiguration) throws(TinboxError) {
        var producers: [ProducerConfig] = []
        for source in configuration.producers {
            let producer = try source.producerConfig()
            if producers.contains(where: { $0.kind == producer.kind }) {
                throw .invalidProducer("two \(producer.kind.rawValue) producers; tinbox takes one of each kind")
            }
            producers.append(producer)
        }
        let directory = configuration.dataDirectory
        let clock = configuration.clock
        let inbox: Inbox
        do {
            inbox = Inbox(store: try Store(directory: directory), clock: clock)
            _ = try inbox.isEnabled()
        } catch {
            throw .storeUnavailable("\(error)")
        }
        let log = configuration.log ?? Self.standardLog
        let transport = configuration.transport
        // Only a host with a search box keeps the title index (`indexesTitles`).
        let worker = SyncWorker(
            producers: producers, transport: transport, indexesTitles: configuration.indexesTitles,
            log: log, openInbox: { Inbox(store: try Store(directory: directory), clock: clock) })
        self.init(
            inbox: inbox, worker: worker, callbackQueue: configuration.callbackQueue, transport: transport, log: log)
    }

    /// The API over `inbox`, with `worker` for refreshes and queue flushes.
    init(
        inbox: Inbox, worker: SyncWorker, callbackQueue: DispatchQueue, transport: HTTPTransport,
        log: @escaping @Sendable (String) -> Void = InboxFeatureClient.standardLog
    ) {
        self.log = log
        self.inbox = inbox
        self.worker = worker
        dataDirectory = inbox.store.directory
        self.callbackQueue = callbackQueue
        self.transport = transport
    }

    /// A newer configuration replaced this API: a refresh still waiting stops.
    func retire() { worker.cancelRefresh() }

    // MARK: reads (A.1-A.3, A.5)

    func getAllMessages() -> [InboxMessage] { messages(.all) }
    func getAllMessagesCount() -> Int { count(.all) }
    func getUnreadMessages() -> [InboxMessage] { messages(.unread) }
    func getUnreadMessagesCount() -> Int { count(.unread) }
    func getReadMessages() -> [InboxMessage] { messages(.read) }
    func getReadMessagesCount() -> Int { count(.read) }
    func getDeletedMessages() -> [InboxMessage] { messages(.deleted) }
    func getDeletedMessagesCount() -> Int { count(.deleted) }

    func messages(_ filter: StateFilter, limit: Int = Int.max) -> [InboxMessage] {
        store("read \(filter.rawValue) messages", fallback: []) {
            try $0.entries(filter, limit: limit).map(InboxMessage.init)
        }
    }

    private func count(_ filter: StateFilter) -> Int {
        store("count \(filter.rawValue) messages", fallback: 0) { try $0.count(filter) }
    }

    // MARK: marks (A.4)

    func markMessageRead(id: String) -> Bool { mark(.read, named: id) }
    func markMessageRead(message: InboxMessage) -> Bool { mark(.read, message.key) }
    func markMessageDeleted(id: String) -> Bool { mark(.deleted, named: id) }
    func markMessageDeleted(message: InboxMessage) -> Bool { mark(.deleted, message.key) }

    func markAllMessagesRead() -> Bool {
        store("mark all read", fallback: false) { try $0.markAllRead() }
    }

    func markAllMessagesDeleted() -> Bool {
        store("mark all deleted", fallback: false) { try $0.markAllDeleted() }
    }

    /// An id alone, or `producer/id` when two producers share it; an ambiguous id is refused,
    /// with a log line saying which two to choose from (a Bool cannot say it, and the app's
    /// false had no reason anywhere).
    private func mark(_ state: MessageState, named name: String) -> Bool {
        store("mark \(state.rawValue)", fallback: false) { inbox in
            switch try inbox.resolve(name) {
            case .success(let key): return try inbox.mark(state, key).succeeded
            case .failure(let refusal):
                if case .ambiguous = refusal {
                    log("mark \(state.rawValue): \(TerminalText.sanitize(refusal.description))")
                }
                return false
            }
        }
    }

    private func mark(_ state: MessageState, _ key: MessageKey) -> Bool {
        store("mark \(state.rawValue)", fallback: false) { try $0.mark(state, key).succeeded }
    }

    // MARK: refresh (A.6)

    func refreshMessages(_ completion: (@Sendable (Bool, MessageProducer) -> Void)?) {
        guard !worker.producers.isEmpty else {
            // Nothing operational: refused, on the calling thread, before returning.
            completion?(false, .inboxFeature)
            return
        }
        let gate = RefreshGate()
        let started = lock.withLock {
            worker.refresh(claimingWith: inbox) { [self] producer, outcome in
                gate.receive { [self] in deliver(producer, outcome, completion) }
            }
        }
        if !gate.decide(started: started) { completion?(false, .inboxFeature) }
    }

    /// After the worker stored a producer's messages: the delegates, then the completion.
    func deliver(
        _ name: String, _ outcome: RefreshOutcome, _ completion: (@Sendable (Bool, MessageProducer) -> Void)?
    ) {
        callbackQueue.async { [self] in
            let producer = MessageProducer(producerName: name)
            // Read back only for someone to tell: a host without delegates does not load 100,000
            // messages per producer.
            let delegates = outcome.succeeded ? liveDelegates() : []
            if !delegates.isEmpty {
                let stored = messages(.all).filter { $0.producer == producer }
                for delegate in delegates { delegate.inboxFeature(didReceive: stored, from: producer) }
            }
            completion?(outcome.succeeded, producer)
        }
    }

    func registerInboxResponseDelegate(_ delegate: InboxResponseDelegate) {
        delegates.withLock { list in
            list.removeAll { $0.value == nil || $0.value === delegate }
            list.append(WeakResponseDelegate(value: delegate))
        }
    }

    func unregisterInboxResponseDelegate(_ delegate: InboxResponseDelegate) {
        delegates.withLock { list in list.removeAll { $0.value == nil || $0.value === delegate } }
    }

    func liveDelegates() -> [InboxResponseDelegate] {
        delegates.withLock { list in list.compactMap(\.value) }
    }

    // MARK: events (A.7)

    func trackMessageOpenEvent(_ message: InboxMessage) {
        store("track open", fallback: ()) { try $0.trackOpen(message.key) }
    }

    func trackMessageInteractionEvent(_ message: InboxMessage, interaction: InboxMessageInteraction) {
        let buttonId = interaction.type == .button ? interaction.buttonId : nil
        store("track interaction", fallback: ()) { _ = try $0.tap(message.key, buttonId: buttonId) }
    }

    // MARK: enable switch (A.5)

    func setInboxEnabled(_ enabled: Bool) {
        store("set enabled", fallback: ()) { try $0.setEnabled(enabled) }
        if !enabled { worker.cancelRefresh() }
    }

    func isInboxEnabled() -> Bool {
        store("read the enable switch", fallback: false) { try $0.isEnabled() }
    }

    func wasEverRefreshed() -> Bool {
        store("read the refresh record", fallback: false) { try $0.wasEverRefreshed() }
    }

    // MARK: Dengage channel

    func getInboxChannelMessages(
        limit: Int, completion: @escaping @Sendable (Result<[InboxMessage], Error>) -> Void
    ) {
        let result: Result<[InboxMessage], Error>
        if limit < 1 {
            result = .failure(TinboxError.invalidLimit(limit))
        } else {
            result = Result { try lock.withLock { try inbox.entries(.all, limit: limit).map(InboxMessage.init) } }
        }
        callbackQueue.async { completion(result) }
    }

    /// All or nothing: every id must name a stored message. In one transaction, each event's local
    /// effect (OP/CL read, DT deleted) and the event itself are written; then the queues are
    /// flushed in the background.
    func sendInboxChannelEvents(
        _ events: [InboxChannelEvent], completion: (@Sendable (Result<Void, Error>) -> Void)?
    ) {
        let result = Result<Void, Error> {
            try lock.withLock {
                guard try inbox.isEnabled() else { throw TinboxError.inboxDisabled }
                try inbox.store.database.transaction {
                    for event in events {
                        guard case .success(let key) = try inbox.resolve(event.messageId) else {
                            throw TinboxError.unknownMessage(event.messageId)
                        }
                        switch event.eventType {
                        case .impression: try inbox.recordImpressions([key])
                        case .open: try inbox.open(key)
                        case .click: try inbox.tap(key, buttonId: nil)
                        case .delete: _ = try inbox.mark(.deleted, key)
                        }
                    }
                }
            }
        }
        if case .success = result { worker.flushQueues { _ in } }
        callbackQueue.async { completion?(result) }
    }

    // MARK: plumbing

    /// Runs `body` on the connection; a store error is logged (to the configuration's `log`, as
    /// every line of this API) and gives `fallback`.
    func store<T>(_ what: String, fallback: T, _ body: (Inbox) throws -> T) -> T {
        do {
            return try lock.withLock { try body(inbox) }
        } catch {
            log("\(what): \(error)")
            return fallback
        }
    }
}

/// A response delegate held weakly.
private struct WeakResponseDelegate {
    weak var value: InboxResponseDelegate?
}

/// Tells a refused refresh from a started one without a race: the worker reports a refusal
/// synchronously inside `refresh`, a started refresh from its own thread, possibly before
/// `refresh` has returned. Reports are held until `decide`, then dropped (refused, answered
/// once with `inboxFeature`) or passed on.
private final class RefreshGate: @unchecked Sendable {
    private let lock = NSLock()
    private var started: Bool?
    private var held: [@Sendable () -> Void] = []

    func receive(_ report: @escaping @Sendable () -> Void) {
        let now: Bool = lock.withLock {
            guard let started else {
                held.append(report)
                return false
            }
            return started
        }
        if now { report() }
    }

    /// Returns `started`; passes on what a started refresh reported meanwhile.
    func decide(started: Bool) -> Bool {
        let waiting = lock.withLock {
            self.started = started
            defer { held.removeAll() }
            return held
        }
        if started { for report in waiting { report() } }
        return started
    }
}
