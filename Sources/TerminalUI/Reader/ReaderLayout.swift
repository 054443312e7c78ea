import Foundation
import InboxCore

/// Where things are on the reader's screen; the view draws with it and the mouse hits with it,
/// so a click always lands on what is drawn.
public enum ReaderLayout {
    /// The tab line is row 0, its rule row 1; the list starts below.
    public static let listTop = 2

    /// Marks the selected row, in the column just before its title.
    public static let pointer = "▶"

    /// One tab's label and the columns it spans on the top line.
    public struct TabSpan: Equatable, Sendable {
        public var filter: StateFilter
        public var label: String
        public var column: Int
        public var width: Int
    }

    public static let tabOrder: [StateFilter] = [.all, .unread, .read, .deleted]

    public static func title(of filter: StateFilter) -> String {
        switch filter {
        case .all: return "All"
        case .unread: return "Unread"
        case .read: return "Read"
        case .deleted: return "Deleted"
        }
    }

    /// CLI.md: `All N  Unread N  Read N  Deleted N`, N in plain digits, from column 1, on a line
    /// of `width` cells. Where two spaces between them do not fit, one does, then none before the
    /// first: at 40 columns four-digit counts cut `Deleted N` to `Deleted`.
    public static func tabs(counts: [StateFilter: Int], width: Int) -> [TabSpan] {
        let labels = tabOrder.map { "\(title(of: $0)) \(counts[$0] ?? 0)" }
        let text = labels.reduce(0) { $0 + $1.count }
        let (start, gap) =
            1 + text + 2 * (labels.count - 1) <= width ? (1, 2) : 1 + text + labels.count - 1 <= width ? (1, 1) : (0, 1)
        var column = start
        return zip(tabOrder, labels).map { filter, label in
            defer { column += label.count + gap }
            return TabSpan(filter: filter, label: label, column: column, width: label.count)
        }
    }

    /// The columns of a list row.
    public struct RowColumns: Equatable, Sendable {
        public var title: Int
        public var producer: Int
        /// The cells before the title: the marks (`▲•▶`), or their words with `screenReader`.
        public var prefix = 4
        public static let time = 6
        public static let buttons = 3
    }

    /// The marks as words (TERMINAL §3), each in a column of its own so titles still line up.
    public static let pinnedWord = "pinned"
    public static let unreadWord = "unread"

    /// Title gets what the fixed columns leave; the producer column goes first on narrow screens.
    /// With `words` the marks are spelled out (` pinned unread `) before the title.
    /// The button count ends in the last column: a row that ends in text needs no erase to its
    /// end when the bar comes or goes (issue 11, bytes per row down).
    public static func rowColumns(width: Int, words: Bool = false) -> RowColumns {
        let prefix = words ? 1 + pinnedWord.count + 1 + unreadWord.count + 1 : 4
        let producer = width >= 72 ? 14 : (width >= 56 ? 10 : 0)
        let fixed = prefix + 1 + RowColumns.time + 1 + RowColumns.buttons
        let title = max(1, width - fixed - (producer > 0 ? producer + 1 : 0))
        return RowColumns(title: title, producer: producer, prefix: prefix)
    }

    /// One CTA button's label and columns on the detail view's button bar.
    public struct ButtonSpan: Equatable, Sendable {
        public var index: Int
        public var label: String
        public var column: Int
        public var width: Int
    }

    /// Buttons as `[ label ]`, two spaces apart from column 2; labels shrink to share the width.
    public static func buttons(_ buttons: [CTAButton], width: Int) -> [ButtonSpan] {
        guard !buttons.isEmpty else { return [] }
        let room = max(0, width - 4 - (buttons.count - 1) * 2)
        let share = max(1, room / buttons.count - 4)
        var column = 2
        return buttons.enumerated().map { index, button in
            let raw = TerminalText.sanitize(button.label ?? button.buttonId ?? "Open")
            // Isolated, so a right-to-left label reorders inside its brackets and not with them.
            let cut = TerminalText.truncate(raw.isEmpty ? "Open" : raw, toWidth: share)
            let label = "[ " + TerminalText.isolate(cut) + " ]"
            let span = ButtonSpan(index: index, label: label, column: column, width: TerminalText.width(label))
            column += span.width + 2
            return span
        }
    }

    /// Rows of the detail view's scrolling text area.
    public static func detailRows(size: Size, hasButtons: Bool) -> Int {
        max(0, size.rows - listTop - 1 - (hasButtons ? 2 : 0))
    }

    /// One line of the detail view: its text in logical order, its role, and the direction of
    /// its paragraph, which it is laid out on and aligned to (right-to-left lines end at the
    /// text's right edge, as right-to-left titles do in the list).
    public typealias DetailLine = (text: String, role: CellRole, direction: TerminalText.Direction)

    /// `text` wrapped to the detail view's text width, each line in its paragraph's direction.
    private static func wrapped(_ text: String, _ role: CellRole, width: Int) -> [DetailLine] {
        TerminalText.wrapParagraphs(text, width: max(1, width - 4)).map { ($0.text, role, $0.direction) }
    }

    /// The detail view's first lines: the title and the facts, then a blank line.
    public static func detailHead(_ entry: InboxEntry, width: Int, now: Date) -> [DetailLine] {
        let message = entry.message
        var lines = wrapped(TerminalText.sanitize(message.title), .heading, width: width)
        // A vendor's subtitle (SFMC `inboxSubtitle`) sits under the title (VENDORS.md §3).
        if let subtitle = message.subtitle {
            lines += wrapped(TerminalText.sanitize(subtitle), .normal, width: width)
        }
        var facts = [TerminalText.sanitize(message.key.producer)]
        facts.append(
            "received \(UTCDate.format(message.receiveDate).prefix(16).replacingOccurrences(of: "T", with: " ")) UTC")
        facts.append(RelativeTime.phrase(message.receiveDate, now: now))
        if message.isPinned { facts.append("pinned") }
        if let priority = message.priority { facts.append("priority \(priority)") }
        facts.append(entry.state.rawValue)
        lines += wrapped(facts.joined(separator: " · "), .secondary, width: width)
        lines.append(("", .normal, .leftToRight))
        return lines
    }

    /// The detail view's text wrapped to the screen, and the line its picture starts on.
    public struct DetailText: Sendable {
        public var lines: [DetailLine]
        /// The lines of the title and facts (`detailHead`): the picture's lines come next.
        public var headCount: Int
    }

    /// The detail view's text, wrapped to the screen: title, facts, body, image URL, links.
    /// The picture's lines (`image`) come after the title and facts (`detailHead`).
    public static func detailText(_ entry: InboxEntry, width: Int, now: Date, image: DetailImage? = nil)
        -> DetailText
    {
        let message = entry.message
        var lines = detailHead(entry, width: width, now: now)
        let headCount = lines.count
        func add(_ text: String, _ role: CellRole) { lines += wrapped(text, role, width: width) }
        if let image {
            // The file name only where it is said, cut to one line of the text (`wrapped`: the
            // width less 4) with its brackets: a URL's last part can be long.
            let alt = message.imageAlt.map { TerminalText.sanitize($0) }
            let file = {
                TerminalText.truncate(
                    PicturePlaceholder.name(
                        url: message.imageUrl.flatMap(URL.init(string:)), original: message.imageUrl ?? ""),
                    toWidth: max(8, width - 4 - 9))
            }
            for line in image.lines(alt: alt, file: file()) {
                // A picture's rows as they are; a placeholder wrapped like the text (a long alt text).
                if case .picture = image {
                    lines.append((line.text, line.role, .leftToRight))
                } else {
                    add(line.text, line.role)
                }
            }
            lines.append(("", .normal, .leftToRight))
        }
        if let body = message.body, !body.isEmpty {
            add(TerminalText.sanitize(body, keepingNewlines: true), .normal)
            lines.append(("", .normal, .leftToRight))
        }
        if let image = message.imageUrl, !image.isEmpty {
            add("Image: " + TerminalText.sanitize(image), .link)
            if let alt = message.imageAlt {
                add("Alt text: " + TerminalText.sanitize(alt), .secondary)
            }
        }
        for button in message.buttons {
            guard let url = button.webUrl, !url.isEmpty else { continue }
            let label = TerminalText.sanitize(button.label ?? button.buttonId ?? "Open")
            add(label + ": " + TerminalText.sanitize(url), .link)
        }
        // A vendor's custom data (SFMC `custom`, `customKeys`, `keys`), one `key: value` line each.
        if !message.customKeys.isEmpty {
            lines.append(("", .normal, .leftToRight))
            for key in message.customKeys.keys.sorted() {
                add(
                    TerminalText.sanitize(key) + ": " + TerminalText.sanitize(message.customKeys[key] ?? ""), .secondary
                )
            }
        }
        return DetailText(lines: lines, headCount: headCount)
    }
}
