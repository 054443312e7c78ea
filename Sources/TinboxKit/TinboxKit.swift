import Foundation
import InboxCore
import InboxHTTP
@_exported import TinboxKitCore

/// `import TinboxKit`: LIBRARY.md's API (TinboxKitCore, re-exported) with HTTP in process through
/// URLSession. The package's own hosts (the `tinbox` commands and the reader) use TinboxKitCore
/// and run HTTP through the `tinbox-net` helper, so that loading libcurl never costs a command
/// that does not touch the network (README, "Performance").
extension TinboxConfiguration {
    /// A configuration; only the data directory is required. HTTP sources run through URLSession
    /// in this process unless `networkHelper` names the `tinbox-net` helper to run them in.
    public init(
        dataDirectory: URL, producers: [ProducerSource] = [], campaigns: CampaignSource? = nil,
        customer: String? = nil, language: String? = nil, callbackQueue: DispatchQueue = .main,
        clock: any TinboxClock = SystemClock(), networkHelper: URL? = nil, timeZone: TimeZone = .current,
        log: (@Sendable (String) -> Void)? = nil, indexesTitles: Bool = false
    ) {
        self.init(
            dataDirectory: dataDirectory, producers: producers, campaigns: campaigns, customer: customer,
            language: language, callbackQueue: callbackQueue, clock: clock, networkHelper: networkHelper,
            timeZone: timeZone, log: log, indexesTitles: indexesTitles,
            fallbackTransport: fallbackTransport)
    }
}

/// One URLSession for the whole process, made on first use.
private let fallbackTransport = URLSessionTransport()
