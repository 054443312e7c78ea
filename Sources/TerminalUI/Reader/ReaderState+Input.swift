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
            // A smaller card may draw fewer buttons: the focus stays on one it draws, the chosen one
            // when it is drawn again. Where none is drawn, the focus waits for room.
            if var message = shown, let focused = message.button {
                let reachable = OverlayView.reachableButtons(message.overlay(at: now), in: size)
                let wanted = chosenFocus[message.presentation.messageId] ?? focused
                if !reachable.isEmpty {
                    message.button =
                        reachable.contains(wanted) ? wanted : reachable.last { $0 < wanted } ?? reachable.first
                }
                shown = message
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

    /// Keys go to the innermost context first: the too-small notice, the help card or the
    /// delete-all question, in-app messaging's (ReaderState+InApp.swift), the search line, then
    /// the open message or the list. What each key means there is `keys`' to say.
    private mutating func handle(_ key: Key) -> [ReaderEffect] {
        if isTooSmall {
            return keys.action(for: key, in: .tooSmall) == .quit ? quit() : []
        }
        if let overlay { return handle(key, in: overlay) }
        if let effects = handleReplay(key) { return effects }
        if let effects = handleInApp(key) { return effects }
        if isEditingSearch { return handleSearch(key) }
        if case .detail(let detail) = mode {
            guard let action = keys.action(for: key, in: .detail) else { return [] }
            return perform(action, in: detail)
        }
        guard let action = keys.action(for: key, in: .list) else { return [] }
        return performInList(action)
    }

    /// The actions of the list and the open message alike; nil for the others.
    private mutating func performAnywhere(_ action: KeyAction) -> [ReaderEffect]? {
        switch action {
        case .refresh: return requestRefresh()
        case .help:
            overlay = .help
            helpScroll = 0
        case .console: command = ""
        case .log: showsLog.toggle()
        // The picker is not drawn over a message shown: `p` there (a slide-up leaves it to the
        // list) toggled it unseen, and it did not come back when the message went.
        case .picker: if shown == nil { preview?.isOpen.toggle() }
        case .quit: return quit()
        default: return nil
        }
        return []
    }

    private mutating func performInList(_ action: KeyAction) -> [ReaderEffect] {
        if let effects = performAnywhere(action) { return effects }
        let page = max(1, listRows)
        switch action {
        case .down: move(by: 1)
        case .up: move(by: -1)
        case .pageDown: scroll(by: page)
        case .pageUp: scroll(by: -page)
        case .first: move(to: 0)
        case .last:
            if !totalIsExact { goesToEndWhenCounted = true }
            move(to: total - 1)
        case .open: return openSelected()
        case .markRead:
            guard let entry = selectedEntry else { return [] }
            return [.mark(.read, entry.key)]
        case .delete:
            guard let entry = selectedEntry else { return [] }
            return [.mark(.deleted, entry.key)]
        case .markAllRead: return [.markAll(.read)]
        case .deleteAll:
            if (counts[.all] ?? 0) == 0 {
                status = StatusMessage(text: "Nothing to delete", link: nil)
            } else {
                overlay = .confirmDeleteAll
            }
        case .nextTab: switchTab(to: ReaderLayout.tabOrder[(tabIndex + 1) % 4])
        case .previousTab: switchTab(to: ReaderLayout.tabOrder[(tabIndex + 3) % 4])
        case .tabAll: switchTab(to: .all)
        case .tabUnread: switchTab(to: .unread)
        case .tabRead: switchTab(to: .read)
        case .tabDeleted: switchTab(to: .deleted)
        case .search: isEditingSearch = true
        case .clearSearch:
            // CLI.md: Esc never quits from the list, so the reflex of one Esc more after closing
            // an overlay keeps the session. It still clears a search that narrows the list.
            if !search.isEmpty { setSearch("") }
        default: break
        }
        return []
    }

    private mutating func perform(_ action: KeyAction, in detail: Detail) -> [ReaderEffect] {
        if let effects = performAnywhere(action) { return effects }
        var detail = detail
        let page = max(1, ReaderLayout.detailRows(size: size, hasButtons: !detail.entry.message.buttons.isEmpty) - 1)
        let buttons = detail.entry.message.buttons.count
        switch action {
        case .back:
            mode = .list
            return []
        case .down: detail.scroll += 1
        case .up: detail.scroll -= 1
        case .pageDown: detail.scroll += page
        case .pageUp: detail.scroll -= page
        case .first: detail.scroll = 0
        case .last: detail.scroll = Int.max / 2
        case .nextButton:
            if buttons > 0 { detail.button = ((detail.button ?? -1) + 1) % buttons }
        case .previousButton:
            if buttons > 0 { detail.button = ((detail.button ?? 0) + buttons - 1) % buttons }
        case .press:
            return tap(detail)
        case .markRead:
            return [.mark(.read, detail.entry.key)]
        case .delete:
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
            let page = max(1, ReaderView.helpRows(size) - 1)
            switch keys.action(for: key, in: .help) {
            case .close?: self.overlay = nil
            case .quit?: return quit()
            case .down?: helpScroll += 1
            case .up?: helpScroll -= 1
            case .pageDown?: helpScroll += page
            case .pageUp?: helpScroll -= page
            default: break
            }
            helpScroll = max(
                0, min(helpScroll, keys.helpLines(replay: replay != nil).count - ReaderView.helpRows(size)))
        case .confirmDeleteAll:
            switch keys.action(for: key, in: .confirm) {
            case .yes?:
                self.overlay = nil
                return [.markAll(.deleted)]
            case .no?:
                self.overlay = nil
                status = StatusMessage(text: "Nothing deleted", link: nil)
            default: break
            }
        }
        return []
    }

    /// The search line: its keys, else a character is typed.
    private mutating func handleSearch(_ key: Key) -> [ReaderEffect] {
        switch keys.action(for: key, in: .search) {
        case .cancel?:
            isEditingSearch = false
            setSearch("")
        case .done?:
            isEditingSearch = false
        case .erase?:
            if !search.isEmpty { setSearch(String(search.dropLast())) }
        case .down?: move(by: 1)
        case .up?: move(by: -1)
        case .pageDown?: scroll(by: max(1, listRows))
        case .pageUp?: scroll(by: -max(1, listRows))
        case .quit?: return quit()
        default:
            // Sanitized with the text before it: a combining mark typed after its letter (e, then
            // U+0301) was sanitized alone, as a mark with no base, and dropped.
            if case .character(let character) = key, search.count < Self.searchLimit {
                let typed = TerminalText.sanitize(search + String(character))
                if typed != search { setSearch(typed) }
            }
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
            for span in ReaderLayout.tabs(counts: counts, width: size.columns)
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
        if screenReader { status = StatusMessage(text: tabWords, link: nil) }
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

    mutating func maxScroll(_ detail: Detail) -> Int {
        let lines = wrapDetailText(detail).lines.count
        let rows = ReaderLayout.detailRows(size: size, hasButtons: !detail.entry.message.buttons.isEmpty)
        return max(0, lines - rows)
    }
}
