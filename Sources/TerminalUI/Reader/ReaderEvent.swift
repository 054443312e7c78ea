import Foundation
import InboxCore

/// What the list shows: a tab, narrowed by a search on titles while one is typed.
public struct ListQuery: Equatable, Hashable, Sendable {
    public var filter: StateFilter
    public var search: String

    public init(filter: StateFilter, search: String = "") {
        self.filter = filter
        self.search = search
    }
}

/// A page of rows read for a query; `total` is the query's size when it is not a tab count
/// (a search), nil when the tab count applies.
public struct Page: Equatable, Sendable {
    public var query: ListQuery
    public var offset: Int
    public var limit: Int
    public var entries: [InboxEntry]
    public var total: Int?
    /// False when `total` is a lower bound (the count stopped at its limit).
    public var totalIsExact: Bool

    public init(
        query: ListQuery, offset: Int, limit: Int, entries: [InboxEntry], total: Int? = nil, totalIsExact: Bool = true
    ) {
        self.totalIsExact = totalIsExact
        self.query = query
        self.offset = offset
        self.limit = limit
        self.entries = entries
        self.total = total
    }
}

/// Everything that can happen to the reader: the user's input and the answers to its effects.
public enum ReaderEvent: Equatable, Sendable {
    case start(Size, now: Date)
    case input(TerminalInput)
    case pageLoaded(Page)
    case countsLoaded([StateFilter: Int])
    /// The store changed (a mark, an open, a refresh): read counts and rows again.
    case dataChanged
    /// A one-line message for the status line (already sanitized by whoever made it).
    case notice(String)
    /// A validated http(s) URL to show in the status line as a link.
    case showLink(String)
    case syncStatus(String)
    /// Time passed: relative times move and messages whose end passed leave the lists (A.2).
    case tick(Date)
    /// The refresh at start-up, asked for once the first screen is painted (issue 4, point 6).
    case requestRefresh
    /// A refresh began on the sync worker; one `refreshEnded` follows per producer.
    case refreshStarted(producers: Int)
    /// One producer's refresh ended (delivered through the loop's mailbox, which stamps `now`).
    case refreshEnded(RefreshResult, now: Date?)
    /// The spinner's next frame while a refresh runs.
    case spin
    /// Where the message selected before a refresh stands in the list now (nil: gone).
    case located(MessageKey, index: Int?)
    /// What in-app messaging asks the reader to show (issue 6).
    case inApp(InAppUpdate)
    /// An animation frame: the entrance of an overlay moves on.
    case frame(Date)
    /// `navigate` to `message/<id>`: the message found (nil: no such message).
    case found(InboxEntry?, id: String)
    /// The detail view's picture under `key` (`DetailImage.key`) arrived, or could not.
    case detailImage(key: String, DetailImage)
    /// `tinbox replay`: the replay bar as it stands now.
    case replay(ReplayBar)
}

/// What the reader asks its runtime to do; `update` itself does no I/O.
public enum ReaderEffect: Equatable, Sendable {
    case loadCounts
    case loadPage(ListQuery, offset: Int, limit: Int)
    /// BEHAVIOR A.7: records `OP` and marks read.
    case open(MessageKey)
    case mark(MessageState, MessageKey)
    case markAll(MessageState)
    /// BEHAVIOR A.7: records `CL` with the button id and marks read; then the URL is opened.
    case tap(MessageKey, buttonId: String?, url: String?)
    /// One bulk `IM` batch for the messages that just became visible.
    case recordImpressions([MessageKey])
    /// Starts a refresh on the sync worker; its outcomes come back as `refreshEnded` events.
    case refresh
    /// Finds the list index of a message, to keep it selected after a refresh.
    case locate(MessageKey, ListQuery)
    /// Hands a request to in-app messaging (the loop's driver).
    case inApp(InAppRequest)
    /// Looks a message up by id for `navigate` to `message/<id>`.
    case find(id: String)
    /// `tinbox replay`: a key of the replay bar, for the replay driver.
    case replay(ReplayControl)
    case quit
}
