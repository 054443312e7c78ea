import Artwork
import InboxCore
import TerminalUI

/// Turns a decoded picture into what the screen model draws, in the session's graphics mode
/// (TERMINAL.md §2): chafa's symbols in cells, or the picture in pixels (sixel, or a PNG for
/// kitty and iTerm2) over blank cells in its background. Overlays and the detail view share it.
package struct PicturePainter {
    let graphics: GraphicsChoice
    /// The terminal's cell in pixels, which pictures in pixels are scaled to.
    let cell: CellPixels
    /// How symbols are coloured; nil draws the placeholder instead (NO_COLOR, monochrome).
    let colours: ArtworkRenderer.Colours?

    /// Whether this session draws pictures at all: not in the `none` mode, nor in symbols with no
    /// colour (NO_COLOR, monochrome), where every picture is its placeholder.
    var drawsPictures: Bool { graphics.mode != .none && (graphics.mode.isPixels || colours != nil) }

    /// The picture fitted into `room` (keeping its aspect), nil when it cannot be drawn: the
    /// `none` mode, or no colours for symbols. `key` names it (its URL), so the same picture at
    /// the same size keeps its kitty id.
    /// `scrolls`: the picture may be scrolled partly out of view (the detail view), so one in
    /// pixels also gets its symbols for then (`OverlayPicture.partCells`).
    func paint(
        _ image: RasterImage, key: String, room: Size, background: RGBColour?, role: CellRole, scrolls: Bool = false
    ) -> OverlayPicture? {
        guard room.columns > 0, room.rows > 0, graphics.mode != .none else { return nil }
        if graphics.mode.isPixels, var picture = pixels(image, key: key, room: room, background: background, role: role)
        {
            if scrolls {
                picture.partCells = symbols(
                    image, size: Size(columns: picture.columns, rows: picture.rows), background: background, role: role)
            }
            return picture
        }
        let fitted = ArtworkRenderer.fittedSize(
            imageWidth: image.width, imageHeight: image.height, maxColumns: room.columns, maxRows: room.rows)
        let size = Size(columns: fitted.columns, rows: fitted.rows)
        guard let cells = symbols(image, size: size, background: background, role: role) else { return nil }
        return OverlayPicture(columns: size.columns, rows: size.rows, cells: cells)
    }

    /// `image` in chafa's symbols at `size` cells; nil with no colours (NO_COLOR, monochrome).
    private func symbols(_ image: RasterImage, size: Size, background: RGBColour?, role: CellRole) -> [Cell]? {
        guard let colours else { return nil }
        let drawn = ArtworkRenderer.render(
            image, columns: size.columns, rows: size.rows, symbols: .chafa, colours: colours, background: background)
        return drawn.cells.map { cell in
            Cell(cell.text, role: role, foreground: cell.foreground, background: cell.background)
        }
    }

    /// The colour a cell of `colour` shows in, as curses draws campaign colours: a picture in
    /// pixels composited over its card's colour then meets the card without a seam (in an
    /// 8-colour xterm the card is the palette's white, 229,229,229, not the message's #FFFDFD).
    private func asDrawn(_ colour: RGBColour) -> RGBColour {
        switch colours {
        case .indexed8?: return CampaignPalette.drawn(colour, colours256: false)
        case .indexed256?: return CampaignPalette.drawn(colour, colours256: true)
        case .trueColour?, nil: return colour
        }
    }

    /// TERMINAL §2: a picture in pixels costs at most 64 KiB on the wire.
    static let byteBudget = 65_536

    /// The largest sixel drawn, in pixels a side: xterm's default `maxGraphicSize`. xterm drops a
    /// larger sixel whole, and a wide picture in a wide terminal with large cells (3000x200 at
    /// 120 columns of 11 pixels) left its rows blank; other sixel terminals allow as much or more.
    static let sixelSide = 1_000

    /// The picture in pixels, made smaller (keeping its aspect) until it fits `byteBudget`: a
    /// sixel's size grows with its pixels and colours, and a photograph's PNG may too.
    private func pixels(_ image: RasterImage, key: String, room: Size, background: RGBColour?, role: CellRole)
        -> OverlayPicture?
    {
        let encoding: ArtworkPixels.Encoding = graphics.mode == .sixel ? .sixel : .png
        let background = background.map(asDrawn)
        var room = room
        if encoding == .sixel {
            room.columns = min(room.columns, Self.sixelSide / cell.width)
            room.rows = min(room.rows, Self.sixelSide / cell.height)
            guard room.columns > 0, room.rows > 0 else { return nil }
        }
        var fitted = ArtworkRenderer.fittedSize(
            imageWidth: image.width, imageHeight: image.height, maxColumns: room.columns, maxRows: room.rows,
            cellAspect: cell.aspect)
        var made: ArtworkPixels?
        for _ in 0..<4 {
            guard
                let drawn = ArtworkRenderer.pixels(
                    image, columns: fitted.columns, rows: fitted.rows, cell: cell, encoding: encoding,
                    background: background)
            else { return nil }
            // A PNG goes in base64, a third larger, in chunks of 4,096 with a few bytes each.
            let wire = encoding == .png ? (drawn.bytes.count + 2) / 3 * 4 * 101 / 100 : drawn.bytes.count
            if wire <= Self.byteBudget {
                made = drawn
                break
            }
            let shrink = (Double(Self.byteBudget) / Double(wire)).squareRoot() * 0.97
            fitted = ArtworkRenderer.fittedSize(
                imageWidth: image.width, imageHeight: image.height,
                maxColumns: max(1, Int(Double(fitted.columns) * shrink)),
                maxRows: max(1, Int(Double(fitted.rows) * shrink)), cellAspect: cell.aspect)
        }
        guard let drawn = made else { return nil }
        let variant = "\(graphics.mode.rawValue)|\(cell.width)x\(cell.height)|\(background.map { "\($0)" } ?? "-")"
        let payload = ScreenPicture.Payload(
            encoding: encoding == .sixel ? .sixel : .png, bytes: drawn.bytes,
            id: ScreenPicture.id(key: key, columns: drawn.columns, rows: drawn.rows, variant: variant))
        let blank = Cell(" ", role: role, background: background)
        return OverlayPicture(
            columns: drawn.columns, rows: drawn.rows, cells: Array(repeating: blank, count: drawn.columns * drawn.rows),
            pixels: payload)
    }
}
