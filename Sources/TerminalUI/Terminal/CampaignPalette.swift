import InAppEngine
import InboxCore

/// How campaign colours (PROTOCOL 2.1 `#RRGGBB`) reach the terminal (issue 6 point 1).
///
/// - `direct`: `COLORTERM` is `truecolor` or `24bit`. ncurses 6.4 emits 24-bit SGR only for a
///   terminfo entry with the `RGB` capability (xterm-direct, tmux-direct), and those make every
///   colour number an RGB value, which would change the reader's theme; xterm-256color and
///   tmux-256color have no such capability, and `init_color` would repaint the user's palette.
///   So curses draws the nearest of 256 (or 8) colours as usual, and the backend then writes the
///   campaign cells again with `ESC[38;2;R;G;Bm`/`ESC[48;2;R;G;Bm`, as it writes OSC 8 links:
///   after `doupdate`, cursor and attributes saved and restored around it (`CursesTerminal+DirectColour`).
/// - `colors256`: the nearest of xterm colours 16-255 (the 6x6x6 cube and the grey ramp, whose
///   values are fixed). 0-15 are left out: users re-theme them, so "red" may not be red.
/// - `colors8`: the nearest of the 8 ANSI colours (their usual xterm values; nothing else is left).
/// - `none`: `NO_COLOR` or a monochrome theme or terminal. Only the roles' attributes show.
public struct CampaignPalette: Equatable {
    enum Depth: Equatable { case direct, colors256, colors8, none }

    let depth: Depth
    /// The palette curses draws with: for `direct` the 256 or 8 colours beneath the 24-bit write.
    let indexed: Depth

    init(depth: Depth, terminalColours: Int) {
        self.depth = depth
        switch depth {
        case .direct: indexed = terminalColours >= 256 ? .colors256 : .colors8
        default: indexed = depth
        }
    }

    /// The depth for campaign colours: nothing in monochrome (NO_COLOR, the monochrome theme, a
    /// terminal without colours), 24-bit when `COLORTERM` says so (unless the user chose the
    /// 8-colour theme), else the theme's depth.
    static func depth(theme: Theme.Depth, themeName: String, environment: [String: String]) -> Depth {
        switch theme {
        case .monochrome: return .none
        case .colors8 where themeName == "basic" || themeName == "8": return .colors8
        default:
            let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
            if colorTerm == "truecolor" || colorTerm == "24bit" { return .direct }
            return theme == .colors256 ? .colors256 : .colors8
        }
    }

    /// The colour numbers curses draws a campaign pair with; `nil` keeps the role's channel.
    /// When both are given and land on the same colour (8 colours make #222222 on #333333 black on
    /// black), the text takes the colour that contrasts with the background instead.
    func numbers(foreground: RGBColour?, background: RGBColour?) -> (foreground: Int16?, background: Int16?) {
        guard indexed != .none else { return (nil, nil) }
        let back = background.map(index)
        var fore = foreground.map(index)
        if let front = fore, let back, front == back, let background {
            fore = index(Self.contrasting(background))
        }
        return (fore, back)
    }

    /// The palette index of one colour at this palette's depth.
    func index(_ colour: RGBColour) -> Int16 {
        indexed == .colors8 ? Int16(Self.nearest8(colour)) : Int16(Self.nearest256(colour))
    }

    // MARK: mapping

    /// The colour a cell of campaign colour `colour` shows in, where cells have 256 colours (or
    /// 8): the palette entry curses draws it with. A picture in pixels is composited over it, so
    /// it meets its card without a seam.
    public static func drawn(_ colour: RGBColour, colours256: Bool) -> RGBColour {
        colours256 ? XtermPalette.colour(at: nearest256(colour)) : XtermPalette.ansi[nearest8(colour)]
    }

    /// The nearest of xterm colours 16-255 by `distance`.
    static func nearest256(_ colour: RGBColour) -> Int {
        var best = 16
        var bestDistance = Int.max
        for index in XtermPalette.fixed {
            let distance = distance(colour, XtermPalette.colour(at: index))
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    /// The nearest of the 8 ANSI colours by `distance`. A grey (little chroma) is black or white
    /// by its lightness: the saturated six are too far from any grey to stand in for it.
    static func nearest8(_ colour: RGBColour) -> Int {
        let high = max(colour.red, colour.green, colour.blue)
        let low = min(colour.red, colour.green, colour.blue)
        if Int(high) - Int(low) < 40 { return (Int(high) + Int(low)) / 2 >= 96 ? 7 : 0 }
        var best = 0
        var bestDistance = Int.max
        for (index, candidate) in XtermPalette.ansi.enumerated() {
            let distance = distance(colour, candidate)
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    /// Squared distance weighted the "redmean" way, a cheap stand-in for a perceptual one: green
    /// counts most, and red against blue depends on how red the pair is.
    static func distance(_ a: RGBColour, _ b: RGBColour) -> Int {
        let redMean = (Int(a.red) + Int(b.red)) / 2
        let red = Int(a.red) - Int(b.red)
        let green = Int(a.green) - Int(b.green)
        let blue = Int(a.blue) - Int(b.blue)
        return ((512 + redMean) * red * red) / 256 + 4 * green * green + ((767 - redMean) * blue * blue) / 256
    }

    /// Black or white, whichever reads on `background` (by relative luminance).
    static func contrasting(_ background: RGBColour) -> RGBColour {
        let luminance = 2126 * Int(background.red) + 7152 * Int(background.green) + 722 * Int(background.blue)
        return luminance > 10_000 * 140
            ? RGBColour(red: 0, green: 0, blue: 0) : RGBColour(red: 255, green: 255, blue: 255)
    }

    /// The colour half-way between two.
    static func mix(_ a: RGBColour, _ b: RGBColour) -> RGBColour {
        RGBColour(
            red: UInt8((Int(a.red) + Int(b.red)) / 2), green: UInt8((Int(a.green) + Int(b.green)) / 2),
            blue: UInt8((Int(a.blue) + Int(b.blue)) / 2))
    }
}
