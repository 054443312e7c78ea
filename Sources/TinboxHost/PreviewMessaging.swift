import Foundation
import InboxCore
import InboxSync
import TerminalUI
import TinboxKitCore

/// The campaigns file as last read: the document, or the error that kept the previous one.
package struct PreviewDocument {
    package var document: InAppCampaignFile?
    package var error: String?
    /// What identifies the file's version.
    package var stamp: FileStamp
    /// Why the file could not be read at all ("it is a directory", "no such file"), as every
    /// command says it; nil when it was read (its text may still not decode).
    package var unreadable: String?

    package static func load(_ file: URL, format: String? = nil) -> PreviewDocument {
        let stamp = Self.stamp(file)
        let data: Data
        // Read as every campaigns file is: a directory, a pipe nobody writes to or /dev/zero say
        // why in words (Foundation said "The operation could not be completed").
        switch FileProducer.contents(file, limit: FileProducer.sizeLimit) {
        case .success(let read): data = read
        case .failure(let problem):
            return PreviewDocument(
                error: "\(file.lastPathComponent): cannot be read: \(problem.reason)", stamp: stamp,
                unreadable: problem.reason)
        }
        do {
            _ = try JSONSerialization.jsonObject(with: JSONText.replacingLoneSurrogates(data))
        } catch {
            let at = JSONLocation(error: error, in: data)
            return PreviewDocument(
                error: "\(file.lastPathComponent):\(at.line):\(at.column): \(at.problem)", stamp: stamp)
        }
        do {
            return PreviewDocument(document: try InAppCampaignFile.read(data, of: file, format: format), stamp: stamp)
        } catch {
            return PreviewDocument(error: "\(file.lastPathComponent): \(error)", stamp: stamp)
        }
    }

    static func stamp(_ file: URL) -> FileStamp {
        // A file that cannot be looked at has the stamp of none (0, -1); `load` then says why.
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        return FileStamp(
            modified: (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0,
            size: attributes?[.size] as? Int ?? -1)
    }
}

/// `tinbox preview FILE [--id ID]` before the screen is taken: the file (with its `FORMAT:`
/// prefix read off when no file has the whole name), read once, and the `--id` checked against it.
package struct PreviewRequest {
    package let file: URL
    package let format: String?
    package let first: PreviewDocument
    package let initialId: String?

    package init(written: String, id: String?) throws {
        var path = written
        var format: String?
        if let colon = path.firstIndex(of: ":"), InAppCampaignFile.formats.contains(String(path[..<colon])),
            !FileManager.default.fileExists(atPath: path)
        {
            format = String(path[..<colon])
            path = String(path[path.index(after: colon)...])
        }
        let file = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        let first = PreviewDocument.load(file, format: format)
        // A file that does not decode opens the preview with its error, to be fixed while it
        // watches; one that cannot be read at all is refused, as by the other commands.
        if let reason = first.unreadable { throw CommandFailure("cannot read \(path): \(reason)") }
        if let id, let document = first.document, !document.campaigns.contains(where: { $0.id == id }) {
            throw UsageError.unknown("campaign id", id, candidates: document.campaigns.map(\.id))
        }
        self.file = file
        self.format = format
        self.first = first
        initialId = id
    }

    /// The reader's in-app driver for this preview.
    package func messaging(_ setup: ReaderSetup) -> ReaderInAppDriver {
        PreviewMessaging(file: file, format: format, first: first, initialId: initialId, setup: setup)
    }
}

/// A file's version as the preview watches it: modification time and size.
package struct FileStamp: Equatable {
    var modified: Double
    var size: Int
}

/// Why the preview took its message down; the raw value is the log's word.
enum PreviewClosing: String {
    case close, scrim, timer, action
    /// The campaign is gone from the file read again.
    case reload

    /// The kit's reason, when it is one a preview logs (a switch to the next test send is not).
    init?(_ reason: InAppDismissReason) {
        switch reason {
        case .close: self = .close
        case .scrim: self = .scrim
        case .timer: self = .timer
        case .action: self = .action
        case .switched, .stopped: return nil
        }
    }
}

/// The preview's in-app side: no triggers, no gates, no analytics. A chosen campaign is shown at
/// once through TinboxKit's test sends (B.16: displays, reports nothing), so its entrance,
/// auto-dismiss timer (B.10), buttons and closings follow the same rules, and the same code, as
/// for a customer: the kit's runtime books the timers, here as in the reader. Its session holds
/// no campaigns of its own and nothing goes to the network or the store.
package final class PreviewMessaging: ReaderInAppDriver {
    private let file: URL
    private let format: String?
    private var current: PreviewDocument
    private let initialId: String?
    private let setup: ReaderSetup
    private let clock: any Clock
    private let bridge: InAppKitBridge
    private var lastCheck = -Double.infinity
    /// Set while the preview itself takes the message down, for the log's word.
    private var closing: PreviewClosing?
    /// The message on screen and the versions of its pictures on disk, to show it again when a
    /// picture is replaced (the file itself unchanged).
    private var watchedPictures: (messageId: String, stamps: [FileStamp])?
    /// How often the file is looked at for changes.
    static let pollSeconds = 0.5

    package init(file: URL, format: String?, first: PreviewDocument, initialId: String?, setup: ReaderSetup) {
        self.file = file
        self.format = format
        current = first
        self.initialId = initialId
        self.setup = setup
        clock = setup.context.clock
        bridge = InAppKitBridge(setup: setup) { queue, surface in
            InAppMessaging.testSends(
                configuration: setup.context.configuration(
                    callbackQueue: queue, campaigns: .file(file, format: format)),
                surface: surface)
        }
        bridge.observe = { [unowned self] call in logLine(call) }
    }

    private var campaigns: [InAppCampaignFile.Entry] { current.document?.campaigns ?? [] }

    package func start() -> [ReaderEvent] {
        let customer = setup.context.customer ?? "preview"
        var events = bridge.call { $0.startInAppMessaging(customerId: customer) } + [pickerEvent()] + problemsLog()
        if let initialId { events += show(initialId) }
        return events
    }

    package func perform(_ request: InAppRequest, userIsBusy: Bool) -> [ReaderEvent] {
        switch request {
        case .preview(let id): return show(id)
        case .presented:
            let id = bridge.shown.map { TerminalText.sanitize($0.messageId) }
            let showing = id.map {
                [ReaderEvent.inApp(.log(["[tinbox-iam] preview: showing campaign \($0) (test send)"]))]
            }
            return (showing ?? []) + bridge.call { $0.presented() }
        case .tap(let buttonId): return bridge.call { $0.tap(buttonId: buttonId) }
        case .close: return bridge.call { $0.close() }
        case .clickOutside: return bridge.call { $0.clickOutside() }
        case .command:
            let picker = setup.context.config.keys.name(of: .picker, in: .list)
            return [.notice("The console is for the reader; pick a campaign here (\(picker) shows the list)")]
        case .notifications(let allowed): return setup.actions.answer(allowed: allowed)
        case .newMessages(let count):
            setup.actions.notifier.announce(newMessages: count)
            return []
        case .resize(let size): return bridge.resize(size)
        case .background: return bridge.call { $0.enterBackground() }
        case .foreground: return bridge.call { $0.enterForeground() }
        }
    }

    /// Fires the kit's timers that are due, then looks at the file twice a second; a change is
    /// read again, and a version that does not decode is shown as an error while the last good
    /// campaigns stay. The pictures of the message on screen are looked at too.
    package func pump(userIsBusy: Bool) -> [ReaderEvent] {
        bridge.pump(userIsBusy: userIsBusy) + fileChanges()
    }

    private func fileChanges() -> [ReaderEvent] {
        let uptime = clock.uptime
        guard uptime - lastCheck >= Self.pollSeconds else { return [] }
        lastCheck = uptime
        guard PreviewDocument.stamp(file) != current.stamp else { return pictureChanges() }
        let fresh = PreviewDocument.load(file, format: format)
        current.stamp = fresh.stamp
        current.error = fresh.error
        var events: [ReaderEvent] = []
        if let document = fresh.document {
            current.document = document
            // A picture beside the file may have changed with it (and is read again anyway when
            // the message shows, so an unchanged one costs a read and a decode); its versions on
            // disk are taken anew at the next look, so it is not shown a second time for them.
            bridge.forgetArtwork()
            watchedPictures = nil
            events.append(
                .inApp(.log(["[tinbox-iam] preview: \(file.lastPathComponent) reloaded, \(campaigns.count) campaigns"]))
            )
            events += problemsLog()
            // The message on screen shows its new version, or goes when its campaign went.
            if let shownId = bridge.shown?.campaign.id {
                events += campaigns.contains { $0.id == shownId } ? show(shownId) : withdraw()
            }
        }
        return [pickerEvent()] + events
    }

    /// The message on screen shown again when one of its local pictures changed on disk.
    private func pictureChanges() -> [ReaderEvent] {
        guard let shown = bridge.shown else {
            watchedPictures = nil
            return []
        }
        let stamps = [shown.campaign.message?.imageURL, shown.campaign.message?.iconURL].compactMap { reference in
            reference.flatMap { $0.kind == .local ? $0.url : nil }.map { PreviewDocument.stamp($0) }
        }
        defer { watchedPictures = (shown.messageId, stamps) }
        guard let watched = watchedPictures, watched.messageId == shown.messageId, watched.stamps != stamps else {
            return []
        }
        bridge.forgetArtwork()
        return [
            .inApp(.log(["[tinbox-iam] preview: a picture of \(TerminalText.sanitize(shown.campaign.id)) changed"]))
        ]
            + show(shown.campaign.id)
    }

    package func millisecondsUntilDue() -> Int? {
        let poll = Int((Self.pollSeconds * 1000).rounded(.up))
        return min(poll, bridge.millisecondsUntilDue() ?? poll)
    }

    package func stop() {
        _ = bridge.call { $0.stopInAppMessaging() }
    }

    // MARK: steps

    private func pickerEvent() -> ReaderEvent {
        let entries = campaigns.map { campaign in
            let kind: String
            switch campaign.message?.type {
            case .slideup?: kind = "slide-up"
            case .modal?: kind = "modal"
            case .fullscreen?: kind = "full screen"
            case .unsupported(let name)?: kind = "unsupported \(name)"
            case nil: kind = "no message"
            }
            let name = campaign.name.map { " · \"" + $0 + "\"" } ?? ""
            let header = campaign.message?.header.map { " · " + $0 } ?? ""
            return PreviewEntry(
                id: campaign.id, label: TerminalText.sanitize("\(campaign.id) · \(kind)\(name)\(header)"))
        }
        return .inApp(.previewCampaigns(entries, error: current.error))
    }

    private func problemsLog() -> [ReaderEvent] {
        let problems = current.document?.problems ?? []
        return problems.isEmpty
            ? [] : [.inApp(.log(problems.map { "[tinbox-iam] preview: " + TerminalText.sanitize($0) }))]
    }

    private func show(_ id: String) -> [ReaderEvent] {
        guard let document = current.document, let campaign = campaigns.first(where: { $0.id == id }) else {
            return [.notice("No campaign \(TerminalText.sanitize(id)) in \(file.lastPathComponent)")]
        }
        guard let type = campaign.message?.type else {
            let log = setup.context.config.keys.name(of: .log, in: .list)
            return [.notice("Campaign \(TerminalText.sanitize(id)) has no usable message (\(log) shows why)")]
        }
        if case .unsupported(let name) = type {
            return [
                .notice(
                    "Campaign \(TerminalText.sanitize(id)) has a message type this version cannot draw: \(TerminalText.sanitize(name))"
                )
            ]
        }
        return bridge.call { $0.testSend(campaignId: id, from: document) }
    }

    /// The campaign on screen went from the file: it is taken down (a test send records nothing).
    private func withdraw() -> [ReaderEvent] {
        closing = .reload
        defer { closing = nil }
        return bridge.call { $0.close() }
    }

    /// The preview's own decision lines: a tap's action and a closing (a test send reports nothing).
    private func logLine(_ call: ReaderSurface.Call) -> [ReaderEvent] {
        switch call {
        case .tapped(let action, let id, let button):
            let what = button.map { "button \(TerminalText.sanitize($0))" } ?? "surface"
            return [
                .inApp(
                    .log([
                        "[tinbox-iam] preview: campaign \(TerminalText.sanitize(id)) \(what) runs \(Self.name(of: action)) "
                            + "(test send: nothing reported)"
                    ]))
            ]
        case .dismissed(let id, let reason):
            guard let word = closing ?? PreviewClosing(reason) else { return [] }
            return [
                .inApp(.log(["[tinbox-iam] preview: campaign \(TerminalText.sanitize(id)) closed (\(word.rawValue))"]))
            ]
        default:
            return []
        }
    }

    /// The action's wire name (PROTOCOL 2.1); an `openURL` whose text is not a URL is still one.
    private static func name(of action: ClickAction) -> String {
        switch action {
        case .dismiss: return "dismiss"
        case .openURL, .unsupported("openURL"): return "openURL"
        case .navigate: return "navigate"
        case .requestPushPermission: return "requestPushPermission"
        case .unsupported: return "unsupported"
        }
    }
}
