import Foundation
import TerminalUI

/// The reader's in-app side when no campaigns are named over the user's own inbox (CLI.md: the
/// demo campaigns come only with the demo inbox). Nothing is synced or shown; the console says
/// why, and new messages are still announced.
final class MessagingOff: ReaderInAppDriver {
    static let reason = "no campaigns (name them with --campaigns SRC, or campaigns.source in the config)"
    private let actions: ReaderActions

    init(setup: ReaderSetup) {
        actions = setup.actions
    }

    func start() -> [ReaderEvent] {
        [.inApp(.log(["[tinbox-iam] messaging off: \(Self.reason)"]))]
    }

    func perform(_ request: InAppRequest, userIsBusy: Bool) -> [ReaderEvent] {
        switch request {
        case .command: return [.notice("In-app messaging is off: \(Self.reason)")]
        case .newMessages(let count): actions.notifier.announce(newMessages: count)
        case .notifications(let allowed): return actions.answer(allowed: allowed)
        case .presented, .tap, .close, .clickOutside, .resize, .background, .foreground, .preview: break
        }
        return []
    }

    func pump(userIsBusy: Bool) -> [ReaderEvent] { [] }

    func millisecondsUntilDue() -> Int? { nil }

    func stop() {}
}
