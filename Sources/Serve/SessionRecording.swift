import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `serve --record DIR`: where each session's recording goes. The session's program records itself
/// (`storefront --recording FILE`: its own frames, rows whole); the server only names the file.
public enum SessionRecording {
    /// A new file in the folder, named by the time and a number (never by anything a guest sent), and
    /// created at once with O_EXCL, mode 0600, so two sessions starting together never share or
    /// overwrite one, and no earlier recording is ever replaced.
    public static func reserve(in folder: String, now: Date = Date()) throws -> String {
        var style = Date.ISO8601FormatStyle(dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted)
        style.timeZone = TimeZone(identifier: "UTC")!
        let stamp = now.formatted(style)
        for number in 1...100_000 {
            let path = (folder as NSString).appendingPathComponent("session-\(stamp)-\(number).cast")
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                close(descriptor)
                return path
            }
            guard errno == EEXIST else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        throw POSIXError(.EEXIST)
    }
}
