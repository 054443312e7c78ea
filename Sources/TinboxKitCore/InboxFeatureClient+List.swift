import Foundation
import InAppEngine
import InAppSync
import InboxCore
import InboxStore
import InboxSync

/// What a list host needs (the reader: paged and searched reads with positions, window edges,
/// impressions, marks, pictures, its own settings), each a thin call of the store's `Inbox` on
/// the API's one connection, under its lock: the rows come back as the store reads them.
extension InboxFeatureClient {
    func getListPage(_ filter: InboxMessageFilter, titleContaining text: String, offset: Int, limit: Int) throws
        -> [InboxListEntry]
    {
        try lock.withLock {
            try inbox.listPage(filter.storeFilter, titleContaining: text, offset: offset, limit: limit)
        }
    }

    func getListCount(_ filter: InboxMessageFilter, titleContaining text: String, upTo limit: Int) throws
        -> InboxListCount
    {
        let count = try lock.withLock { try inbox.count(filter.storeFilter, titleContaining: text, upTo: limit) }
        return InboxListCount(count: count.value, isExact: count.isExact)
    }

    func getListPosition(of key: InboxMessageKey, in filter: InboxMessageFilter, titleContaining text: String)
        throws -> Int?
    {
        try lock.withLock { try inbox.listPosition(of: key, filter.storeFilter, titleContaining: text) }
    }

    func getListEntry(named name: String) throws -> InboxListEntry? {
        try lock.withLock {
            guard case .success(let key) = try inbox.resolve(name) else { return nil }
            return try inbox.entry(key)
        }
    }

    func nextWindowChange(after date: Date) throws -> Date? {
        try lock.withLock { try inbox.nextWindowChange(after: date) }
    }

    func openMessage(_ key: InboxMessageKey) throws {
        try lock.withLock { _ = try inbox.open(key) }
    }

    func tapMessage(_ key: InboxMessageKey, buttonId: String?) throws {
        try lock.withLock { _ = try inbox.tap(key, buttonId: buttonId) }
    }

    func recordImpressions(_ keys: [InboxMessageKey]) throws {
        try lock.withLock { try inbox.recordImpressions(keys) }
    }

    func markMessage(_ key: InboxMessageKey, as target: InboxMarkTarget) throws -> InboxMarkResult {
        switch try lock.withLock({ try inbox.mark(target.state, key) }) {
        case .changed: return .changed
        case .unchanged: return .unchanged
        case .refused(let refusal): return .refused(InboxMarkRefusal(messageId: nil, reason: refusal.description))
        }
    }

    func flushQueues() {
        worker.flushQueues { _ in }
    }

    func flushQueuesBeforeQuit(timeout: Double) -> Bool {
        worker.cancelRefresh()
        return worker.flushQueuesAndWait(timeout: timeout) != nil
    }

    func getCachedImage(url: String) throws -> Data? {
        try lock.withLock { try inbox.image(url: url) }
    }

    func fetchImage(url: String, completion: @escaping @Sendable (Data?) -> Void) {
        let reference = ArtworkReference(url, documentBase: nil)
        guard case .remote = reference.kind, let address = reference.url else {
            return callbackQueue.async { completion(nil) }
        }
        let request = HTTPRequest(method: "GET", url: address, headers: ["User-Agent": HTTPProducer.userAgent])
        let clock = inbox.clock
        DispatchQueue.global().async { [self] in
            let started = clock.uptime
            guard case .success(let response) = transport.send(request, cancellation: nil),
                (200..<300).contains(response.status), clock.uptime - started < ArtworkPrefetcher.limit
            else { return callbackQueue.async { completion(nil) } }
            // The bytes are in hand either way; a failed cache write costs a fetch next time (B.14).
            try? lock.withLock { try inbox.saveImage(url: url, bytes: response.body, at: clock.now) }
            callbackQueue.async { completion(response.body) }
        }
    }

    func getCachedArtwork(url: String) throws -> Data? {
        try lock.withLock { try InAppStore(store: inbox.store).artwork(url: url) }
    }

    func getNotificationPermission() throws -> Bool? {
        switch try lock.withLock({ try inbox.store.setting(Self.notificationKey) }) {
        case "yes"?: return true
        case "no"?: return false
        default: return nil
        }
    }

    func setNotificationPermission(_ allowed: Bool?) throws {
        try lock.withLock { try inbox.store.setSetting(Self.notificationKey, allowed.map { $0 ? "yes" : "no" }) }
    }

    /// Where the answer has been kept since the reader first asked.
    static let notificationKey = "notifications.allowed"

    func checkpointLargeLog() throws {
        try Database.checkpointLargeLog(path: dataDirectory.appendingPathComponent(Store.fileName).path)
    }

    /// `InboxFeature.openReadOnly`: the store opened read-only, else the local producers' files
    /// read into one in memory; a worker that has no producer and never opens the directory.
    static func readOnly(_ configuration: TinboxConfiguration) throws(TinboxError) -> InboxReadOnlyView {
        var producers: [ProducerConfig] = []
        for source in configuration.producers { producers.append(try source.producerConfig()) }
        let opened: (inbox: Inbox, note: String?)
        do {
            opened = try ReadOnlyInbox.open(
                directory: configuration.dataDirectory, producers: producers, clock: configuration.clock)
        } catch {
            throw .storeUnavailable("\(error)")
        }
        let worker = SyncWorker(producers: [], indexesTitles: false) { throw TinboxError.inboxDisabled }
        let api = InboxFeatureClient(
            inbox: opened.inbox, worker: worker, callbackQueue: configuration.callbackQueue,
            transport: configuration.transport)
        let home = opened.inbox.store.directory
        let copy = home.lastPathComponent.hasPrefix(Store.copyDirectoryPrefix) ? home : nil
        return InboxReadOnlyView(api: api, note: opened.note, copy: copy)
    }
}
