import CatalogFormats
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TextSafety

/// A file the person named (`export --storekit`, `export --jws`, `script --junit`, `script --cast`),
/// written one way (issue 53, item 1):
/// - a symbolic link is followed, and one pointing nowhere is refused in words;
/// - a device, FIFO, socket or folder is never opened or replaced (opening a FIFO would wait for a reader);
/// - the content goes whole into a new file beside the destination, which is then renamed over it, so a
///   full disk, a file-size limit or any other error leaves the old file (or none) and no partial one;
/// - every failure is one plain sentence naming the option and the path, and the command exits 2.
enum OutputFile {
    /// Where `path` leads: itself, or the file its symbolic link names.
    static func destination(_ path: String, option: String) throws -> String {
        func refuse(_ what: String) -> StartupError {
            StartupError(message: "cannot write \(UntrustedText.path(path)) (\(option)): it is \(what); storefront writes only to a regular file or a new path")
        }
        var target = path
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                let named = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                throw refuse("a symbolic link to \(UntrustedText.path(named)), which does not exist")
            }
            target = String(cString: resolved)
            free(resolved)
        }
        if let kind = FileKind.notRegular(target) { throw refuse(kind) }
        return target
    }

    /// Writes `data` to `path` whole, or leaves it as it was.
    static func write(_ data: Data, to path: String, option: String) throws {
        let target = try destination(path, option: option)
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let draft = (folder.isEmpty ? "." : folder) + "/." + name + ".new-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        func fail(_ error: Int32) -> StartupError {
            StartupError(message: "cannot write \(UntrustedText.path(path)) (\(option)): \(reason(error, folder: folder.isEmpty ? "." : folder))")
        }
        let descriptor = open(draft, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw fail(errno) }
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, failure == 0 {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written >= 0 { offset += written } else if errno != EINTR { failure = errno }
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(draft, target) != 0 { failure = errno }
        if failure != 0 {
            unlink(draft)
            throw fail(failure)
        }
    }

    /// A folder the person named for the files a command writes: made when missing; a file there is refused.
    static func folder(_ path: String, option: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw StartupError(message: "cannot write into \(UntrustedText.path(path)) (\(option)): it is \(FileKind.notRegular(path) ?? "a file"), not a folder")
            }
            return
        }
        // Made with the folders above it, as `mkdir -p` makes them.
        func make(_ folder: String) -> (Int32, String)? {
            if mkdir(folder, 0o755) == 0 || errno == EEXIST { return nil }
            let parent = (folder as NSString).deletingLastPathComponent
            guard errno == ENOENT, !parent.isEmpty, parent != folder else { return (errno, parent.isEmpty ? "." : parent) }
            if let failed = make(parent) { return failed }
            return mkdir(folder, 0o755) == 0 || errno == EEXIST ? nil : (errno, parent)
        }
        if let (error, parent) = make(path) {
            throw StartupError(message: "cannot make the folder \(UntrustedText.path(path)) (\(option)): \(reason(error, folder: parent))")
        }
    }

    /// A write error in plain words.
    static func reason(_ error: Int32, folder: String) -> String {
        switch error {
        case ENOSPC, EDQUOT: "the disk is full"
        case EFBIG: "the file would pass the file-size limit (ulimit -f)"
        case EROFS: "\(UntrustedText.path(folder)) is on a read-only file system"
        case EACCES, EPERM: "no permission to write in \(UntrustedText.path(folder))"
        case ENOENT: "the folder \(UntrustedText.path(folder)) does not exist"
        case ENOTDIR: "\(UntrustedText.path(folder)) is not a folder"
        default: String(cString: strerror(error))
        }
    }
}
