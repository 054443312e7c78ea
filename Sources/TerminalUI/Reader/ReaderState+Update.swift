import Foundation
import InboxCore

extension ReaderState {
    /// Applies one event and returns the effects to carry out, in order.
    public mutating func update(_ event: ReaderEvent) -> [ReaderEffect] {
        var effects: [ReaderEffect] = []
        switch event {
        case .start(let newSize, let time):
            size = newSize
            now = time
            effects.append(.loadCounts)
        case .input(let input):
            effects += handle(input)
        case .pageLoaded(let page):
            accept(page)
        case .countsLoaded(let newCounts):
            if let before = countBeforeRefresh, let after = newCounts[.all], after > before {
                effects.append(.inApp(.newMessages(after - before)))
            }
            countBeforeRefresh = nil
            counts = newCounts
            if search.isEmpty { total = newCounts[tab] ?? 0 }
            clampSelection()
        case .dataChanged:
            window.isCurrent = false
            pendingLoad = nil
            effects.append(.loadCounts)
        case .notice(let text):
            status = StatusMessage(text: text, link: nil)
        case .detailImage(let key, let image):
            detailImages[key] = image
        case .showLink(let url):
            status = StatusMessage(text: url, link: url)
        case .syncStatus(let text):
            syncStatus = text
        case .tick(let time):
            now = time
            window.isCurrent = false
            pendingLoad = nil
            effects.append(.loadCounts)
        case .requestRefresh:
            effects += requestRefresh()
        case .refreshStarted(let producers):
            effects += refreshStarted(producers: producers)
        case .refreshEnded(let result, let time):
            effects += refreshEnded(result, at: time)
        case .spin:
            refresh?.frame += 1
        case .located(let key, let index):
            located(key, index: index)
        case .inApp(let update):
            effects += apply(update)
        case .frame(let time):
            frameTime = time
        case .found(let entry, let id):
            effects += found(entry, id: id)
        case .replay(let bar):
            replay = bar
        }
        if isQuitting { return effects }
        // Wrapped once for the frame drawn after this event, and the keys after it.
        if let detail { _ = wrapDetailText(detail) }
        return effects + windowEffects() + impressionEffects()
    }

    /// Takes a page if it answers the current query; a stale answer (the user moved on) is dropped.
    mutating func accept(_ page: Page) {
        if case .loadPage(let query, let offset, let limit) = pendingLoad,
            query == page.query, offset == page.offset, limit == page.limit
        {
            pendingLoad = nil
        }
        guard page.query == query else { return }
        window = ListWindow(query: page.query, offset: page.offset, entries: page.entries, isCurrent: true)
        if let pageTotal = page.total {
            total = pageTotal
            totalIsExact = page.totalIsExact
            if goesToEndWhenCounted, totalIsExact {
                goesToEndWhenCounted = false
                selected = total - 1
            }
        } else if page.entries.count < page.limit {
            // A short page is the end of the list, whatever an older count said.
            total = page.offset + page.entries.count
        }
        clampSelection()
        if case .detail(var detail) = mode, let fresh = page.entries.first(where: { $0.key == detail.entry.key }) {
            detail.entry = fresh
            mode = .detail(detail)
        }
    }

    /// Keeps the selection inside the list and on screen.
    mutating func clampSelection() {
        selected = max(0, min(selected, total - 1))
        let rows = max(1, listRows)
        if selected < top { top = selected }
        if selected >= top + rows { top = selected - rows + 1 }
        top = max(0, min(top, max(0, total - rows)))
    }

    /// Asks for the rows on screen when the window does not hold them (three screens around them).
    mutating func windowEffects() -> [ReaderEffect] {
        let rows = listRows
        // While the selected message's new place is looked up, rows would be read for the old one.
        guard rows > 0, anchor == nil else { return [] }
        // A search counted in part counts further before the selection reaches the counted end.
        if !search.isEmpty, !totalIsExact, goesToEndWhenCounted || selected + 2 * rows >= total {
            searchCountLimit = goesToEndWhenCounted ? Int.max : max(searchCountLimit, total) * 4
            totalIsExact = true
            window.isCurrent = false
            pendingLoad = nil
        }
        let needed = top..<min(top + rows, total)
        if window.isCurrent, window.query == query,
            needed.isEmpty
                || (needed.lowerBound >= window.offset && needed.upperBound <= window.offset + window.entries.count)
        {
            return []
        }
        if window.isCurrent, window.query == query, total == 0 { return [] }
        let load = ReaderEffect.loadPage(query, offset: max(0, top - rows), limit: rows * 3)
        if pendingLoad == load { return [] }
        pendingLoad = load
        return [load]
    }

    /// BEHAVIOR A.7: one bulk IM batch for rows newly on screen, never twice per message.
    mutating func impressionEffects() -> [ReaderEffect] {
        guard mode == .list, !isTooSmall, tab != .deleted, window.isCurrent, window.query == query else { return [] }
        var fresh: [MessageKey] = []
        for index in top..<min(top + listRows, total) {
            guard let entry = window.entry(at: index) else { return [] }
            if !impressed.contains(entry.key) { fresh.append(entry.key) }
        }
        guard !fresh.isEmpty else { return [] }
        impressed.formUnion(fresh)
        return [.recordImpressions(fresh)]
    }
}
