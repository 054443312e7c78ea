import Foundation
import InAppEngine
import InboxCore

/// `tinbox preview`'s list of campaigns: any of them shows now, as a test send.
public struct PreviewPicker: Equatable, Sendable {
    public var entries: [PreviewEntry] = []
    public var selected = 0
    /// The file's decoding error, while the last change does not decode.
    public var error: String?
    public var isOpen = true

    public init(entries: [PreviewEntry] = [], error: String? = nil) {
        self.entries = entries
        self.error = error
    }
}

/// The reader's routes for `navigate` actions (issue 6, point 4).
public enum ReaderRoute: Equatable, Sendable {
    case inbox(StateFilter)
    case message(id: String)
    case help

    /// `inbox`, `inbox/unread`, `inbox/read`, `inbox/deleted`, `message/<id>` (an id, or
    /// `<producer>/<id>` for one producer's: an id two producers use names neither), `help`; a
    /// leading slash is stripped; anything else is nil.
    public init?(_ text: String) {
        let route = text.hasPrefix("/") ? String(text.dropFirst()) : text
        switch route {
        case "inbox": self = .inbox(.all)
        case "inbox/unread": self = .inbox(.unread)
        case "inbox/read": self = .inbox(.read)
        case "inbox/deleted": self = .inbox(.deleted)
        case "help": self = .help
        default:
            let id = route.dropFirst("message/".count)
            guard route.hasPrefix("message/"), !id.isEmpty else { return nil }
            let parts = id.split(separator: "/", omittingEmptySubsequences: false)
            guard
                parts.count == 1
                    || (parts.count == 2 && ProducerKind(rawValue: String(parts[0])) != nil && !parts[1].isEmpty)
            else { return nil }
            self = .message(id: String(id))
        }
    }
}

extension ReaderState {
    /// Applies what in-app messaging says.
    mutating func apply(_ update: InAppUpdate) -> [ReaderEffect] {
        switch update {
        case .present(var message):
            // Like the detail view: the first button is chosen, so Enter presses it (the first the
            // card has room for). A slide-up takes no focus (TERMINAL §3): Enter still opens the
            // list's message until Tab goes to its buttons.
            if message.button == nil, !message.isSlideUp || chosenFocus[message.presentation.messageId] != nil {
                let reachable = OverlayView.reachableButtons(message.overlay(at: message.shownAt), in: size)
                // Back after it was taken off for want of room, it keeps the button the user chose.
                let chosen = chosenFocus[message.presentation.messageId]
                message.button = chosen.flatMap { reachable.contains($0) ? $0 : nil } ?? reachable.first
            }
            shown = message
            frameTime = message.shownAt
            // TERMINAL §3: the status line names what appeared and the button with the focus.
            status = StatusMessage(
                text: Self.announcement(of: message), link: nil, announces: message.presentation.messageId)
        case .redraw(let message):
            guard var current = shown, current.presentation.messageId == message.presentation.messageId else { break }
            current.image = message.image
            current.icon = message.icon
            shown = current
        case .remove(let messageId):
            if let message = shown, message.presentation.messageId == messageId {
                // Closed where it fitted: shown again later, it starts on its first button. Taken
                // off for want of room (B.9), it comes back with the button chosen.
                if OverlayView.fits(message.presentation, in: size) { chosenFocus[messageId] = nil }
                // The announcement goes with the message; a screen reader hears that it closed.
                if status?.announces == messageId { status = nil }
                if screenReader, let header = message.presentation.header {
                    status = StatusMessage(text: "Closed: " + TerminalText.sanitize(header), link: nil)
                }
                shown = nil
            }
        case .log(let lines):
            decisionLog += lines
            if decisionLog.count > decisionLogLimit { decisionLog.removeFirst(decisionLog.count - decisionLogLimit) }
        case .navigate(let text):
            return navigate(to: text)
        case .askNotifications:
            askingNotifications = true
        case .previewCampaigns(let entries, let error):
            var picker = preview ?? PreviewPicker()
            picker.entries = entries
            picker.error = error
            picker.selected = max(0, min(picker.selected, entries.count - 1))
            preview = picker
        }
        return []
    }

    private mutating func navigate(to text: String) -> [ReaderEffect] {
        guard let route = ReaderRoute(text) else {
            let line = "[tinbox-iam] navigate: unknown route \(TerminalText.sanitize(text)), nothing opened"
            _ = apply(.log([line]))
            status = StatusMessage(text: "Unknown route: \(TerminalText.sanitize(text))", link: nil)
            return []
        }
        switch route {
        case .inbox(let filter):
            mode = .list
            if !search.isEmpty { setSearch("") }
            if filter != tab { switchTab(to: filter) }
        case .help:
            overlay = .help
            helpScroll = 0
        case .message(let id):
            return [.find(id: id)]
        }
        return []
    }

    /// `navigate` to `message/<id>`: opens it like Enter does.
    mutating func found(_ entry: InboxEntry?, id: String) -> [ReaderEffect] {
        guard var entry else {
            status = StatusMessage(text: "No message \(TerminalText.sanitize(id))", link: nil)
            return []
        }
        if entry.state == .unread { entry.state = .read }
        mode = .detail(Detail(entry: entry, scroll: 0, button: entry.message.buttons.isEmpty ? nil : 0))
        return entry.state == .deleted ? [] : [.open(entry.key)]
    }

    // MARK: keys

    /// Keys for in-app messaging, taken before the list's; nil when the key is not theirs.
    mutating func handleInApp(_ key: Key) -> [ReaderEffect]? {
        if askingNotifications {
            switch keys.action(for: key, in: .question) {
            case .yes?:
                askingNotifications = false
                return [.inApp(.notifications(allowed: true))]
            case .no?:
                askingNotifications = false
                return [.inApp(.notifications(allowed: false))]
            default:
                return []
            }
        }
        // A slide-up leaves a line being typed beneath it (the console, a search) its keys: an
        // `x`, a `q` or Enter typed there are the line's, not the slide-up's.
        let typing = command != nil || isEditingSearch
        if let shown, !(typing && shown.isSlideUp), let effects = handle(key, on: shown) { return effects }
        if command != nil { return handleCommand(key) }
        if isEditingSearch { return nil }
        if let picker = preview, picker.isOpen, shown == nil, overlay == nil, let effects = handle(key, in: picker) {
            return effects
        }
        if showsLog, keys.action(for: key, in: .log) == .close {
            showsLog = false
            return []
        }
        return nil
    }

    /// CLI.md: in an overlay `Tab`/arrows choose a button, `Enter` taps it, `Esc`/`x` close. A
    /// slide-up leaves the other keys to the reader beneath it; a modal or full screen keeps them.
    private mutating func handle(_ key: Key, on message: ShownMessage) -> [ReaderEffect]? {
        var message = message
        let buttons = message.presentation.buttons
        // Only the buttons the card has room for: Tab went on to ones it did not draw. Laid out
        // for the keys that reach a button, not for every key.
        var reachable: [Int] { OverlayView.reachableButtons(message.overlay(at: now), in: size) }
        let action = keys.action(for: key, in: .overlay)
        // A slide-up nobody went to with Tab has no focus (TERMINAL §3): every key but the ones
        // that go to its buttons is the list's or the detail view's (Enter opens, Esc goes back).
        if !message.hasFocus, action != .nextButton, action != .previousButton { return nil }
        switch action {
        case .nextButton?:
            let reachable = reachable
            if !reachable.isEmpty {
                message.button = reachable.first { $0 > (message.button ?? -1) } ?? reachable[0]
            }
            // With no button to choose, Tab goes to the slide-up itself: without it, one with no
            // button and no timer could not be closed from the keyboard, and held back every
            // message after it (B.5).
            message.focused = true
        case .previousButton?:
            let reachable = reachable
            if !reachable.isEmpty {
                message.button = reachable.last { $0 < (message.button ?? Int.max) } ?? reachable[reachable.count - 1]
            }
            message.focused = true
        case .press?:
            // No button: the surface. A focus on a button the card does not draw (none fits)
            // presses nothing: it tapped the surface, or a button nobody could see.
            guard !buttons.isEmpty else { return [.inApp(.tap(buttonId: nil))] }
            guard let chosen = message.button, reachable.contains(chosen) else { return [] }
            return [.inApp(.tap(buttonId: buttons[chosen].id))]
        case .close?:
            return [.inApp(.close)]
        case .quit?:
            isQuitting = true
            return [.quit]
        default:
            return message.presentation.campaign.message?.kind == .slideup ? nil : []
        }
        if let button = message.button { chosenFocus[message.presentation.messageId] = button }
        if screenReader, let words = Self.focusWords(message) {
            // Tied to its message like the announcement, so it goes when the message goes.
            status = StatusMessage(text: words, link: nil, announces: message.presentation.messageId)
        }
        shown = message
        return []
    }

    /// The console line: its keys, else a character is typed.
    private mutating func handleCommand(_ key: Key) -> [ReaderEffect] {
        let text = command ?? ""
        switch keys.action(for: key, in: .console) {
        case .cancel?:
            command = nil
        case .run?:
            command = nil
            let line = text.trimmingCharacters(in: .whitespaces)
            return line.isEmpty ? [] : [.inApp(.command(line))]
        case .erase?:
            if text.isEmpty { command = nil } else { command = String(text.dropLast()) }
        case .quit?:
            isQuitting = true
            return [.quit]
        default:
            // With the text before it, as the search's field (a combining mark keeps its letter).
            if case .character(let character) = key, text.count < 200 {
                command = TerminalText.sanitize(text + String(character))
            }
        }
        return []
    }

    /// `tinbox preview`'s picker; nil leaves the key to the reader.
    private mutating func handle(_ key: Key, in picker: PreviewPicker) -> [ReaderEffect]? {
        var picker = picker
        switch keys.action(for: key, in: .picker) {
        case .down?: picker.selected = min(picker.selected + 1, max(0, picker.entries.count - 1))
        case .up?: picker.selected = max(0, picker.selected - 1)
        case .show?:
            guard picker.selected < picker.entries.count else { return [] }
            return [.inApp(.preview(campaignId: picker.entries[picker.selected].id))]
        case .hide?: picker.isOpen = false
        default: return nil
        }
        preview = picker
        return []
    }

    // MARK: mouse

    /// A click on the message: a button taps it, the close glyph closes, the card's surface taps
    /// the surface, outside a modal card is `clickOutside`. Nil leaves the click to the reader.
    mutating func handleInApp(_ event: MouseEvent) -> [ReaderEffect]? {
        guard let shown else { return nil }
        guard event.action == .press else { return shown.isSlideUp ? nil : [] }
        var scratch = Screen(width: size.columns, height: size.rows)
        let hits = ReaderView.drawOverlay(self, on: &scratch)
        switch hits.target(row: event.row, column: event.column) {
        case .button(let id, let index):
            self.shown?.button = index
            chosenFocus[shown.presentation.messageId] = index
            return [.inApp(.tap(buttonId: id))]
        case .close: return [.inApp(.close)]
        case .surface: return [.inApp(.tap(buttonId: nil))]
        case .outside: return shown.isSlideUp ? nil : [.inApp(.clickOutside)]
        }
    }
}

extension ShownMessage {
    var isSlideUp: Bool { presentation.campaign.message?.kind == .slideup }
}
