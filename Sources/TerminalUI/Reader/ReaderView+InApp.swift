import Foundation
import InboxCore

/// In-app messaging on screen (issue 6): the decision-log pane, `tinbox preview`'s picker, the
/// message overlay, and the notifications question, bottom to top.
extension ReaderView {
    static func drawInApp(_ state: ReaderState, into screen: inout Screen) {
        if state.showsLog {
            // Named from the context whose key toggles it: a replay's bar reads its keys first.
            let context: KeyContext = state.replay != nil ? .replay : (state.detail != nil ? .detail : .list)
            drawLog(state.decisionLog, closeKey: state.keys.name(of: .log, in: context), into: &screen)
        }
        if let picker = state.preview, picker.isOpen, state.shown == nil {
            drawPicker(picker, keys: state.keys, words: state.screenReader, into: &screen)
        }
        if state.shown != nil { drawOverlay(state, on: &screen) }
        if state.askingNotifications {
            let keys = state.keys
            let answer = "\(keys.name(of: .yes, in: .question)) allow   \(keys.name(of: .no, in: .question)) not now"
            drawQuestion("Allow tinbox to show desktop notifications?", answer: answer, into: &screen)
        }
    }

    /// The `[tinbox-iam]` lines, newest at the bottom, in a pane over the lower half of the list;
    /// its title names the key that closes it (`closeKey`, from the key table).
    static func drawLog(_ lines: [String], closeKey: String, into screen: inout Screen) {
        let top = max(2, screen.height / 2)
        let height = screen.height - 1 - top
        guard height >= 3 else { return }
        screen.panel(top: top, left: 0, width: screen.width, height: height, role: .overlay, border: .overlayBorder)
        screen.put(" Decision log · \(closeKey) closes ", row: top, column: 2, role: .overlayBorder)
        let shown = lines.suffix(height - 2)
        if shown.isEmpty {
            screen.put("No decisions yet", row: top + 1, column: 2, role: .secondary)
        }
        for (index, line) in shown.enumerated() {
            let text = TerminalText.truncate(TerminalText.sanitize(line), toWidth: screen.width - 4)
            screen.put(text, row: top + 1 + index, column: 2, limit: screen.width - 4, role: .overlay)
        }
    }

    /// `tinbox preview`: every campaign of the file; Enter shows the chosen one now.
    static func drawPicker(_ picker: PreviewPicker, keys: KeyBindings, words: Bool, into screen: inout Screen) {
        let width = min(screen.width - 2, 64)
        let errorRows = picker.error == nil ? 0 : 2
        let height = min(screen.height - 3, max(picker.entries.count, 1) + 4 + errorRows)
        guard width >= 20, height >= 5 else { return }
        let top = 2
        let left = (screen.width - width) / 2
        screen.panel(top: top, left: left, width: width, height: height, role: .overlay, border: .overlayBorder)
        let show = keys.name(of: .show, in: .picker)
        let title = " Preview · \(show) shows · \(keys.name(of: .hide, in: .picker)) hides "
        screen.put(title, row: top, column: left + 2, role: .overlayBorder)
        let rows = height - 2 - errorRows
        let first = max(0, min(picker.selected - rows + 1, picker.entries.count - rows))
        if picker.entries.isEmpty {
            screen.put("No usable campaigns in the file", row: top + 1, column: left + 2, role: .secondary)
        }
        for (line, index) in (first..<min(picker.entries.count, first + rows)).enumerated() {
            let entry = picker.entries[index]
            let chosen = index == picker.selected
            screen.put(chosen && !words ? "›" : " ", row: top + 1 + line, column: left + 1, role: .pointer)
            let text = TerminalText.truncate(entry.label, toWidth: width - 4)
            screen.put(
                text, row: top + 1 + line, column: left + 2, limit: width - 4, role: chosen ? .selected : .overlay)
            if chosen { screen.focus(row: top + 1 + line, column: left + 2) }
        }
        if let error = picker.error {
            let text = TerminalText.truncate(TerminalText.sanitize(error), toWidth: width - 4)
            screen.put(text, row: top + height - 2, column: left + 2, limit: width - 4, role: .notice)
        }
    }
}
