import Foundation

/// Fresh folders for tests (ledgers, scripts, state directories), all inside one folder of this test
/// process's own that is removed when the process exits, so a test run leaves nothing in /tmp.
public enum ScratchFolder {
    /// A new, empty folder whose name starts with `prefix`.
    public static func make(_ prefix: String) -> URL {
        let folder = root.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-tests-\(getpid())")
        try! FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("storefront-tests-\(getpid())")) }
        return root
    }()
}
