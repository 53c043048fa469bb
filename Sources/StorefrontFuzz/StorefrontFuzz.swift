import Foundation
import FuzzTargets
#if canImport(Glibc)
import Glibc
#endif

/// `storefront-fuzz`: the fuzz targets of `Sources/FuzzTargets`.
///
/// Built by `.ci/fuzz` with `-sanitize=fuzzer,address -DFUZZING`, `storefront-fuzz TARGET [libFuzzer
/// options] [CORPUS…]` runs libFuzzer on one target; a broken promise stops it as a crash, and libFuzzer
/// keeps the input. Built as usual (`swift run storefront-fuzz`), it replays files instead:
/// `storefront-fuzz TARGET FILE…` says for each file whether every promise held (exit 1 if not).
/// `--list` names the targets; `--seeds TARGET` and `--dictionary TARGET` print their seed paths and
/// dictionary for `.ci/fuzz`.
@main
struct StorefrontFuzz {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2 else { usage() }
        switch arguments[1] {
        case "--list":
            for target in FuzzTarget.all { print(target.name) }
            exit(0)
        case "--seeds", "--dictionary":
            guard arguments.count == 3, let target = FuzzTarget.named(arguments[2]) else { usage() }
            let lines = arguments[1] == "--seeds" ? target.seeds : target.dictionary.map { [$0] } ?? []
            for line in lines { print(line) }
            exit(0)
        default:
            guard let target = FuzzTarget.named(arguments[1]) else { usage() }
            #if FUZZING
            fuzz(target)
            #else
            replay(target, files: Array(arguments.dropFirst(2)))
            #endif
        }
    }

    static func usage() -> Never {
        FileHandle.standardError.write(Data("""
            usage: storefront-fuzz TARGET FILE…   (replay; under .ci/fuzz: TARGET [libFuzzer options] [CORPUS…])
                   storefront-fuzz --list | --seeds TARGET | --dictionary TARGET
            targets: \(FuzzTarget.all.map(\.name).joined(separator: ", "))

            """.utf8))
        exit(2)
    }

    static func replay(_ target: FuzzTarget, files: [String]) -> Never {
        var broken = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                print("\(file): cannot read")
                broken += 1
                continue
            }
            if let finding = target.run(data) {
                print("\(file): \(finding)")
                broken += 1
            } else {
                print("\(file): every promise held")
            }
        }
        exit(broken == 0 ? 0 : 1)
    }
}

#if FUZZING
/// The target libFuzzer's callback runs (a C function cannot capture it).
nonisolated(unsafe) var selected: FuzzTarget?

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let target = selected else { return 0 }
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    if let finding = target.run(data) { fatalError("\(target.name): \(finding)") }
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
               _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

extension StorefrontFuzz {
    /// Runs libFuzzer's driver with the target's name taken out of the arguments.
    static func fuzz(_ target: FuzzTarget) -> Never {
        selected = target
        let rest = [CommandLine.arguments[0]] + CommandLine.arguments.dropFirst(2)
        var pointers = rest.map { strdup($0) } + [nil]
        var argc = CInt(rest.count)
        let status = pointers.withUnsafeMutableBufferPointer { buffer in
            var argv = buffer.baseAddress!
            return runDriver(&argc, &argv, testOneInput)
        }
        exit(status)
    }
}
#endif
