import Foundation
import TestSupport
import Testing
import TinboxKitCore

@testable import TinboxHost

/// Desktop notifications (issue 6, point 4) with the terminal and the environment handed in.
@Suite struct DesktopNotifierTests {
    final class Screen: @unchecked Sendable {
        var written: [String] = []
    }

    static func notifier(
        _ environment: [String: String], configured: String = "ask", screen: Screen
    ) throws -> (DesktopNotifier, URL) {
        let folder = Scratch.folder("notify")
        let notifier = DesktopNotifier(
            inbox: try api(folder), environment: environment.merging(["PATH": "/nonexistent"]) { old, _ in old },
            configured: configured, terminal: { screen.written.append($0) })
        return (notifier, folder)
    }

    /// TinboxKit's inbox API over the store in `folder`, as the reader opens it.
    static func api(_ folder: URL) throws -> InboxFeatureApi {
        try InboxFeature.open(TinboxConfiguration(dataDirectory: folder, fallbackTransport: nil), shared: false)
    }

    @Test func nothingIsAnnouncedUntilTheUserAllowsItAndTheAnswerIsRemembered() throws {
        let screen = Screen()
        let (notifier, folder) = try Self.notifier(["TERM": "foot"], screen: screen)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(notifier.isAllowed == nil)
        #expect(!notifier.announce(newMessages: 2))
        #expect(screen.written.isEmpty)
        notifier.isAllowed = true
        let again = DesktopNotifier(
            inbox: try Self.api(folder), environment: [:], configured: "ask", terminal: { _ in })
        #expect(again.isAllowed == true, "the answer is kept in the store for the next run")
        #expect(notifier.announce(newMessages: 2))
        #expect(screen.written == ["\u{1B}]777;notify;tinbox;2 new messages\u{1B}\\"])
        #expect(!notifier.announce(newMessages: 0))
    }

    @Test(arguments: [
        (["TERM": "xterm-kitty"], "\u{1B}]9;tinbox: 1 new message\u{1B}\\"),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], "\u{1B}]777;notify;tinbox;1 new message\u{1B}\\"),
    ])
    func eachTerminalGetsItsOwnSequence(environment: [String: String], sequence: String) throws {
        let screen = Screen()
        let (notifier, folder) = try Self.notifier(environment, configured: "on", screen: screen)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(notifier.announce(newMessages: 1))
        #expect(screen.written == [sequence])
    }

    @Test func aTerminalWithoutASequenceAndNoNotifySendAnnouncesNothing() throws {
        let screen = Screen()
        let (notifier, folder) = try Self.notifier(["TERM": "xterm-256color"], configured: "on", screen: screen)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(!notifier.announce(newMessages: 3))
        #expect(screen.written.isEmpty)
        let (off, offFolder) = try Self.notifier(["TERM": "foot"], configured: "off", screen: screen)
        defer { try? FileManager.default.removeItem(at: offFolder) }
        #expect(off.isAllowed == false && !off.announce(newMessages: 3))
    }
}
