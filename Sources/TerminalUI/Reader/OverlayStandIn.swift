// Stand-in until the overlay renderer lands (wt-overlay); removed at that merge.
import Foundation
import InAppEngine

public struct OverlayPicture: Equatable, Sendable {
    public var columns: Int
    public var rows: Int
    public var cells: [Cell]
    public init(columns: Int, rows: Int, cells: [Cell]) {
        self.columns = columns
        self.rows = rows
        self.cells = cells
    }
}

enum OverlayHit: Equatable { case button(String), close, surface, outside }

enum OverlayView {
    static func hit(_ shown: ShownMessage, size: Size, row: Int, column: Int) -> OverlayHit { .outside }
    static func draw(_ shown: ShownMessage, now: Date, into screen: inout Screen) {
        let p = shown.presentation
        screen.panel(top: 3, left: 4, width: screen.width - 8, height: 8, role: .overlay, border: .overlayBorder)
        screen.put(p.header ?? "", row: 4, column: 6, role: .heading)
        screen.put(p.body ?? "", row: 5, column: 6, role: .overlay)
        var x = 6
        for (i, b) in p.buttons.enumerated() {
            x = screen.put("[\(b.text)]", row: 8, column: x, role: shown.button == i ? .buttonSelected : .button) + 2
        }
    }
}
