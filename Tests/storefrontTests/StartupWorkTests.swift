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

/// Package.swift's `metadataByAccessor`: a module built without it asks the runtime for a concrete
/// generic type's metadata by its mangled name (`__swift_instantiateConcreteTypeFromMangledName`),
/// and the runtime then checks the type's requirements by searching every conformance record of the
/// static binary, once per type (`[Role: Style]` needs `Role: Hashable`): 7 M of the sample's first
/// frame's 52.7 M instructions before it was set. Counted in the object files this test was built
/// from, so a new module without the setting fails here.
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
    static let builtFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    static let byName = Data("__swift_instantiateConcreteTypeFromMangledName".utf8)

    static func objects(of module: String) throws -> [URL] {
        let folder = builtFolder.appendingPathComponent("\(module).build")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "o" }
    }

    static func asksByName(_ object: URL) throws -> Bool {
        try Data(contentsOf: object).range(of: byName) != nil
    }

    @Test("no module of ours asks the runtime to decode a type's name for its metadata (each ask searched every conformance record of the binary)")
    func ourModulesUseAccessors() throws {
        // The control: ArgumentParser is built without the setting and asks, so the search finds the name where it is.
        #expect(try Self.objects(of: "ArgumentParser").contains { try Self.asksByName($0) })
        let modules = try Self.modules()
        #expect(modules.count >= 14 && modules.contains("StoreUI") && modules.contains("storefront"), "\(modules)")
        for module in modules {
            let objects = try Self.objects(of: module)
            #expect(!objects.isEmpty, "no object files for \(module) in \(Self.builtFolder.path)")
            for object in objects {
                #expect(try !Self.asksByName(object), "\(module): \(object.lastPathComponent)")
            }
        }
    }
}

/// Package.swift's `noExportedSymbols`: the static runtime links executables with `-export-dynamic`,
/// which exported all 41,888 public symbols of our package's modules, and the runtime's backtracer
/// walks that table with `dladdr` at every start (1.5 M instructions before the sample's first frame).
@Suite("Start-up work: exported symbols")
struct ExportedSymbolsTests {
    /// The symbols an ELF file defines in its dynamic symbol table (`readelf --dyn-syms`, less the
    /// undefined ones it imports from libc and the rest).
    static func definedDynamicSymbols(_ url: URL) throws -> Int {
        let file = try Data(contentsOf: url, options: .alwaysMapped)
        func read<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
            file.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
        }
        #expect(file.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]) && file[4] == 2, "\(url.path) is not a 64-bit ELF file")
        let sections = Int(read(0x28, UInt64.self)), size = Int(read(0x3A, UInt16.self)), count = Int(read(0x3C, UInt16.self))
        for index in 0..<count {
            let header = sections + index * size
            guard read(header + 4, UInt32.self) == 11 else { continue }  // SHT_DYNSYM
            let start = Int(read(header + 0x18, UInt64.self)), bytes = Int(read(header + 0x20, UInt64.self))
            let entry = Int(read(header + 0x38, UInt64.self))
            // Entry 0 is the null symbol; st_shndx (2 bytes at 6) is 0 for a symbol the file only imports.
            return (1..<(bytes / entry)).count { read(start + $0 * entry + 6, UInt16.self) != 0 }
        }
        return 0
    }

    @Test("the storefront binary exports none of its modules' symbols, so the runtime's start-up dladdr has next to nothing to walk")
    func noExportedSymbols() throws {
        let defined = try Self.definedDynamicSymbols(Storefront.binary)
        #expect(defined <= 16, "\(Storefront.binary.path) exports \(defined) symbols")
        // The control: a shared library exports what it defines, and the count sees it.
        let ncurses = ["/usr/lib/x86_64-linux-gnu/libncursesw.so.6", "/usr/lib/aarch64-linux-gnu/libncursesw.so.6"]
            .first { FileManager.default.fileExists(atPath: $0) }
        if let ncurses { #expect(try Self.definedDynamicSymbols(URL(fileURLWithPath: ncurses)) > 100) }
    }
}
