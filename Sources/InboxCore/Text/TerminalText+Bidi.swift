import CFriBidi

extension TerminalText {
    /// A paragraph's direction: the base the bidi algorithm lays a line out on.
    public enum Direction: Sendable, Equatable {
        case leftToRight, rightToLeft

        /// The direction of the first strong character of `text` (left to right without one).
        public init(of text: String) {
            self = TerminalText.isRightToLeft(text) ? .rightToLeft : .leftToRight
        }
    }

    /// Whether drawing `text` in visual order can differ from drawing it as it is: it holds a
    /// right-to-left scalar or an isolate that tinbox put there (`isolate`).
    ///
    /// Cheap on the text most rows hold: no UTF-8 byte below 0xD6 starts a scalar at or above
    /// U+0590, where the first right-to-left block begins, so ASCII and Latin text is one byte scan.
    public static func needsVisualOrder(_ text: String) -> Bool {
        guard text.utf8.contains(where: { $0 >= 0xD6 }) else { return false }
        return text.unicodeScalars.contains { isInRightToLeftBlock($0.value) || isIsolate($0) }
    }

    /// The isolate controls U+2066-U+2069 (LRI, RLI, FSI, PDI). The sanitizer removes them from
    /// remote text, so any one in a sanitized string was placed by tinbox itself.
    public static func isIsolate(_ scalar: Unicode.Scalar) -> Bool {
        (0x2066...0x2069).contains(scalar.value)
    }

    /// `text` (sanitized) as a unit that the text around it cannot reorder, and that reorders
    /// inside by its own first strong character, or by `direction` when given: a button label
    /// inside `[ ` ` ]` or `▶ ` ` ◀`, whose marks must stay where they are.
    ///
    /// The isolate controls have no width; `visualOrder` uses and removes them, and the screen
    /// model never sends them to the terminal.
    public static func isolate(_ text: String, direction: Direction? = nil) -> String {
        let open: Character
        switch direction {
        case nil: open = "\u{2068}"
        case .leftToRight?: open = "\u{2066}"
        case .rightToLeft?: open = "\u{2067}"
        }
        return String(open) + text + "\u{2069}"
    }

    /// The longest logical prefix of whole grapheme clusters that fits in `limit` cells, with no
    /// ellipsis: the cut a line takes before it is laid out in visual order, so what is kept is
    /// its logical start whichever side that lands on.
    public static func clip(_ text: String, toWidth limit: Int) -> String {
        var used = 0
        for cluster in DisplayClusters(text[...]) {
            used += cluster.width
            if used > limit { return String(text[..<cluster.text.startIndex]) }
        }
        return text
    }

    /// One line of sanitized text (already cut or wrapped to its width, in logical order) in
    /// visual order, as a terminal that draws cells left to right must receive it (TERMINAL.md 1):
    /// the Unicode Bidirectional Algorithm with its bracket pairs (FriBidi), brackets mirrored at
    /// right-to-left levels, and Arabic joined into presentation forms.
    ///
    /// - Grapheme clusters stay whole and in logical order inside (a letter keeps its marks, an
    ///   emoji its modifier); a cluster takes the level of its first scalar.
    /// - The result fills exactly the cells of `line`, so every width measured on logical text
    ///   holds for the drawn text and right edges stay where the layout put them: a lam-alef
    ///   ligature draws two letters in one cell, and the cell it frees is given back as a space
    ///   at the line's logical end (its left for a right-to-left line, its right otherwise).
    /// - Isolates placed by `isolate` are used, then removed.
    /// - Parameter direction: the paragraph's direction; nil takes that of the first strong
    ///   character of `line`.
    public static func visualOrder(_ line: String, direction: Direction? = nil) -> String {
        guard let layout = VisualLayout(line, direction: direction ?? Direction(of: line)) else { return line }
        return layout.text
    }

    /// The cells between the left edge of `line` as `visualOrder` draws it and the cell of its
    /// logical first character: where a screen reader's cursor belongs on a right-to-left title
    /// (TERMINAL.md 3), its right end rather than its left.
    public static func visualOffsetOfFirstCharacter(_ line: String, direction: Direction? = nil) -> Int {
        VisualLayout(line, direction: direction ?? Direction(of: line))?.offsetOfFirstCluster ?? 0
    }
}

/// One line run through FriBidi: the shaped scalars in logical order, which grapheme cluster each
/// belongs to, and the visual order (`map`, visual position to logical index).
private struct VisualLayout {
    var scalars: [FriBidiChar] = []
    /// For each scalar, the index of the first scalar of its grapheme cluster.
    var owner: [Int] = []
    var map: [FriBidiStrIndex] = []
    var isRightToLeft = false

    init?(_ line: String, direction: TerminalText.Direction) {
        scalars.reserveCapacity(line.unicodeScalars.count)
        owner.reserveCapacity(scalars.capacity)
        for character in line {
            let start = scalars.count
            for scalar in character.unicodeScalars {
                scalars.append(scalar.value)
                owner.append(start)
            }
        }
        let count = scalars.count
        guard count > 0, count < Int(Int32.max) else { return nil }
        let length = FriBidiStrIndex(count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        fribidi_get_bidi_types(scalars, length, &types)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        fribidi_get_bracket_types(scalars, length, types, &brackets)
        var paragraph = direction == .rightToLeft ? tinbox_fribidi_par_rtl() : tinbox_fribidi_par_ltr()
        var levels = [FriBidiLevel](repeating: 0, count: count)
        guard fribidi_get_par_embedding_levels_ex(types, brackets, length, &paragraph, &levels) > 0 else {
            return nil
        }
        var joining = [FriBidiJoiningType](repeating: 0, count: count)
        fribidi_get_joining_types(scalars, length, &joining)
        fribidi_join_arabic(types, length, levels, &joining)
        fribidi_shape(tinbox_fribidi_shape_flags(), levels, length, &joining, &scalars)
        for index in 0..<count where owner[index] != index { levels[index] = levels[owner[index]] }
        map = (0..<count).map { FriBidiStrIndex($0) }
        guard fribidi_reorder_line(0, types, length, 0, paragraph, &levels, nil, &map) > 0 else { return nil }
        isRightToLeft = tinbox_fribidi_is_rtl(paragraph) != 0
    }

    /// The scalars of each cluster, clusters in visual order; what draws nothing (a ligature's
    /// fill, isolates) left out.
    func forEachCluster(_ body: (_ scalars: [Unicode.Scalar], _ freed: Int, _ isFirst: Bool) -> Void) {
        let fill = tinbox_fribidi_fill()
        var emitted = [Bool](repeating: false, count: scalars.count)
        for position in map {
            let start = owner[Int(position)]
            guard !emitted[start] else { continue }
            emitted[start] = true
            var cluster: [Unicode.Scalar] = []
            var freed = 0
            var index = start
            while index < scalars.count, owner[index] == start {
                defer { index += 1 }
                guard let scalar = Unicode.Scalar(scalars[index]), !TerminalText.isIsolate(scalar) else { continue }
                if scalars[index] == fill { freed += 1 } else { cluster.append(scalar) }
            }
            body(cluster, freed, start == 0)
        }
    }

    /// The line in visual order; the cells ligatures freed are spaces at its logical end.
    var text: String {
        var output = String.UnicodeScalarView()
        var freed = 0
        forEachCluster { cluster, fills, _ in
            output.append(contentsOf: cluster)
            freed += fills
        }
        guard freed > 0 else { return String(output) }
        let spaces = String(repeating: " ", count: freed)
        return isRightToLeft ? spaces + String(output) : String(output) + spaces
    }

    /// The cells before the logical first cluster in `text`.
    var offsetOfFirstCluster: Int {
        var before = 0
        var freed = 0
        var found = false
        forEachCluster { cluster, fills, isFirst in
            freed += fills
            if isFirst { found = true }
            if !found { before += cluster.reduce(0) { $0 + TerminalText.cells(of: $1) } }
        }
        return before + (isRightToLeft ? freed : 0)
    }
}
