import Foundation
import InboxCore

/// The rows read so far for one query: a window of a few screens around the selection, never
/// the whole inbox.
public struct ListWindow: Equatable, Sendable {
    public var query = ListQuery(filter: .all)
    public var offset = 0
    public private(set) var entries: [InboxEntry] = []
    /// The sanitized text of each entry's row, made once per page rather than on every draw.
    public private(set) var labels: [RowLabel] = []
    /// Whether `entries` still match the store; a change in the store clears this.
    public var isCurrent = false

    public init() {}

    public init(query: ListQuery, offset: Int, entries: [InboxEntry], isCurrent: Bool) {
        self.query = query
        self.offset = offset
        self.entries = entries
        labels = entries.map(RowLabel.init)
        self.isCurrent = isCurrent
    }

    /// The entry at an absolute list index, when it is inside the window.
    public func entry(at index: Int) -> InboxEntry? {
        let local = index - offset
        guard isCurrent, local >= 0, local < entries.count else { return nil }
        return entries[local]
    }

    /// The row text of the entry at an absolute list index, when it is inside the window.
    public func label(at index: Int) -> RowLabel? {
        let local = index - offset
        guard isCurrent, local >= 0, local < labels.count else { return nil }
        return labels[local]
    }
}

/// A list row's remote strings, sanitized, with what drawing them needs to know.
public struct RowLabel: Equatable, Sendable {
    public var title: String
    public var titleWidth: Int
    public var isRightToLeft: Bool
    public var producer: String

    public init(_ entry: InboxEntry) {
        title = TerminalText.sanitize(entry.message.title)
        titleWidth = TerminalText.width(title)
        isRightToLeft = TerminalText.isRightToLeft(title)
        producer = TerminalText.sanitize(entry.message.key.producer)
    }
}

/// The reader's whole state. `update` (in ReaderState+Input.swift) changes it and returns the
/// effects to carry out; `ReaderView.render` draws it. Neither does any I/O.
public struct ReaderState: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        case list
        case detail(Detail)
    }

    /// The open message, its scroll position and the chosen button.
    /// The detail view's pictures by `DetailImage.key`, as they arrived this session.
    public var detailImages: [String: DetailImage] = [:]
    /// The open message's text as last wrapped (ReaderState+DetailText.swift).
    var detailTextMemo = DetailTextMemo()

    public struct Detail: Equatable, Sendable {
        public var entry: InboxEntry
        public var scroll = 0
        public var button: Int?
    }

    public enum Overlay: Equatable, Sendable {
        case help
        case confirmDeleteAll
    }

    /// A line for the status bar; `link` marks it as a validated URL.
    public struct StatusMessage: Equatable, Sendable {
        public var text: String
        public var link: String?
        /// The id of the in-app message this line announces (TERMINAL §3): it goes when that
        /// message goes, however the message's words have changed since.
        public var announces: String?
        /// What to show instead of `text` when it does not fit: the same facts in fewer words.
        public var brief: String?

        public init(text: String, link: String?, announces: String? = nil, brief: String? = nil) {
            self.text = text
            self.link = link
            self.announces = announces
            self.brief = brief
        }
    }

    public var size: Size
    public var now: Date
    public var tab: StateFilter = .all
    public var counts: [StateFilter: Int] = [:]
    public var search = ""
    /// The longest search in characters: a title is rarely longer, and each search is a scan of
    /// the titles. The status line says so once it is reached (`ReaderView.drawStatus`).
    public static let searchLimit = 80
    public var isEditingSearch = false
    public var window = ListWindow()
    /// Rows in the current query (the tab count, or the search's count).
    public var total = 0
    /// False while a search's count is a lower bound: it stopped at `searchCountLimit`.
    public var totalIsExact = true
    /// How far a search counts its matches; raised as the selection nears the counted end.
    public var searchCountLimit = ReaderState.firstSearchCountLimit
    public static let firstSearchCountLimit = 1_000
    /// `G` in a search counted only in part: go to the last row once the exact count is in.
    var goesToEndWhenCounted = false
    public var selected = 0
    /// The absolute index of the first row on screen.
    public var top = 0
    public var mode: Mode = .list
    public var overlay: Overlay?
    public var status: StatusMessage?
    public var syncStatus = ""
    /// The refresh under way, drawn as a spinner and the outcomes so far.
    public var refresh: RefreshProgress?
    /// The message to keep selected while its new place in the list is looked up.
    public struct Anchor: Equatable, Sendable {
        public var key: MessageKey
        /// Its screen line (selected - top), kept when it can be.
        public var line: Int
    }
    public var anchor: Anchor?
    public var isQuitting = false
    /// The in-app message on screen (issue 6), drawn above everything but the help.
    public var shown: ShownMessage?
    /// The first line of the help card on screen, when the card is taller than the screen.
    public var helpScroll = 0
    /// The button the user put the focus on (Tab, Shift-Tab, a click), by message id: the focus
    /// goes back to it when a resize gives it room again, or the message comes back after it was
    /// taken off for want of room. A smaller card had moved the focus for good, and Enter then
    /// pressed another button.
    var chosenFocus: [String: Int] = [:]
    /// The `[tinbox-iam]` decision log, newest last; `L` shows it in a pane.
    public var decisionLog: [String] = []
    public var showsLog = false
    /// The console line after `:` while it is typed.
    public var command: String?
    /// A `requestPushPermission` action waits for the user's answer.
    public var askingNotifications = false
    /// The clock of the last animation frame: an overlay's entrance is drawn as of this instant.
    /// Apart from `now`, which moves relative times only on ticks.
    public var frameTime = Date.distantPast
    /// The message count before a refresh stored messages, to announce the new ones.
    var countBeforeRefresh: Int?
    /// `tinbox preview`: the campaign picker.
    public var preview: PreviewPicker?
    /// Messages already counted as seen in this screen session (BEHAVIOR A.7: one IM each).
    public var impressed: Set<MessageKey> = []
    var pendingLoad: ReaderEffect?
    /// `tinbox replay`'s bar; nil in the reader.
    public var replay: ReplayBar?
    /// What each key does where (CLI.md "Reader keys", with the config's rebindings).
    public var keys: KeyBindings
    /// TERMINAL §3 `screenReader`: ASCII frames, words for marks, no spinner, spoken-style status.
    public var screenReader: Bool
    /// Who puts right-to-left text in visual order (TERMINAL.md 1), resolved at start-up.
    public var bidi: BidiMode

    public init(
        size: Size, now: Date, keys: KeyBindings = .defaults, bidi: BidiMode = .app, screenReader: Bool = false
    ) {
        self.size = size
        self.now = now
        self.keys = keys
        self.bidi = bidi
        self.screenReader = screenReader
    }

    /// The smallest terminal with a usable layout (CLI.md screen contract).
    public static let minimumSize = Size(columns: 40, rows: 10)

    public var isTooSmall: Bool {
        size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows
    }

    /// The query the list shows now.
    public var query: ListQuery { ListQuery(filter: tab, search: search) }

    /// Screen rows between the tab line's rule and the status line.
    public var listRows: Int { max(0, size.rows - ReaderLayout.listTop - 1) }

    /// The selected entry, when its row is loaded.
    public var selectedEntry: InboxEntry? { window.entry(at: selected) }

    /// The host's `shouldDisplay` answer is `later` while this holds (issue 6, point 2).
    public var userIsBusy: Bool {
        isEditingSearch || command != nil || overlay == .confirmDeleteAll || askingNotifications
    }

    public var detail: Detail? {
        if case .detail(let detail) = mode { return detail }
        return nil
    }
}
