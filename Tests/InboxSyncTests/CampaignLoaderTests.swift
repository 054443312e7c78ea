import Foundation
import InAppEngine
import InAppSync
import InboxCore
import InboxStore
import TestSupport
import Testing

/// BEHAVIOR B.13 (sync, cache, retries) and B.14 (artwork prefetch) with file sources.
@Suite struct CampaignLoaderTests {
    let folder = Scratch.folder("tinbox-iam")

    private func store() throws -> InAppStore {
        InAppStore(store: try Store(directory: folder.appendingPathComponent("data")))
    }

    private func writeDocument(_ campaigns: [[String: Any]], name: String = "campaigns.json") throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try JSONSerialization.data(withJSONObject: ["campaigns": campaigns]).write(to: url)
        return url
    }

    private func campaign(_ id: String, image: String? = nil) -> [String: Any] {
        var message: [String: Any] = ["type": "modal", "header": id]
        if let image { message["imageURL"] = image }
        return ["id": id, "trigger": ["type": "sessionStart"], "message": message]
    }

    @Test func withNoCacheAFailedSyncIsRetriedAfterOneAndThreeSecondsThenGivenUp() throws {
        var waits: [Double] = []
        let client = InAppClient(source: .file(folder.appendingPathComponent("missing.json")))
        let outcome = CampaignLoader(client: client, store: try store(), sleep: { waits.append($0) })
            .load(customer: "c1", language: "en")
        #expect(waits == [1, 3])
        #expect(outcome.attempts == 3)
        #expect(outcome.source == SyncSource.none)
        #expect(outcome.source.rawValue == "none")
        #expect(outcome.document == nil)
    }

    @Test func aSuccessfulSyncIsCachedAndTheCacheServesOnlyWhenTheSyncFails() throws {
        let store = try store()
        let url = try writeDocument([campaign("c-1")])
        var waits: [Double] = []
        let first = CampaignLoader(client: InAppClient(source: .file(url)), store: store, sleep: { waits.append($0) })
            .load(customer: "c1", language: "en")
        #expect(first.source == .network)
        try FileManager.default.removeItem(at: url)
        let second = CampaignLoader(client: InAppClient(source: .file(url)), store: store, sleep: { waits.append($0) })
            .load(customer: "c1", language: "en")
        #expect(second.source == .cache)
        #expect(second.attempts == 1)
        #expect(second.document?.campaigns.map(\.messageId) == ["c-1"])
        #expect(waits.isEmpty)
        let otherCustomer = CampaignLoader(client: InAppClient(source: .file(url)), store: store, sleep: { _ in })
            .load(customer: "c2", language: "en")
        #expect(otherCustomer.source == SyncSource.none)
    }

    /// Issue 10, point 4: a cache that no longer reads is named once, not passed over in silence.
    @Test func anUnreadableCacheIsAProblemSaidOnce() throws {
        let store = try store()
        try store.saveSync(customer: "c1", lang: "en", document: Data("not json".utf8), at: Date())
        let client = InAppClient(source: .file(folder.appendingPathComponent("missing.json")))
        let outcome = CampaignLoader(client: client, store: store, sleep: { _ in }).load(customer: "c1", language: "en")
        #expect(outcome.source == SyncSource.none)
        #expect(outcome.problems.count == 1)
        #expect(outcome.problems.first?.hasPrefix("the cached campaigns cannot be read: ") == true)
    }

    @Test func localArtworkIsReadyAndCachedWhileHTTPAndMissingFilesAreNot() throws {
        let store = try store()
        let url = try writeDocument([
            campaign("a", image: "art/a.png"), campaign("b", image: "http://cdn.example/b.png"),
            campaign("c", image: "art/missing.png"),
        ])
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("art"), withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: folder.appendingPathComponent("art/a.png"))
        let client = InAppClient(source: .file(url))
        let document = try #require(
            CampaignLoader(client: client, store: store, sleep: { _ in })
                .load(customer: "c", language: "en").document)
        let ready = ArtworkPrefetcher(client: client, store: store).prefetch(document)
        let aKey = folder.appendingPathComponent("art/a.png").absoluteString
        #expect(ready == [aKey])
        #expect(try store.artwork(url: aKey) == Data([1, 2, 3]))
    }
}
