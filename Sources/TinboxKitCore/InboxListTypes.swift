import Foundation
import InboxCore

/// One row of a list host's reads (`getListPage`, `getListEntry(named:)`): the store's message
/// with its local state, as the store reads it. It is the store's own row type, given as is so
/// that a list of 100,000 messages costs no copy per row on its way to the screen; `InboxMessage`
/// is the SDK's shape of the same message.
public typealias InboxListEntry = InboxCore.InboxEntry

/// A message's identity in the store: its producer's name (`engagement`, `app-messaging`) and
/// its id. `description` is `producer/id`, the `qualifiedId` of `InboxMessage`.
public typealias InboxMessageKey = InboxCore.MessageKey

/// How one mark ended (BEHAVIOR A.4), for a host that says so (the reader's status line).
public enum InboxMarkResult: Equatable, Sendable {
    /// The message now has the state asked for.
    case changed
    /// It had it already (marking a read message read).
    case unchanged
    /// Nothing changed: why (unknown message, deleted is final, inbox disabled, not operational).
    case refused(InboxMarkRefusal)
}

/// How many messages of a searched list there are, counted up to a limit.
public struct InboxListCount: Equatable, Sendable {
    /// The count, or a lower bound of it when `isExact` is false.
    public let count: Int
    /// False when counting stopped at the limit: there are at least `count`.
    public let isExact: Bool
}

/// The inbox opened for browsing only (`InboxFeature.openReadOnly`): nothing on disk is written
/// and no server is asked. Call `close()` when done: it removes the private copy the store may
/// have been read from.
public final class InboxReadOnlyView: Sendable {
    /// The reads of `InboxFeatureApi` over the read-only store; changes fail with the store's
    /// error, and refreshes and flushes have no producer to ask.
    public let api: InboxFeatureApi
    /// When the data directory had no store yet: what the view holds instead (the local
    /// producers' files, read into memory), and which producers were not fetched. Nil otherwise.
    public let note: String?
    private let copy: URL?

    init(api: InboxFeatureApi, note: String?, copy: URL?) {
        self.api = api
        self.note = note
        self.copy = copy
    }

    /// Removes the temporary copy of the store, if one was made; the data directory is untouched.
    public func close() {
        // A copy left behind only costs a temporary folder.
        if let copy { try? FileManager.default.removeItem(at: copy) }
    }
}
