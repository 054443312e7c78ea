import Foundation
import InAppEngine
import InboxCore

/// TERMINAL §3: changes said as short sentences on the status line, for screen readers and
/// braille displays, which read the lines that change.
extension ReaderState {
    /// "Modal: Welcome back, Sam! 3 buttons, Open inbox": what appeared, its header, and the
    /// button that has the focus. A slide-up names itself the same way without taking focus.
    static func announcement(of message: ShownMessage) -> String {
        let presentation = message.presentation
        let kind: String
        switch presentation.campaign.message?.kind {
        case .slideup?: kind = "Slide-up"
        case .fullscreen?: kind = "Full screen"
        default: kind = "Modal"
        }
        var sentence = kind + ":"
        // Without a header, the body's first line names it (up to 60 columns): a Gameball modal
        // with its text in the body was announced "Modal: No buttons".
        var header = TerminalText.sanitize(presentation.header ?? "")
        if header.isEmpty, let body = presentation.body {
            let line = TerminalText.sanitize(String(body.split(whereSeparator: \.isNewline).first ?? ""))
            header = TerminalText.truncate(line, toWidth: 60)
        }
        if !header.isEmpty {
            sentence += " " + isolated(header) + (header.last.map { ".!?".contains($0) } == true ? "" : ".")
        }
        let count = presentation.buttons.count
        sentence += count == 0 ? " No buttons" : " \(count) button\(count == 1 ? "" : "s")"
        if let index = message.button, index < count {
            sentence += ", " + buttonWords(presentation.buttons[index])
        }
        return sentence
    }

    /// "Button 2 of 3: Read the welcome note", when the focus moves between an overlay's buttons.
    static func focusWords(_ message: ShownMessage) -> String? {
        let buttons = message.presentation.buttons
        guard let index = message.button, index < buttons.count else { return nil }
        return "Button \(index + 1) of \(buttons.count): " + buttonWords(buttons[index])
    }

    private static func buttonWords(_ button: MessageButton) -> String {
        let text = TerminalText.sanitize(button.text)
        return text.isEmpty ? "button" : isolated(text)
    }

    /// Right-to-left words isolated from the sentence around them, so the sentence keeps its
    /// order: `Modal: 2 . םולש buttons, רושיא` had the count beside the header.
    private static func isolated(_ text: String) -> String {
        TerminalText.needsVisualOrder(text) ? TerminalText.isolate(text) : text
    }

    /// "Marked read: Holiday Sale is live": a notice about one message, with its title.
    func spoken(_ notice: String, about key: MessageKey) -> String {
        guard screenReader else { return notice }
        let entry = detail.map(\.entry).flatMap { $0.key == key ? $0 : nil } ?? window.entries.first { $0.key == key }
        guard let entry else { return notice }
        return notice + ": " + Self.isolated(TerminalText.sanitize(entry.message.title))
    }

    /// "Unread: 12 messages", said when the tab changes.
    var tabWords: String {
        let count = counts[tab] ?? 0
        return "\(ReaderLayout.title(of: tab)): \(count) message\(count == 1 ? "" : "s")"
    }
}
