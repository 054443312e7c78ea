import Foundation
import InboxCore
import InboxStore

/// The inbox `tinbox replay` browses (issue 13, point 2): the data directory's store opened
/// read-only, or, when the directory holds none yet (the demo, a fresh install), the local
/// producers' files read into a store in memory. Either way nothing on disk is written and no
/// server is asked: an http producer without a store shows no messages rather than a fetch.
public enum ReadOnlyInbox {
    /// The inbox and, when it is not the data directory's, a line saying what it holds instead.
    public static func open(directory: URL, producers: [ProducerConfig], clock: Clock) throws -> (Inbox, String?) {
        if let store = try Store.readOnly(directory: directory) { return (Inbox(store: store, clock: clock), nil) }
        let inbox = Inbox(store: try Store.inMemory(), clock: clock)
        var skipped: [String] = []
        for producer in producers {
            guard case .file = producer.source else {
                skipped.append(producer.name)
                continue
            }
            // A producer whose file does not read shows no messages; the replay goes on.
            _ = try? Refresher(inbox: inbox, producers: [producer]).refresh(producer)
        }
        guard !skipped.isEmpty else { return (inbox, nil) }
        return (inbox, "No store yet: \(skipped.joined(separator: ", ")) not fetched (a replay asks no server)")
    }
}
