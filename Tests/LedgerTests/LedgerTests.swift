import Testing
@testable import Ledger
