import CNcursesw
import Foundation
import InAppEngine
import InboxCore

/// The curses backend: the only code in tinbox that touches curses, and only from the thread
/// that created it (curses is not thread-safe).
///
/// Screens are written into `stdscr` row by row where they changed, overlays into panels of
/// their own above it (CLI.md), then sent with `update_panels`/`doupdate`, so curses' own
/// optimiser decides the bytes: moving the selection one row rewrites two rows, never the whole
/// screen; closing an overlay uncovers what lies beneath without drawing it again. SIGWINCH is left to curses, which turns
/// it into KEY_RESIZE; SIGTSTP too, so Ctrl-Z suspends and the screen comes back whole.
public final class CursesTerminal: Terminal {
    public struct Options: Sendable {
        public var mouse: Bool
        public var theme: String
        public var environment: [String: String]
        /// The config's `theme` object: roles of the default theme in other colours.
        public var colours: [CellRole: RoleColours]
        /// TERMINAL §3 `screenReader`: the cursor is visible (it is placed on the focused thing
        /// either way).
        public var screenReader: Bool
        /// Who reorders right-to-left text, resolved (`BidiMode.resolved`): under `app` the
        /// terminal is put in explicit mode while tinbox has the screen.
        public var bidi: BidiMode
        /// How the screens' pictures in pixels are sent (TERMINAL §2); symbols draws only cells.
        public var graphics: GraphicsChoice

        public init(
            mouse: Bool, theme: String, environment: [String: String], colours: [CellRole: RoleColours] = [:],
            bidi: BidiMode = .app, graphics: GraphicsChoice = GraphicsChoice(mode: .symbols), screenReader: Bool = false
        ) {
            self.mouse = mouse
            self.theme = theme
            self.environment = environment
            self.colours = colours
            self.bidi = bidi
            self.graphics = graphics
            self.screenReader = screenReader
        }
    }

    let theme: Theme
    /// How campaign colours are drawn (`CampaignPalette`).
    let palette: CampaignPalette
    /// Campaign colour pairs, made as cells need them.
    var pairTable: ColourPairTable
    /// Campaign colours already mapped to the palette.
    var paletteIndexes: [CampaignColours: (foreground: Int16?, background: Int16?)] = [:]
    /// The screen being drawn, and its scrim colour: cell looks depend on them.
    var drawingScreen: Screen?
    var drawingScrim: RGBColour?
    /// Whether the cells being drawn are a modal's card on a terminal that cannot fade.
    var drawsReversed = false
    /// The campaign pairs of the screen being drawn, worked out only if the pair table fills.
    var pairsOnScreen: Set<ColourPairTable.Key>?
    /// Where tinbox's own escape sequences go (OSC 8 links, 24-bit colour, pictures, the bidi
    /// mode): curses' output, written with `writeAll`.
    let output: Int32
    private let linksSupported: Bool
    var previous: Screen?
    /// The pictures in pixels on the terminal (CursesTerminal+Pictures.swift).
    var pictures: PicturePlacements
    /// Keys read while telling a late terminal reply from keys, handed out before reading more.
    var pendingInput: [TerminalInput] = []
    /// Ends the input wait from another thread (`Terminal.wake`).
    public let wake = InputWake()
    /// Where keys come from: the process's standard input, or the pseudo-terminal of a test.
    private let input: Int32
    /// A curses screen made with `newterm` (tests on a pseudo-terminal); nil for the process's terminal.
    private var ownScreen: OpaquePointer?
    private var ownFiles: [UnsafeMutablePointer<FILE>?] = []
    private var basePanel: UnsafeMutablePointer<PANEL>?
    /// The overlays' panels and windows, bottom to top.
    private var overlays:
        [(panel: UnsafeMutablePointer<PANEL>?, window: UnsafeMutablePointer<WINDOW>?, rect: ScreenPanel)] =
            []
    private var isActive = true
    private let hasAlternateScreen: Bool
    /// Whether the terminal is asked for focus reports (xterm mode 1004; ignored where unknown).
    private let reportsFocus: Bool
    /// Whether faded text shows faded: false on vt100 and the Linux console (TERMINAL §4), where
    /// a modal's card is drawn in reverse video over the screen as it is instead.
    let hasDim: Bool
    /// Whether tinbox lays right-to-left text out itself (`bidi` `app`), so a terminal that would
    /// reorder it again is kept in explicit mode (TERMINAL.md 1).
    private let laysOutBidi: Bool

    public init(options: Options) {
        _ = TerminalText.prepareLocale()
        // Our handlers go in first: curses then leaves SIGINT/SIGTERM alone, and the input loop
        // ends cleanly through `shutdown` instead of exiting from inside a signal handler.
        tinbox_install_exit_signals()
        tinbox_install_suspend_signal()
        pictures = PicturePlacements(choice: options.graphics)
        initscr()
        input = STDIN_FILENO
        output = STDOUT_FILENO
        (theme, palette, pairTable, hasAlternateScreen, linksSupported) = Self.setUp(options: options)
        let term = options.environment["TERM"] ?? ""
        hasDim = Self.hasDim(term: term)
        reportsFocus = !(term.hasPrefix("linux") || term.hasPrefix("vt") || term == "dumb")
        laysOutBidi = options.bidi != .terminal
        if reportsFocus {
            define_key("\u{1B}[I", tinbox_key_focus_in())
            define_key("\u{1B}[O", tinbox_key_focus_out())
            setFocusReports(true)
        }
        setExplicitBidi(true)
    }

    /// Curses on a terminal of type `terminalType` and `size` over the descriptors of a
    /// pseudo-terminal instead of the process's own, so tests can read every byte it writes.
    /// Signals are left alone.
    init(options: Options, terminalType: String, size: Size, input: Int32, output: Int32) {
        _ = TerminalText.prepareLocale()
        ownFiles = [fdopen(dup(output), "w"), fdopen(dup(input), "r")]
        pictures = PicturePlacements(choice: options.graphics)
        ownScreen = newterm(terminalType, ownFiles[0], ownFiles[1])
        resizeterm(Int32(size.rows), Int32(size.columns))
        self.input = input
        self.output = output
        (theme, palette, pairTable, hasAlternateScreen, linksSupported) = Self.setUp(options: options)
        hasDim = Self.hasDim(term: terminalType)
        reportsFocus = false
        laysOutBidi = options.bidi != .terminal
        setExplicitBidi(true)
    }

    /// TERMINAL §4: the Linux console and terminals whose terminfo has no `dim` cannot fade.
    private static func hasDim(term: String) -> Bool {
        !term.hasPrefix("linux") && term_attrs() & tinbox_a_dim() != 0
    }

    /// The settings both kinds of screen share, once curses is started.
    private static func setUp(options: Options) -> (Theme, CampaignPalette, ColourPairTable, Bool, Bool) {
        cbreak()
        noecho()
        nonl()
        intrflush(tinbox_stdscr(), false)
        keypad(tinbox_stdscr(), true)
        idlok(tinbox_stdscr(), true)
        set_escdelay(25)
        // TERMINAL §3: the cursor is moved onto the focused thing after every update (`draw`);
        // it shows for a screen reader's user and is hidden otherwise.
        curs_set(options.screenReader ? 1 : 0)
        var depth = Theme.depth(
            theme: options.theme, environment: options.environment, hasColors: has_colors(), colors: 0)
        if depth != .monochrome {
            start_color()
            use_default_colors()
            depth = Theme.depth(
                theme: options.theme, environment: options.environment, hasColors: true,
                colors: Int(tinbox_colors()))
        }
        let theme = Theme(depth: depth, overrides: options.colours)
        let colours = depth == .monochrome ? 0 : Int(tinbox_colors())
        let palette = CampaignPalette(
            depth: CampaignPalette.depth(theme: depth, themeName: options.theme, environment: options.environment),
            terminalColours: colours)
        let lastPair = Int16(clamping: max(0, min(Int(tinbox_color_pairs()) - 1, Int(Int16.max))))
        let table = ColourPairTable(first: theme.firstFreePair, last: lastPair)
        let hasAlternateScreen = tinbox_has_alternate_screen() != 0
        let term = options.environment["TERM"] ?? ""
        let linksSupported = !(term.hasPrefix("linux") || term.hasPrefix("vt") || term == "dumb")
        if options.mouse {
            let mask = tinbox_button1_pressed() | tinbox_button4_pressed() | tinbox_button5_pressed()
            mousemask(mask, nil)
            mouseinterval(0)
        }
        return (theme, palette, table, hasAlternateScreen, linksSupported)
    }

    deinit {
        shutdown()
    }

    public var size: Size {
        Size(columns: Int(tinbox_cols()), rows: Int(tinbox_lines()))
    }

    public func shutdown() {
        guard isActive else { return }
        isActive = false
        removeAllPictures(freeing: true)
        if reportsFocus { setFocusReports(false) }
        setExplicitBidi(false)
        if !hasAlternateScreen {
            // TERM=linux and vt100 have no alternate screen: leave a clean one, not the last frame.
            werase(tinbox_stdscr())
            wrefresh(tinbox_stdscr())
        }
        endwin()
        // TERMINAL §2: no reply (nor key) is left for the shell to read.
        if ownScreen == nil { tcflush(STDIN_FILENO, TCIFLUSH) }
        if let ownScreen {
            delscreen(ownScreen)
            self.ownScreen = nil
            for file in ownFiles { fclose(file) }
            ownFiles = []
        }
    }

    public func suspend() {
        // kitty's pictures are freed too: kitty drops what the alternate screen held when curses
        // leaves it, and a picture placed by id alone after `fg` stayed blank for the rest of
        // the session. The first frame after `fg` sends each one again.
        removeAllPictures(freeing: true)
        if reportsFocus { setFocusReports(false) }
        setExplicitBidi(false)
        endwin()
        tinbox_stop_self()
        // SIGCONT: curses takes the terminal again at the next update; every cell is redrawn.
        if reportsFocus { setFocusReports(true) }
        setExplicitBidi(true)
        previous = nil
        clearok(tinbox_stdscr(), true)
    }

    private func setFocusReports(_ on: Bool) {
        putp(on ? "\u{1B}[?1004h" : "\u{1B}[?1004l")
        fflush(nil)
    }

    /// BDSM (ECMA-48 mode 8, as VTE and the terminal-wg BiDi recommendation define it): `CSI 8 l`
    /// makes a terminal that reorders by itself (VTE, also over SSH where `VTE_VERSION` does not
    /// reach) draw cells as written, so text tinbox laid out is not reversed twice; `CSI 8 h`
    /// gives it back its implicit mode. Terminals without bidi ignore both. Only under `app`.
    private func setExplicitBidi(_ explicit: Bool) {
        guard laysOutBidi else { return }
        fflush(nil)
        writeAll(Array((explicit ? "\u{1B}[8l" : "\u{1B}[8h").utf8), to: output)
    }

    // MARK: output

    public func draw(_ screen: Screen) {
        let window = tinbox_stdscr()
        drawingScreen = screen
        drawingScrim = screen.scrim
        defer {
            drawingScreen = nil
            pairsOnScreen = nil
        }
        // stdscr is the bottom panel, so `update_panels` composes it with the overlays above.
        if basePanel == nil { basePanel = new_panel(window) }
        let full = previous.map { $0.width != screen.width || $0.height != screen.height } ?? true
        if full { werase(window) }
        let plain = screen.panels.isEmpty && (previous?.panels.isEmpty ?? true)
        for row in 0..<screen.height {
            if plain {
                // No overlay now or before: rows compare as slices, with nothing copied.
                if !full, let previous, previous.row(row) == screen.row(row) { continue }
                drawCells(screen.row(row), row: row, in: window)
            } else {
                let cells = screen.baseRow(row)
                if !full, let previous, previous.baseRow(row) == cells { continue }
                drawCells(cells[...], row: row, in: window)
            }
        }
        drawPanels(screen, full: full)
        prepareRepaintUnderPictures(screen, full: full)
        update_panels()
        placeCursor(screen.cursor, in: window)
        doupdate()
        if palette.depth == .direct { writeDirectColours(screen, full: full) }
        if linksSupported, !screen.links.isEmpty, full || previous?.links != screen.links || rowsChanged(screen) {
            writeLinks(screen)
        }
        writePictures(screen, full: full)
        previous = screen
    }

    /// CLI.md: overlays are ncurses panels. Each overlay of the screen gets a window and a panel
    /// of its own, made again only when its place changes; its cells are drawn into it.
    private func drawPanels(_ screen: Screen, full: Bool) {
        let same =
            !full && overlays.count == screen.panels.count
            && zip(overlays, screen.panels).allSatisfy { old, new in
                (old.rect.top, old.rect.left, old.rect.width, old.rect.height)
                    == (new.top, new.left, new.width, new.height)
            }
        if !same {
            for overlay in overlays {
                del_panel(overlay.panel)
                delwin(overlay.window)
            }
            overlays = screen.panels.map { rect in
                let window = newwin(Int32(rect.height), Int32(rect.width), Int32(rect.top), Int32(rect.left))
                return (new_panel(window), window, rect)
            }
        }
        for (index, overlay) in overlays.enumerated() {
            let rect = screen.panels[index]
            // TERMINAL §4: without a dim attribute the modal's card is drawn in reverse video.
            drawsReversed =
                !hasDim && screen.modalCard.map { card in rect.top >= card.top && rect.left == card.left } ?? false
            defer { drawsReversed = false }
            for line in 0..<rect.height {
                let cells = screen.panelRow(rect, line)
                if same, let previous, previous.panelRow(previous.panels[index], line) == cells { continue }
                drawCells(cells, row: line, in: overlay.window)
            }
            overlays[index].rect = rect
        }
    }

    /// TERMINAL §3: curses leaves the terminal cursor where stdscr's stands when it was last
    /// refreshed, so it is moved there and stdscr refreshed again, which sends no cells (the
    /// panels have just been composed). Without a place it is left wherever the update ends.
    private func placeCursor(_ cursor: ScreenPoint?, in window: UnsafeMutablePointer<WINDOW>?) {
        leaveok(window, cursor == nil)
        guard let cursor else { return }
        wmove(window, Int32(cursor.row), Int32(cursor.column))
        wnoutrefresh(window)
    }

    private func rowsChanged(_ screen: Screen) -> Bool {
        guard let previous else { return true }
        return screen.links.contains { previous.row($0.row) != screen.row($0.row) }
    }

    /// Writes one row of cells at `row` of `window` in runs of cells that look alike; line
    /// glyphs go through the terminal's line set one by one.
    private func drawCells(_ cells: ArraySlice<Cell>, row: Int, in window: UnsafeMutablePointer<WINDOW>?) {
        let looks = drawingLooks(cells)
        let base = cells.startIndex
        var run: [wchar_t] = []
        var runStart = 0
        var runLook = looks.first ?? Theme.Look(attributes: 0, pair: 0)
        func flush() {
            guard !run.isEmpty else { return }
            wattr_set(window, runLook.attributes, runLook.pair, nil)
            _ = mvwaddnwstr(window, Int32(row), Int32(runStart), run, Int32(run.count))
            run.removeAll(keepingCapacity: true)
        }
        for column in 0..<cells.count {
            let cell = cells[base + column]
            if cell.isContinuation { continue }
            if let line = cell.line {
                flush()
                let look = looks[column]
                _ = tinbox_put_line(window, Int32(row), Int32(column), Int32(line.rawValue), look.attributes, look.pair)
                runStart = column + 1
                continue
            }
            if looks[column] != runLook || run.isEmpty {
                flush()
                runLook = looks[column]
                runStart = column
            }
            if cell.text.isEmpty {
                run.append(32)
            } else {
                for scalar in cell.text.unicodeScalars { run.append(wchar_t(bitPattern: scalar.value)) }
            }
        }
        flush()
        wattr_set(window, 0, 0, nil)
    }

    /// The look to draw each cell of a row in. A space shows only its background (and reverse
    /// or underline), so a space is drawn in the look of the next cell that is not a space when
    /// that look shows the same on a space (else in the look of the one before it): the terminal
    /// is not told to switch bold or a colour off and on around the gaps between a row's columns
    /// or between a card's border and its text, and a gap keeps its look when the text before it
    /// changes (the selected title), so it is not sent again.
    private func drawingLooks(_ cells: ArraySlice<Cell>) -> [Theme.Look] {
        var looks: [Theme.Look] = []
        var blanks: [BlankLook] = []
        // The looks as they are without a scrim: a blank the scrim leaves alone takes its
        // neighbour's unfaded look, the one it had before the modal, so it is not sent again.
        var plainLooks: [Theme.Look] = []
        var plainBlanks: [BlankLook] = []
        looks.reserveCapacity(cells.count)
        blanks.reserveCapacity(cells.count)
        for cell in cells {
            let resolved = look(for: cell)
            looks.append(resolved.look)
            blanks.append(resolved.blank)
            var plain = cell
            plain.isDimmed = false
            let unfaded = cell.isDimmed ? look(for: plain) : resolved
            plainLooks.append(unfaded.look)
            plainBlanks.append(unfaded.blank)
        }
        let spaces = cells.map(\.isBlank)
        var next = [Int?](repeating: nil, count: cells.count)
        var following: Int?
        for column in stride(from: cells.count - 1, through: 0, by: -1) {
            next[column] = following
            if !spaces[column], !cells[cells.startIndex + column].isContinuation { following = column }
        }
        let drawn = looks
        var previous: Int?
        for column in 0..<cells.count {
            if cells[cells.startIndex + column].isContinuation { continue }
            guard spaces[column] else {
                previous = column
                continue
            }
            let faded = cells[cells.startIndex + column].isDimmed
            let (neighbours, neighbourBlanks) = faded ? (drawn, blanks) : (plainLooks, plainBlanks)
            if let after = next[column], neighbourBlanks[after] == blanks[column] {
                looks[column] = neighbours[after]
            } else if let before = previous, neighbourBlanks[before] == blanks[column] {
                looks[column] = neighbours[before]
            }
        }
        return looks
    }

    /// Wraps each validated link in OSC 8 after curses has drawn it. Only `SafeLink` URLs ever get
    /// here, and the terminal's cursor is saved and restored around the write.
    private func writeLinks(_ screen: Screen) {
        var bytes = "\u{1B}7"
        for link in screen.links {
            guard SafeLink.validated(link.url) == link.url else { continue }
            var text = ""
            for column in link.column..<min(screen.width, link.column + link.width) {
                let cell = screen[link.row, column]
                if !cell.isContinuation { text += cell.text.isEmpty ? " " : cell.text }
            }
            bytes += "\u{1B}[\(link.row + 1);\(link.column + 1)H\u{1B}[0;4m"
            bytes += "\u{1B}]8;;\(link.url)\u{1B}\\\(text)\u{1B}]8;;\u{1B}\\\u{1B}[0m"
        }
        bytes += "\u{1B}8"
        writeAll(Array(bytes.utf8), to: output)
    }

    // MARK: input

    public func nextInput(timeout milliseconds: Int) -> TerminalInput? {
        if !pendingInput.isEmpty { return pendingInput.removeFirst() }
        if tinbox_take_signal() != 0 { return .hangUp }
        if tinbox_take_suspend() != 0 { return .suspend }
        let window = tinbox_stdscr()
        var character: wint_t = 0
        var result: Int32
        if let wake, milliseconds > 0 {
            // What curses holds already, or what is there now; else wait for the terminal or a wake.
            wtimeout(window, 0)
            result = wget_wch(window, &character)
            if result == tinbox_err(), waitForInput(milliseconds, wake: wake) {
                wtimeout(window, 0)
                result = wget_wch(window, &character)
            }
        } else {
            wtimeout(window, Int32(milliseconds))
            result = wget_wch(window, &character)
        }
        if tinbox_take_signal() != 0 { return .hangUp }
        if tinbox_take_suspend() != 0 { return .suspend }
        if result == tinbox_err() { return terminalIsGone() ? .hangUp : nil }
        if result == tinbox_key_code_yes() { return functionKey(Int32(bitPattern: character)) }
        if character == 27 { return escapeOrReply() }
        return .key(Self.key(for: character))
    }

    /// Waits up to `milliseconds` for the terminal or `wake`; true when the terminal may have
    /// something (input, a hang-up) or a signal came (a resize: curses then reports it).
    private func waitForInput(_ milliseconds: Int, wake: InputWake) -> Bool {
        var descriptors = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 2, Int32(milliseconds))
        if ready < 0 { return true }
        if descriptors[1].revents != 0 { wake.drain() }
        return descriptors[0].revents != 0
    }

    /// A closed terminal makes every read fail at once; without this the loop would spin.
    func terminalIsGone() -> Bool {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0 else { return false }
        return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    static func key(for character: wint_t) -> Key {
        switch character {
        case 27: return .escape
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(character) + 96)))
        default:
            guard let scalar = Unicode.Scalar(character) else { return .character("\u{FFFD}") }
            return .character(Character(scalar))
        }
    }

    func functionKey(_ code: Int32) -> TerminalInput? {
        switch code {
        case tinbox_key_resize():
            previous = nil
            // kitty drops the pictures it holds when its window is resized: placed again by id
            // alone, a picture shown before the resize stayed blank for the rest of the session.
            // The next frame sends each one again.
            pictures.sentToKitty = []
            return .resize(size)
        case tinbox_key_mouse():
            return mouse()
        case tinbox_key_focus_in():
            // Under tmux (pictures through its passthrough) a pane shown again is repainted from
            // tmux's own cells, which hold no picture: the next frame is drawn whole, its pictures
            // sent again. Needs tmux's `focus-events on`.
            if pictures.choice.passthrough {
                previous = nil
                pictures.heldBack = false
            }
            return .focus(true)
        case tinbox_key_focus_out():
            // And a kitty picture would float over the window tmux shows instead: none is placed
            // until the pane has the focus again.
            if pictures.choice.passthrough, pictures.choice.mode == .kitty {
                removeAllPictures(freeing: false)
                pictures.heldBack = true
            }
            return .focus(false)
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_ENTER: return .key(.enter)
        case KEY_BTAB: return .key(.backTab)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        default:
            for number in 1...12 where code == tinbox_key_f(Int32(number)) { return .key(.function(number)) }
            return nil
        }
    }

    private func mouse() -> TerminalInput? {
        var event = MEVENT()
        guard getmouse(&event) == tinbox_ok() else { return nil }
        let state = event.bstate
        let row = Int(event.y)
        let column = Int(event.x)
        if state & tinbox_button4_pressed() != 0 { return .mouse(MouseEvent(.wheelUp, row: row, column: column)) }
        if tinbox_button5_pressed() != 0, state & tinbox_button5_pressed() != 0 {
            return .mouse(MouseEvent(.wheelDown, row: row, column: column))
        }
        if state & (tinbox_button1_pressed() | tinbox_button1_clicked()) != 0 {
            return .mouse(MouseEvent(.press, row: row, column: column))
        }
        return nil
    }
}
