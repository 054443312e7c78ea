import Foundation
import InboxCore

extension ReaderState {
    mutating func handle(_ input: TerminalInput) -> [ReaderEffect] {
        switch input {
        case .hangUp:
            isQuitting = true
            return [.quit]
        case .resize(let newSize):
            size = newSize
            clampSelection()
            if case .detail(var detail) = mode {
                detail.scroll = min(detail.scroll, maxScroll(detail))
                mode = .detail(detail)
            }
            // B.7: a resize is a retry, and may change the orientation.
            return [.inApp(.resize(newSize))]
        case .key(let key):
            status = nil
            return handle(key)
        case .mouse(let event):
            return handle(event)
        case .suspend:
            return [.inApp(.background)]
        case .focus(let gained):
            return [.inApp(gained ? .foreground : .background)]
        }
    }

    private mutating func handle(_ key: Key) -> [ReaderEffect] {
        if isTooSmall {
            if key == .character("q") || key == .control("c") { return quit() }
            return []
        }
        if let overlay { return handle(key, in: overlay) }
        if let effects = handleInApp(key) { return effects }
        if isEditingSearch { return handleSearch(key) }
        switch key {
        case .function(5), .control("r"):
            return requestRefresh()
        case .character("?"):
            overlay = .help
            return []
        default:
            break
        }
        if case .detail(let detail) = mode { return handle(key, in: detail) }
        return handleList(key)
    }

    private mutating func handleList(_ key: Key) -> [ReaderEffect] {
        let page = max(1, listRows)
        switch key {
        case .character("j"), .down: move(by: 1)
        case .character("k"), .up: move(by: -1)
        case .pageDown, .character(" "), .control("f"): scroll(by: page)
        case .pageUp, .control("b"): scroll(by: -page)
        case .character("g"), .home: move(to: 0)
        case .character("G"), .end:
            if !totalIsExact { goesToEndWhenCounted = true }
            move(to: total - 1)
        case .enter, .right: return openSelected()
        case .character("r"):
            guard let entry = selectedEntry else { return [] }
            return [.mark(.read, entry.key)]
        case .character("d"), .delete:
            guard let entry = selectedEntry else { return [] }
            return [.mark(.deleted, entry.key)]
        case .character("R"): return [.markAll(.read)]
        case .character("D"):
            if (counts[.all] ?? 0) == 0 {
                status = StatusMessage(text: "Nothing to delete", link: nil)
            } else {
                overlay = .confirmDeleteAll
            }
        case .tab: switchTab(to: ReaderLayout.tabOrder[(tabIndex + 1) % 4])
        case .backTab: switchTab(to: ReaderLayout.tabOrder[(tabIndex + 3) % 4])
        case .character(let digit) where ("1"..."4").contains(digit):
            switchTab(to: ReaderLayout.tabOrder[Int(String(digit))! - 1])
        case .character("/"):
            isEditingSearch = true
        case .escape:
            // CLI.md: Esc never quits from the list, so the reflex of one Esc more after closing
            // an overlay keeps the session. It still clears a search that narrows the list.
            if !search.isEmpty { setSearch("") }
        case .character("q"), .control("c"): return quit()
        default: break
        }
        return []
    }

    private mutating func handle(_ key: Key, in detail: Detail) -> [ReaderEffect] {
        var detail = detail
        let page = max(1, ReaderLayout.detailRows(size: size, hasButtons: !detail.entry.message.buttons.isEmpty) - 1)
        let buttons = detail.entry.message.buttons.count
        switch key {
        case .escape, .character("q"), .character("x"), .backspace:
            mode = .list
            return []
        case .control("c"): return quit()
        case .character("j"), .down: detail.scroll += 1
        case .character("k"), .up: detail.scroll -= 1
        case .pageDown, .character(" "): detail.scroll += page
        case .pageUp: detail.scroll -= page
        case .character("g"), .home: detail.scroll = 0
        case .character("G"), .end: detail.scroll = Int.max / 2
        case .tab, .right, .character("l"):
            if buttons > 0 { detail.button = ((detail.button ?? -1) + 1) % buttons }
        case .backTab, .left, .character("h"):
            if buttons > 0 { detail.button = ((detail.button ?? 0) + buttons - 1) % buttons }
        case .enter:
            return tap(detail)
        case .character("r"):
            return [.mark(.read, detail.entry.key)]
        case .character("d"), .delete:
            mode = .list
            return [.mark(.deleted, detail.entry.key)]
        default: break
        }
        detail.scroll = max(0, min(detail.scroll, maxScroll(detail)))
        mode = .detail(detail)
        return []
    }

    private mutating func handle(_ key: Key, in overlay: Overlay) -> [ReaderEffect] {
        switch overlay {
        case .help:
            if [.escape, .character("q"), .character("?"), .character("x"), .enter].contains(key) { self.overlay = nil }
            if key == .control("c") { return quit() }
            return []
        case .confirmDeleteAll:
            switch key {
            case .character("y"), .character("Y"):
                self.overlay = nil
                return [.markAll(.deleted)]
            case .character("n"), .character("N"), .escape, .character("q"), .character("x"), .enter:
                self.overlay = nil
                status = StatusMessage(text: "Nothing deleted", link: nil)
            default: break
            }
            return []
        }
    }

    private mutating func handleSearch(_ key: Key) -> [ReaderEffect] {
        switch key {
        case .escape:
            isEditingSearch = false
            setSearch("")
        case .enter:
            isEditingSearch = false
        case .backspace:
            if !search.isEmpty { setSearch(String(search.dropLast())) }
        case .character(let character):
            let clean = TerminalText.sanitize(String(character))
            if !clean.isEmpty, search.count < 80 { setSearch(search + clean) }
        case .down: move(by: 1)
        case .up: move(by: -1)
        case .pageDown: scroll(by: max(1, listRows))
        case .pageUp: scroll(by: -max(1, listRows))
        case .control("c"): return quit()
        default: break
        }
        return []
    }

    private mutating func handle(_ event: MouseEvent) -> [ReaderEffect] {
        if isTooSmall { return [] }
        if overlay != nil {
            if event.action == .press, overlay == .help { overlay = nil }
            return []
        }
        if let effects = handleInApp(event) { return effects }
        if event.row == 0, event.action == .press {
            for span in ReaderLayout.tabs(counts: counts)
            where event.column >= span.column && event.column < span.column + span.width {
                mode = .list
                switchTab(to: span.filter)
            }
            return []
        }
        if case .detail(var detail) = mode {
            switch event.action {
            case .wheelUp, .wheelDown:
                detail.scroll += event.action == .wheelUp ? -3 : 3
                detail.scroll = max(0, min(detail.scroll, maxScroll(detail)))
                mode = .detail(detail)
            case .press:
                guard event.row == size.rows - 2 else { return [] }
                for span in ReaderLayout.buttons(detail.entry.message.buttons, width: size.columns)
                where event.column >= span.column && event.column < span.column + span.width {
                    detail.button = span.index
                    mode = .detail(detail)
                    return tap(detail)
                }
            }
            return []
        }
        switch event.action {
        case .wheelUp: move(by: -3)
        case .wheelDown: move(by: 3)
        case .press:
            let index = top + event.row - ReaderLayout.listTop
            guard event.row >= ReaderLayout.listTop, event.row < ReaderLayout.listTop + listRows, index < total else {
                return []
            }
            if index == selected { return openSelected() }
            selected = index
        }
        return []
    }

    // MARK: steps

    private var tabIndex: Int { ReaderLayout.tabOrder.firstIndex(of: tab) ?? 0 }

    private mutating func move(by delta: Int) {
        move(to: selected + delta)
    }

    private mutating func move(to index: Int) {
        selected = max(0, min(index, total - 1))
        clampSelection()
    }

    /// A page moves the view and the selection together, like `less`.
    private mutating func scroll(by delta: Int) {
        let rows = max(1, listRows)
        top = max(0, min(top + delta, max(0, total - rows)))
        selected = max(0, min(selected + delta, total - 1))
        clampSelection()
    }

    mutating func switchTab(to filter: StateFilter) {
        guard filter != tab || !search.isEmpty || mode != .list else { return }
        tab = filter
        selected = 0
        top = 0
        total = search.isEmpty ? counts[filter] ?? 0 : total
        window.isCurrent = false
        pendingLoad = nil
    }

    mutating func setSearch(_ text: String) {
        search = text
        totalIsExact = true
        searchCountLimit = Self.firstSearchCountLimit
        goesToEndWhenCounted = false
        selected = 0
        top = 0
        if text.isEmpty { total = counts[tab] ?? 0 }
        window.isCurrent = false
        pendingLoad = nil
    }

    private mutating func openSelected() -> [ReaderEffect] {
        guard var entry = selectedEntry else { return [] }
        let buttons = entry.message.buttons
        if entry.state == .unread { entry.state = .read }
        mode = .detail(Detail(entry: entry, scroll: 0, button: buttons.isEmpty ? nil : 0))
        return entry.state == .deleted ? [] : [.open(entry.key)]
    }

    private mutating func tap(_ detail: Detail) -> [ReaderEffect] {
        let buttons = detail.entry.message.buttons
        guard let index = detail.button, index < buttons.count else { return [] }
        guard detail.entry.state != .deleted else {
            status = StatusMessage(text: "The message is deleted", link: nil)
            return []
        }
        let button = buttons[index]
        return [.tap(detail.entry.key, buttonId: button.buttonId, url: button.webUrl)]
    }

    private mutating func quit() -> [ReaderEffect] {
        isQuitting = true
        return [.quit]
    }

    func maxScroll(_ detail: Detail) -> Int {
        let lines = ReaderLayout.detailLines(detail.entry, width: size.columns, now: now).count
        let rows = ReaderLayout.detailRows(size: size, hasButtons: !detail.entry.message.buttons.isEmpty)
        return max(0, lines - rows)
    }
}
