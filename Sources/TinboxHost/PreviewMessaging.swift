import Foundation
import InAppEngine
import InAppSync
import InboxCore
import TerminalUI

/// The campaigns file as last read: the document, or the error that kept the previous one.
package struct PreviewDocument {
    package var document: CampaignDocument?
    package var error: String?
    /// What identifies the file's version.
    package var stamp: FileStamp

    package static func load(_ file: URL, format: CampaignFormat? = nil) -> PreviewDocument {
        let stamp = Self.stamp(file)
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            return PreviewDocument(
                error: "\(file.lastPathComponent): cannot be read: \(error.localizedDescription)", stamp: stamp)
        }
        do {
            _ = try JSONSerialization.jsonObject(with: data)
        } catch {
            let at = JSONLocation(error: error, in: data)
            return PreviewDocument(
                error: "\(file.lastPathComponent):\(at.line):\(at.column): \(at.problem)", stamp: stamp)
        }
        do {
            let document = try CampaignDocument.read(
                data, format: format, documentBase: file.deletingLastPathComponent())
            return PreviewDocument(document: document, stamp: stamp)
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
    package let format: CampaignFormat?
    package let first: PreviewDocument
    package let initialId: String?

    package init(written: String, id: String?) throws {
        var path = written
        var format: CampaignFormat?
        if let colon = path.firstIndex(of: ":"), let named = CampaignFormat(rawValue: String(path[..<colon])),
            !FileManager.default.fileExists(atPath: path)
        {
            format = named
            path = String(path[path.index(after: colon)...])
        }
        let file = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        guard FileManager.default.isReadableFile(atPath: file.path) else {
            throw CommandFailure("cannot read \(path): no such readable file")
        }
        let first = PreviewDocument.load(file, format: format)
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

    /// The presenter's reason, when it is one a preview logs (a switch to the next test send is not).
    init?(_ reason: DismissReason) {
        switch reason {
        case .close: self = .close
        case .scrim: self = .scrim
        case .timer: self = .timer
        case .action: self = .action
        case .switch, .stop: return nil
        }
    }
}

/// The preview's in-app side: no triggers, no gates, no analytics. A chosen campaign is shown at
/// once through the presenter's test-send path (B.16: displays, reports nothing), so its
/// entrance, auto-dismiss timer (B.10), buttons and closings follow the same rules, and the same
/// code, as for a customer. The presenter's session holds no campaigns of its own; its sync is
/// answered with an empty document and nothing goes to the network or the store.
package final class PreviewMessaging: ReaderInAppDriver {
    private let file: URL
    private let format: CampaignFormat?
    private var current: PreviewDocument
    private var campaigns: [Campaign] = []
    private let initialId: String?
    private let setup: ReaderSetup
    private let clock: Clock
    private let artwork: OverlayArtwork
    private var presenter: InAppPresenter
    /// The presenter's timers: when each is due, in the clock's uptime.
    private var timers: [PresenterTimer: Double] = [:]
    /// The message on screen (or being drawn), to draw it again after a resize.
    private var shown: Presentation?
    private var size: Size
    private var lastCheck = -Double.infinity
    /// The button of the last tap, for the log line of the action it runs.
    private var tapped: String?
    /// Set while the preview itself takes the message down, for the log's word.
    private var closing: PreviewClosing?
    /// Events for the reader, gathered while the presenter's effects are carried out.
    private var outbox: [ReaderEvent] = []
    /// How often the file is looked at for changes.
    static let pollSeconds = 0.5

    package init(file: URL, format: CampaignFormat?, first: PreviewDocument, initialId: String?, setup: ReaderSetup) {
        self.file = file
        self.format = format
        current = first
        self.initialId = initialId
        self.setup = setup
        clock = setup.context.clock
        let client = InAppClient(source: .file(file))
        artwork = setup.overlayArtwork { reference in
            if case .success(let data) = client.artwork(reference) { data } else { nil }
        }
        size = setup.size
        campaigns = first.document?.campaigns ?? []
        presenter = InAppPresenter(
            configuration: InAppPresenter.Configuration(
                language: setup.context.language, reduceMotion: setup.reduceMotion, columns: size.columns,
                rows: size.rows))
    }

    package func start() -> [ReaderEvent] {
        carryOut(presenter.start(customer: setup.context.customer ?? "preview", at: now))
        var events = takeOutbox() + [pickerEvent()] + problemsLog()
        if let initialId { events += show(initialId) }
        return events
    }

    package func perform(_ request: InAppRequest, userIsBusy: Bool) -> [ReaderEvent] {
        switch request {
        case .preview(let id): return show(id)
        case .presented: carryOut(presenter.presented(at: now))
        case .tap(let buttonId):
            tapped = buttonId
            carryOut(presenter.tap(buttonId: buttonId, at: now))
        case .close: carryOut(presenter.close(at: now))
        case .clickOutside: carryOut(presenter.clickOutside(at: now))
        case .command:
            let picker = setup.context.config.keys.name(of: .picker, in: .list)
            return [.notice("The console is for the reader; pick a campaign here (\(picker) shows the list)")]
        case .notifications(let allowed): return setup.actions.answer(allowed: allowed)
        case .newMessages(let count):
            setup.actions.notifier.announce(newMessages: count)
            return []
        case .resize(let newSize):
            size = newSize
            if let shown { outbox.append(.inApp(.redraw(artwork.shown(shown, at: clock.now, size: newSize)))) }
            carryOut(presenter.resize(columns: newSize.columns, rows: newSize.rows, at: now))
        case .background: carryOut(presenter.background(at: now))
        case .foreground: carryOut(presenter.foreground(at: now))
        }
        return takeOutbox()
    }

    /// Fires the presenter's timers that are due, then looks at the file twice a second; a change
    /// is read again, and a version that does not decode is shown as an error while the last good
    /// campaigns stay.
    package func pump(userIsBusy: Bool) -> [ReaderEvent] {
        let uptime = clock.uptime
        for (timer, due) in timers.sorted(by: { $0.value < $1.value }) where due <= uptime {
            timers[timer] = nil
            carryOut(presenter.timerFired(timer, at: now))
        }
        return takeOutbox() + fileChanges()
    }

    private func fileChanges() -> [ReaderEvent] {
        let uptime = clock.uptime
        guard uptime - lastCheck >= Self.pollSeconds else { return [] }
        lastCheck = uptime
        guard PreviewDocument.stamp(file) != current.stamp else { return [] }
        let fresh = PreviewDocument.load(file, format: format)
        current.stamp = fresh.stamp
        current.error = fresh.error
        var events: [ReaderEvent] = []
        if let document = fresh.document {
            current.document = document
            campaigns = document.campaigns
            events.append(
                .inApp(.log(["[tinbox-iam] preview: \(file.lastPathComponent) reloaded, \(campaigns.count) campaigns"]))
            )
            events += problemsLog()
            // The message on screen shows its new version, or goes when its campaign went.
            if let shownId = shown?.campaign.id {
                events += campaigns.contains { $0.id == shownId } ? show(shownId) : withdraw()
            }
        }
        return [pickerEvent()] + events
    }

    package func millisecondsUntilDue() -> Int? {
        let poll = Self.pollSeconds
        let timer = timers.values.min().map { $0 - clock.uptime } ?? poll
        return Int((max(0, min(poll, timer)) * 1000).rounded(.up))
    }

    package func stop() {
        carryOut(presenter.stop(at: now))
        outbox.removeAll()
    }

    // MARK: steps

    private var now: EngineTime { EngineTime(clock: clock) }

    private func pickerEvent() -> ReaderEvent {
        let entries = campaigns.map { campaign in
            let kind: String
            switch campaign.message?.kind {
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
        guard let campaign = campaigns.first(where: { $0.id == id }) else {
            return [.notice("No campaign \(TerminalText.sanitize(id)) in \(file.lastPathComponent)")]
        }
        guard let kind = campaign.message?.kind else {
            let log = setup.context.config.keys.name(of: .log, in: .list)
            return [.notice("Campaign \(TerminalText.sanitize(id)) has no usable message (\(log) shows why)")]
        }
        if case .unsupported(let name) = kind {
            return [
                .notice(
                    "Campaign \(TerminalText.sanitize(id)) has a message type this version cannot draw: \(TerminalText.sanitize(name))"
                )
            ]
        }
        carryOut(presenter.testSend(campaign, at: now))
        return takeOutbox()
    }

    /// The campaign on screen went from the file: it is taken down (a test send records nothing).
    private func withdraw() -> [ReaderEvent] {
        closing = .reload
        defer { closing = nil }
        carryOut(presenter.close(at: now))
        return takeOutbox()
    }

    // MARK: the presenter's effects

    /// Carries out the presenter's effects in order. Answers that are at hand (the empty sync,
    /// the placeholder values beside the file) are fed back at once, where their request is.
    private func carryOut(_ effects: [PresenterEffect]) {
        for effect in effects {
            switch effect {
            case .report(let report): self.report(report)
            case .scheduleTimer(let timer, let due): timers[timer] = due
            case .cancelTimer(let timer): timers[timer] = nil
            case .requestSync(let request):
                carryOut(presenter.syncSucceeded(requestId: request.requestId, document: CampaignDocument(), at: now))
            case .fetchPlaceholders(let requestId, let customer):
                let values = Self.placeholders(beside: file, customer: customer)
                carryOut(presenter.placeholdersArrived(requestId: requestId, values: values, at: now))
            case .fetchArtwork(let reference):
                carryOut(presenter.artworkFailed(key: reference.key, at: now))
            case .present(let presentation):
                if let old = shown, old.messageId != presentation.messageId {
                    outbox.append(.inApp(.remove(messageId: old.messageId)))
                }
                shown = presentation
                outbox.append(.inApp(.present(artwork.shown(presentation, at: clock.now, size: size))))
            case .remove(let messageId):
                if shown?.messageId == messageId { shown = nil }
                outbox.append(.inApp(.remove(messageId: messageId)))
            case .askHost(let requestId, _):
                carryOut(presenter.hostAnswered(requestId: requestId, .show, at: now))
            case .sendAnalytics(let batch):
                carryOut(presenter.analyticsAnswered(batchId: batch.id, ok: true, at: now))
            // The presenter's own decision lines and its device memory: a preview keeps neither.
            case .log, .storeCache, .storeHistory, .storePlaceholders, .recordAnalytics, .acknowledgeAnalytics:
                break
            }
        }
    }

    private func report(_ report: PresenterReport) {
        switch report {
        case .shown(let id, _, _, _):
            outbox.append(
                .inApp(.log(["[tinbox-iam] preview: showing campaign \(TerminalText.sanitize(id)) (test send)"])))
        case .action(let id, let action):
            let what = tapped.map { "button \(TerminalText.sanitize($0))" } ?? "surface"
            outbox.append(
                .inApp(
                    .log([
                        "[tinbox-iam] preview: campaign \(TerminalText.sanitize(id)) \(what) runs \(action.typeName) "
                            + "(test send: nothing reported)"
                    ])))
            outbox += setup.actions.run(action, of: id)
        case .dismissed(let id, let reason):
            guard let word = closing ?? PreviewClosing(reason) else { return }
            outbox.append(
                .inApp(.log(["[tinbox-iam] preview: campaign \(TerminalText.sanitize(id)) closed (\(word.rawValue))"])))
        default:
            break
        }
    }

    private func takeOutbox() -> [ReaderEvent] {
        defer { outbox.removeAll() }
        return outbox
    }

    /// The customer's values of `placeholders.json` beside the file, as the demo has.
    static func placeholders(beside file: URL, customer: String?) -> [String: String] {
        guard let customer,
            case .success(let values) = InAppClient(source: .file(file)).placeholders(customer: customer)
        else { return [:] }
        return values
    }
}
