import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What kind of file a path names, asked with `stat` before anything opens it: reading a FIFO would
/// wait for a writer forever, and reading a device like /dev/zero never ends.
public enum FileKind {
    /// Why `path` is not a regular file ("a folder", "a FIFO (named pipe)", …), or nil when it is one
    /// or does not exist (opening it then says what is wrong).
    public static func notRegular(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & mode_t(S_IFMT) {
        case mode_t(S_IFREG): return nil
        case mode_t(S_IFDIR): return "a folder"
        case mode_t(S_IFIFO): return "a FIFO (named pipe)"
        case mode_t(S_IFCHR), mode_t(S_IFBLK): return "a device"
        case mode_t(S_IFSOCK): return "a socket"
        default: return "a special file"
        }
    }
}
