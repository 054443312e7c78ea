import Foundation
import InAppEngine
import InboxCore
import TerminalUI
import Testing

/// The reader as in-app messaging's host (issue 6 points 2, 3, 4, 6), with a driver that
/// records what it is asked and answers with the events a test gives it.
final class FakeDriver: ReaderInAppDriver {
    var requests: [(InAppRequest, Bool)] = []
    var startEvents: [ReaderEvent] = []
    var stopped = false

    func start() -> [ReaderEvent] { startEvents }
    func perform(_ request: InAppRequest, userIsBusy: Bool) -> [ReaderEvent] {
        requests.append((request, userIsBusy))
        return []
    }
    func pump(userIsBusy: Bool) -> [ReaderEvent] { [] }
    func millisecondsUntilDue() -> Int? { nil }
    func stop() { stopped = true }

    var names: [InAppRequest] { requests.map(\.0) }
}

@Suite struct ReaderInAppTests {
    static func message(
        _ kind: InAppMessage.Kind, header: String = "Card", buttons: [String] = ["yes", "no"], language: String = "en"
    ) -> ShownMessage {
        let campaign = Campaign(
            id: "c1", trigger: .sessionStart,
            message: InAppMessage(kind: kind, header: header, buttons: buttons.map { MessageButton(id: $0, text: $0) }))
        return ShownMessage(
            presentation: Presentation(campaign, values: [:], language: language), shownAt: Fixtures.now,
            reduceMotion: true)
    }

    func loop(_ driver: FakeDriver) -> (ReaderLoop, MemoryTerminal) {
        let terminal = MemoryTerminal(size: Size(columns: 80, rows: 24))
        let loop = ReaderLoop(terminal: terminal, source: MemorySource(entries: Fixtures.inbox), inApp: driver)
        loop.start()
        return (loop, terminal)
    }

    func press(_ loop: ReaderLoop, _ terminal: MemoryTerminal, _ keys: [Key]) {
        terminal.enqueue(keys: keys)
        loop.drain()
    }

    @Test func aPresentedMessageIsAcknowledgedOnceItIsOnScreen() {
        let driver = FakeDriver()
        driver.startEvents = [.inApp(.present(Self.message(.modal)))]
        let (loop, terminal) = loop(driver)
        #expect(driver.names.filter { $0 == .presented }.count == 1)
        #expect(loop.state.shown?.acknowledged == true)
        #expect(terminal.screen?.rows.joined().contains("Card") == true)
    }

    @Test func tabChoosesAButtonEnterTapsItAndEscCloses() {
        let driver = FakeDriver()
        driver.startEvents = [.inApp(.present(Self.message(.modal)))]
        let (loop, terminal) = loop(driver)
        #expect(loop.state.shown?.button == 0, "the first button is chosen")
        press(loop, terminal, [.tab, .enter])
        #expect(driver.names.contains(.tap(buttonId: "no")))
        press(loop, terminal, [.escape])
        #expect(driver.names.filter { $0 == .close }.count == 1)
        press(loop, terminal, [.character("x")])
        #expect(driver.names.filter { $0 == .close }.count == 2, "x closes too")
    }

    @Test func oneEscMoreAfterClosingAModalKeepsTheSession() {
        let driver = FakeDriver()
        driver.startEvents = [.inApp(.present(Self.message(.modal)))]
        let (loop, terminal) = loop(driver)
        press(loop, terminal, [.escape])
        #expect(driver.names.filter { $0 == .close }.count == 1)
        loop.send(.inApp(.remove(messageId: "c1")))
        #expect(loop.state.shown == nil)
        press(loop, terminal, [.escape])
        #expect(!loop.state.isQuitting && loop.state.mode == .list)
    }

    @Test func aModalKeepsTheOtherKeysAndASlideUpLeavesThemToTheList() {
        let driver = FakeDriver()
        driver.startEvents = [.inApp(.present(Self.message(.modal)))]
        let (loop, terminal) = loop(driver)
        press(loop, terminal, [.character("j")])
        #expect(loop.state.selected == 0)
        loop.send(.inApp(.remove(messageId: "c1")))
        loop.send(.inApp(.present(Self.message(.slideup))))
        press(loop, terminal, [.character("j")])
        #expect(loop.state.selected == 1)
        #expect(loop.state.shown != nil)
    }

    /// TERMINAL §3: a slide-up takes no focus. Enter opens the list's message (it pressed the
    /// slide-up's button); Tab goes to its buttons, and then Enter presses the one chosen.
    @Test func aSlideUpTakesNoFocusUntilTab() {
        let driver = FakeDriver()
        driver.startEvents = [.inApp(.present(Self.message(.slideup, buttons: ["on", "off"])))]
        let (loop, terminal) = loop(driver)
        #expect(loop.state.shown?.button == nil)
        press(loop, terminal, [.character("j")])
        #expect(loop.state.selected == 1)
        let hints = terminal.screen?.rows.last ?? ""
        #expect(hints.hasPrefix(" Tab slide-up  j/k move  Enter open"), "\(hints)")
        press(loop, terminal, [.enter])
        #expect(loop.state.detail != nil && !driver.names.contains { if case .tap = $0 { true } else { false } })
        // The detail view's keys beneath, less its Tab, which the slide-up takes.
        let detailHints = terminal.screen?.rows.last ?? ""
        #expect(detailHints.hasPrefix(" Tab slide-up  Enter press  j/k scroll"), "\(detailHints)")
        #expect(!detailHints.contains("button") && !detailHints.contains("move"), "\(detailHints)")
        press(loop, terminal, [.escape])
        #expect(
            loop.state.detail == nil && loop.state.shown != nil, "Esc went back from the message, not to the slide-up")
        press(loop, terminal, [.tab])
        #expect(loop.state.shown?.button == 0)
        press(loop, terminal, [.tab, .enter])
        #expect(driver.names.last == .tap(buttonId: "off"), "\(driver.names)")
    }

    /// A slide-up with no button (and perhaps no timer) is reached with Tab all the same: the
    /// cursor goes to its close glyph, and Esc closes it (found by a helper: only a mouse could).
    @Test func aSlideUpWithNoButtonIsReachedWithTabAndClosedWithEsc() {
        let driver = FakeDriver()
        driver.startEvents = [.inApp(.present(Self.message(.slideup, buttons: [])))]
        let (loop, terminal) = loop(driver)
        press(loop, terminal, [.escape])
        #expect(!driver.names.contains(.close), "no focus yet: Esc is the list's")
        press(loop, terminal, [.tab])
        #expect(loop.state.shown?.hasFocus == true)
        let hints = terminal.screen?.rows.last ?? ""
        #expect(!hints.contains("slide-up"), "the overlay's keys now: \(hints)")
        let cursor = terminal.screen?.cursor
        #expect(cursor.map { terminal.screen?.rows[$0.row].contains("✕") ?? false } == true, "on the close glyph")
        press(loop, terminal, [.escape])
        #expect(driver.names.last == .close)
    }

    @Test func aLineTypedUnderASlideUpKeepsItsKeys() {
        let driver = FakeDriver()
        driver.startEvents = [.inApp(.present(Self.message(.slideup)))]
        let (loop, terminal) = loop(driver)
        press(loop, terminal, [.character(":")] + "lang x q".map { .character($0) } + [.enter])
        #expect(driver.names.last == .command("lang x q"), "the console's line, not the slide-up's close or quit")
        #expect(!driver.names.contains(.close) && !loop.state.isQuitting)
        press(loop, terminal, [.character("/"), .character("x"), .character("q")])
        #expect(loop.state.isEditingSearch && !loop.state.isQuitting)
        #expect(!driver.names.contains(.close))
        press(loop, terminal, [.enter, .character("x")])
        #expect(!driver.names.contains(.close), "a slide-up without the focus leaves x to the list")
        press(loop, terminal, [.tab, .character("x")])
        #expect(driver.names.filter { $0 == .close }.count == 1, "with the line done and Tab, x closes the slide-up")
    }

    @Test func theHostSaysLaterWhileTheUserTypesOrAnswersAQuestion() {
        let driver = FakeDriver()
        let (loop, terminal) = loop(driver)
        #expect(!loop.state.userIsBusy)
        press(loop, terminal, [.character("/")])
        #expect(loop.state.userIsBusy)
        press(loop, terminal, [.escape, .character(":")])
        #expect(loop.state.userIsBusy)
        press(loop, terminal, [.escape, .character("D")])
        #expect(loop.state.userIsBusy)
        press(loop, terminal, [.character("n")])
        #expect(!loop.state.userIsBusy)
        // A resize while typing is handed over with the busy flag set.
        press(loop, terminal, [.character(":")])
        terminal.enqueue(.resize(Size(columns: 100, rows: 30)))
        loop.drain()
        #expect(driver.requests.last.map { $0.0 == .resize(Size(columns: 100, rows: 30)) && $0.1 } == true)
    }

    @Test func theConsoleSendsItsLineAndEscCancels() {
        let driver = FakeDriver()
        let (loop, terminal) = loop(driver)
        press(loop, terminal, [.character(":")] + "event level_up level=5".map { .character($0) })
        #expect(terminal.screen?.rows.last?.contains(":event level_up level=5") == true)
        press(loop, terminal, [.enter])
        #expect(driver.names.last == .command("event level_up level=5"))
        #expect(loop.state.command == nil)
        press(loop, terminal, [.character(":"), .character("x"), .escape])
        #expect(driver.names.count == 1)
    }

    @Test func theDecisionLogPaneShowsTheLatestLinesLive() {
        let driver = FakeDriver()
        let (loop, terminal) = loop(driver)
        press(loop, terminal, [.character("L")])
        loop.send(.inApp(.log(["[tinbox-iam] showing campaign c1"])))
        let rows = terminal.screen?.rows ?? []
        #expect(rows.contains { $0.contains("Decision log") })
        #expect(rows.contains { $0.contains("[tinbox-iam] showing campaign c1") })
        press(loop, terminal, [.character("L")])
        #expect(!(terminal.screen?.rows ?? []).contains { $0.contains("Decision log") })
    }

    /// The pane's title names the key the table gives the log where it was opened, as rebound.
    @Test func theDecisionLogPaneNamesItsKeyFromTheTable() {
        let rebindings = [
            KeyRebinding(context: .list, key: .character("O"), action: .log),
            KeyRebinding(context: .detail, key: .character("W"), action: .log),
        ]
        let keys = KeyBindings.defaults.rebound(rebindings).table
        let terminal = MemoryTerminal(size: Size(columns: 80, rows: 24))
        let loop = ReaderLoop(terminal: terminal, source: MemorySource(entries: Fixtures.inbox), keys: keys)
        loop.start()
        press(loop, terminal, [.character("O")])
        #expect(terminal.screen?.rows.contains { $0.contains("Decision log · O closes") } == true)
        press(loop, terminal, [.character("O"), .enter, .character("W")])
        #expect(terminal.screen?.rows.contains { $0.contains("Decision log · W closes") } == true)
        press(loop, terminal, [.character("W")])
        #expect(terminal.screen?.rows.contains { $0.contains("Decision log") } == false)
    }

    @Test(arguments: [
        ("inbox/unread", StateFilter.unread), ("/inbox/read", .read), ("inbox/deleted", .deleted), ("inbox", .all),
    ])
    func navigateRoutesSwitchTheTab(route: String, tab: StateFilter) {
        let driver = FakeDriver()
        let (loop, _) = loop(driver)
        if tab == .all { loop.send(.inApp(.navigate("inbox/read"))) }
        loop.send(.inApp(.navigate(route)))
        #expect(loop.state.tab == tab)
    }

    @Test func navigateOpensAMessageOrHelpAndLogsAnUnknownRoute() {
        let driver = FakeDriver()
        let (loop, _) = loop(driver)
        loop.send(.inApp(.navigate("message/order")))
        #expect(loop.state.detail?.entry.key.id == "order")
        loop.send(.inApp(.navigate("/inbox")))
        loop.send(.inApp(.navigate("message/app-messaging/order")))
        #expect(loop.state.detail?.entry.key.id == "order", "a producer's message, as README says")
        #expect(ReaderRoute("message/pigeon/order") == nil && ReaderRoute("message/engagement/") == nil)
        #expect(ReaderRoute("message/a/b/c") == nil)
        loop.send(.inApp(.navigate("help")))
        #expect(loop.state.overlay == .help)
        loop.send(.inApp(.navigate("settings/privacy")))
        #expect(loop.state.decisionLog.last?.contains("unknown route settings/privacy") == true)
    }

    @Test func notificationsAreAskedAndTheAnswerGoesToTheDriver() {
        let driver = FakeDriver()
        let (loop, terminal) = loop(driver)
        loop.send(.inApp(.askNotifications))
        #expect(terminal.screen?.rows.joined().contains("desktop notifications") == true)
        #expect(loop.state.userIsBusy)
        press(loop, terminal, [.character("y")])
        #expect(driver.names.last == .notifications(allowed: true))
        #expect(!loop.state.askingNotifications)
    }

    @Test func ctrlZIsBackgroundThenSuspendThenForeground() {
        let driver = FakeDriver()
        let (loop, terminal) = loop(driver)
        terminal.enqueue(.suspend)
        loop.step()
        #expect(driver.names.suffix(2) == [.background, .foreground])
        #expect(terminal.suspensions == 1)
        let before = driver.names.count
        terminal.enqueue(.focus(false))
        terminal.enqueue(.focus(true))
        loop.drain()
        #expect(Array(driver.names.dropFirst(before)) == [.background, .foreground], "focus out and in")
    }

    @Test func thePreviewPickerShowsTheChosenCampaignAndItsError() {
        let driver = FakeDriver()
        driver.startEvents = [
            .inApp(
                .previewCampaigns(
                    [PreviewEntry(id: "a", label: "a · modal"), PreviewEntry(id: "b", label: "b · slide-up")],
                    error: "campaigns.json:3:7: invalid value"))
        ]
        let (loop, terminal) = loop(driver)
        let rows = terminal.screen?.rows.joined(separator: "\n") ?? ""
        #expect(rows.contains("b · slide-up") && rows.contains("campaigns.json:3:7: invalid value"), "\(rows)")
        press(loop, terminal, [.character("j"), .enter])
        #expect(driver.names.last == .preview(campaignId: "b"))
        // A slide-up shown over it leaves `p` to the list: it no longer hides the picker unseen,
        // and the picker is back when the slide-up goes.
        loop.send(.inApp(.present(Self.message(.slideup))))
        press(loop, terminal, [.character("p")])
        loop.send(.inApp(.remove(messageId: "c1")))
        #expect(loop.state.preview?.isOpen == true)
        #expect(terminal.screen?.rows.joined().contains("b · slide-up") == true)
    }

    @Test func aRefreshThatStoresNewMessagesIsAnnounced() {
        let driver = FakeDriver()
        let terminal = MemoryTerminal(size: Size(columns: 80, rows: 24))
        let source = MemorySource(entries: Fixtures.inbox)
        source.refreshProducers = 1
        let loop = ReaderLoop(terminal: terminal, source: source, inApp: driver)
        loop.start()
        loop.send(.requestRefresh)
        source.entries += (1...3).map { Fixtures.make("new\($0)", "New \($0)") }
        loop.send(
            .refreshEnded(
                RefreshResult(producer: "engagement", kind: .ok, line: "engagement ok 9 messages"), now: Fixtures.now))
        #expect(driver.names.contains(.newMessages(3)), "\(driver.names)")
    }

    @Test func aClickOnAButtonTapsItTheCloseGlyphClosesAndOutsideAModalIsClickOutside() {
        let driver = FakeDriver()
        driver.startEvents = [.inApp(.present(Self.message(.modal, buttons: ["yes", "no"])))]
        let (loop, terminal) = loop(driver)
        var scratch = Screen(width: 80, height: 24)
        let hits = OverlayView.draw(loop.state.shown!.overlay(at: loop.state.frameTime), on: &scratch)
        let no = hits.buttons.first { $0.id == "no" }!.rect
        terminal.enqueue(.mouse(MouseEvent(.press, row: no.top, column: no.left)))
        loop.drain()
        #expect(driver.names.last == .tap(buttonId: "no"))
        let close = hits.close!
        terminal.enqueue(.mouse(MouseEvent(.press, row: close.top, column: close.left)))
        loop.drain()
        #expect(driver.names.last == .close)
        terminal.enqueue(.mouse(MouseEvent(.press, row: 0, column: 0)))
        loop.drain()
        #expect(driver.names.last == .clickOutside)
        #expect(loop.state.tab == .all)
    }

    /// A message without a header is named by its body's first line: a Gameball modal with its
    /// text in the body was announced "Modal: No buttons".
    @Test func aMessageWithoutAHeaderIsAnnouncedByItsBody() throws {
        let driver = FakeDriver()
        let campaign = Campaign(
            id: "c1", trigger: .sessionStart,
            message: InAppMessage(kind: .modal, body: "EN summer sale\nUp to 40% off"))
        driver.startEvents = [
            .inApp(
                .present(
                    ShownMessage(
                        presentation: Presentation(campaign, values: [:], language: "en"), shownAt: Fixtures.now,
                        reduceMotion: true)))
        ]
        let (loop, _) = loop(driver)
        #expect(loop.state.status?.text == "Modal: EN summer sale. No buttons")
    }

    /// The status line's announcement names the button chosen when the message went up; a
    /// click chooses another without a key, and the announcement still goes with the message.
    @Test func theAnnouncementGoesWithItsMessageAfterAClickChoseAnotherButton() throws {
        let driver = FakeDriver()
        driver.startEvents = [.inApp(.present(Self.message(.modal, buttons: ["yes", "no"])))]
        let (loop, terminal) = loop(driver)
        #expect(loop.state.status?.text == "Modal: Card. 2 buttons, yes")
        var scratch = Screen(width: 80, height: 24)
        let hits = OverlayView.draw(try #require(loop.state.shown).overlay(at: loop.state.frameTime), on: &scratch)
        let no = try #require(hits.buttons.first { $0.id == "no" }).rect
        terminal.enqueue(.mouse(MouseEvent(.press, row: no.top, column: no.left)))
        loop.drain()
        #expect(loop.state.shown?.button == 1)
        #expect(loop.state.status?.text == "Modal: Card. 2 buttons, yes")
        loop.send(.inApp(.remove(messageId: "c1")))
        #expect(loop.state.shown == nil)
        #expect(loop.state.status == nil)
        #expect(terminal.screen?.rows.last?.contains("Modal:") == false)
    }

    /// With a screen reader the focus line ("Button 2 of 2: no") belongs to its message too: a
    /// message without a header, which says no "Closed: …", takes it away when it goes.
    @Test func theFocusLineGoesWithAMessageThatHasNoHeader() {
        let driver = FakeDriver()
        let campaign = Campaign(
            id: "c1", trigger: .sessionStart,
            message: InAppMessage(
                kind: .modal, body: "Body", buttons: ["yes", "no"].map { MessageButton(id: $0, text: $0) }))
        let untitled = ShownMessage(
            presentation: Presentation(campaign, values: [:], language: "en"), shownAt: Fixtures.now, reduceMotion: true
        )
        driver.startEvents = [.inApp(.present(untitled))]
        let terminal = MemoryTerminal(size: Size(columns: 80, rows: 24))
        let loop = ReaderLoop(
            terminal: terminal, source: MemorySource(entries: Fixtures.inbox), inApp: driver, screenReader: true)
        loop.start()
        press(loop, terminal, [.tab])
        #expect(loop.state.status?.text == "Button 2 of 2: no")
        loop.send(.inApp(.remove(messageId: "c1")))
        #expect(loop.state.shown == nil)
        #expect(loop.state.status?.text.contains("Button") != true, "\(String(describing: loop.state.status))")
    }

    /// A card draws the buttons it has room for, inside its frame, and Tab goes round those: 200
    /// buttons drew their last row over the bottom border, and Tab went on to ones nobody saw.
    @Test func tabGoesRoundTheButtonsTheCardHasRoomFor() throws {
        let driver = FakeDriver()
        driver.startEvents = [.inApp(.present(Self.message(.modal, buttons: (1...200).map { "Button \($0)" })))]
        let (loop, terminal) = loop(driver)
        let shown = try #require(loop.state.shown)
        var screen = Screen(width: 80, height: 24)
        let hits = OverlayView.draw(shown.overlay(at: Fixtures.now), on: &screen)
        let card = try #require(hits.card)
        let drawn = hits.buttons.map(\.index).sorted()
        #expect(!drawn.isEmpty && drawn.count < 200)
        for button in hits.buttons {
            #expect(button.rect.top > card.top && button.rect.top < card.top + card.height - 1)
        }
        #expect(loop.state.shown?.button == drawn[0])
        for next in drawn.dropFirst() + [drawn[0]] {
            press(loop, terminal, [.tab])
            #expect(loop.state.shown?.button == next)
        }
        press(loop, terminal, [.backTab])
        #expect(loop.state.shown?.button == drawn[drawn.count - 1])
    }

    /// Right to left, the first buttons are still the ones a card with room for some rows draws,
    /// each row read from the right: the whole list reversed put the last ones first, and 200
    /// buttons in Arabic drew buttons 124-199 only.
    @Test func aRightToLeftCardDrawsItsFirstButtonsReadingFromTheRight() throws {
        let driver = FakeDriver()
        let names = (1...200).map { "زر \($0)" }
        driver.startEvents = [.inApp(.present(Self.message(.modal, header: "أزرار", buttons: names, language: "ar")))]
        let (loop, _) = loop(driver)
        let shown = try #require(loop.state.shown)
        var screen = Screen(width: 80, height: 24)
        let hits = OverlayView.draw(shown.overlay(at: Fixtures.now), on: &screen)
        let drawn = hits.buttons.map(\.index).sorted()
        #expect(drawn.first == 0 && drawn == Array(0..<drawn.count))
        #expect(loop.state.shown?.button == 0)
        let firstRow = hits.buttons.filter { $0.rect.top == hits.buttons.map(\.rect.top).min() }
        #expect(firstRow.max { $0.rect.left < $1.rect.left }?.index == 0, "button 0 stands rightmost")
    }

    /// A modal of 200 buttons at 80x24, the focus on the last one drawn (Shift-Tab).
    func lastOfTwoHundredButtons() -> (FakeDriver, ReaderLoop, MemoryTerminal) {
        let driver = FakeDriver()
        driver.startEvents = [.inApp(.present(Self.message(.modal, buttons: (1...200).map { "B\($0)" })))]
        let (loop, terminal) = loop(driver)
        press(loop, terminal, [.backTab])
        return (driver, loop, terminal)
    }

    /// A smaller card after a resize draws fewer buttons: the focus moves onto one it draws, and
    /// Enter presses that one. It pressed a button that was no longer drawn.
    @Test func aResizeKeepsTheFocusOnADrawnButton() throws {
        let (driver, loop, terminal) = lastOfTwoHundredButtons()
        let before = try #require(loop.state.shown?.button)
        terminal.enqueue(.resize(Size(columns: 60, rows: 14)))
        loop.drain()
        let shown = try #require(loop.state.shown)
        var screen = Screen(width: 60, height: 14)
        let drawn = OverlayView.draw(shown.overlay(at: Fixtures.now), on: &screen).buttons.map(\.index)
        let after = try #require(shown.button)
        #expect(after < before && drawn.contains(after), "\(before) -> \(after), drawn \(drawn)")
        press(loop, terminal, [.enter])
        #expect(driver.names.last == .tap(buttonId: "B\(after + 1)"), "\(driver.names)")
    }

    /// The focus the user chose comes back when the card has room for it again: a smaller card
    /// had moved it for good, and Enter then pressed another button.
    @Test func theChosenFocusComesBackWhenThereIsRoomAgain() throws {
        let (driver, loop, terminal) = lastOfTwoHundredButtons()
        let chosen = try #require(loop.state.shown?.button)
        for size in [Size(columns: 60, rows: 14), Size(columns: 30, rows: 8), Size(columns: 80, rows: 24)] {
            terminal.enqueue(.resize(size))
            loop.drain()
        }
        #expect(loop.state.shown?.button == chosen)
        press(loop, terminal, [.enter])
        #expect(driver.names.last == .tap(buttonId: "B\(chosen + 1)"), "\(driver.names)")
    }

    /// A message taken off a terminal too small for it (B.9) comes back, when there is room, with
    /// the focus it had: it came back on its first button, and Enter pressed that one. A message
    /// closed and shown again starts on its first button.
    @Test func aMessageBackFromTheTooSmallTerminalKeepsItsFocus() throws {
        let driver = FakeDriver()
        let modal = Self.message(.modal, buttons: ["yes", "later", "no"])
        driver.startEvents = [.inApp(.present(modal))]
        let (loop, terminal) = loop(driver)
        press(loop, terminal, [.tab])
        let chosen = try #require(loop.state.shown?.button)
        #expect(chosen != 0)
        terminal.enqueue(.resize(Size(columns: 30, rows: 8)))
        loop.drain()
        loop.send(.inApp(.remove(messageId: modal.presentation.messageId)))
        terminal.enqueue(.resize(Size(columns: 80, rows: 24)))
        loop.drain()
        loop.send(.inApp(.present(modal)))
        #expect(loop.state.shown?.button == chosen)
        press(loop, terminal, [.enter])
        #expect(driver.names.last == .tap(buttonId: ["yes", "later", "no"][chosen]), "\(driver.names)")

        loop.send(.inApp(.remove(messageId: modal.presentation.messageId)))
        loop.send(.inApp(.present(modal)))
        #expect(loop.state.shown?.button == 0, "closed where it fitted: a new showing")
    }

    /// A right-to-left header and button are isolated in the status line's sentence: it read
    /// `Modal: 2 . םולש buttons, רושיא`, the count beside the header.
    @Test func aRightToLeftAnnouncementKeepsItsSentenceInOrder() throws {
        let driver = FakeDriver()
        driver.startEvents = [.inApp(.present(Self.message(.modal, header: "שלום", buttons: ["אישור", "ביטול"])))]
        let (_, terminal) = loop(driver)
        let status = try #require(terminal.screen?.rows.last)
        #expect(status.hasPrefix(" Modal: םולש. 2 buttons, רושיא"), "\(status)")
    }

    /// A modal takes the keys, so the hint line under it names its keys, not the list's.
    @Test func theHintLineUnderAModalNamesItsKeys() {
        let driver = FakeDriver()
        driver.startEvents = [.inApp(.present(Self.message(.modal)))]
        let (loop, terminal) = loop(driver)
        press(loop, terminal, [.tab])
        let underModal = terminal.screen?.rows.last ?? ""
        #expect(underModal.hasPrefix(" Tab next  Shift-Tab previous  Enter press  Esc close"), "\(underModal)")
        loop.send(.inApp(.remove(messageId: "c1")))
        let afterClose = terminal.screen?.rows.last ?? ""
        #expect(afterClose.hasPrefix(" j/k move  Enter open"), "\(afterClose)")
    }

    /// A message that goes leaves a line that is not its announcement alone.
    @Test func anotherLineOnTheStatusLineStaysWhenTheMessageGoes() {
        let driver = FakeDriver()
        driver.startEvents = [.inApp(.present(Self.message(.modal)))]
        let (loop, _) = loop(driver)
        loop.send(.notice("Modal: Card. 2 buttons, yes"))
        loop.send(.inApp(.remove(messageId: "c1")))
        #expect(loop.state.status?.text == "Modal: Card. 2 buttons, yes")
    }

    @Test(arguments: [InAppMessage.Kind.slideup, .modal, .fullscreen])
    func hostileCampaignTextNeverReachesTheScreenRaw(kind: InAppMessage.Kind) {
        let hostile = "Hi\u{1B}[31mred\u{1B}]52;c;Zm9v\u{07}\u{9B}2J\u{202E}evil\u{2066}x\u{200B}\r\u{8}"
        let campaign = Campaign(
            id: "c1", trigger: .sessionStart,
            message: InAppMessage(
                kind: kind, header: hostile, body: hostile + "\n" + hostile,
                buttons: [MessageButton(id: "b", text: hostile)]))
        let shown = ShownMessage(
            presentation: Presentation(campaign, values: [:], language: "en"), shownAt: Fixtures.now, reduceMotion: true
        )
        var screen = Screen(width: 80, height: 24)
        OverlayView.draw(shown.overlay(at: Fixtures.now), on: &screen)
        let forbidden: Set<UInt32> = [0x1B, 0x07, 0x9B, 0x202E, 0x2066, 0x200B, 0x0D, 0x08]
        let scalars = screen.cells.flatMap { $0.text.unicodeScalars.map(\.value) }
        #expect(scalars.allSatisfy { !forbidden.contains($0) })
        #expect(screen.rows.joined().contains("red"), "the text itself is kept: \(screen.rows)")
    }
}
