import CatalogFormats
import Foundation
import StoreModel
import TextSafety

/// A file as the kernel knows it, to tell whether a path still names the file that was opened.
struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// What `--state PATH` names, checked with `stat` and a read of the header before SQLite sees the file,
/// so a FIFO cannot hang the app, a device gets no journal beside it, and a foreign file is not touched.
enum FileCheck {
    enum Found {
        /// Nothing there yet (the folder exists): a new ledger may be made.
        case missing
        /// A regular file whose SQLite header carries the ledger's application id; `wal` when the header
        /// says it is in WAL mode (file format versions 2 at offsets 18 and 19), as every ledger written
        /// before storefront used the rollback journal is.
        case ledger(FileIdentity, wal: Bool)
    }

    static let sqliteMagic = Array("SQLite format 3\0".utf8)

    static func examine(_ path: String) throws(Ledger.Failure) -> Found {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let error = errno
            guard error == ENOENT else { throw .unreadable(path: path, detail: describe(error)) }
            let folder = parent(of: path)
            var folderInfo = stat()
            guard stat(folder, &folderInfo) == 0, kind(folderInfo) == S_IFDIR else {
                throw .unreadable(path: path, detail: "the folder \(folder) does not exist")
            }
            return .missing
        }
        if kind(info) != S_IFREG {
            let what = FileKind.notRegular(path) ?? "a special file"
            throw .notALedger(path: path, reason: what == "a folder" ? "it is a folder" : "it is \(what), not a file")
        }
        guard info.st_size > 0 else { throw .emptyFile(path: path) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, detail: "it cannot be read (\(describe(errno)))") }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 100) }
        guard count == 100, Array(header[0..<16]) == sqliteMagic else {
            throw .notALedger(path: path, reason: "not an SQLite database")
        }
        // SQLite's magic with a header SQLite itself would refuse is a damaged file, not a foreign one:
        // the page size is a power of two from 512 to 65,536 (1 means 65,536) and the payload
        // fractions at offsets 21–23 are always 64, 32, 32 (sqlite.org/fileformat.html, section 1.3).
        let pageSize = Int(header[16]) << 8 | Int(header[17])
        guard pageSize == 1 || (512...32_768).contains(pageSize) && pageSize & (pageSize - 1) == 0,
              header[21] == 64, header[22] == 32, header[23] == 32 else {
            throw .damaged(path: path, detail: "its SQLite header is not valid")
        }
        // The application id: four bytes, big-endian, at offset 68 of the header.
        let id = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard Int32(bitPattern: id) == Ledger.applicationID else {
            throw .notALedger(path: path, reason: "an SQLite database of another program")
        }
        return .ledger(FileIdentity(info), wal: header[18] == 2 || header[19] == 2)
    }

    /// A copy of a WAL-mode ledger, with its `-wal` if it has one (a storefront stopped before it closed
    /// the file leaves its last saves there), in a new folder of its own: SQLite opening a WAL file makes
    /// a `-wal` and a `-shm` beside it, even read-only, so it reads the copy and the ledger is not touched.
    /// The caller removes the folder.
    static func privateCopy(of path: String, journal: Bool = false) throws(Ledger.Failure) -> (folder: String, copy: String) {
        var template = Array((FileManager.default.temporaryDirectory.path + "/storefront-ledger-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw .unreadable(path: path, detail: "no folder for a copy to check it in (\(describe(errno)))")
        }
        let folder = String(cString: made)
        let copy = folder + "/ledger.sqlite"
        do {
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            if FileManager.default.fileExists(atPath: path + "-wal") {
                if let kind = FileKind.notRegular(path + "-wal") {
                    throw Ledger.Failure.unreadable(path: path, detail: "\(UntrustedText.path(path))-wal beside it is \(kind), not SQLite's log")
                }
                try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
            }
            // A save cut short: its journal goes with the copy, so SQLite rolls the copy back as it would the file.
            if journal, FileManager.default.fileExists(atPath: path + "-journal") {
                if let kind = FileKind.notRegular(path + "-journal") {
                    throw Ledger.Failure.unreadable(path: path, detail: "\(UntrustedText.path(path))-journal beside it is \(kind), not SQLite's journal")
                }
                try FileManager.default.copyItem(atPath: path + "-journal", toPath: copy + "-journal")
            }
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            if let failure = error as? Ledger.Failure { throw failure }
            throw .unreadable(path: path, detail: "it cannot be copied to be checked (\((error as NSError).localizedDescription))")
        }
        return (folder, copy)
    }

    /// Makes the file for a new ledger, failing if anything appeared at the path meanwhile.
    /// `naming` is the path messages name (the ledger, when `path` is the draft it is made in).
    static func create(_ path: String, naming: String? = nil) throws(Ledger.Failure) -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        let named = naming ?? path
        guard descriptor >= 0 else {
            let error = errno
            if [EROFS, EACCES, EPERM].contains(error) {
                throw .readOnly(path: named, detail: "the folder \(parent(of: path)) is read-only (\(describe(error)))")
            }
            throw .unreadable(path: named, detail: "it cannot be created (\(describe(error)))")
        }
        return descriptor
    }

    /// Opens an existing ledger read-write without writing to it: the open itself says whether the file
    /// can be written (a read-only file system or an immutable file refuse even root).
    static func openForWriting(_ path: String) throws(Ledger.Failure) -> Int32 {
        let descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            if [EROFS, EACCES, EPERM, ETXTBSY].contains(error) {
                throw .readOnly(path: path, detail: "the file is read-only (\(describe(error)))")
            }
            throw .unreadable(path: path, detail: "it cannot be opened (\(describe(error)))")
        }
        return descriptor
    }

    /// SQLite writes its journal beside the ledger during each save, so the folder must take new files.
    static func requireWritableFolder(of path: String) throws(Ledger.Failure) {
        let folder = parent(of: path)
        guard access(folder, W_OK | X_OK) == 0 else {
            throw .readOnly(path: path, detail: "its folder \(folder) is read-only (\(describe(errno))), and each save writes a journal beside the ledger")
        }
    }

    static func identity(of descriptor: Int32, path: String) throws(Ledger.Failure) -> FileIdentity {
        var info = stat()
        guard fstat(descriptor, &info) == 0, kind(info) == S_IFREG else {
            throw .notALedger(path: path, reason: "it is not a regular file")
        }
        return FileIdentity(info)
    }

    /// Why `path` no longer names the file opened as `expected`, or nil when it still does.
    static func problem(_ path: String, expected: FileIdentity) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT ? "the file was deleted or moved since storefront opened it"
                : "the file can no longer be found (\(describe(errno)))"
        }
        return FileIdentity(info) == expected ? nil : "the file was replaced by another since storefront opened it"
    }

    static func parent(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    private static func kind(_ info: stat) -> mode_t { info.st_mode & mode_t(S_IFMT) }

    static func describe(_ error: Int32) -> String { String(cString: strerror(error)) }
}
