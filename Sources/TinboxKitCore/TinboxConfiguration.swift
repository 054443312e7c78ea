import Foundation
import InboxCore
import InboxSync

/// The source of "now" for every rule: wall time (`now`) and monotonic seconds (`uptime`).
///
/// BEHAVIOR.md: "now comes from an injected clock". Pass a `ManualClock` in tests.
public typealias TinboxClock = InboxCore.Clock

/// The real clock: `Date()` and the system's monotonic clock.
public typealias SystemClock = InboxCore.SystemClock

/// A clock that moves only when told (`advance(by:)`, `setWallClock(_:)`), for tests.
public typealias ManualClock = InboxCore.ManualClock

/// Everything `InboxFeature` and `InAppMessaging` need to know about the program using them.
public struct TinboxConfiguration: Sendable {
    /// The folder of `tinbox.db`, created with mode 0700 when missing.
    public let dataDirectory: URL
    /// The inbox producers; empty means none (not the demo), so every refresh is refused.
    public let producers: [ProducerSource]
    /// Where the in-app campaigns come from; nil leaves in-app messaging off.
    public let campaigns: CampaignSource?
    /// The customer in-app messaging starts for when `startInAppMessaging` names none.
    public let customer: String?
    /// The configured language (BEHAVIOR B.17); nil means `en`.
    public let language: String?
    /// Where callbacks and delegate methods run. It must be serial.
    public let callbackQueue: DispatchQueue
    /// "Now" for every rule: the windows of A.2, the refresh limit of A.6, the in-app timers.
    public let clock: any TinboxClock
    /// The `tinbox-net` helper to run HTTP through; nil (the default) runs URLSession in process.
    public let networkHelper: URL?
    /// The local clock of quiet hours (BEHAVIOR B.8).
    public let timeZone: TimeZone
    /// Where a refresh's warnings go (a line about queued items a server refused for good,
    /// VENDORS.md §2), without a prefix; nil writes them on stderr after `[tinbox] `.
    public let log: (@Sendable (String) -> Void)?
    /// Keeps the title search's index caught up on the refresh thread (from half a second after
    /// the API opens, after each refresh and queue flush), for a host with a search box (the
    /// reader's `/`). False (the default): `getListPage(_:titleContaining:offset:limit:)` is as
    /// exact, and reads the titles the index does not cover itself.
    public let indexesTitles: Bool

    /// Where HTTP runs when no helper is named: URLSession, which the `TinboxKit` module adds
    /// (TinboxKitCore leaves it out so that the `tinbox` executable never loads libcurl, README
    /// "Performance"), or the hosts' own `ProcessTransport.shared`, which `tinbox refresh` starts
    /// before the store opens; nil runs a `tinbox-net` helper found beside the program.
    let fallbackTransport: (any HTTPTransport)?

    /// The configuration of LIBRARY.md, with `fallbackTransport` for HTTP without a helper.
    /// Programs call `TinboxKit`'s public initializer, which passes URLSession.
    package init(
        dataDirectory: URL, producers: [ProducerSource] = [], campaigns: CampaignSource? = nil,
        customer: String? = nil, language: String? = nil, callbackQueue: DispatchQueue = .main,
        clock: any TinboxClock = SystemClock(), networkHelper: URL? = nil, timeZone: TimeZone = .current,
        log: (@Sendable (String) -> Void)? = nil, indexesTitles: Bool = false,
        fallbackTransport: (any HTTPTransport)?
    ) {
        self.dataDirectory = dataDirectory
        self.producers = producers
        self.campaigns = campaigns
        self.customer = customer
        self.language = language
        self.callbackQueue = callbackQueue
        self.clock = clock
        self.networkHelper = networkHelper
        self.timeZone = timeZone
        self.log = log
        self.indexesTitles = indexesTitles
        self.fallbackTransport = fallbackTransport
    }

    /// The network for HTTP sources: the helper when one is named, else URLSession in process
    /// (else, inside this package's hosts, the program's own helper: `ProcessTransport.shared`).
    var transport: HTTPTransport {
        if let networkHelper { return ProcessTransport(executable: networkHelper) }
        return fallbackTransport ?? ProcessTransport.shared
    }
}

/// Where an inbox producer's messages come from (PROTOCOL 1).
public struct ProducerSource: Sendable {
    enum Location: Sendable, Equatable {
        case file(URL)
        case http(URL)
    }

    let location: Location
    /// Which producer kind these messages belong to.
    public let producer: MessageProducer
    /// A VENDORS.md format name; nil recognises the document by its shape.
    public let format: String?
    /// Sent as `Authorization: Bearer <token>` (HTTP only).
    public let token: String?
    /// The producer's config keys (CLI.md): `pageSize`, `maxMessages`, `contactKey`.
    public let options: [String: JSONValue]
    /// Shipped demo data, whose dates move with the clock so it always looks current.
    public let isDemo: Bool

    /// A JSON document on disk with the shape of the `GET messages` response, read whole.
    public static func file(
        _ url: URL, producer: MessageProducer = .engagement, format: String? = nil,
        options: [String: JSONValue] = [:]
    ) -> ProducerSource {
        ProducerSource(
            location: .file(url), producer: producer, format: format, token: nil, options: options, isDemo: false)
    }

    /// A demo feed on disk (the shipped `engagement.json`, `app-messaging.json`): its dates are
    /// moved by the clock's distance from the day it was written, so the demo always looks current.
    public static func demo(_ url: URL, producer: MessageProducer = .engagement) -> ProducerSource {
        ProducerSource(location: .file(url), producer: producer, format: nil, token: nil, options: [:], isDemo: true)
    }

    /// An `http://` or `https://` base URL serving PROTOCOL 1.1-1.4.
    public static func http(
        _ base: URL, producer: MessageProducer = .engagement, format: String? = nil, token: String? = nil,
        options: [String: JSONValue] = [:]
    ) -> ProducerSource {
        ProducerSource(
            location: .http(base), producer: producer, format: format, token: token, options: options, isDemo: false)
    }

    /// The sync layer's producer, or why this source cannot be used.
    func producerConfig() throws(TinboxError) -> ProducerConfig {
        let isHTTP = if case .http = location { true } else { false }
        let inboxFormat: InboxFormat?
        switch InboxFormat.named(format, isHTTP: isHTTP) {
        case .success(let named): inboxFormat = named
        case .failure(.unknown(let name)): throw .unknownFormat(name)
        case .failure(let refusal): throw .unsupportedFormat(refusal.description)
        }
        guard let kind = producer.kind else { throw .invalidProducer("inboxFeature is not a producer kind") }
        let dengageKeys = ["account", "deviceId", "appId", "inboxEnabled"]
        let known = ["pageSize", "maxMessages", "contactKey"] + (inboxFormat == .dengage ? dengageKeys : [])
        for key in options.keys.sorted() where !known.contains(key) {
            TinboxLog.write("[tinbox] producer \(kind.rawValue): option '\(key)' is ignored")
        }
        let source: ProducerConfig.Source
        switch location {
        case .file(let url): source = .file(url)
        case .http(let url): source = .http(url)
        }
        if let problem = token.flatMap(ProducerConfig.tokenProblem) {
            throw .invalidOption("producer \(kind.rawValue): token \(problem)")
        }
        let maxMessages = try wholeOption("maxMessages", of: kind) ?? 1000
        // It was raised to 1 without a word, and a refresh stored one message of the list; the
        // config file refuses it the same way (CLI.md).
        guard maxMessages >= 1 else {
            throw .invalidOption("producer \(kind.rawValue): maxMessages \(maxMessages) is below 1")
        }
        var config = ProducerConfig(
            kind: kind, source: source, token: token, contactKey: options["contactKey"]?.stringValue,
            // PROTOCOL 1.2's check of the range comes later, before any request.
            pageSize: try wholeOption("pageSize", of: kind) ?? 20,
            maxMessages: maxMessages,
            format: inboxFormat,
            isDemo: isDemo)
        if inboxFormat == .dengage {
            config.dengage = DengageOptions(
                account: options["account"]?.stringValue, deviceId: options["deviceId"]?.stringValue,
                appId: options["appId"]?.stringValue, inboxEnabled: options["inboxEnabled"]?.boolValue ?? true)
        }
        return config
    }

    /// The option `key` as a whole number; nil when it is not given. One that is no whole number
    /// (1.5, "20", true) is refused with the value given: it was taken as 0 or as the default.
    private func wholeOption(_ key: String, of kind: ProducerKind) throws(TinboxError) -> Int? {
        guard let value = options[key], !value.isNull else { return nil }
        if let number = Self.whole(value.numberValue) { return number }
        let shown: String
        switch value {
        case .number(let number): shown = "\(number)"
        case .string(let text): shown = "\"\(text)\""
        case .bool(let flag): shown = "\(flag)"
        case .array: shown = "a list"
        default: shown = "an object"
        }
        throw .invalidOption("producer \(kind.rawValue): \(key) must be a whole number, not \(shown)")
    }

    /// `value` as an Int: nil when it is no whole number (1.5, NaN), Int's bounds past them.
    /// `Int(_:)` stopped the program at a `maxMessages` of 9223372036854775807, which a Double
    /// holds as one past Int.max.
    static func whole(_ value: Double?) -> Int? {
        guard let value, !value.isNaN, value.rounded() == value else { return nil }
        if value >= 0x1p63 { return Int.max }
        if value < -0x1p63 { return Int.min }
        return Int(value)
    }
}

/// Why TinboxKit could not do what was asked. Descriptions name the cause, never message bodies.
public enum TinboxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A VENDORS.md format this source cannot be read in (a campaign format for a producer,
    /// `sfmc` over HTTP): the reason.
    case unsupportedFormat(String)
    /// A format name VENDORS.md does not know.
    case unknownFormat(String)
    /// A producer list that cannot be used (a kind twice, `inboxFeature` as a kind).
    case invalidProducer(String)
    /// The store in the data directory cannot be opened.
    case storeUnavailable(String)
    /// BEHAVIOR A.5: the inbox is disabled.
    case inboxDisabled
    /// No stored message has this id.
    case unknownMessage(String)
    /// A limit below 1.
    case invalidLimit(Int)
    /// A source option with a value it cannot take.
    case invalidOption(String)
    /// No campaign document could be had (no source, the network and the cache both failed): why.
    case campaignsUnavailable(String)

    /// One line a person can act on.
    public var description: String {
        switch self {
        case .unsupportedFormat(let reason): return reason
        case .unknownFormat(let name): return FormatNameError.unknown(name).description
        case .invalidProducer(let reason): return "unusable producers: \(reason)"
        case .storeUnavailable(let reason): return "the store cannot be opened: \(reason)"
        case .inboxDisabled: return "the inbox is disabled"
        case .unknownMessage(let id): return "no stored message has the id \(id)"
        case .invalidLimit(let limit): return "limit \(limit) is below 1"
        case .invalidOption(let reason): return "unusable option: \(reason)"
        case .campaignsUnavailable(let reason): return "cannot get the campaigns: \(reason)"
        }
    }
}

/// Writes TinboxKit's lines (reasons for a nil API, `[tinbox-iam]` decisions) to stderr.
enum TinboxLog {
    private static let lock = NSLock()

    static func write(_ line: String) {
        lock.withLock { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }
}

/// A value behind a lock, for the API types' shared state.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }
}
