/// The virtual clock's agenda: timers and delayed network answers, in time order, and in booking
/// order within the same millisecond.
struct VirtualScheduler {
    enum Item: Equatable {
        case timer(PresenterTimer)
        case artwork(key: String, ok: Bool)
        case placeholders(requestId: Int, values: [String: String])
    }

    private struct Entry {
        var time: Int64
        var sequence: Int
        var item: Item
    }

    private var entries: [Entry] = []
    private var nextSequence = 0

    mutating func schedule(_ item: Item, at time: Int64) {
        if case .timer = item { cancel(item) }
        let entry = Entry(time: time, sequence: nextSequence, item: item)
        nextSequence += 1
        let index = entries.firstIndex { ($0.time, $0.sequence) > (time, entry.sequence) } ?? entries.endIndex
        entries.insert(entry, at: index)
    }

    mutating func cancel(_ item: Item) {
        entries.removeAll { $0.item == item }
    }

    /// Takes the earliest item due at or before `time`.
    mutating func popDue(notAfter time: Int64) -> (time: Int64, item: Item)? {
        guard let first = entries.first, first.time <= time else { return nil }
        entries.removeFirst()
        return (first.time, first.item)
    }
}
