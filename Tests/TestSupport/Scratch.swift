import Foundation

/// Where the tests make their folders and files: one folder per test process under the system's
/// temporary directory, removed when the process exits. Before it, every run of `make test` left
/// about 280 folders (some 100 MB of stores and feeds) in /tmp. A folder left by a run that was
/// killed is removed by the next run.
public enum Scratch {
    /// A new path `<root>/<prefix>-<UUID>`, not made yet.
    public static func folder(_ prefix: String) -> URL {
        root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    }

    /// `tinbox-tests-<pid>-<UUID>` under the temporary directory, made at first use and held by a
    /// lock on its `.lock` for as long as this process runs (the UUID: two PID namespaces sharing
    /// /tmp may run two tests with one pid).
    public static let root: URL = {
        let temporary = FileManager.default.temporaryDirectory
        removeOrphans(in: temporary)
        let root = temporary.appendingPathComponent("\(namePrefix)\(getpid())-\(UUID().uuidString)")
        // Another run's sweep may take the folder between its making and its lock: made again.
        for _ in 0..<3 {
            try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            // Never closed: the lock ends with the process, however it ends.
            if lock(root) != nil, FileManager.default.fileExists(atPath: root.path) { break }
        }
        atexit { try? FileManager.default.removeItem(at: Scratch.root) }
        return root
    }()

    static let namePrefix = "tinbox-tests-"

    /// Removes the roots no running process holds. A lock, not the pid: a pid seen from another
    /// PID namespace sharing /tmp (a container) can be free here and running there.
    static func removeOrphans(in temporary: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(namePrefix) {
            let folder = temporary.appendingPathComponent(name)
            guard let descriptor = lock(folder) else { continue }
            try? FileManager.default.removeItem(at: folder)
            close(descriptor)
        }
    }

    /// An open descriptor holding `folder/.lock` exclusively; nil when another process holds it.
    private static func lock(_ folder: URL) -> Int32? {
        let descriptor = open(folder.appendingPathComponent(".lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return descriptor }
        close(descriptor)
        return nil
    }
}
