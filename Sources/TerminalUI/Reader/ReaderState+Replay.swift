import Foundation

extension ReaderState {
    /// `tinbox replay`'s keys (the `replay` context), read before an overlay's and the list's so
    /// they work while a modal is up; nil leaves the key to them. A search or console line being
    /// typed, or a question waiting, keeps its keys.
    mutating func handleReplay(_ key: Key) -> [ReaderEffect]? {
        guard replay != nil, !isEditingSearch, command == nil, !askingNotifications else { return nil }
        switch keys.action(for: key, in: .replay) {
        case .pause?: return [.replay(.togglePause)]
        case .nextStep?: return [.replay(.next)]
        case .faster?: return [.replay(.faster)]
        case .slower?: return [.replay(.slower)]
        case .log?:
            showsLog.toggle()
            return []
        case .quit?:
            isQuitting = true
            return [.quit]
        default: return nil
        }
    }
}
