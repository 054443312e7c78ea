import CNcursesw
import InboxCore

/// How each cell role looks: colour pairs and attributes for 256 colours, 8 colours, or none.
struct Theme {
    enum Depth { case colors256, colors8, monochrome }

    struct Look: Equatable {
        var attributes: attr_t
        var pair: Int16
    }

    let depth: Depth
    /// Whether a role is drawn in a grey that reads as faded already: the secondary columns and
    /// rules of 256 colours. In 8 colours they are cyan, and without colour plain, so not.
    func isSubdued(_ role: CellRole) -> Bool {
        depth == .colors256 && (role == .rule || role == .secondary || role == .secondaryUnread)
    }
    /// Indexed by `CellRole.rawValue`: the backend asks for a look per run of cells.
    private var table: [Look] = []
    /// Per role: the colour numbers of its pair (-1 the terminal's default), so the backend knows
    /// what a space in it shows and a campaign colour can replace one channel and keep the other.
    private var colours: [ColourPairTable.Key] = []
    /// The first pair number the theme leaves free.
    private(set) var firstFreePair: Int16 = 1
    /// The pair plain text is drawn in: the terminal's own colours, as pair 0, but named. Curses
    /// turns pair 0 back on with `op` and `sgr0` both (`CSI 39;49 m` then `ESC ( B CSI m`), where
    /// for a pair of default colours the `sgr` that leaves bold or dim is enough: a row whose
    /// coloured, bold marks come before its plain title sends 3 bytes less, a faded row next to a
    /// modal's card 10 less. Pair 0 in monochrome, which has no pairs, and where curses refuses
    /// a pair of default colours.
    private(set) var plainPair: Int16 = 0

    /// NO_COLOR (set and not empty) or the "monochrome" theme give no colour; then the terminal's
    /// colour count picks 256 or 8.
    static func depth(theme: String, environment: [String: String], hasColors: Bool, colors: Int) -> Depth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        if theme == "monochrome" || theme == "mono" || !hasColors { return .monochrome }
        if theme == "basic" || theme == "8" || colors < 256 { return .colors8 }
        return .colors256
    }

    /// Sets up colour pairs (after `start_color`) and the look of every role; `overrides` (the
    /// config's `theme` object) recolour roles of the default theme at this depth, their
    /// attributes kept. Monochrome has no colours to change.
    init(depth: Depth, overrides: [CellRole: RoleColours] = [:]) {
        self.depth = depth
        let bold = tinbox_a_bold()
        let reverse = tinbox_a_reverse()
        let underline = tinbox_a_underline()
        var nextPair: Int16 = 1
        var pairColours: [Int16: ColourPairTable.Key] = [0: ColourPairTable.Key(foreground: -1, background: -1)]
        func pair(_ foreground: Int16, _ background: Int16) -> Int16 {
            init_pair(nextPair, foreground, background)
            pairColours[nextPair] = ColourPairTable.Key(foreground: foreground, background: background)
            defer { nextPair += 1 }
            return nextPair
        }
        var looks: [CellRole: Look] = [:]
        // Only where the terminal's own colours make a pair (`use_default_colors` took); else 0.
        var plain: Int16 = 0
        if depth != .monochrome, init_pair(nextPair, -1, -1) == tinbox_ok() {
            plain = nextPair
            pairColours[plain] = ColourPairTable.Key(foreground: -1, background: -1)
            nextPair += 1
        }
        switch depth {
        case .monochrome:
            looks = [
                .tab: Look(attributes: reverse, pair: 0), .tabActive: Look(attributes: bold | underline, pair: 0),
                .unreadMark: Look(attributes: bold, pair: 0), .pinned: Look(attributes: bold, pair: 0),
                .status: Look(attributes: reverse, pair: 0), .statusMessage: Look(attributes: reverse | bold, pair: 0),
                .buttonSelected: Look(attributes: reverse | bold, pair: 0), .heading: Look(attributes: bold, pair: 0),
                .link: Look(attributes: underline, pair: 0), .notice: Look(attributes: bold, pair: 0),
                .overlayBorder: Look(attributes: bold, pair: 0),
                .selected: Look(attributes: reverse, pair: 0),
                .selectedUnread: Look(attributes: reverse | bold, pair: 0),
                .pointer: Look(attributes: bold, pair: 0), .pinnedUnread: Look(attributes: bold, pair: 0),
                .cursor: Look(attributes: reverse, pair: 0),
            ]
        case .colors8:
            let blue = pair(7, 4)
            let cyan = pair(6, -1)
            let yellow = pair(3, -1)
            looks = [
                .tab: Look(attributes: reverse, pair: 0), .tabActive: Look(attributes: bold, pair: blue),
                .unreadMark: Look(attributes: bold, pair: cyan), .selected: Look(attributes: reverse, pair: 0),
                .selectedUnread: Look(attributes: reverse | bold, pair: 0), .secondary: Look(attributes: 0, pair: cyan),
                .pointer: Look(attributes: bold, pair: yellow), .secondaryUnread: Look(attributes: 0, pair: cyan),
                .pinnedUnread: Look(attributes: bold, pair: yellow), .cursor: Look(attributes: 0, pair: blue),
                .pinned: Look(attributes: bold, pair: yellow), .rule: Look(attributes: 0, pair: cyan),
                .status: Look(attributes: reverse, pair: 0), .statusMessage: Look(attributes: reverse | bold, pair: 0),
                .button: Look(attributes: reverse, pair: 0), .buttonSelected: Look(attributes: bold, pair: blue),
                .heading: Look(attributes: bold, pair: 0), .link: Look(attributes: underline, pair: cyan),
                .notice: Look(attributes: bold, pair: yellow), .overlayBorder: Look(attributes: bold, pair: cyan),
            ]
        case .colors256:
            let tab = pair(250, 236)
            let active = pair(231, 25)
            let rule = pair(240, -1)
            let secondary = pair(245, -1)
            let pinned = pair(214, -1)
            // A list row's marks (`▲` pinned, `•` unread) in one accent with a short SGR code
            // (`CSI 36 m`, against `CSI 38;5;214 m` and `CSI 38;5;75 m` each): the row the bar
            // leaves sends it once at every row down (issue 11, bytes per row down).
            let mark = pair(6, -1)
            let status = pair(252, 236)
            let message = pair(229, 236)
            let button = pair(252, 238)
            let link = pair(75, -1)
            let overlay = pair(252, 237)
            let border = pair(75, 237)
            // The bar in colours with short SGR codes (`CSI 97 m`, `CSI 44 m`): a row down sends
            // them once, and its blanks are erased in the bar's background (ECH), not spelled out.
            let bar = pair(15, 4)
            looks = [
                .tab: Look(attributes: 0, pair: tab), .tabActive: Look(attributes: bold, pair: active),
                .rule: Look(attributes: 0, pair: rule), .unreadMark: Look(attributes: 0, pair: mark),
                .selected: Look(attributes: 0, pair: bar), .selectedUnread: Look(attributes: 0, pair: bar),
                .secondary: Look(attributes: 0, pair: secondary), .pinned: Look(attributes: 0, pair: mark),
                .pointer: Look(attributes: bold, pair: link), .secondaryUnread: Look(attributes: 0, pair: secondary),
                .pinnedUnread: Look(attributes: 0, pair: mark), .cursor: Look(attributes: 0, pair: active),
                .status: Look(attributes: 0, pair: status), .statusMessage: Look(attributes: bold, pair: message),
                .button: Look(attributes: 0, pair: button), .buttonSelected: Look(attributes: bold, pair: active),
                .heading: Look(attributes: bold, pair: 0), .link: Look(attributes: underline, pair: link),
                .notice: Look(attributes: bold, pair: pinned), .overlay: Look(attributes: 0, pair: overlay),
                .overlayBorder: Look(attributes: bold, pair: border),
            ]
        }
        if depth != .monochrome {
            for role in CellRole.allCases {
                guard let override = overrides[role] else { continue }
                var look = looks[role] ?? Look(attributes: 0, pair: 0)
                let old = pairColours[look.pair] ?? ColourPairTable.Key(foreground: -1, background: -1)
                func number(_ colour: RGBColour) -> Int16 {
                    Int16(depth == .colors8 ? CampaignPalette.nearest8(colour) : CampaignPalette.nearest256(colour))
                }
                let foreground = override.foreground.map(number) ?? old.foreground
                look.pair = pair(foreground, override.background.map(number) ?? old.background)
                looks[role] = look
            }
        }
        // The selection's counter looks like the bar, recoloured with it unless named itself.
        if overrides[.position] == nil { looks[.position] = looks[.selected] }
        table = CellRole.allCases.map { role in
            var look = looks[role] ?? Look(attributes: 0, pair: 0)
            if look.pair == 0 { look.pair = plain }
            return look
        }
        colours = table.map { pairColours[$0.pair] ?? ColourPairTable.Key(foreground: -1, background: -1) }
        firstFreePair = nextPair
        plainPair = plain
    }

    /// The colour numbers a role is drawn with.
    func colours(_ role: CellRole) -> ColourPairTable.Key {
        colours[Int(role.rawValue)]
    }

    func look(_ role: CellRole) -> Look {
        table[Int(role.rawValue)]
    }
}
