import CArtwork
import InboxCore

/// A picture made for a terminal that draws pixels (TERMINAL.md §2): the bytes of one
/// encoding, for `columns` x `rows` cells. The backend frames them (kitty ids, iTerm2's OSC,
/// tmux passthrough) and places them.
public struct ArtworkPixels: Equatable, Sendable {
    public enum Encoding: Equatable, Sendable {
        /// A whole DEC sixel sequence (DCS ... ST), as chafa writes it.
        case sixel
        /// A PNG file: what the kitty protocol (`f=100`) and iTerm2 inline images take.
        case png
    }

    public let encoding: Encoding
    public let columns: Int
    public let rows: Int
    public let bytes: [UInt8]
}

/// A terminal cell's size in pixels: what a picture in pixels is scaled to.
public struct CellPixels: Equatable, Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    /// TERMINAL §2 measures with 8x16-pixel cells; also the size taken when the terminal
    /// reports none.
    public static let standard = CellPixels(width: 8, height: 16)

    /// How many times taller than wide a cell is, for `ArtworkRenderer.fittedSize`.
    public var aspect: Double { Double(height) / Double(width) }
}

extension ArtworkRenderer {
    /// Draws `image` in `columns` x `rows` cells of `cell` pixels with chafa's sixel or kitty
    /// canvas, keeping its aspect: centred, the rest of the cells transparent (`fittedSize` with
    /// `cell.aspect` gives the cells that waste least); nil when chafa or libpng could not. With a
    /// `background`, the picture and that rest are composited over it first, so all is opaque.
    public static func pixels(
        _ image: RasterImage, columns: Int, rows: Int, cell: CellPixels, encoding: ArtworkPixels.Encoding,
        background: RGBColour? = nil
    ) -> ArtworkPixels? {
        let columns = max(1, columns)
        let rows = max(1, rows)
        var source = image
        let targetWidth = columns * cell.width
        let targetHeight = rows * cell.height
        // The picture's size in the cells' pixels, keeping its aspect: cells are whole, so a
        // 4000x20 strip still takes one row, 16 pixels tall, where it is 4 pixels tall.
        let scale = min(Double(targetWidth) / Double(source.width), Double(targetHeight) / Double(source.height))
        let shownWidth = max(1, Int((Double(source.width) * scale).rounded()))
        let shownHeight = max(1, Int((Double(source.height) * scale).rounded()))
        // As for the symbols: a picture far larger than it is shown is first area-averaged to
        // about twice those pixels, which also bounds chafa's work and the padding's.
        if source.width > shownWidth * 2 || source.height > shownHeight * 2 {
            source = source.areaScaled(
                width: min(source.width, shownWidth * 2), height: min(source.height, shownHeight * 2))
        }
        // chafa stretches what it is given to the cells: padded to their shape, the picture is
        // not (it stood 4 times too tall; found by a helper), the rest transparent or `background`.
        source = source.padded(toShapeOf: targetWidth, targetHeight)
        if let background { source = source.composited(over: background) }
        var out = tinbox_bytes()
        let status = source.rgba.withUnsafeBufferPointer { pixels -> Int32 in
            let draw = encoding == .sixel ? tinbox_chafa_sixels : tinbox_chafa_png
            return draw(
                pixels.baseAddress, Int32(source.width), Int32(source.height), Int32(columns), Int32(rows),
                Int32(cell.width), Int32(cell.height), &out)
        }
        defer { tinbox_bytes_free(&out) }
        guard status == 0, let bytes = out.bytes, out.length > 0 else { return nil }
        return ArtworkPixels(
            encoding: encoding, columns: columns, rows: rows,
            bytes: Array(UnsafeBufferPointer(start: bytes, count: out.length)))
    }
}
