import ArgumentParser
import Foundation
@testable import storefront
import StoreModel
import Testing

/// What start-up does before the first frame, counted (issue 33: the first frame against the Swift floor).
@Suite("Start-up work")
struct StartupWorkTests {
    /// ArgumentParser spells a command without a `commandName` from its type's name
    /// (`String(describing:)` of the type), which costs the runtime three failed protocol-conformance
    /// searches over every conformance record of the static binary on each start (4.8 M instructions
    /// of 60 M for the sample's first frame).
    @Test("every subcommand names itself, so start-up never spells a command's type name")
    func subcommandsAreNamed() {
        for command in storefront.Storefront.configuration.subcommands {
            #expect(command.configuration.commandName != nil, "\(command) has no commandName")
        }
    }

    /// ArgumentParser's defaults for a string enum spell each value through `"\(value)"` (runtime
    /// lookups at every start, 1.1 M instructions); ours spell the raw values, and the help, the error
    /// for a wrong value and the completion scripts list the same words.
    @Test("--payments lists its values as written, with no description apart from the value itself")
    func paymentValuesAreSpelledAsWritten() {
        #expect(PaymentGate.allValueStrings == ["allowed", "screen-time", "device-management", "external-only"])
        #expect(PaymentGate.allValueDescriptions.isEmpty)
        #expect(PaymentGate.allCases.allSatisfy { $0.defaultValueDescription == $0.rawValue })
    }
}

/// scripts/build-release's `-disable-concrete-type-metadata-mangled-name-accessors`: a module built without
/// it asks the runtime for a concrete generic type's metadata by its mangled name
/// (`__swift_instantiateConcreteTypeFromMangledName`), and the runtime then checks the type's requirements
/// by searching every conformance record of the static binary, once per type (`[Role: Style]` needs `Role:
/// Hashable`): 7 M of the sample's first frame's 52.7 M instructions before it was set. Counted in the
/// object files the binary under test was built from, when it is README's release build (`.ci/run`'s
/// second pass), so a release build made another way fails here.
@Suite("Start-up work: generic metadata")
struct GenericMetadataTests {
    /// Every folder of Sources/ with Swift in it is a module of ours.
    static func modules() throws -> [String] {
        let sources = Storefront.repository.appendingPathComponent("Sources")
        return try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted().filter { folder in
            FileManager.default.enumerator(atPath: sources.appendingPathComponent(folder).path)?
                .contains { ($0 as? String)?.hasSuffix(".swift") == true } == true
        }
    }
    /// The debug build these tests run from (built without the flag), and the build of the binary under test.
    static let testsFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    static let binaryFolder = Storefront.binary.deletingLastPathComponent()
    static let byName = Data("__swift_instantiateConcreteTypeFromMangledName".utf8)

    static func objects(of module: String, in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder.appendingPathComponent("\(module).build"), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "o" }
    }

    static func asksByName(_ object: URL) throws -> Bool {
        try Data(contentsOf: object).range(of: byName) != nil
    }

    @Test("no module of README's release build asks the runtime for a concrete generic type's metadata by its mangled name (each ask searched every conformance record of the binary)",
          .enabled(if: ExportedSymbolsTests.runtimeLinkedIn, "the binary under test is the debug build; the release pass checks README's build"))
    func releaseModulesUseAccessors() throws {
        // The control: the debug build is made without the flag and asks, so the search finds the name where it is.
        #expect(try Self.objects(of: "StoreUI", in: Self.testsFolder).contains { try Self.asksByName($0) })
        let modules = try Self.modules()
        #expect(modules.count >= 14 && modules.contains("StoreUI") && modules.contains("storefront"), "\(modules)")
        for module in modules {
            let objects = (try? Self.objects(of: module, in: Self.binaryFolder)) ?? []
            // Only the modules the storefront product links are built for it.
            guard !objects.isEmpty else { continue }
            for object in objects {
                #expect(try !Self.asksByName(object), "\(module): \(object.lastPathComponent) in \(Self.binaryFolder.path)")
            }
        }
        #expect(try !Self.objects(of: "storefront", in: Self.binaryFolder).isEmpty)
    }
}

/// scripts/build-release's `-Xlinker --no-export-dynamic`: the static runtime links executables with `-export-dynamic`,
/// which exported all 41,888 public symbols of the modules built from source (ours and our dependencies'),
/// and the runtime's backtracer walks that table with `dladdr` at every start (1.5 M instructions before
/// the sample's first frame). Only a binary with the Swift runtime linked in gets that flag: README's
/// release build, which `.ci/run`'s second pass (`STOREFRONT_TEST_BINARY`) tests; the debug build `swift
/// test` makes links the runtime as a shared library and never exported these.
@Suite("Start-up work: exported symbols")
struct ExportedSymbolsTests {
    struct ELF {
        let file: Data
        struct NotELF: Error { var path: String }
        init(_ url: URL) throws {
            file = try Data(contentsOf: url, options: .alwaysMapped)
            guard file.count > 64, file.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]), file[4] == 2 else { throw NotELF(path: url.path) }
        }
        /// A little-endian field; 0 past the end of the file, so a damaged file reads as having nothing.
        func read<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
            guard offset >= 0, offset <= file.count - MemoryLayout<T>.size else { return 0 }
            return file.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
        }
        /// Each section header: (type, file offset, size, linked section, entry size).
        var sections: [(type: UInt32, offset: Int, size: Int, link: Int, entry: Int)] {
            let start = Int(read(0x28, UInt64.self)), size = Int(read(0x3A, UInt16.self)), count = Int(read(0x3C, UInt16.self))
            return (0..<count).map { index in
                let header = start + index * size
                return (read(header + 4, UInt32.self), Int(read(header + 0x18, UInt64.self)), Int(read(header + 0x20, UInt64.self)),
                        Int(read(header + 0x28, UInt32.self)), Int(read(header + 0x38, UInt64.self)))
            }
        }
        /// The symbols the file defines in its dynamic symbol table (`readelf --dyn-syms`, less those it
        /// imports): entry 0 is the null symbol, and st_shndx (2 bytes at 6) is 0 for an import.
        var definedDynamicSymbols: Int {
            guard let table = sections.first(where: { $0.type == 11 }), table.entry > 0, table.size >= table.entry else { return 0 }  // SHT_DYNSYM
            return (1..<(table.size / table.entry)).count { read(table.offset + $0 * table.entry + 6, UInt16.self) != 0 }
        }
        /// The shared libraries it needs (DT_NEEDED entries of the dynamic section, names in its string table).
        var neededLibraries: [String] {
            let all = sections
            guard let dynamic = all.first(where: { $0.type == 6 }), all.indices.contains(dynamic.link) else { return [] }  // SHT_DYNAMIC
            let strings = all[dynamic.link].offset
            return stride(from: dynamic.offset, to: min(dynamic.offset + dynamic.size, file.count), by: 16).compactMap { entry in
                guard read(entry, Int64.self) == 1 else { return nil }  // DT_NEEDED
                let start = strings + Int(read(entry + 8, UInt64.self))
                guard start >= 0, start < file.count else { return nil }
                let name = file[start...].prefix { $0 != 0 }
                return String(decoding: name, as: UTF8.self)
            }
        }
    }

    static var runtimeLinkedIn: Bool {
        (try? !ELF(Storefront.binary).neededLibraries.contains { $0.hasPrefix("libswiftCore") }) ?? false
    }

    @Test("the storefront binary exports none of the symbols of the modules it was built from, so the runtime's start-up dladdr has next to nothing to walk",
          .enabled(if: runtimeLinkedIn, "the binary under test links the Swift runtime as a shared library (the debug build); the release pass checks README's build"))
    func noExportedSymbols() throws {
        let binary = try ELF(Storefront.binary)
        #expect(binary.neededLibraries.contains { $0.hasPrefix("libc.so") }, "\(binary.neededLibraries)")
        #expect(binary.definedDynamicSymbols <= 16, "\(Storefront.binary.path) exports \(binary.definedDynamicSymbols) symbols")
    }

    @Test("the ELF reading the export check relies on finds what a shared library exports and what it needs")
    func elfReadingWorks() throws {
        let ncurses = try #require(["/usr/lib/x86_64-linux-gnu/libncursesw.so.6", "/usr/lib/aarch64-linux-gnu/libncursesw.so.6"]
            .first { FileManager.default.fileExists(atPath: $0) })
        let library = try ELF(URL(fileURLWithPath: ncurses))
        #expect(library.definedDynamicSymbols > 100)
        #expect(library.neededLibraries.contains { $0.hasPrefix("libtinfo") } && library.neededLibraries.contains { $0.hasPrefix("libc.so") },
                "\(library.neededLibraries)")
    }
}
