import Foundation
import InboxCore
import TerminalUI
import TinboxKitCore

/// What an in-app action does in a terminal (issue 6, point 4), for the reader's messaging and
/// for `tinbox preview` alike.
package struct ReaderActions {
    let browser: ReaderBrowser
    let notifier: DesktopNotifier

    func run(_ action: ClickAction, of id: String) -> [ReaderEvent] {
        switch action {
        case .dismiss:
            return []
        case .openURL(let url, let external):
            return open(url.absoluteString, external: external)
        case .unsupported("openURL"):
            // TinboxKit's `openURL` whose text is not a URL: refused as any link that is not plain http(s).
            return open(nil, external: false)
        case .navigate(let route, _):
            return [.inApp(.navigate(route))]
        case .requestPushPermission:
            guard let allowed = notifier.isAllowed else { return [.inApp(.askNotifications)] }
            return [.notice(allowed ? "Desktop notifications are on" : "Desktop notifications are off")]
        case .unsupported(let type):
            return [
                .inApp(
                    .log([
                        "[tinbox-iam] campaign \(TerminalText.sanitize(id)): action \(TerminalText.sanitize(type)) "
                            + "is not supported here; the message stays open"
                    ]))
            ]
        }
    }

    /// A link: opened in the browser when external and one is there, else shown to click.
    private func open(_ link: String?, external: Bool) -> [ReaderEvent] {
        guard let safe = link.flatMap(SafeLink.validated) else {
            return [.notice("Not opened: the action's link is not a plain http(s) URL")]
        }
        // An in-app web view has no terminal equivalent: the link is shown to click.
        if external, browser.open(safe) { return [.notice(TerminalText.truncate("Opened " + safe, toWidth: 200))] }
        return [.showLink(safe)]
    }

    /// The user's answer to the notifications question.
    func answer(allowed: Bool) -> [ReaderEvent] {
        notifier.isAllowed = allowed
        return [.notice(allowed ? "Desktop notifications on" : "No desktop notifications")]
    }
}
