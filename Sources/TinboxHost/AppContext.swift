import Foundation
import InAppEngine
import InAppSync
import InboxCore
import InboxSync
import TinboxKitCore

/// What every command works with: the resolved paths, the config, the producers, and the
/// store opened on first use.
package final class AppContext {
    package let options: GlobalOptions
    package let config: Config
    package let producers: [ProducerConfig]
    package let dataDirectory: URL
    package let clock: Clock
    /// In-app campaigns: `--campaigns`, else the config's `campaigns.source`, else the demo's
    /// when the inbox is the demo's too (CLI.md), else none: messaging is off.
    package let campaigns: InAppSync.CampaignSource?
    package let campaignsAreDemo: Bool
    /// `--customer`, else the config's; the demo campaigns default to the customer `demo`.
    package let customer: String?
    /// `--lang`, else the config's, else `en`.
    package let language: String
    /// Where warnings go (the command layer prints them on stderr).
    let warn: @Sendable (String) -> Void
    /// The TinboxKit inbox API (AppContext+Kit.swift), opened on first use.
    var openedApi: InboxFeatureApi?
    /// Where TinboxKit calls back while a command waits on its own thread.
    let kitQueue = DispatchQueue(label: "tinbox.kit")

    package init(
        options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment,
        clock: Clock = SystemClock(), warn: @escaping @Sendable (String) -> Void
    ) throws {
        self.options = options
        self.clock = clock
        self.warn = warn
        let home = environment["HOME"] ?? NSHomeDirectory()
        dataDirectory = Self.directory(
            explicit: options.dataDir, xdg: environment["XDG_DATA_HOME"], fallback: "\(home)/.local/share",
            leaf: "tinbox")
        if let path = options.config {
            config = try Config(url: URL(fileURLWithPath: (path as NSString).expandingTildeInPath), required: true)
        } else {
            let folder = Self.directory(
                explicit: nil, xdg: environment["XDG_CONFIG_HOME"], fallback: "\(home)/.config", leaf: "tinbox")
            config = try Config(url: folder.appendingPathComponent("config.json"), required: false)
        }
        for warning in config.warnings { warn(warning) }
        producers = try Self.producers(options: options, config: config)
        if let source = options.campaigns ?? config.campaigns.source {
            do {
                campaigns = try InAppSync.CampaignSource.parse(
                    source, token: config.campaigns.token, format: config.campaigns.format,
                    options: CampaignReadOptions(
                        quietHoursClock: config.campaigns.quietHoursClock.flatMap(QuietHours.Clock.init),
                        platform: config.campaigns.platform ?? 1))
            } catch {
                throw CommandFailure("campaigns \(source): \(error)")
            }
            campaignsAreDemo = false
        } else if producers.allSatisfy(\.isDemo) {
            campaigns = .file(try Resources.demoDirectory().appendingPathComponent("campaigns.json"))
            campaignsAreDemo = true
        } else {
            campaigns = nil
            campaignsAreDemo = false
        }
        customer = options.customer ?? config.campaigns.customer ?? (campaignsAreDemo ? "demo" : nil)
        language = options.lang ?? config.campaigns.lang ?? "en"
    }

    /// The campaigns, for the commands that need them; none named over the user's own inbox
    /// is a failure that says how to name them.
    package func requiredCampaigns() throws -> InAppSync.CampaignSource {
        guard let campaigns else {
            throw CommandFailure(
                "no campaigns: name them with --campaigns SRC (or campaigns.source in the config); "
                    + "the demo campaigns come only with the demo inbox")
        }
        return campaigns
    }

    /// At the end of a command: a large write-ahead log left by this run (an import, a mark of
    /// every message) goes into the database, as the last connection's close would have done;
    /// the kit's connections stay open until the process exits, so that close never comes.
    package func finish() {
        guard let openedApi else { return }
        do {
            try openedApi.checkpointLargeLog()
        } catch {
            warn("could not fold the store's log into it: \(error)")
        }
    }

    private static func directory(explicit: String?, xdg: String?, fallback: String, leaf: String) -> URL {
        if let explicit { return URL(fileURLWithPath: (explicit as NSString).expandingTildeInPath) }
        if let xdg, xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg).appendingPathComponent(leaf) }
        return URL(fileURLWithPath: fallback).appendingPathComponent(leaf)
    }

    /// `--feed` overrides the config's producers; with neither, the shipped demo data.
    private static func producers(options: GlobalOptions, config: Config) throws -> [ProducerConfig] {
        if !options.feeds.isEmpty {
            var result: [ProducerConfig] = []
            for feed in options.feeds {
                var kind = ProducerKind.engagement
                var source = feed
                if let equals = feed.firstIndex(of: "="), let named = ProducerKind(rawValue: String(feed[..<equals])) {
                    kind = named
                    source = String(feed[feed.index(after: equals)...])
                } else if let equals = feed.firstIndex(of: "="), !feed[..<equals].contains("/") {
                    throw UsageError.unknown(
                        "producer kind", String(feed[..<equals]), candidates: ProducerKind.allCases.map(\.rawValue))
                }
                let (formatName, path) = InboxFormat.splitPrefix(source)
                guard !path.isEmpty else { throw UsageError("--feed needs a source: a file path or an http(s) URL") }
                if let reason = ProducerConfig.malformedURL(path) { throw UsageError("--feed: \(reason)") }
                if result.contains(where: { $0.kind == kind }) {
                    throw UsageError("--feed names two \(kind.rawValue) producers; tinbox takes one of each kind")
                }
                var producer = ProducerConfig(kind: kind, source: ProducerConfig.source(path))
                switch InboxFormat.named(formatName, isHTTP: producer.isHTTP) {
                case .success(let format): producer.format = format
                case .failure(let error): throw UsageError("--feed \(feed): \(error)")
                }
                result.append(producer)
            }
            return result
        }
        if !config.producers.isEmpty { return config.producers }
        let demo = try Resources.demoDirectory()
        return ProducerKind.allCases.map {
            ProducerConfig(
                kind: $0, source: .file(demo.appendingPathComponent("\($0.rawValue).json")), isDemo: true)
        }
    }
}
