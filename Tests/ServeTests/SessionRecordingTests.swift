import Foundation
import Testing
@testable import Serve

/// `serve --record`: the names recordings get.
struct SessionRecordingTests {
    @Test("sessions starting in the same second get files of their own, numbered; an existing recording is never reused or overwritten")
    func neverOverwrites() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recordings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date(timeIntervalSince1970: 1_795_251_600)
        let first = try SessionRecording.reserve(in: folder.path, now: now)
        try Data("kept".utf8).write(to: URL(fileURLWithPath: first))
        let second = try SessionRecording.reserve(in: folder.path, now: now)
        #expect(first.hasSuffix("/session-20261121T090000Z-1.cast"))
        #expect(second.hasSuffix("/session-20261121T090000Z-2.cast"))
        #expect(try String(contentsOfFile: first, encoding: .utf8) == "kept")
        let mode = try FileManager.default.attributesOfItem(atPath: second)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
