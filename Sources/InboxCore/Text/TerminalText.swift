import CWidth

/// The one place where text from a feed, campaign or server becomes safe to measure and draw.
///
/// Every string that reaches the terminal goes through `sanitize` first, then is measured with
/// `width` and laid out with `truncate`, `fit`, `fitRight` or `wrap`. Widths come from the C
/// library's `wcwidth`, the same function ncursesw uses to place characters, so a layout computed
/// here never disagrees with the cells curses fills.
///
/// tinbox assumes a UTF-8 terminal: `prepareLocale()` switches `LC_CTYPE` to UTF-8 when the
/// environment names another code set, because `wcwidth` answers -1 for every non-ASCII
/// character in the "C" locale.
public enum TerminalText {
    /// Puts the process in the user's locale with a UTF-8 `LC_CTYPE`; safe to call many times.
    ///
    /// ncursesw needs `setlocale(LC_ALL, "")` before `initscr`, and `wcwidth` needs a UTF-8
    /// `LC_CTYPE`. The work runs once, behind a `static let` (thread-safe lazy initialization), so
    /// the width functions call this themselves and tests get real widths without any setup.
    /// - Returns: whether `LC_CTYPE` now uses UTF-8; when false, `sanitize` falls back to ASCII
    ///   replacement glyphs because `wcwidth` cannot measure anything else.
    @discardableResult
    public static func prepareLocale() -> Bool {
        localeIsUTF8
    }

    /// The one-time locale setup; Swift runs a global's initializer exactly once, even under races.
    private static let localeIsUTF8: Bool = {
        _ = setlocale(LC_ALL, "")
        if codesetIsUTF8() { return true }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil {
            if codesetIsUTF8() { return true }
        }
        return false
    }()

    /// Whether the current `LC_CTYPE` code set is UTF-8 (glibc spells it "UTF-8", others "utf8").
    private static func codesetIsUTF8() -> Bool {
        guard let name = nl_langinfo(nl_item(CODESET)) else { return false }
        let codeset = String(cString: name).lowercased()
        return codeset == "utf-8" || codeset == "utf8"
    }

    /// The cells `wcwidth` gives one scalar, or -1 for one it cannot draw (controls, unassigned).
    ///
    /// Every other function measures through here, so the locale is always prepared first.
    static func wcwidth(_ scalar: Unicode.Scalar) -> Int {
        _ = localeIsUTF8
        return Int(tinbox_wcwidth(scalar.value))
    }
}
