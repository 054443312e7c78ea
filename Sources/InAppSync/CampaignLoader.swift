import Foundation
import InAppEngine
import InboxCore
import InboxStore

/// Gets a session's campaigns as BEHAVIOR B.13 says: from the source, cached per customer on
/// success; the cache is read only when the sync fails, and then there is no retry; with no
/// cache, retried 1 s after the first failure and 3 s after the second (attempts at t, t+1, t+4).
public struct CampaignLoader {
    public struct Outcome {
        public var document: CampaignDocument?
        /// CLI.md `synced` source: network, cache or none.
        public var source: SyncSource
        public var attempts: Int
        public var failure: InAppSyncError?
        /// What went wrong with the store on the way (the sync not cached, a cache that no longer
        /// reads): the outcome stands, and the caller tells the user.
        public var problems: [String] = []
    }

    public let client: InAppClient
    public let store: InAppStore?
    public let clock: Clock
    /// Waits between attempts; tests pass one that only records.
    public let sleep: (Double) -> Void

    public static let retryDelays: [Double] = [1, 3]

    public init(
        client: InAppClient, store: InAppStore?, clock: Clock = SystemClock(),
        sleep: @escaping (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }
    ) {
        self.client = client
        self.store = store
        self.clock = clock
        self.sleep = sleep
    }

    public func load(customer: String, language: String) -> Outcome {
        var attempt = 0
        var lastFailure: InAppSyncError?
        var problems: [String] = []
        while true {
            attempt += 1
            switch client.sync(customer: customer, language: language) {
            case .success(let (document, data)):
                do {
                    try store?.saveSync(customer: customer, lang: language, document: data, at: clock.now)
                } catch {
                    problems.append("the campaigns were not cached: \(error)")
                }
                return Outcome(
                    document: document, source: .network, attempts: attempt, failure: nil, problems: problems)
            case .failure(let failure):
                lastFailure = failure
                if let document = cachedDocument(customer: customer, problems: &problems) {
                    return Outcome(
                        document: document, source: .cache, attempts: attempt, failure: failure, problems: problems)
                }
            }
            guard attempt <= Self.retryDelays.count else {
                return Outcome(
                    document: nil, source: .none, attempts: attempt, failure: lastFailure, problems: problems)
            }
            sleep(Self.retryDelays[attempt - 1])
        }
    }

    /// The customer's cached sync, or nil; a cache that cannot be read is a problem said once.
    private func cachedDocument(customer: String, problems: inout [String]) -> CampaignDocument? {
        do {
            guard let cached = try store?.cachedSync(customer: customer) else { return nil }
            return try client.source.read(cached.document)
        } catch {
            let problem = "the cached campaigns cannot be read: \(error)"
            if !problems.contains(problem) { problems.append(problem) }
            return nil
        }
    }
}

/// Prefetches every picture of a document in parallel, 5 s per image (an image that needs
/// 5.0 s or more has timed out), caching the bytes in the store (BEHAVIOR B.14).
public struct ArtworkPrefetcher {
    public static let limit: Double = 5

    public let client: InAppClient
    public let store: InAppStore?
    public let clock: Clock

    public init(client: InAppClient, store: InAppStore?, clock: Clock = SystemClock()) {
        self.client = client
        self.store = store
        self.clock = clock
    }

    /// Returns the keys (`ArtworkReference.key`) of the pictures that arrived in time.
    public func prefetch(_ document: CampaignDocument) -> Set<String> {
        var references: [String: ArtworkReference] = [:]
        for campaign in document.campaigns where campaign.isUsable {
            for reference in campaign.message?.artwork ?? [] where reference.isFetchable {
                references[reference.key] = reference
            }
        }
        let arrived = Arrivals()
        let group = DispatchGroup()
        for reference in references.values {
            group.enter()
            DispatchQueue.global().async { [client, clock] in
                defer { group.leave() }
                let started = clock.uptime
                guard case .success(let bytes) = client.artwork(reference) else { return }
                guard clock.uptime - started < Self.limit else { return }
                arrived.insert(reference.key, bytes)
            }
        }
        _ = group.wait(timeout: .now() + Self.limit)
        let ready = arrived.snapshot()
        // The bytes are in hand for this run either way; a failed cache write costs only a fetch
        // next time (B.14), so it is not worth failing or warning over.
        for (key, bytes) in ready { try? store?.saveArtwork(url: key, bytes: bytes, at: clock.now) }
        return Set(ready.keys)
    }

    private final class Arrivals: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: [String: Data] = [:]
        private var closed = false

        func insert(_ key: String, _ data: Data) {
            lock.withLock { if !closed { bytes[key] = data } }
        }

        /// What arrived so far; later arrivals are ignored (they timed out).
        func snapshot() -> [String: Data] {
            lock.withLock {
                closed = true
                return bytes
            }
        }
    }
}
