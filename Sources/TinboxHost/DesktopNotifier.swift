import Foundation
import TinboxKitCore

/// Desktop notifications for new inbox messages (issue 6, point 4: `requestPushPermission`).
/// The answer is remembered in the store (TinboxKit's `getNotificationPermission`); when
/// allowed, a refresh that brings new messages is announced with the terminal's notification
/// sequence where the terminal has one, and with `notify-send` when it is installed.
final class DesktopNotifier {
    private let inbox: InboxFeatureApi
    private let environment: [String: String]
    /// Where the terminal's notification sequence goes: the reader's terminal (standard output).
    private let terminal: (String) -> Void

    /// The config's `notifications`: "ask" (the default), "on" or "off".
    private let configured: String

    init(
        inbox: InboxFeatureApi, environment: [String: String], configured: String,
        terminal: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }
    ) {
        self.inbox = inbox
        self.environment = environment
        self.configured = configured
        self.terminal = terminal
    }

    /// nil until the user answered; the config's "on" or "off" answers for them.
    var isAllowed: Bool? {
        get {
            if configured == "on" { return true }
            if configured == "off" { return false }
            // An unreadable answer counts as none: the question is asked again, nothing is lost.
            return (try? inbox.getNotificationPermission()) ?? nil
        }
        // An answer that cannot be stored still holds for this run; the next one asks again.
        set { try? inbox.setNotificationPermission(newValue) }
    }

    /// The escape sequence that raises a desktop notification in this terminal, if it has one:
    /// OSC 777 (foot, urxvt, Ghostty, WezTerm) or OSC 9 (iTerm2, kitty, Windows Terminal).
    func terminalSequence(title: String, body: String) -> String? {
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        let clean = { (text: String) in
            String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && $0 != ";" })
        }
        if term.hasPrefix("foot") || term.contains("rxvt") || program == "ghostty" || program == "WezTerm" {
            return "\u{1B}]777;notify;\(clean(title));\(clean(body))\u{1B}\\"
        }
        if program == "iTerm.app" || term == "xterm-kitty" || environment["WT_SESSION"] != nil {
            return "\u{1B}]9;\(clean(title)): \(clean(body))\u{1B}\\"
        }
        return nil
    }

    /// Announces `count` new messages when the user allowed it. Returns whether anything was sent.
    @discardableResult
    func announce(newMessages count: Int) -> Bool {
        guard count > 0, isAllowed == true else { return false }
        let body = count == 1 ? "1 new message" : "\(count) new messages"
        var sent = false
        if let sequence = terminalSequence(title: "tinbox", body: body) {
            terminal(sequence)
            sent = true
        }
        if let program = ReaderBrowser.find("notify-send", path: environment["PATH"]) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = ["tinbox", body]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            // A notify-send that will not start is one channel fewer; `sent` says whether any worked.
            sent = (try? process.run()) != nil || sent
        }
        return sent
    }
}
