import CNcursesw
import Foundation

/// What the terminal shows of pictures in pixels, as the curses backend left it.
struct PicturePlacements {
    var choice: GraphicsChoice
    /// The pictures on the terminal now, where they stand.
    var shown: [ScreenPicture] = []
    /// The kitty ids sent this session: a picture is sent once and then only placed.
    var sentToKitty: Set<UInt32> = []
    /// Picture bytes written, counted apart from the screens' (TERMINAL §2).
    var bytesWritten = 0
    /// kitty under tmux, the pane out of focus: no picture is placed until it has it again.
    var heldBack = false
}

/// One piece of what the backend writes for pictures: bytes for the terminal (or tmux) itself, a
/// cursor move or the spaces over a picture that goes, or a picture's sequence (through tmux's
/// passthrough when the session uses it).
enum PictureWrite {
    case direct([UInt8])
    case sequence([UInt8])
}

/// Pictures in pixels in the curses backend (TERMINAL.md §2). Curses owns the screen: the
/// cells under a picture are drawn by curses like any others (blanks the screen model keeps
/// unchanged while the picture stands, so curses sends nothing there), and the picture is written
/// after `doupdate`, on the same thread, inside DECSC/DECRC so curses' idea of the cursor and
/// attributes holds. A kitty picture floats over its cells and is removed by id; a sixel or iTerm2
/// picture replaces its cells' pixels, so curses is made to repaint those rows to remove it, and
/// it is sent again whenever curses wrote into its cells.
extension CursesTerminal {
    /// Before curses' update: the rows of every sixel or iTerm2 picture that goes, moves or was
    /// written over are marked for curses to repaint, since its pixels replaced curses' cells.
    /// Spaces are written over its cells first, with no attribute on: xterm drops a sixel's pixels
    /// only where characters are written over them, not where a line is erased (EL, ECH), and
    /// curses repaints blank runs with erases or not at all; the pixels it kept came back at
    /// xterm's next redraw (an expose, a restore, another picture's transparent pixels).
    func prepareRepaintUnderPictures(_ screen: Screen, full: Bool) {
        guard pictures.choice.mode == .sixel || pictures.choice.mode == .iterm else { return }
        let going = pictures.shown.filter { !stays($0, in: screen, full: full) }
        overwrite(going, width: screen.width, height: screen.height)
        for old in going where old.top < screen.height {
            wredrawln(tinbox_stdscr(), Int32(old.top), Int32(min(old.rows, screen.height - old.top)))
        }
    }

    /// Writes spaces over `gone`'s cells that lie on a screen of `width` x `height` (after a
    /// resize some may not), with no attribute on.
    private func overwrite(_ gone: [ScreenPicture], width: Int, height: Int) {
        var spaces: [UInt8] = []
        for old in gone where old.left < width {
            for row in old.top..<max(old.top, min(old.top + old.rows, height)) {
                spaces += PictureSequences.moveTo(row: row, column: old.left)
                spaces += Array(repeating: 0x20, count: min(old.columns, width - old.left))
            }
        }
        guard !spaces.isEmpty else { return }
        writeSequences([.direct(Array("\u{1B}[0m".utf8) + spaces)])
    }

    /// After curses' update: removes the pictures that went, and sends or places the new ones.
    func writePictures(_ screen: Screen, full: Bool) {
        let mode = pictures.choice.mode
        guard mode.isPixels else { return }
        var sequences: [PictureWrite] = []
        var kept: [ScreenPicture] = []
        for old in pictures.shown {
            if stays(old, in: screen, full: full) {
                kept.append(old)
            } else if mode == .kitty {
                sequences.append(.sequence(PictureSequences.kittyDelete(id: old.payload.id)))
            }
        }
        for picture in screen.pictures where !kept.contains(picture) && !pictures.heldBack {
            sequences += send(picture, mode: mode)
            kept.append(picture)
        }
        pictures.shown = kept
        writeSequences(sequences)
    }

    /// Removes every picture from the terminal (Ctrl-Z, quitting); `freeing` also drops the
    /// kitty pictures' data, so they are sent again when next shown.
    func removeAllPictures(freeing: Bool) {
        var sequences: [PictureWrite] = []
        if pictures.choice.mode == .kitty {
            let ids = freeing ? pictures.sentToKitty : Set(pictures.shown.map(\.payload.id))
            sequences = ids.sorted().map { .sequence(PictureSequences.kittyDelete(id: $0, freeing: freeing)) }
            if freeing { pictures.sentToKitty = [] }
        } else if !pictures.shown.isEmpty {
            // Sixel and iTerm2 pixels go only when characters are written over them (an erase
            // leaves xterm's): spaces now, and every cell again at the next update.
            overwrite(pictures.shown, width: size.columns, height: size.rows)
            clearok(tinbox_curscr(), true)
        }
        pictures.shown = []
        writeSequences(sequences)
    }

    /// Whether `old` stands as it is: the same picture in the same place on the new screen, not
    /// a full repaint, and (for pixels that replace cells) none of its cells written meanwhile.
    private func stays(_ old: ScreenPicture, in screen: Screen, full: Bool) -> Bool {
        guard !full, screen.pictures.contains(old) else { return false }
        guard pictures.choice.mode != .kitty, let previous else { return true }
        for row in old.top..<(old.top + old.rows) {
            let start = row * screen.width + old.left
            if previous.cells[start..<(start + old.columns)] != screen.cells[start..<(start + old.columns)] {
                return false
            }
        }
        return true
    }

    private func send(_ picture: ScreenPicture, mode: GraphicsMode) -> [PictureWrite] {
        let at = PictureWrite.direct(PictureSequences.moveTo(row: picture.top, column: picture.left))
        let payload = picture.payload
        switch (mode, payload.encoding) {
        case (.kitty, .png):
            var sequences: [PictureWrite] = []
            if !pictures.sentToKitty.contains(payload.id) {
                sequences += PictureSequences.kittyTransmit(id: payload.id, png: payload.bytes).map(
                    PictureWrite.sequence)
                pictures.sentToKitty.insert(payload.id)
            }
            let place = PictureSequences.kittyPlace(id: payload.id, columns: picture.columns, rows: picture.rows)
            return [at] + sequences + [.sequence(place)]
        case (.sixel, .sixel):
            return [at, .sequence(payload.bytes)]
        case (.iterm, .png):
            return [
                at, .sequence(PictureSequences.iterm(png: payload.bytes, columns: picture.columns, rows: picture.rows)),
            ]
        default:
            // A payload made for another mode: its cells show instead.
            return []
        }
    }

    /// Writes the sequences in one go inside DECSC/DECRC, each through tmux's passthrough when
    /// the session uses it (direct bytes stay outside it: tmux moves the cursor and draws spaces).
    private func writeSequences(_ sequences: [PictureWrite]) {
        guard !sequences.isEmpty else { return }
        var bytes: [UInt8] = [0x1B, 0x37]
        for piece in sequences {
            switch piece {
            case .direct(let direct): bytes += direct
            case .sequence(let sequence):
                bytes += pictures.choice.passthrough ? PictureSequences.passthrough(sequence) : sequence
            }
        }
        bytes += [0x1B, 0x38]
        pictures.bytesWritten += bytes.count
        writeAll(bytes, to: output)
    }
}
