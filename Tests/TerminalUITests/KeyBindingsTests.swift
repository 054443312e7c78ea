import Foundation
import InboxCore
import TerminalUI
import Testing

/// The key table: it drives dispatch, the `?` card and the hint line, and a rebinding changes
/// all three (issue 10, point 3).
@Suite struct KeyBindingsTests {
    func loop(keys: KeyBindings = .defaults) -> (ReaderLoop, MemoryTerminal) {
        let terminal = MemoryTerminal(size: Size(columns: 80, rows: 24))
        let loop = ReaderLoop(terminal: terminal, source: MemorySource(entries: Fixtures.inbox), keys: keys)
        loop.start()
        return (loop, terminal)
    }

    func press(_ loop: ReaderLoop, _ terminal: MemoryTerminal, _ keys: [Key]) {
        terminal.enqueue(keys: keys)
        loop.drain()
    }

    func rebound(_ rebindings: [KeyRebinding]) -> (KeyBindings, [(KeyRebinding, KeyAction)]) {
        let (table, rejected) = KeyBindings.defaults.rebound(rebindings)
        return (table, rejected)
    }

    @Test(arguments: KeyContext.allCases) func noDefaultKeyHasTwoActionsInAContext(context: KeyContext) {
        var seen: [Key: KeyAction] = [:]
        for binding in KeyBindings.defaults.bindings(context) {
            for key in binding.keys {
                #expect(seen[key] == nil || seen[key] == binding.action, "\(key.name) in \(context)")
                seen[key] = binding.action
            }
        }
    }

    @Test func everyDefaultKeyIsSpelledTheWayTheConfigReadsIt() {
        for context in KeyContext.allCases {
            for key in KeyBindings.defaults.bindings(context).flatMap(\.keys) {
                #expect(Key(name: key.name) == key, "\(key.name)")
            }
        }
        #expect(Key(name: "Up") == .up && Key(name: "pgdn") == .pageDown && Key(name: "ctrl-r") == .control("r"))
        #expect(Key(name: "G") == .character("G") && Key(name: "g") == .character("g"))
        #expect(Key(name: "Ctl-R") == nil && Key(name: "F13") == nil && Key(name: " ") == nil && Key(name: "") == nil)
    }

    /// CLI.md's keys, from the table: q quits from the list, Esc there only clears a search,
    /// Esc/q/x/Backspace leave a message, F5 and Ctrl-R refresh, `:` opens the console.
    @Test func theDefaultsAreCLIsKeys() {
        let keys = KeyBindings.defaults
        #expect(keys.action(for: .character("q"), in: .list) == .quit)
        #expect(keys.action(for: .escape, in: .list) == .clearSearch)
        #expect(keys.action(for: .character(" "), in: .list) == .pageDown)
        #expect(keys.action(for: .function(5), in: .list) == .refresh)
        #expect(keys.action(for: .control("r"), in: .detail) == .refresh)
        #expect(keys.action(for: .character(":"), in: .list) == .console)
        #expect(keys.action(for: .character("L"), in: .detail) == .log)
        for key in [Key.escape, .character("q"), .character("x"), .backspace] {
            #expect(keys.action(for: key, in: .detail) == .back)
        }
        for key in [Key.escape, .character("x")] { #expect(keys.action(for: key, in: .overlay) == .close) }
        for key in [Key.tab, .right, .left] {
            #expect([.nextButton, .previousButton].contains(keys.action(for: key, in: .overlay)))
        }
    }

    @Test func aReboundKeyMovesAndTheOldOneNoLonger() {
        let (table, rejected) = rebound([KeyRebinding(context: .list, key: .character("n"), action: .down)])
        #expect(rejected.isEmpty)
        let (loop, terminal) = loop(keys: table)
        press(loop, terminal, [.character("n"), .character("n")])
        #expect(loop.state.selected == 2)
        press(loop, terminal, [.character("j"), .down])
        #expect(loop.state.selected == 2)
        press(loop, terminal, [.character("k")])
        #expect(loop.state.selected == 1)
        // The open message keeps its own keys: the rebinding was for the list.
        #expect(table.action(for: .character("j"), in: .detail) == .down)
    }

    @Test func aRebindingOntoAKeyAnotherActionHoldsIsRefusedAndTheDefaultStays() {
        let (table, rejected) = rebound([KeyRebinding(context: .list, key: .character("k"), action: .down)])
        #expect(rejected.count == 1 && rejected.first?.1 == .up)
        #expect(table == .defaults)
        // Freeing the key first makes room: up moves to `i`, then `k` may go down.
        let (swapped, none) = rebound([
            KeyRebinding(context: .list, key: .character("k"), action: .down),
            KeyRebinding(context: .list, key: .character("i"), action: .up),
        ])
        #expect(none.isEmpty)
        #expect(swapped.action(for: .character("k"), in: .list) == .down)
        #expect(swapped.action(for: .character("j"), in: .list) == nil)
        // Two rebindings on one key: the later one loses.
        let (_, twice) = rebound([
            KeyRebinding(context: .list, key: .character("z"), action: .down),
            KeyRebinding(context: .list, key: .character("z"), action: .up),
        ])
        #expect(twice.count == 1 && twice.first?.0.action == .up)
    }

    @Test func quitAndEscInTheListFollowTheTable() {
        let (table, _) = rebound([KeyRebinding(context: .list, key: .character("Q"), action: .quit)])
        let (loop, terminal) = loop(keys: table)
        press(loop, terminal, [.character("q"), .escape])
        #expect(!loop.state.isQuitting)
        press(loop, terminal, [.character("Q")])
        #expect(loop.state.isQuitting)
    }

    @Test func theCardAndTheHintsNameTheReboundKeys() {
        let defaults = KeyBindings.defaults
        #expect(defaults.helpLines.first?.keys == "j k ↓ ↑")
        #expect(defaults.hints(.list) == "j/k move  Enter open  r read  d delete  / search  ? help  q quit")
        #expect(defaults.hints(.detail) == "Tab button  Enter press  j/k scroll  d delete  Esc back  ? help")
        let (table, _) = rebound([
            KeyRebinding(context: .list, key: .character("Q"), action: .quit),
            KeyRebinding(context: .list, key: .character("o"), action: .open),
        ])
        #expect(table.hints(.list) == "j/k move  o open  r read  d delete  / search  ? help  Q quit")
        let card = table.helpLines
        #expect(card.contains { $0.keys == "o Enter" && $0.text == "open, press a button" })
        #expect(card.contains { $0.keys == "Q q" && $0.text == "back, quit from list" })
        let (loop, terminal) = loop(keys: table)
        press(loop, terminal, [.character("?")])
        #expect(terminal.screen?.rows.joined(separator: "\n").contains("Q q             back, quit from list") == true)
        press(loop, terminal, [.escape])
        #expect(terminal.screen?.rows.joined(separator: "\n").contains("o open") == true)
    }

    @Test func thePickerAndTheOverlayReadTheirOwnContexts() {
        let (table, rejected) = rebound([
            KeyRebinding(context: .overlay, key: .character("c"), action: .close),
            KeyRebinding(context: .confirm, key: .character("o"), action: .yes),
        ])
        #expect(rejected.isEmpty)
        #expect(table.action(for: .character("c"), in: .overlay) == .close)
        #expect(table.action(for: .escape, in: .overlay) == nil)
        let (loop, terminal) = loop(keys: table)
        press(loop, terminal, [.character("D"), .character("y")])
        #expect(loop.state.overlay == .confirmDeleteAll)
        #expect(terminal.screen?.rows.joined(separator: "\n").contains("o delete all   n keep them") == true)
        press(loop, terminal, [.character("o")])
        #expect(loop.state.overlay == nil)
    }
}
