import Foundation

/// Events from other threads (the sync worker's completions) waiting for the curses thread.
///
/// ncurses belongs to one thread, so a worker never touches the screen: it posts here, and the
/// input loop takes everything posted each time `getch` returns or times out.
public final class ReaderMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [ReaderEvent] = []

    public init() {}

    public func post(_ event: ReaderEvent) {
        lock.withLock { events.append(event) }
    }

    public var isEmpty: Bool { lock.withLock { events.isEmpty } }

    /// Everything posted so far, oldest first; the mailbox is then empty.
    public func takeAll() -> [ReaderEvent] {
        lock.withLock {
            let taken = events
            events.removeAll()
            return taken
        }
    }
}
