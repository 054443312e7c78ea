import Artwork
import Foundation
import InAppEngine
import InboxCore
import TerminalUI

/// Turns a presentation into what the reader draws, its artwork included (issue 6, point 5):
/// each picture is decoded (PNG, JPEG), drawn in character cells with chafa's symbols at the
/// size the overlay's layout gives it, in the terminal's colours; a picture that cannot be
/// decoded or drawn, or any picture on a terminal without colour, becomes the framed placeholder.
final class OverlayArtwork {
    /// The image bytes of an artwork reference (the store's cache, or a local file).
    private let bytes: (ArtworkReference) -> Data?
    private let reduceMotion: Bool
    /// Draws each picture in the session's graphics mode, in cells or in pixels.
    let painter: PicturePainter
    let closeGlyph: String
    /// Decoded pictures by reference, so a resize only draws them again.
    /// Each with a digest of its bytes, part of the picture's key: a kitty picture read again
    /// from a changed file gets an id of its own (kitty still holds the old one under the old),
    /// and one read again unchanged keeps its id and is not sent again.
    private var decoded: [String: (image: RasterImage?, digest: Int)] = [:]

    init(
        bytes: @escaping (ArtworkReference) -> Data?, reduceMotion: Bool, environment: [String: String],
        painter: PicturePainter
    ) {
        self.bytes = bytes
        self.reduceMotion = reduceMotion
        self.painter = painter
        closeGlyph = OverlayView.closeGlyph(environment: environment)
    }

    /// The colours pictures are drawn in: 24-bit when `COLORTERM` says so, else 256 or 8 by TERM;
    /// none under `NO_COLOR` or the monochrome theme.
    static func colours(environment: [String: String], theme: String) -> ArtworkRenderer.Colours? {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return nil }
        if theme == "monochrome" || theme == "mono" { return nil }
        let colorTerm = environment["COLORTERM"] ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColour }
        let term = environment["TERM"] ?? ""
        if term.hasPrefix("vt") || term == "dumb" { return nil }
        if theme == "basic" || theme == "8" { return .indexed8 }
        return term.contains("256") || term.contains("direct") ? .indexed256 : .indexed8
    }

    /// Reads every picture again at its next use (`tinbox preview` after its file changed: the
    /// pictures beside it may have too).
    func forget() {
        decoded = [:]
    }

    /// The message as shown at `time` on a screen of `size`.
    func shown(_ presentation: Presentation, at time: Date, size: Size) -> ShownMessage {
        let message = presentation.campaign.message
        let sizes = OverlayView.pictureSizes(for: presentation, in: size)
        let background = message?.style.backgroundColor
        return ShownMessage(
            presentation: presentation,
            image: picture(message?.imageURL, room: sizes.image, background: background),
            icon: picture(message?.iconURL, room: sizes.icon, background: background), closeGlyph: closeGlyph,
            shownAt: time, reduceMotion: reduceMotion)
    }

    private func picture(_ reference: ArtworkReference?, room: Size?, background: RGBColour?)
        -> TerminalUI.OverlayArtwork
    {
        guard let reference else { return .none }
        let read = self.read(reference)
        guard let room, let image = read.image,
            let picture = painter.paint(
                image, key: "\(read.digest) \(reference.key)", room: room, background: background, role: .overlay)
        else { return .undrawable(name: Self.fileName(reference)) }
        return .picture(picture)
    }

    /// What a placeholder names a picture by: its file name (campaigns carry no alt text).
    static func fileName(_ reference: ArtworkReference) -> String {
        PicturePlaceholder.name(url: reference.url, original: reference.original)
    }

    private func read(_ reference: ArtworkReference) -> (image: RasterImage?, digest: Int) {
        if let known = decoded[reference.key] { return known }
        // A picture that does not decode becomes the framed placeholder (above): it is seen, not lost.
        let data = bytes(reference)
        // Every byte counts: Data's own hash looks at no more than its first 80.
        var digest = Hasher()
        data?.withUnsafeBytes { digest.combine(bytes: $0) }
        let read = (image: data.flatMap { try? ArtworkDecoder.decode($0) }, digest: digest.finalize())
        decoded[reference.key] = read
        return read
    }
}
