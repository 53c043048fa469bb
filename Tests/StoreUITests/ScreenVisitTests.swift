import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// The registry the gallery draws from (Core/ScreenVisits.swift): every screen kind has a way to be
/// reached, and every way arrives on its kind on the sample catalog.
struct ScreenVisitTests {
    static func start(_ locale: String) -> (PaymentGate, Size) -> AppState {
        { gate, size in Sample.app(size, locale: locale, gate: gate) }
    }

    @Test("every screen kind has a visit, and every visit arrives on its kind on the sample catalog, in English and Japanese, at 80x24, 50x16 and 40x12")
    func everyKindReachable() {
        for kind in ScreenKind.allCases {
            #expect(!kind.visits.isEmpty, "\(kind) has no way to be reached: say how in ScreenVisits.swift")
        }
        for locale in ["en_US", "ja_JP"] {
            for size in [Size(columns: 80, rows: 24), Size(columns: 50, rows: 16), Size(columns: 40, rows: 12)] {
                for visit in ScreenVisit.all {
                    let app = visit.run(Self.start(locale), size: size)
                    #expect(app?.activeKind == visit.kind, "\(visit.name) in \(locale) at \(size) does not arrive on \(visit.kind)")
                }
            }
        }
    }

    @Test("the gated store is drawn once per canMakePayments reason, and the redemption sheet once per refusal")
    func variants() {
        let store = ScreenKind.store.visits
        #expect(Set(store.map(\.gate)) == Set(PaymentGate.allCases))
        for visit in ScreenKind.redeem.visits where ![nil, "offer", "redeemed"].contains(visit.variant) {
            let app = visit.run(Self.start("en_US"), size: Size(columns: 80, rows: 24))
            guard case .redeem(let sheet)? = app?.overlay else { Issue.record("\(visit.name): no sheet"); continue }
            #expect(sheet.error != nil, "\(visit.name) is refused")
        }
        let refusals = ScreenKind.redeem.visits.compactMap { visit -> String? in
            guard case .redeem(let sheet)? = visit.run(Self.start("en_US"), size: Size(columns: 80, rows: 24))?.overlay else { return nil }
            return sheet.error.map { "\($0)" }
        }
        #expect(Set(refusals).count == refusals.count, "each refusal visit shows a different refusal: \(refusals)")
    }

    @Test("visit names are unique, so every drawing has a file of its own")
    func uniqueNames() {
        let names = ScreenVisit.all.map(\.name)
        #expect(Set(names).count == names.count)
    }
}
