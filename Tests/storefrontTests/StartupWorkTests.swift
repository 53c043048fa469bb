import ArgumentParser
@testable import storefront
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
}
