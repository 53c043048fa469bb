import Foundation
import StoreUI

/// A recording of an interactive session, written as it happens (`storefront --recording FILE`, and each
/// guest's session under `storefront serve --record DIR`): every frame the terminal is given is
/// appended at once, in real time, so a session that ends by a signal or a dropped connection keeps
/// everything it showed. The frames are `CastRecorder`'s: changed rows, each whole.
public final class CastFile {
    private let descriptor: Int32
    /// Bytes written whole: the file ends after an event here.
    private var written: off_t = 0
    /// Why the recording stopped (a full disk, a file-size limit), once a write failed: the file was cut
    /// back to its last whole event, so it plays up to there, and nothing more is recorded.
    public private(set) var failure: Int32?
    private let title: String
    private let theme: Theme
    private var recorder: CastRecorder?
    private let start = ContinuousClock.now

    /// Opens (creates, or empties) the file; the header is written with the first frame, at its size.
    public init(path: String, title: String, theme: Theme) throws {
        // Mode 0600: a guest's session is theirs (serve --record made the file so already).
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        self.title = title
        self.theme = theme
    }

    deinit { close(descriptor) }

    /// The screen as the terminal was just given it.
    public func record(_ grid: Grid) {
        guard failure == nil else { return }
        if recorder == nil { recorder = CastRecorder(size: grid.size, title: title, theme: theme) }
        let elapsed = ContinuousClock.now - start
        recorder!.move(to: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        recorder!.frame(grid)
        // A full disk loses the rest of the recording, never the session: what was written whole stays,
        // a half-written event is cut off (issue 53, item 3).
        let bytes = Array(recorder!.drain().utf8)
        var offset = 0
        while offset < bytes.count, failure == nil {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count >= 0 { offset += count } else if errno != EINTR { failure = errno }
        }
        if failure != nil {
            _ = ftruncate(descriptor, written)
        } else {
            written += off_t(bytes.count)
        }
    }
}
