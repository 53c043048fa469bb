import Foundation
import Testing
import TestSupport

/// The test suite leaves nothing running (issue 60): each helper that starts a process stops it when
/// its test ends — explicitly, not in a `deinit` that may never run — and whatever a crashed test left
/// registered is killed when the test process exits (`ChildProcesses`). `.ci/run` also looks, after
/// `swift test`, for any process or folder a run left.
@Suite("Child processes")
struct ChildProcessTests {
    @Test("an https receiver, a tmux session, a serve server and the binary under test are stopped when their test ends")
    func helpersStopWhatTheyStart() throws {
        var started: [pid_t] = []
        do {
            let receiver = try ServerNotificationDeliveryTests.TLSReceiver()
            defer { receiver.stop() }
            started.append(receiver.process.processIdentifier)
            let session = try TmuxSession()
            defer { session.close() }
            started.append(session.serverPID)
            let server = try ServeProcess(["--demo"])
            defer { server.stop() }
            started.append(server.pid)
            #expect(started.allSatisfy { $0 > 0 && ChildProcesses.isAlive($0) }, "running while the test runs")
            #expect(Set(ChildProcesses.running).isSuperset(of: started), "and registered")
        }
        for pid in started {
            #expect(!ChildProcesses.isAlive(pid), "\(pid) still runs after its test")
            #expect(!ChildProcesses.running.contains(pid))
        }
    }
}
