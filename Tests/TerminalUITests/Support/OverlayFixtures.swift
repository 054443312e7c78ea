import InboxCore
import TerminalUI

@testable import InAppEngine

/// Messages, pictures and a list-like screen for the overlay goldens.
enum OverlayFixtures {
    static func colour(_ hex: String) -> RGBColour {
        RGBColour(hex: hex)!
    }

    /// The engine's presentation of `message` (its text as is: personalization is the engine's).
    static func presentation(_ message: InAppMessage, language: String = "en", rightToLeft: Bool = false)
        -> Presentation
    {
        let campaign = Campaign(id: "c-1", trigger: .sessionStart, message: message)
        var presentation = Presentation(campaign, values: [:], language: language)
        presentation.isRightToLeft = rightToLeft
        return presentation
    }

    /// The demo's welcome modal: campaign colours, three buttons (the first coloured).
    static func welcome(kind: InAppMessage.Kind = .modal, image: Bool = false, icon: Bool = false) -> InAppMessage {
        var style = MessageStyle()
        style.backgroundColor = colour("#FFFFFF")
        style.textColor = colour("#222222")
        style.headerColor = colour("#3A0CA3")
        style.closeButtonColor = colour("#888888")
        style.borderColor = colour("#C9B8FF")
        style.frameColor = colour("#1A0B3D")
        style.headerAlignment = .center
        style.bodyAlignment = .leading
        return InAppMessage(
            kind: kind, header: "Welcome back, Sara!",
            body: "You have 1200 Acme points waiting, and your inbox has fresh deals and a note from the team.",
            imageURL: image ? ArtworkReference("https://cdn.example.com/welcome.png", documentBase: nil) : nil,
            iconURL: icon ? ArtworkReference("https://cdn.example.com/bell.png", documentBase: nil) : nil,
            buttons: [
                MessageButton(
                    id: "open-inbox", text: "Open inbox", backgroundColor: colour("#5B2EFF"),
                    textColor: colour("#FFFFFF")),
                MessageButton(id: "read-note", text: "Read the welcome note"),
                MessageButton(id: "not-now", text: "Not now"),
            ],
            dismissOnScrimTap: true, style: style)
    }

    /// The demo's push opt-in slide-up: an icon, one coloured button.
    static func slideUp(_ position: InAppMessage.SlidePosition, icon: Bool = true) -> InAppMessage {
        var style = MessageStyle()
        style.backgroundColor = colour("#E9F7FB")
        style.textColor = colour("#073B4C")
        style.headerColor = colour("#0077B6")
        style.closeButtonColor = colour("#888888")
        style.borderColor = colour("#DDDDDD")
        style.headerAlignment = .leading
        style.bodyAlignment = .leading
        return InAppMessage(
            kind: .slideup, header: "Never miss a drop",
            body: "Turn on notifications to hear about flash deals and friend invites first.",
            iconURL: icon ? ArtworkReference("https://cdn.example.com/bell.png", documentBase: nil) : nil,
            buttons: [
                MessageButton(
                    id: "enable-push", text: "Turn on", backgroundColor: colour("#0077B6"),
                    textColor: colour("#FFFFFF"))
            ],
            slidePosition: position, style: style)
    }

    /// A full-screen message with no colours of its own (the theme's).
    static var fullScreen: InAppMessage {
        InAppMessage(
            kind: .fullscreen, header: "Season 8 starts now",
            body:
                "New maps, a new battle pass and double rewards all weekend.\n\nPlay before Monday to keep your rank.",
            buttons: [MessageButton(id: "play", text: "Play now"), MessageButton(id: "later", text: "Later")])
    }

    /// An Arabic modal: right to left.
    static var arabic: InAppMessage {
        var style = MessageStyle()
        style.headerAlignment = .leading
        style.bodyAlignment = .leading
        return InAppMessage(
            kind: .modal, header: "مرحبا بعودتك يا سارة",
            body: "لديك ١٢٠٠ نقطة بانتظارك، وصندوق الرسائل فيه عروض جديدة.",
            buttons: [
                MessageButton(id: "open-inbox", text: "افتح الصندوق"),
                MessageButton(id: "not-now", text: "ليس الآن"),
            ],
            style: style)
    }

    /// A picture of `columns` x `rows` half blocks, colours running across it.
    static func picture(columns: Int, rows: Int) -> OverlayPicture {
        var cells: [Cell] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let top = RGBColour(
                    red: UInt8(column * 255 / max(1, columns - 1)), green: UInt8(row * 40 % 256), blue: 128)
                let bottom = RGBColour(red: 40, green: UInt8(column * 200 / max(1, columns - 1)), blue: 200)
                cells.append(Cell("▀", foreground: top, background: bottom))
            }
        }
        return OverlayPicture(columns: columns, rows: rows, cells: cells)
    }

    static let titles = [
        "Holiday Sale is live: up to 50% off games, skins and gear", "Season 7 Battle Pass",
        "Your order #AC-48213 has shipped", "Your daily reward is ready: 250 coins",
        "Kenji sent you a friend request", "Receipt: Season 7 Battle Pass, $9.99",
        "Double XP weekend starts Friday", "New stage: the Star Labyrinth",
    ]

    /// A reader-like screen: tabs, a rule, a list filling the height, a status line.
    static func background(_ size: Size) -> Screen {
        var screen = Screen(width: size.columns, height: size.rows)
        screen.fill(row: 0, role: .tab)
        screen.put("All 48  Unread 12  Read 36  Deleted 0", row: 0, column: 1, role: .tab)
        screen.rule(row: 1)
        for row in 2..<(size.rows - 1) {
            let index = row - 2
            let unread = index % 4 == 0
            screen.put(unread ? "•" : " ", row: row, column: 2, role: unread ? .unreadMark : .row)
            let title = titles[index % titles.count]
            screen.put(title, row: row, column: 4, limit: size.columns - 30, role: unread ? .rowUnread : .row)
            screen.put(
                index % 3 == 0 ? "app-messaging" : "engagement", row: row, column: size.columns - 24,
                role: .secondary)
            screen.put("\(index + 1)h", row: row, column: size.columns - 6, role: .secondary)
        }
        screen.fill(row: size.rows - 1, role: .status)
        screen.put("j/k move  Enter open  / search  ? help  q quit", row: size.rows - 1, column: 1, role: .status)
        return screen
    }
}
