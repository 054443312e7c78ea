import Foundation
import InAppEngine
import InAppSync
import InboxCore
import InboxSync
import TinboxKitCore

/// The commands as hosts of TinboxKit (LIBRARY.md): the context's paths, producers, campaigns,
/// customer, language, clock and network as one `TinboxConfiguration`, and the inbox API over it.
extension AppContext {
    /// This context as TinboxKit's configuration. Callbacks run on `callbackQueue` (a command
    /// waits for them on its own thread); the refresh's warnings go where the context's go.
    /// `campaigns` stands in for the context's (`tinbox preview`'s file). `reader` keeps the title
    /// search's index and drops the refresh's warnings: curses owns the screen, and stderr would
    /// write over it.
    package func configuration(
        callbackQueue: DispatchQueue, campaigns: TinboxKitCore.CampaignSource? = nil, reader: Bool = false
    ) -> TinboxConfiguration {
        TinboxConfiguration(
            dataDirectory: dataDirectory, producers: producers.map(Self.source),
            campaigns: campaigns ?? self.campaigns.map(Self.campaigns), customer: customer, language: language,
            callbackQueue: callbackQueue, clock: clock,
            log: reader ? { _ in } : warn, indexesTitles: reader, fallbackTransport: ProcessTransport.shared)
    }

    /// The inbox API over this context's data directory, opened on first use; a store that
    /// cannot be opened fails with its reason. `reader`: the reader's (`configuration(reader:)`),
    /// which its list, detail view and notifier read through. The context owns it (nothing here
    /// calls `requestSdk`), so contexts side by side, as in tests, never replace each other's.
    package func inboxApi(reader: Bool = false) throws -> InboxFeatureApi {
        if let openedApi { return openedApi }
        do {
            let api = try InboxFeature.open(configuration(callbackQueue: kitQueue, reader: reader), shared: false)
            openedApi = api
            return api
        } catch .storeUnavailable(let reason) {
            throw CommandFailure(reason)
        }
    }

    /// The inbox for `tinbox replay`: read-only, or the local files in memory (`InboxReadOnlyView`).
    package func readOnlyInbox() throws -> InboxReadOnlyView {
        do {
            return try InboxFeature.openReadOnly(configuration(callbackQueue: kitQueue, reader: true))
        } catch .storeUnavailable(let reason) {
            throw CommandFailure(reason)
        }
    }

    /// CLI.md: `list`, `count` and `mark` work on the store alone, except on a data directory
    /// that was never refreshed, where they import once first (this counts as the first refresh).
    /// A disabled inbox imports nothing (BEHAVIOR A.5), so there is no refresh to warn about.
    package func inboxApiImportingOnce() throws -> InboxFeatureApi {
        let api = try inboxApi()
        if api.isInboxEnabled(), !api.wasEverRefreshed() {
            let reports = refresh(api)
            // Another tinbox took the minute's refresh first and is importing the same feeds now:
            // its import is the answer (`mark` said "no message", `count` 0, while it ran).
            if !reports.isEmpty, reports.allSatisfy({ if case .refused = $0.outcome { true } else { false } }),
                try waitForAnotherImport(api)
            {
                return api
            }
            for report in reports where !report.succeeded { warn(report.description) }
        }
        return api
    }

    /// How long a command waits for another tinbox's first import of the same data directory.
    static let anotherImportWait: Double = 20

    /// Waits until some refresh of the data directory ended (its messages stored, or its
    /// failure recorded); false when none did within `anotherImportWait`.
    private func waitForAnotherImport(_ api: InboxFeatureApi) throws -> Bool {
        let deadline = Date().addingTimeInterval(Self.anotherImportWait)
        while Date() < deadline {
            let ended = try api.getInboxStatus().producers.contains { $0.lastRefresh != nil }
            if api.wasEverRefreshed() || ended { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// One manual refresh through the API, waited for: `each` hears every producer's report as it
    /// ends, on the kit's queue while this thread waits; the reports in the producers' order.
    @discardableResult
    package func refresh(
        _ api: InboxFeatureApi, each: @escaping @Sendable (InboxRefreshReport) -> Void = { _ in }
    ) -> [InboxRefreshReport] {
        let collected = ReportList()
        let expected = producers.count
        api.refreshMessages(reporting: { report in
            each(report)
            collected.append(report)
        })
        collected.wait(for: expected)
        return collected.reports
    }

    /// The in-app check of the commands (`event`, `purchase`, `explain`) for `customer`, on the
    /// command line's size; what it leaves out is a warning.
    package func inAppCheck(customer: String, columns: Int, rows: Int) -> InAppCheck {
        InAppCheck(
            configuration: configuration(callbackQueue: kitQueue), customer: customer, columns: columns, rows: rows,
            warn: warn)
    }

    /// `--campaigns` or the config's `campaigns`, already read and checked, in TinboxKit's terms.
    private static func campaigns(_ source: InAppSync.CampaignSource) -> TinboxKitCore.CampaignSource {
        switch source {
        case .file(let url, let format, let read):
            return .file(url, format: format?.rawValue, options: options(read, gameball: format == .gameball))
        case .http(let base, let token, let format, let read):
            return .http(
                base, format: format?.rawValue, token: token, options: options(read, gameball: format == .gameball))
        }
    }

    /// The read options as the config keys they came from; `platform` is Gameball's alone.
    private static func options(_ read: CampaignReadOptions, gameball: Bool) -> [String: JSONValue] {
        var options: [String: JSONValue] = [:]
        if let clock = read.quietHoursClock { options["quietHoursClock"] = .string(clock.rawValue) }
        if gameball { options["platform"] = .number(Double(read.platform)) }
        return options
    }

    /// A producer of the config or `--feed`, in TinboxKit's terms.
    private static func source(_ producer: ProducerConfig) -> ProducerSource {
        let kind: MessageProducer = producer.kind == .engagement ? .engagement : .appMessaging
        var options: [String: JSONValue] = [
            "pageSize": .number(Double(producer.pageSize)), "maxMessages": .number(Double(producer.maxMessages)),
        ]
        if let contactKey = producer.contactKey { options["contactKey"] = .string(contactKey) }
        if producer.format == .dengage {
            let dengage = producer.dengage
            if let account = dengage.account { options["account"] = .string(account) }
            if let deviceId = dengage.deviceId { options["deviceId"] = .string(deviceId) }
            if let appId = dengage.appId { options["appId"] = .string(appId) }
            options["inboxEnabled"] = .bool(dengage.inboxEnabled)
        }
        switch producer.source {
        case .file(let url) where producer.isDemo: return .demo(url, producer: kind)
        case .file(let url):
            return .file(url, producer: kind, format: producer.format?.rawValue, options: options)
        case .http(let url):
            return .http(
                url, producer: kind, format: producer.format?.rawValue, token: producer.token, options: options)
        }
    }
}

/// The reports of one refresh, filled on the kit's queue and waited for on the command's thread.
private final class ReportList: @unchecked Sendable {
    private let condition = NSCondition()
    private var list: [InboxRefreshReport] = []

    var reports: [InboxRefreshReport] { condition.withLock { list } }

    func append(_ report: InboxRefreshReport) {
        condition.withLock {
            list.append(report)
            condition.broadcast()
        }
    }

    /// Until `count` reports came; a refused or refused-for-nothing refresh has them already.
    func wait(for count: Int) {
        condition.withLock {
            while list.count < count { condition.wait() }
        }
    }
}
