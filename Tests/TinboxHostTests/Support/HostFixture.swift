import Foundation
import InboxCore
import TerminalUI
import TestSupport

@testable import TinboxHost

/// What the in-app drivers' tests share: a reader's setup over an empty feed in `folder`, on
/// `clock`, for the customer `c1`, with nothing that opens a browser or notifies the desktop.
enum HostFixture {
    static func setup(folder: URL, clock: ManualClock, campaigns: URL? = nil, reduceMotion: Bool) throws -> ReaderSetup
    {
        let feed = folder.appendingPathComponent("feed.json")
        try Data(#"{"messages": []}"#.utf8).write(to: feed)
        var options = GlobalOptions()
        options.dataDir = folder.appendingPathComponent("data").path
        options.config = "/dev/null"
        options.feeds = [feed.path]
        options.campaigns = campaigns?.path
        options.customer = "c1"
        let context = try AppContext(options: options, environment: ["HOME": folder.path], clock: clock) { _ in }
        let inbox = try context.inboxApi()
        let environment = ["PATH": "/nonexistent", "TERM": "dumb"]
        return ReaderSetup(
            context: context, size: Size(columns: 100, rows: 30), reduceMotion: reduceMotion,
            actions: ReaderActions(
                browser: ReaderBrowser(environment: environment),
                notifier: DesktopNotifier(inbox: inbox, environment: environment, configured: "off")),
            environment: environment,
            console: ConsoleGrammar(event: { words in (words.first ?? "e", [:]) }, purchase: { _ in [:] }))
    }

    /// A fresh folder under the temporary directory.
    static func folder(_ prefix: String) throws -> URL {
        let folder = Scratch.folder(prefix)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func logs(_ events: [ReaderEvent]) -> [String] {
        events.flatMap { event -> [String] in
            if case .inApp(.log(let lines)) = event { return lines }
            return []
        }
    }

    static func shown(_ events: [ReaderEvent]) -> [ShownMessage] {
        events.compactMap { if case .inApp(.present(let shown)) = $0 { shown } else { nil } }
    }

    static func presented(_ events: [ReaderEvent]) -> [String] {
        shown(events).map(\.presentation.messageId)
    }

    static func removed(_ events: [ReaderEvent]) -> [String] {
        events.compactMap { if case .inApp(.remove(let id)) = $0 { id } else { nil } }
    }
}
