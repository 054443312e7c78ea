import Foundation
import TerminalUI

/// The config's `keys` (rebindings per context) and `theme` (a name, or role colours over the
/// default theme). Whatever cannot be used is a warning naming it, and the default stays.
extension Config {
    mutating func decodeKeys(_ value: Any, file: String) {
        guard let contexts = value as? [String: Any] else {
            warnings.append("\(file): \"keys\" is not an object of contexts; ignored, the default keys stay")
            return
        }
        warnUnknown(contexts, known: KeyContext.allCases.map(\.rawValue), file: file, path: "keys.")
        var rebindings: [KeyRebinding] = []
        var names: [KeyRebinding: String] = [:]
        var read = 0
        contexts: for context in KeyContext.allCases {
            guard let value = contexts[context.rawValue] else { continue }
            let path = "keys.\(context.rawValue)"
            guard let fields = value as? [String: Any] else {
                warnings.append("\(file): '\(path)' must be an object of key: action; ignored, the defaults stay")
                continue
            }
            let actions = KeyBindings.actions(in: context).map(\.rawValue)
            for name in fields.keys.sorted() {
                let at = "\(file): '\(path).\(name)'"
                // Every command reads the config: 30,000 bindings took 17 s to check for clashes.
                read += 1
                if read > Self.mostKeyBindings {
                    warnings.append(
                        "\(file): \"keys\" has more than \(Self.mostKeyBindings) bindings; the rest are ignored")
                    break contexts
                }
                guard let key = Key(name: name) else {
                    warnings.append(
                        "\(at): unknown key name '\(name)' ignored, the default stays "
                            + "(a character, or Enter, Esc, Tab, Shift-Tab, Space, Backspace, Delete, Up, Down, "
                            + "Left, Right, PgUp, PgDn, Home, End, F1-F12, Ctrl-A-Ctrl-Z)")
                    continue
                }
                // A terminal sends these as other keys: bound, they never came, and the hint line
                // named them (Ctrl-M quit left only Ctrl-C to quit).
                if case .control(let letter) = key, let arrives = Self.controlsSentAsOtherKeys[letter] {
                    warnings.append("\(at): \(name) arrives as \(arrives) in a terminal; ignored, the default stays")
                    continue
                }
                guard let text = fields[name] as? String, let action = KeyAction(rawValue: text),
                    actions.contains(text)
                else {
                    let text = fields[name] as? String ?? "\(fields[name] ?? "")"
                    var line = "\(at): unknown action '\(text)' in \(context.rawValue) ignored, the default stays"
                    if let best = Suggestion.nearest(to: text, in: actions) { line += ". Did you mean '\(best)'?" }
                    warnings.append(line)
                    continue
                }
                let rebinding = KeyRebinding(context: context, key: key, action: action)
                names[rebinding] = name
                rebindings.append(rebinding)
            }
        }
        let (table, rejected) = keys.rebound(rebindings)
        keys = table
        for (rebinding, holder) in rejected {
            let name = names[rebinding] ?? rebinding.key.name
            warnings.append(
                "\(file): 'keys.\(rebinding.context.rawValue).\(name)': \(name) is already '\(holder.rawValue)' in "
                    + "\(rebinding.context.rawValue); not bound to '\(rebinding.action.rawValue)', the default stays")
        }
    }

    /// The theme names (`Theme.depth`): the default, 8 colours, none.
    static let themeNames = ["default", "basic", "8", "monochrome", "mono"]

    /// More rebindings than anyone writes; what is past it is not read.
    static let mostKeyBindings = 500

    /// The Ctrl keys a terminal sends as the same byte as another key.
    static let controlsSentAsOtherKeys: [Character: String] = [
        "h": "Backspace", "i": "Tab", "j": "Enter", "m": "Enter",
    ]

    mutating func decodeTheme(_ value: Any, file: String) {
        if let name = value as? String {
            // An unknown name was the default theme without a word.
            guard Self.themeNames.contains(name) else {
                warnings.append(
                    "\(file): \"theme\" '\(name)' is not a theme (\(Self.themeNames.joined(separator: ", "))); "
                        + "the default is used")
                return
            }
            theme = name
            return
        }
        guard let roles = value as? [String: Any] else {
            warnings.append("\(file): \"theme\" must be a name or an object of role colours; ignored")
            return
        }
        warnUnknown(roles, known: CellRole.allCases.map(\.name), file: file, path: "theme.")
        for name in roles.keys.sorted() {
            guard let role = CellRole.named(name) else { continue }
            guard let text = roles[name] as? String, let look = RoleColours(text) else {
                let text = roles[name] as? String ?? "\(roles[name] ?? "")"
                warnings.append(
                    "\(file): 'theme.\(name)': bad colour '\(text)' ignored, the default stays "
                        + "(#RRGGBB, #RRGGBB on #RRGGBB, or on #RRGGBB)")
                continue
            }
            colours[role] = look
        }
    }
}
