import Foundation
import InAppEngine
import InAppSync
import InboxCore
import TerminalUI

/// `tinbox preview FILE [--id ID]` (CLI.md, issue 6 point 7): the reader with the campaigns of
/// FILE and a picker that shows any of them now as a test send.
enum PreviewCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .preview)
        guard parsed.positional.count == 1, let written = parsed.positional.first else {
            throw UsageError("preview needs one campaigns file: tinbox preview FILE [--id ID]")
        }
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
        if let id = parsed.values["--id"], let document = first.document,
            !document.campaigns.contains(where: { $0.id == id })
        {
            throw UsageError.unknown("campaign id", id, candidates: document.campaigns.map(\.id))
        }
        try ReaderCommand.run(context) { setup in
            PreviewMessaging(file: file, format: format, first: first, initialID: parsed.values["--id"], setup: setup)
        }
    }
}

/// The campaigns file as last read: the document, or the error that kept the previous one.
struct PreviewDocument {
    var document: CampaignDocument?
    var error: String?
    /// What identifies the file's version.
    var stamp: FileStamp

    static func load(_ file: URL, format: CampaignFormat? = nil) -> PreviewDocument {
        let stamp = Self.stamp(file)
        guard let data = try? Data(contentsOf: file) else {
            return PreviewDocument(error: "\(file.lastPathComponent): cannot be read", stamp: stamp)
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

/// A file's version as the preview watches it: modification time and size.
struct FileStamp: Equatable {
    var modified: Double
    var size: Int
}

/// Why the preview took its message down; the raw value is the log's word.
enum PreviewClosing: String {
    case close, scrim, timer, action
    /// The campaign is gone from the file read again.
    case reload
}

/// The preview's in-app side: no engine session, no analytics. A chosen campaign is shown at
/// once as a test send (B.16: displays, reports nothing); its buttons run their actions, and its
/// auto-dismiss timer closes it after its visible time (B.10), as it would for a customer.
final class PreviewMessaging: ReaderInAppDriver {
    private let file: URL
    private let format: CampaignFormat?
    private var current: PreviewDocument
    private var campaigns: [Campaign] = []
    private let initialID: String?
    private let setup: ReaderCommand.Setup
    private let artwork: OverlayArtwork
    private var shownID: String?
    private var size: Size
    private var lastCheck = Date.distantPast
    /// The auto-dismiss timer of the message on screen, when it has one.
    private var countdown: VisibleCountdown?
    /// How often the file is looked at for changes.
    static let pollSeconds = 0.5

    init(file: URL, format: CampaignFormat?, first: PreviewDocument, initialID: String?, setup: ReaderCommand.Setup) {
        self.file = file
        self.format = format
        current = first
        self.initialID = initialID
        self.setup = setup
        let client = InAppClient(source: .file(file))
        artwork = setup.overlayArtwork { reference in
            if case .success(let data) = client.artwork(reference) { data } else { nil }
        }
        size = setup.size
        campaigns = first.document?.campaigns ?? []
    }

    func start() -> [ReaderEvent] {
        var events = [pickerEvent()] + problemsLog()
        if let initialID { events += show(initialID) }
        return events
    }

    func perform(_ request: InAppRequest, userIsBusy: Bool) -> [ReaderEvent] {
        switch request {
        case .preview(let id): return show(id)
        case .presented:
            guard let shownID, let campaign = shownCampaign else { return [] }
            countdown = campaign.message?.autoDismissDuration.map { seconds in
                // B.10: the timer starts when the entrance ends.
                let entrance = setup.reduceMotion ? 0 : ShownMessage.entranceSeconds
                return VisibleCountdown(seconds: entrance + seconds, now: Self.uptime)
            }
            return [
                .inApp(.log(["[tinbox-iam] preview: showing campaign \(TerminalText.sanitize(shownID)) (test send)"]))
            ]
        case .tap(let buttonID): return tap(buttonID)
        case .close: return close(.close)
        case .clickOutside:
            guard let campaign = shownCampaign, campaign.message?.dismissOnScrimTap == true else { return [] }
            return close(.scrim)
        case .command:
            return [.notice("The console is for the reader; pick a campaign here (p shows the list)")]
        case .notifications(let allowed): return setup.actions.answer(allowed: allowed)
        case .newMessages(let count):
            setup.actions.notifier.announce(newMessages: count)
            return []
        case .resize(let newSize):
            size = newSize
            guard let campaign = shownCampaign else { return [] }
            let presentation = Presentation(
                campaign, values: Self.placeholders(beside: file, customer: setup.context.customer),
                language: setup.context.language)
            return [.inApp(.redraw(artwork.shown(presentation, at: Date(), size: newSize)))]
        case .background:
            countdown?.pause(now: Self.uptime)
            return []
        case .foreground:
            countdown?.resume(now: Self.uptime)
            return []
        }
    }

    /// Looks at the file twice a second; a change is read again, and a version that does not
    /// decode is shown as an error while the last good campaigns stay.
    func pump(userIsBusy: Bool) -> [ReaderEvent] {
        if let countdown, countdown.secondsLeft(now: Self.uptime) <= 0 {
            return close(.timer)
        }
        return fileChanges()
    }

    private func fileChanges() -> [ReaderEvent] {
        let now = Date()
        guard now.timeIntervalSince(lastCheck) >= Self.pollSeconds else { return [] }
        lastCheck = now
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
            if let shownID {
                events += campaigns.contains { $0.id == shownID } ? show(shownID) : close(.reload)
            }
        }
        return [pickerEvent()] + events
    }

    func millisecondsUntilDue() -> Int? {
        let poll = Self.pollSeconds
        let timer = countdown?.secondsLeft(now: Self.uptime) ?? poll
        return Int((max(0, min(poll, timer)) * 1000).rounded(.up))
    }

    /// Monotonic seconds: the timers do not jump with the wall clock.
    private static var uptime: Double { ProcessInfo.processInfo.systemUptime }

    func stop() {}

    // MARK: steps

    private var shownCampaign: Campaign? { campaigns.first { $0.id == shownID } }

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
        guard var campaign = campaigns.first(where: { $0.id == id }) else {
            return [.notice("No campaign \(TerminalText.sanitize(id)) in \(file.lastPathComponent)")]
        }
        guard let kind = campaign.message?.kind else {
            return [.notice("Campaign \(TerminalText.sanitize(id)) has no usable message (L shows why)")]
        }
        if case .unsupported(let name) = kind {
            return [
                .notice(
                    "Campaign \(TerminalText.sanitize(id)) has a message type this version cannot draw: \(TerminalText.sanitize(name))"
                )
            ]
        }
        campaign.isTest = true
        countdown = nil
        var events: [ReaderEvent] = []
        if let old = shownID { events.append(.inApp(.remove(messageID: old))) }
        shownID = campaign.id
        let values = PreviewMessaging.placeholders(beside: file, customer: setup.context.customer)
        let presentation = Presentation(campaign, values: values, language: setup.context.language)
        return events + [.inApp(.present(artwork.shown(presentation, at: Date(), size: size)))]
    }

    private func tap(_ buttonID: String?) -> [ReaderEvent] {
        guard let campaign = shownCampaign, let message = campaign.message else { return [] }
        let action: InAppAction?
        if let buttonID {
            action = message.buttons.first { $0.id == buttonID }?.action
        } else {
            action = message.clickAction
        }
        guard let action else { return [] }
        let line =
            "[tinbox-iam] preview: campaign \(TerminalText.sanitize(campaign.id)) \(buttonID.map { "button \(TerminalText.sanitize($0))" } ?? "surface") runs \(action.typeName) (test send: nothing reported)"
        var events: [ReaderEvent] = [.inApp(.log([line]))] + setup.actions.run(action, of: campaign.id)
        if action.closesMessage { events += close(.action) }
        return events
    }

    private func close(_ reason: PreviewClosing) -> [ReaderEvent] {
        countdown = nil
        guard let shownID else { return [] }
        self.shownID = nil
        return [
            .inApp(.remove(messageID: shownID)),
            .inApp(
                .log(["[tinbox-iam] preview: campaign \(TerminalText.sanitize(shownID)) closed (\(reason.rawValue))"])),
        ]
    }

    /// The customer's values of `placeholders.json` beside the file, as the demo has.
    static func placeholders(beside file: URL, customer: String?) -> [String: String] {
        guard let customer,
            case .success(let values) = InAppClient(source: .file(file)).placeholders(customer: customer)
        else { return [:] }
        return values
    }
}

/// Visible seconds left on a timer that stands still while tinbox is in the background (B.10).
struct VisibleCountdown {
    private var left: Double
    /// When the time last started to run; `nil` while it stands still.
    private var runningSince: Double?

    init(seconds: Double, now: Double) {
        left = seconds
        runningSince = now
    }

    func secondsLeft(now: Double) -> Double {
        guard let runningSince else { return left }
        return left - (now - runningSince)
    }

    mutating func pause(now: Double) {
        left = secondsLeft(now: now)
        runningSince = nil
    }

    mutating func resume(now: Double) {
        if runningSince == nil { runningSince = now }
    }
}
