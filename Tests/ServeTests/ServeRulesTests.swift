import Foundation
import Testing
@testable import Serve

/// The rules of `storefront serve` that need no network: what a guest may set, ask for and be let in with.
@Suite("serve rules")
struct ServeRulesTests {
    @Test("env requests: LANG and LC_* with a plain locale value are accepted; everything else is refused")
    func environmentRequests() {
        #expect(SessionEnvironment.accepts(name: "LANG", value: "ja_JP.UTF-8"))
        #expect(SessionEnvironment.accepts(name: "LC_MESSAGES", value: "de_DE.UTF-8"))
        #expect(SessionEnvironment.accepts(name: "LC_ALL", value: "de_DE@euro"))
        for (name, value) in [("LD_PRELOAD", "/tmp/x.so"), ("PATH", "/tmp"), ("TERM", "xterm"), ("LC_", "C.UTF-8"), ("lc_all", "C.UTF-8"),
                              ("LANG", ""), ("LANG", "ja_JP.UTF-8\u{1B}]0;x"), ("LANG", "$(id)"), ("LANG", String(repeating: "a", count: 65))] {
            #expect(!SessionEnvironment.accepts(name: name, value: value), "\(name)=\(value)")
        }
    }

    @Test("the program's environment is TERM, the accepted locale variables, PATH, and a UTF-8 default when none decides the charset")
    func programEnvironment() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("terminfo-\(UUID())")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("k"), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: folder.appendingPathComponent("k/known-term").path, contents: Data())
        defer { try? FileManager.default.removeItem(at: folder) }
        let terminfo = Terminfo(folders: [folder.path])
        let known = SessionEnvironment(term: "known-term", locales: ["LC_MESSAGES": "ja_JP.UTF-8", "SECRET": "x"], terminfo: terminfo,
                                       defaultLocale: "C.UTF-8")
        #expect(known.variables == ["TERM": "known-term", "LC_MESSAGES": "ja_JP.UTF-8", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
        let unknown = SessionEnvironment(term: "../../etc/passwd", locales: ["LANG": "de_DE.UTF-8"], terminfo: terminfo, defaultLocale: "C.UTF-8")
        #expect(unknown.variables == ["TERM": "xterm-256color", "LANG": "de_DE.UTF-8", "PATH": "/usr/bin:/bin"])
    }

    @Test("exec commands: a screen name (with its value) is opened; anything else is refused, quoted on one line")
    func screenRequests() {
        #expect(ScreenRequest(command: "store") == .screen("store"))
        #expect(ScreenRequest(command: "Signup=trailhead_plus") == .screen("Signup=trailhead_plus"))
        #expect(ScreenRequest(command: " redeem=SPRING2026 ") == .screen("redeem=SPRING2026"))
        for command in ["ls", "store; id", "store extra", "sh -c store", "signup=$(id)", "", "../storefront", "store\n"] {
            guard case .refused(let message) = ScreenRequest(command: command) else {
                Issue.record("\(command) was accepted")
                continue
            }
            #expect(!message.contains("\n") && message.contains("is not something this server runs"))
        }
    }

    @Test("authorized_keys: Ed25519 and ECDSA lines are used; RSA, options and damaged lines are named with their line number")
    func authorizedKeys() {
        let text = """
            # guests
            ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHWmYd3p0cLXbDP6bLwM4KJ5cOdbNXbNp2oS8Sd5uCnE ana@laptop

            ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 bob
            command="ls" ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHWmYd3p0cLXbDP6bLwM4KJ5cOdbNXbNp2oS8Sd5uCnE
            ssh-ed25519 not-base64
            """
        let keys = AuthorizedKeys(text: text, path: "keys")
        #expect(keys.keys.count == 1)
        #expect(keys.unusable.count == 3)
        #expect(keys.unusable[0].hasPrefix("keys:4: ssh-rsa keys are not supported"))
        #expect(keys.unusable[1].hasPrefix("keys:5: starts with options"))
        #expect(keys.unusable[2].hasPrefix("keys:6: the ssh-ed25519 key cannot be read"))
    }

    @Test("durations and listen addresses as the options take them")
    func optionValues() {
        #expect(ServeConfiguration.parseDuration("10m") == .some(.seconds(600)))
        #expect(ServeConfiguration.parseDuration("90s") == .some(.seconds(90)))
        #expect(ServeConfiguration.parseDuration("1.5h") == .some(.seconds(5400)))
        #expect(ServeConfiguration.parseDuration("250ms") == .some(.milliseconds(250)))
        #expect(ServeConfiguration.parseDuration("off") == .some(nil))
        #expect(ServeConfiguration.parseDuration("soon") == nil)
        #expect(ServeConfiguration.parseDuration("-5m") == nil)
        #expect(ServeConfiguration.parseListen("127.0.0.1:2222")! == ("127.0.0.1", 2222))
        #expect(ServeConfiguration.parseListen("[::1]:22")! == ("::1", 22))
        #expect(ServeConfiguration.parseListen(":2222")! == ("0.0.0.0", 2222))
        #expect(ServeConfiguration.parseListen("localhost") == nil)
        #expect(ServeConfiguration.parseListen("1.2.3.4:70000") == nil)
    }

    @Test("a host key written here reads back to the same key, and a damaged or encrypted one is refused with its path")
    func hostKeyFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostkey-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("key").path
        let made = try HostKey.loadOrCreate(at: path)
        let again = try HostKey.loadOrCreate(at: path)
        #expect(made.created && !again.created)
        #expect(made.fingerprint == again.fingerprint && made.fingerprint.hasPrefix("SHA256:"))
        #expect(throws: HostKey.Problem.self) { try HostKey.parse(Data("not a key".utf8), path: path) }
        var encrypted = SSHWire()
        encrypted.bytes = Array("openssh-key-v1".utf8) + [0]
        encrypted.string("aes256-ctr")
        encrypted.string("bcrypt")
        encrypted.string([UInt8](repeating: 1, count: 24))
        encrypted.uint32(1)
        let pem = "-----BEGIN OPENSSH PRIVATE KEY-----\n\(Data(encrypted.bytes).base64EncodedString())\n-----END OPENSSH PRIVATE KEY-----\n"
        let problem = #expect(throws: HostKey.Problem.self) { try HostKey.parse(Data(pem.utf8), path: path) }
        #expect(problem?.description.contains("\(path) is encrypted with a passphrase") == true, "\(String(describing: problem))")
    }
}
