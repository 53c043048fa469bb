import Foundation

/// Money as people read it: formatted by Foundation for the viewer's locale in the territory's
/// currency. Never by hand.
public struct PriceFormatter: Sendable {
    public var locale: Locale

    public init(locale: Locale) { self.locale = locale }

    public func string(_ amount: Decimal, currency: String) -> String {
        // Half away from zero, as people round money: $24.99 over 6 months is $4.17 a month, not the
        // $4.16 of the formatter's default banker's rounding.
        amount.formatted(.currency(code: currency).locale(locale).rounded(rule: .toNearestOrAwayFromZero))
    }

    public func string(_ amount: Decimal, in territory: Territory) -> String {
        string(amount, currency: territory.currency)
    }

    /// A saving as a whole percentage ("50%", "50 %" in German).
    public func percent(_ fraction: Decimal) -> String {
        fraction.formatted(.percent.precision(.fractionLength(0)).locale(locale))
    }
}

extension Catalog {
    /// What a longer subscription costs per month, for the subordinate breakdown beside its billed
    /// price (HIG "Making signup effortless"). Nil for monthly or shorter periods, or where not sold.
    public func perMonthPrice(of product: Product, in territory: Territory) -> Decimal? {
        guard let period = product.subscription?.period,
              let months = period.months, months > 1, let price = product.price(in: territory) else { return nil }
        return price / Decimal(months)
    }

    /// How much a longer subscription saves against the monthly option of the same group and level,
    /// as a fraction (0.5 for half). Nil where there is no monthly option to compare with or no saving.
    public func savingsAgainstMonthly(of product: Product, in territory: Territory) -> Decimal? {
        guard let info = product.subscription, let perMonth = perMonthPrice(of: product, in: territory),
              let monthly = products(inGroup: info.groupID).first(where: {
                  $0.subscription!.level == info.level && $0.subscription!.period == .oneMonth
              }),
              let monthlyPrice = monthly.price(in: territory), monthlyPrice > 0 else { return nil }
        let saving = 1 - perMonth / monthlyPrice
        return saving > 0 ? saving : nil
    }
}
