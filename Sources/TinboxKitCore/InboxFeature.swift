import Foundation

/// The inbox entry point, in the shape of the Marketing Cloud SDK's `InboxFeature`.
///
/// `configure` once, then `requestSdk` for the API. Configuring again replaces the API: the
/// next `requestSdk` opens the new configuration's store and gives a new object.
public final class InboxFeature {
    private struct Shared {
        var configuration: TinboxConfiguration?
        var api: InboxFeatureClient?
    }

    private static let shared = Locked(Shared())

    private init() {}

    /// Keeps `configuration` for the next `requestSdk`. Nothing is opened or read here.
    public static func configure(_ configuration: TinboxConfiguration) {
        let previous = shared.withLock { state -> InboxFeatureClient? in
            defer {
                state.configuration = configuration
                state.api = nil
            }
            return state.api
        }
        previous?.retire()
    }

    /// Calls back once with the API when the store is open and usable, or with nil (the reason is logged).
    ///
    /// Always asynchronously, on the configuration's `callbackQueue` (on the main queue before
    /// `configure`), and with the same object every time for one configuration. It never
    /// refreshes: a new data directory holds nothing until the first `refreshMessages`.
    public static func requestSdk(_ callback: @escaping @Sendable (InboxFeatureApi?) -> Void) {
        guard let configuration = shared.withLock({ $0.configuration }) else {
            DispatchQueue.main.async {
                TinboxLog.write("[tinbox] requestSdk: InboxFeature.configure was not called")
                callback(nil)
            }
            return
        }
        configuration.callbackQueue.async {
            callback(api(for: configuration))
        }
    }

    /// `configure`, then the API opened on the calling thread: for a host that wants the reason
    /// as an error (a command's one line on stderr) rather than a logged nil. Later
    /// `requestSdk` calls give the same object. With `shared` false the API is the caller's
    /// alone: `configure` and `requestSdk` neither see nor replace it (a host that owns its
    /// API, tests running side by side).
    public static func open(
        _ configuration: TinboxConfiguration, shared isShared: Bool = true
    ) throws(TinboxError) -> InboxFeatureApi {
        let api = try InboxFeatureClient(configuration: configuration)
        guard isShared else { return api }
        let previous = shared.withLock { state -> InboxFeatureClient? in
            defer {
                state.configuration = configuration
                state.api = api
            }
            return state.api
        }
        previous?.retire()
        return api
    }

    /// The inbox of `configuration`'s data directory for browsing only (`tinbox replay`):
    /// nothing there is created or changed, and no server is asked. A directory without a store
    /// yet shows the local producers' files, read into memory (`note` says what was left out).
    /// Independent of `configure`: `requestSdk` never returns it.
    public static func openReadOnly(_ configuration: TinboxConfiguration) throws(TinboxError) -> InboxReadOnlyView {
        try InboxFeatureClient.readOnly(configuration)
    }

    /// The API of the current configuration, opened on first use; nil (logged) when it cannot be.
    private static func api(for configuration: TinboxConfiguration) -> InboxFeatureClient? {
        shared.withLock { state in
            if let api = state.api { return api }
            // A configure that came after this request was made: the newer one is answered.
            let current = state.configuration ?? configuration
            do {
                let api = try InboxFeatureClient(configuration: current)
                state.api = api
                return api
            } catch {
                TinboxLog.write("[tinbox] requestSdk: \(error)")
                return nil
            }
        }
    }
}

/// The inbox API (Marketing Cloud `InboxFeature` shape; BEHAVIOR A), plus the Dengage channel calls.
///
/// Reads, counts and marks are synchronous, thread-safe and durable when they return.
public protocol InboxFeatureApi: AnyObject, Sendable {
    /// Active messages, not deleted, in the order of A.3.
    func getAllMessages() -> [InboxMessage]
    /// `getUnreadMessagesCount() + getReadMessagesCount()`.
    func getAllMessagesCount() -> Int
    /// Active unread messages.
    func getUnreadMessages() -> [InboxMessage]
    /// How many active messages are unread.
    func getUnreadMessagesCount() -> Int
    /// Active read messages.
    func getReadMessages() -> [InboxMessage]
    /// How many active messages are read.
    func getReadMessagesCount() -> Int
    /// Deleted messages still inside their window (A.2).
    func getDeletedMessages() -> [InboxMessage]
    /// How many deleted messages are still inside their window.
    func getDeletedMessagesCount() -> Int
    /// A.4: false when disabled, not operational, unknown or deleted; true otherwise.
    func markMessageRead(id: String) -> Bool
    /// `markMessageRead(id:)` for this message's producer and id.
    func markMessageRead(message: InboxMessage) -> Bool
    /// A.4: records `DT`; false when disabled, not operational or unknown.
    func markMessageDeleted(id: String) -> Bool
    /// `markMessageDeleted(id:)` for this message's producer and id.
    func markMessageDeleted(message: InboxMessage) -> Bool
    /// A.4: false when no active message is unread. Expired messages are never touched.
    func markAllMessagesRead() -> Bool
    /// A.4: false when no message is active.
    func markAllMessagesDeleted() -> Bool
    /// A.6: one manual refresh; see LIBRARY.md for when and where `completion` runs.
    func refreshMessages(_ completion: (@Sendable (Bool, MessageProducer) -> Void)?)
    /// Tells `delegate` of each producer's stored messages after a refresh; held weakly.
    func registerInboxResponseDelegate(_ delegate: InboxResponseDelegate)
    /// Stops telling `delegate`.
    func unregisterInboxResponseDelegate(_ delegate: InboxResponseDelegate)
    /// Records `OP` without marking the message read (A.7).
    func trackMessageOpenEvent(_ message: InboxMessage)
    /// Records `CL` (with the button id for `.button`) and marks the message read (A.7).
    func trackMessageInteractionEvent(_ message: InboxMessage, interaction: InboxMessageInteraction)
    /// A.5: persisted; disabling cancels a refresh that is waiting and keeps every message.
    func setInboxEnabled(_ enabled: Bool)
    /// The switch of A.5.
    func isInboxEnabled() -> Bool
    /// False until a refresh ever stored a producer's messages in this data directory: the
    /// commands refresh first on such a store (CLI.md), since reads never refresh by themselves.
    func wasEverRefreshed() -> Bool
    /// Calls `body` with each message of `filter` in the order of A.3, on the calling thread, as
    /// the store reads them: 100,000 messages never sit in memory at once. A disabled inbox has
    /// none. Throws the store's error, or `body`'s. `body` must not call this API.
    func forEachMessage(_ filter: InboxMessageFilter, _ body: (InboxMessage) throws -> Void) throws
    /// One page of `filter`'s messages in the order of A.3: the rows a list shows, at any size.
    func getMessages(_ filter: InboxMessageFilter, offset: Int, limit: Int) throws -> [InboxMessage]
    /// The four tab counts (all = unread + read, A.3) from the store's tallies: a few index
    /// probes instead of a scan, so a count stays fast at 1,000,000 messages. Throws the store's error.
    func getMessageCounts() throws -> [InboxMessageFilter: Int]
    /// A.4 for several messages at once, all or nothing: each id (or `producer/id`) is resolved
    /// before any is marked, and the marks happen in one transaction. Nil when every one was
    /// marked; else the first refusal, and nothing changed. Throws the store's error.
    func markMessages(ids: [String], as target: InboxMarkTarget) throws -> InboxMarkRefusal?
    /// A.4's mark all (`.read`: every active unread message; `.deleted`: every active one):
    /// nil when done, else why not. Throws the store's error.
    func markAllMessages(as target: InboxMarkTarget) throws -> InboxMarkRefusal?
    /// A.5's switch, persisted, or the store's error (`setInboxEnabled` logs it instead).
    /// Disabling cancels a refresh that is waiting and keeps every message.
    func updateInboxEnabled(_ enabled: Bool) throws
    /// The switch, the tab counts and each producer's last refresh and queues, as the store
    /// keeps them (`tinbox inbox status`). Throws the store's error.
    func getInboxStatus() throws -> InboxStatus
    /// `refreshMessages` with each producer's outcome, its reason and its retry time (A.6).
    ///
    /// A refused refresh (inside the 60 s, inbox disabled) sends nothing and reports each
    /// configured producer on the calling thread before this returns; nothing operational
    /// reports nothing. Otherwise `report` runs once per producer, in the configured order, on
    /// `callbackQueue`, after that producer's messages are stored and the delegates were told.
    func refreshMessages(reporting report: @escaping @Sendable (InboxRefreshReport) -> Void)
    /// One page of `filter`'s list, narrowed to titles containing `text` (ASCII letters in any
    /// case; empty: no narrowing), in the order of A.3: the rows a list host shows, read by
    /// walking the store's list-order index (or its title index), so any page of 100,000
    /// messages costs about what the first does. Throws the store's error.
    func getListPage(_ filter: InboxMessageFilter, titleContaining text: String, offset: Int, limit: Int) throws
        -> [InboxListEntry]
    /// How many of `filter`'s messages have titles containing `text`: exact when that costs no
    /// more than counting to `limit` (it may then pass it), else `limit` with `isExact` false (a
    /// text in most titles would cost a pass over the inbox). Throws the store's error.
    func getListCount(_ filter: InboxMessageFilter, titleContaining text: String, upTo limit: Int) throws
        -> InboxListCount
    /// Where `key` stands in the list of `getListPage` (0 is the first row); nil when it is not
    /// in it now. A host keeps its selection on a message when rows are added above it.
    func getListPosition(of key: InboxMessageKey, in filter: InboxMessageFilter, titleContaining text: String)
        throws -> Int?
    /// The message an `id` or `producer/id` names (a `navigate` route); nil when none, or two.
    func getListEntry(named name: String) throws -> InboxListEntry?
    /// BEHAVIOR A.2: the first instant after `date` at which a stored message starts or ends,
    /// when lists and counts change without a refresh; nil when none lies ahead.
    func nextWindowChange(after date: Date) throws -> Date?
    /// A.7: a message opened in a host's detail view: records `OP` and marks it read.
    func openMessage(_ key: InboxMessageKey) throws
    /// A.7: a tap on a message's call to action or button: records `CL` (with `buttonId`) and
    /// marks it read.
    func tapMessage(_ key: InboxMessageKey, buttonId: String?) throws
    /// Records one `IM` (PROTOCOL 1.4) for each message a list just showed, in one
    /// transaction; nothing while the inbox is disabled. Unknown keys are skipped.
    func recordImpressions(_ keys: [InboxMessageKey]) throws
    /// A.4 for one message, saying whether it changed, was already so, or why not.
    func markMessage(_ key: InboxMessageKey, as target: InboxMarkTarget) throws -> InboxMarkResult
    /// Sends the queued statuses and events of the HTTP producers now, without waiting (a host
    /// that stays open calls it now and then; the reader every 30 s). A producer that failed
    /// recently waits out its back-off.
    func flushQueues()
    /// For a host's end: stops a refresh still running, then sends what is queued even to a
    /// producer in back-off, waiting at most `timeout` seconds. False when the time ran out;
    /// what did not go stays queued for the next run.
    func flushQueuesBeforeQuit(timeout: Double) -> Bool
    /// The detail view's cached picture of a message's `imageUrl` (BEHAVIOR B.14's cache), or
    /// nil when it was never fetched. Throws the store's error.
    func getCachedImage(url: String) throws -> Data?
    /// Fetches a message's `imageUrl` under B.14 (https only, refused before any request;
    /// `completion` gets nil when it took 5 s or more) and caches it for `getCachedImage`.
    /// `completion` runs once, on `callbackQueue`.
    func fetchImage(url: String, completion: @escaping @Sendable (Data?) -> Void)
    /// An in-app picture from the campaigns' prefetch cache (B.14), or nil: for a host that
    /// draws messages without fetching (a replay). Throws the store's error.
    func getCachedArtwork(url: String) throws -> Data?
    /// The user's answer to `ClickAction.requestPushPermission`, kept in the store: nil until
    /// they answered.
    func getNotificationPermission() throws -> Bool?
    /// Keeps the user's answer for `getNotificationPermission`; nil forgets it.
    func setNotificationPermission(_ allowed: Bool?) throws
    /// At a program's end: a write-ahead log this run left large (an import, a mark of every
    /// message) goes into the database, as closing the last connection would have done; the
    /// API's connections stay open until the process exits, so that close never comes. A small
    /// log is left, and no connection opened for it.
    func checkpointLargeLog() throws
    /// Dengage: the first `limit` messages of the store, deleted ones left out, on `callbackQueue`.
    func getInboxChannelMessages(limit: Int, completion: @escaping @Sendable (Result<[InboxMessage], Error>) -> Void)
    /// Dengage: applies the events' local effects first, then queues them durably; on `callbackQueue`.
    func sendInboxChannelEvents(_ events: [InboxChannelEvent], completion: (@Sendable (Result<Void, Error>) -> Void)?)
}

/// Told after a refresh stored a producer's messages (A.6); never for failures.
public protocol InboxResponseDelegate: AnyObject {
    /// After a producer's messages are stored (A.6); never for failures.
    func inboxFeature(didReceive messages: [InboxMessage], from producer: MessageProducer)
}
