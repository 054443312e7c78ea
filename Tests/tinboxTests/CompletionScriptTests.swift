import Foundation
import TestSupport
import Testing

/// `tinbox completions bash|zsh|fish`, tried in the shells themselves: each script passes its
/// shell's syntax check, loads, and offers the commands, options and values help lists, and
/// files or directories where one is expected.
@Suite struct CompletionScriptTests {
    /// A shell may be absent only outside CI (`make` installs bash, zsh, fish and tmux).
    static func has(_ program: String) -> Bool {
        ProcessInfo.processInfo.environment["CI"] != nil
            || ["/usr/bin", "/bin", "/usr/local/bin"].contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
            }
    }

    /// A folder of files to complete (`a.json`, `b.jsonl`, `sfile.json`, `sub/`) and the script;
    /// removed when the test lets go of it.
    final class Folder: Sendable {
        let url: URL
        let script: URL

        init(_ shell: String) throws {
            url = Scratch.folder("tinbox-completions")
            try FileManager.default.createDirectory(
                at: url.appendingPathComponent("sub"), withIntermediateDirectories: true)
            for name in ["a.json", "b.jsonl", "sfile.json", "sub/c.json"] {
                try Data("{}".utf8).write(to: url.appendingPathComponent(name))
            }
            let printed = try Tinbox.run(["completions", shell])
            guard printed.status == 0, !printed.stdout.isEmpty else {
                throw ChildProcessError("tinbox completions \(shell) failed: \(printed.stderr)")
            }
            script = url.appendingPathComponent("tinbox.\(shell)")
            try Data(printed.stdout.utf8).write(to: script)
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        /// An environment that keeps shells out of the real home.
        var environment: [String: String] {
            [
                "PATH": "/usr/bin:/bin", "HOME": url.path, "XDG_CONFIG_HOME": url.path, "XDG_DATA_HOME": url.path,
                "LANG": "C.UTF-8",
            ]
        }
    }

    struct Completion: Sendable, CustomTestStringConvertible {
        /// COMP_WORDS for bash (bash splits `--state=u` into `--state`, `=`, `u`); the line typed
        /// for zsh and fish is the words joined.
        var words: [String]
        var replies: [String]
        var testDescription: String { words.joined(separator: " ") }
    }

    static let commandNames = HelpListing.cliCommands

    static let bashCases: [Completion] = [
        Completion(words: ["tinbox", "li"], replies: ["list"]),
        Completion(words: ["tinbox", ""], replies: commandNames),
        Completion(
            words: ["tinbox", "--data-dir", "/x", "--feed", "f", "co"], replies: ["count", "convert", "completions"]),
        Completion(words: ["tinbox", "list", "--state", ""], replies: ["all", "unread", "read", "deleted"]),
        Completion(words: ["tinbox", "count", "--state", "=", "u"], replies: ["unread"]),
        Completion(words: ["tinbox", "mark", ""], replies: ["read", "deleted"]),
        Completion(words: ["tinbox", "mark", "read", ""], replies: []),
        Completion(words: ["tinbox", "inbox", ""], replies: ["enable", "disable", "status"]),
        Completion(words: ["tinbox", "help", "c"], replies: ["count", "convert", "completions"]),
        Completion(words: ["tinbox", "convert", "--from", "s"], replies: ["sfmc"]),
        Completion(words: ["tinbox", "completions", ""], replies: ["bash", "zsh", "fish"]),
        Completion(words: ["tinbox", "--feed", ""], replies: ["engagement=", "app-messaging="]),
        Completion(words: ["tinbox", "--feed", "engagement", "=", "a"], replies: ["a.json"]),
        Completion(words: ["tinbox", "--feed", "=", "app-messaging", "=", "b"], replies: ["b.jsonl"]),
        Completion(words: ["tinbox", "--feed", "s"], replies: ["sfile.json", "sub"]),
        Completion(words: ["tinbox", "--data-dir", "s"], replies: ["sub"]),
        Completion(words: ["tinbox", "--data-dir", "=", "s"], replies: ["sub"]),
        Completion(words: ["tinbox", "--config", "s"], replies: ["sfile.json", "sub"]),
        Completion(words: ["tinbox", "event", "--campaigns", "a"], replies: ["a.json"]),
        Completion(words: ["tinbox", "preview", "a"], replies: ["a.json"]),
        Completion(words: ["tinbox", "simulate", "b"], replies: ["b.jsonl"]),
        Completion(words: ["tinbox", "replay", "b"], replies: ["b.jsonl"]),
        Completion(words: ["tinbox", "replay", "b.jsonl", "--rec"], replies: ["--record"]),
        Completion(words: ["tinbox", "preview", "a.json", "--id", ""], replies: []),
        Completion(words: ["tinbox", "purchase", "--qu"], replies: ["--quantity"]),
        Completion(words: ["tinbox", "event", "go", ""], replies: []),
        Completion(words: ["tinbox", "--customer", ""], replies: []),
    ]

    @Test(arguments: bashCases)
    func bashOffersWhatTheDefinitionsSay(_ completion: Completion) throws {
        let folder = try Folder("bash")
        #expect(try bash(completion.words, in: folder).sorted() == completion.replies.sorted())
    }

    /// The options each shell offers after `-` are the ones help lists for that command, global
    /// ones included, and at least the ones CLI.md names.
    @Test(arguments: [""] + commandNames)
    func everyShellOffersTheOptionsHelpListsForTheCommand(command: String) throws {
        var expected = try HelpListing.globalOptions()
        if !command.isEmpty { expected += try HelpListing.ownOptions(of: command) }
        let floor = HelpListing.cliGlobalOptions + (HelpListing.cliCommandOptions[command] ?? [])
        #expect(Set(expected).isSuperset(of: floor), "help lacks \(Set(floor).subtracting(expected))")
        let words = ["tinbox"] + (command.isEmpty ? [] : [command])
        #expect(Set(try bash(words + ["-"], in: Folder("bash"))) == Set(expected))
        if Self.has("fish") {
            let offered = try fish(words.joined(separator: " ") + " -", in: Folder("fish"))
            #expect(Set(offered) == Set(expected))
        }
        let zshFolder = try Folder("zsh")
        // zsh's specs: `'--state=[…]` in the command's `_arguments` line, globals in `global=(…)`.
        let zsh = try String(contentsOf: zshFolder.script, encoding: .utf8).components(separatedBy: "\n")
        let line =
            command.isEmpty
            ? zsh.filter { $0.hasPrefix("    '") }.joined(separator: " ")
            : zsh.first { $0.hasPrefix("        \(command)) _arguments $global") } ?? ""
        for option in command.isEmpty ? expected : try HelpListing.ownOptions(of: command) {
            #expect(line.contains("\(option)=[") || line.contains("\(option)["), "zsh lacks \(option) for '\(command)'")
        }
    }

    @Test func everyScriptPassesItsShellsSyntaxCheckAndLoads() throws {
        let bash = try Folder("bash")
        #expect(try ChildProcess.run("bash", ["-n", bash.script.path]).status == 0)
        let loaded = try ChildProcess.run(
            "bash", ["-c", "source \"$1\" && complete -p tinbox", "bash", bash.script.path],
            environment: bash.environment)
        #expect(loaded.stdout == "complete -F _tinbox tinbox\n", "\(loaded.stderr)")
        if Self.has("zsh") {
            let zsh = try Folder("zsh")
            let checked = try ChildProcess.run("zsh", ["-n", zsh.script.path], environment: zsh.environment)
            #expect(checked.status == 0, "\(checked.stderr)")
            let program = "autoload -Uz compinit && compinit -u -D && source \"$1\" && print -r -- $_comps[tinbox]"
            let loaded = try ChildProcess.run(
                "zsh", ["-fc", program, "zsh", zsh.script.path], environment: zsh.environment)
            #expect(loaded.stdout == "_tinbox\n", "\(loaded.stderr)")
        }
        if Self.has("fish") {
            let fish = try Folder("fish")
            let checked = try ChildProcess.run(
                "fish", ["--no-config", "-n", fish.script.path], environment: fish.environment)
            #expect(checked.status == 0, "\(checked.stderr)")
        }
    }

    @Test func anUnknownShellIsBadUsage() throws {
        let result = try Tinbox.run(["completions", "powershell"])
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "tinbox: unknown shell 'powershell'; expected 'bash', 'zsh' or 'fish' (see 'tinbox help completions')\n"
        )
    }

    static let fishCases: [Completion] = [
        Completion(words: ["tinbox", "li"], replies: ["list"]),
        Completion(words: ["tinbox", "--data-dir", "/x", "cou"], replies: ["count"]),
        Completion(words: ["tinbox", "list", "--state", "u"], replies: ["unread"]),
        Completion(words: ["tinbox", "list", "--state=u"], replies: ["--state=unread"]),
        Completion(words: ["tinbox", "mark", ""], replies: ["read", "deleted"]),
        Completion(words: ["tinbox", "mark", "read", ""], replies: []),
        Completion(words: ["tinbox", "inbox", "s"], replies: ["status"]),
        Completion(words: ["tinbox", "help", "compl"], replies: ["completions"]),
        Completion(words: ["tinbox", "completions", "f"], replies: ["fish"]),
        Completion(words: ["tinbox", "--feed", "eng"], replies: ["engagement="]),
        Completion(words: ["tinbox", "--feed", "engagement=a"], replies: ["engagement=a.json"]),
        Completion(words: ["tinbox", "--feed=app-messaging=b"], replies: ["--feed=app-messaging=b.jsonl"]),
        Completion(words: ["tinbox", "--data-dir", "s"], replies: ["sub/"]),
        Completion(words: ["tinbox", "--config", "s"], replies: ["sfile.json", "sub/"]),
        Completion(words: ["tinbox", "preview", "a"], replies: ["a.json"]),
        Completion(words: ["tinbox", "simulate", "b"], replies: ["b.jsonl"]),
        Completion(words: ["tinbox", "event", "go", ""], replies: []),
    ]

    @Test(.enabled(if: has("fish")), arguments: fishCases)
    func fishOffersWhatTheDefinitionsSay(_ completion: Completion) throws {
        let offered = try fish(completion.words.joined(separator: " "), in: Folder("fish"))
        #expect(offered.sorted() == completion.replies.sorted())
    }

    /// zsh completes only inside its line editor, so these run in an interactive zsh in tmux:
    /// type the line, press Tab, read what the line became.
    @Test(.enabled(if: has("zsh") && has("tmux")))
    func zshCompletesTheTypedLine() throws {
        let folder = try Folder("zsh")
        let session = try ShellSession(command: "zsh -f", prompt: "> ", folder: folder)
        try session.type(
            "autoload -Uz compinit; compinit -u -D; source \(folder.script.path); print ready-$_comps[tinbox]")
        try session.wait { $0.contains("ready-_tinbox") }
        let cases: [(String, String)] = [
            ("tinbox li", "tinbox list"),
            ("tinbox --data-dir /tmp cou", "tinbox --data-dir /tmp count"),
            ("tinbox list --st", "tinbox list --state="),
            ("tinbox list --state u", "tinbox list --state unread"),
            ("tinbox count --state=r", "tinbox count --state=read"),
            ("tinbox mark d", "tinbox mark deleted"),
            ("tinbox inbox e", "tinbox inbox enable"),
            ("tinbox help compl", "tinbox help completions"),
            ("tinbox completions f", "tinbox completions fish"),
            ("tinbox --feed eng", "tinbox --feed engagement="),
            ("tinbox --feed engagement=a", "tinbox --feed engagement=a.json"),
            ("tinbox --data-dir s", "tinbox --data-dir sub/"),
            ("tinbox --config sf", "tinbox --config sfile.json"),
            ("tinbox preview a", "tinbox preview a.json"),
            ("tinbox simulate b", "tinbox simulate b.jsonl"),
            ("tinbox purchase --qu", "tinbox purchase --quantity="),
        ]
        for (typed, completed) in cases {
            #expect(try session.complete(typed, expecting: completed) == completed, "after typing '\(typed)'")
        }
    }

    /// What a person sees in bash: a producer kind stays `engagement=` (a file name's escaping
    /// would write `engagement\=`), and a value after `=` completes in place.
    @Test(.enabled(if: has("tmux")))
    func bashCompletesTheTypedLine() throws {
        let folder = try Folder("bash")
        let session = try ShellSession(command: "bash --norc --noprofile", prompt: "$ ", folder: folder)
        try session.type("source \(folder.script.path); echo ready-$(complete -p tinbox | wc -l)")
        try session.wait { $0.contains("ready-1") }
        let cases: [(String, String)] = [
            ("tinbox --feed ap", "tinbox --feed app-messaging="),
            ("tinbox --feed app-messaging=sf", "tinbox --feed app-messaging=sfile.json"),
            ("tinbox list --state=u", "tinbox list --state=unread"),
            ("tinbox --data-dir su", "tinbox --data-dir sub/"),
        ]
        for (typed, completed) in cases {
            #expect(try session.complete(typed, expecting: completed) == completed, "after typing '\(typed)'")
        }
    }

    /// `_tinbox` run on COMP_WORDS; its replies.
    func bash(_ words: [String], in folder: Folder) throws -> [String] {
        let program = """
            cd "$1" && source "$2" || exit 9
            shift 2
            COMP_WORDS=("$@")
            COMP_CWORD=$(($# - 1))
            _tinbox
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try ChildProcess.run(
            "bash", ["-c", program, "bash", folder.url.path, folder.script.path] + words,
            environment: folder.environment,
            timeout: 30)
        guard result.status == 0 else { throw ChildProcessError("bash failed: \(result.stderr)") }
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// `complete -C LINE` in fish: the candidates, without their descriptions.
    func fish(_ line: String, in folder: Folder) throws -> [String] {
        let program = "cd $argv[1]; and source $argv[2]; and complete -C $argv[3]"
        let result = try ChildProcess.run(
            "fish", ["--no-config", "-c", program, folder.url.path, folder.script.path, line],
            environment: folder.environment, timeout: 30)
        guard result.status == 0 else { throw ChildProcessError("fish failed: \(result.stderr)") }
        return result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }
}

/// An interactive shell in a detached tmux session, in the folder of files to complete.
final class ShellSession {
    let name = "tinbox-shell-\(UUID().uuidString.prefix(8))"
    let prompt: String
    /// Held so its files stay while the shell completes them.
    let folder: CompletionScriptTests.Folder

    init(command: String, prompt: String, folder: CompletionScriptTests.Folder) throws {
        self.prompt = prompt
        self.folder = folder
        let environment = folder.environment.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
        try tmux([
            "new-session", "-d", "-s", name, "-x", "160", "-y", "30", "-c", folder.url.path,
            "env -i \(environment) TERM=xterm-256color PS1='\(prompt)' \(command)",
        ])
        try type("PS1='\(prompt)'")
    }

    deinit { _ = try? tmux(["kill-session", "-t", name]) }

    /// Runs a tmux command on this shell's own server (`tmux -L`), as `ReaderTmux` does.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try ReaderTmux.run("tmux", ["-L", name] + arguments)
    }

    func type(_ line: String) throws {
        try tmux(["send-keys", "-t", name, "-l", line])
        try tmux(["send-keys", "-t", name, "Enter"])
    }

    /// The last line with text on the pane.
    func lastLine() throws -> String {
        Self.lastLine(of: try tmux(["capture-pane", "-t", name, "-p"]))
    }

    static func lastLine(of pane: String) -> String {
        pane.components(separatedBy: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    }

    /// Waits, at most `timeout` seconds, until the pane satisfies `condition`.
    func wait(timeout: Double = 10, until condition: (String) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(try tmux(["capture-pane", "-t", name, "-p"])), Date() < deadline {
            usleep(30_000)
        }
    }

    /// Clears the line, types `text`, presses Tab, and returns the line (without the prompt)
    /// once it reads `expected` or the deadline passes.
    func complete(_ text: String, expecting expected: String, timeout: Double = 5) throws -> String {
        try tmux(["send-keys", "-t", name, "C-u"])
        try tmux(["send-keys", "-t", name, "-l", text])
        try wait(timeout: timeout) { Self.lastLine(of: $0) == prompt + text }
        try tmux(["send-keys", "-t", name, "Tab"])
        let deadline = Date().addingTimeInterval(timeout)
        var line = try lastLine()
        while line.trimmingCharacters(in: .whitespaces) != prompt + expected, Date() < deadline {
            usleep(30_000)
            line = try lastLine()
        }
        return String(line.dropFirst(prompt.count)).trimmingCharacters(in: .whitespaces)
    }
}
