import Foundation
import StoreUI

/// A recording of an interactive session, written as it happens (`storefront --recording FILE`, and each
/// guest's session under `storefront serve --record DIR`): every frame the terminal is given is
/// appended at once, in real time, so a session that ends by a signal or a dropped connection keeps
/// everything it showed. The frames are `CastRecorder`'s: changed rows, each whole.
public final class CastFile {
    private let handle: FileHandle
    private let title: String
    private let theme: Theme
    private var recorder: CastRecorder?
    private let start = ContinuousClock.now

    /// Opens (creates, or empties) the file; the header is written with the first frame, at its size.
    public init(path: String, title: String, theme: Theme) throws {
        // Mode 0600: a guest's session is theirs (serve --record made the file so already).
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        self.title = title
        self.theme = theme
    }

    /// The screen as the terminal was just given it.
    public func record(_ grid: Grid) {
        if recorder == nil { recorder = CastRecorder(size: grid.size, title: title, theme: theme) }
        let elapsed = ContinuousClock.now - start
        recorder!.move(to: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        recorder!.frame(grid)
        // A full disk loses the recording, never the session.
        try? handle.write(contentsOf: Data(recorder!.drain().utf8))
    }
}
