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
    /// `requestSdk` calls give the same object.
    public static func open(_ configuration: TinboxConfiguration) throws(TinboxError) -> InboxFeatureApi {
        let api = try InboxFeatureClient(configuration: configuration)
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
