import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Every command's standard output and standard error go through here. A reader that went away (a
/// closed pipe: `storefront ledger | head -1`) ends the program quietly, as standard tools end: of
/// SIGPIPE. Any other write error (a full disk, /dev/full, an I/O error) is one line on standard error
/// and exit 2: never a crash, and never a success with the output lost (issue 53, item 4). Neither
/// `print` (which buffers and drops errors) nor `FileHandle.write` (which crashes on them) is used for
/// these streams.
enum StandardStreams {
    static func out(_ text: String) { write(Array(text.utf8), to: STDOUT_FILENO) }
    static func err(_ text: String) { write(Array(text.utf8), to: STDERR_FILENO) }

    static func write(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written >= 0 {
                offset += written
            } else if errno != EINTR {
                failed(errno, descriptor)
            }
        }
    }

    private static func failed(_ error: Int32, _ descriptor: Int32) -> Never {
        if error == EPIPE {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
            exit(128 + SIGPIPE)
        }
        if descriptor != STDERR_FILENO {
            let line = Array("storefront: cannot write to standard output: \(String(cString: strerror(error)))\n".utf8)
            _ = line.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress!, $0.count) }
        }
        exit(2)
    }
}
