/// The open message's picture (its `imageUrl`) in the detail view (TERMINAL.md §2): fetched
/// with the artwork rules of BEHAVIOR B.14 (https only, 5 s, cached in the store), with a
/// placeholder line while it loads or when it fails.
public enum DetailImage: Equatable, Sendable {
    case loading
    case unavailable
    /// The session draws no pictures (`--graphics none`, or symbols with no colour): a
    /// placeholder line names the picture by its alt text or file name, and nothing is fetched.
    case notDrawn
    /// TERMINAL §3 `screenReader`: the picture is its alt text, else `[image]`.
    case inWords
    case picture(OverlayPicture)

    /// The room the detail view gives a picture on a screen of `size`: the text's width, and
    /// at most half the text rows (12 at most), so the text still shows beside it.
    public static func room(size: Size, hasButtons: Bool) -> Size {
        let rows = ReaderLayout.detailRows(size: size, hasButtons: hasButtons)
        return Size(columns: max(1, size.columns - 4), rows: max(1, min(12, rows / 2)))
    }

    /// What the detail view's state keeps a picture under: its URL at one size.
    public static func key(url: String, room: Size) -> String {
        "\(room.columns)x\(room.rows) \(url)"
    }

    /// The lines the picture takes in the detail text: its rows, or one placeholder line;
    /// `alt` is the picture's alt text and `file` its file name, both sanitized.
    func lines(alt: String?, file: @autoclosure () -> String) -> [(text: String, role: CellRole)] {
        switch self {
        case .loading: return [("[image loading…]", .secondary)]
        case .unavailable: return [(alt.map { "[image unavailable: \($0)]" } ?? "[image unavailable]", .secondary)]
        case .notDrawn: return [("[image: \(alt ?? file())]", .secondary)]
        case .inWords: return [(alt.map { "[image: \($0)]" } ?? "[image]", .secondary)]
        case .picture(let picture): return Array(repeating: ("", .normal), count: picture.rows)
        }
    }
}

extension ReaderState {
    /// The open message's picture key and room, when it has an `imageUrl`.
    public var detailImageRequest: (key: String, url: String, room: Size)? {
        guard let detail, let url = detail.entry.message.imageUrl, !url.isEmpty else { return nil }
        let room = DetailImage.room(size: size, hasButtons: !detail.entry.message.buttons.isEmpty)
        return (DetailImage.key(url: url, room: room), url, room)
    }

    /// The open message's picture as it stands now; nil when it has none.
    var detailImage: DetailImage? {
        detailImageRequest.map { detailImages[$0.key] ?? .loading }
    }
}
