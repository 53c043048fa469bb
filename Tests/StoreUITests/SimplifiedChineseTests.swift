import Foundation
import Testing
import StoreModel
@testable import StoreUI

/// Simplified Chinese is chosen by script, not by language alone: Traditional Chinese locales keep
/// English until a Traditional Chinese table exists.
@Suite("Simplified Chinese")
struct SimplifiedChineseTests {
    @Test("zh_CN, zh_SG, zh-Hans, zh-Hans-CN and plain zh get Simplified Chinese, in every feature",
          arguments: ["zh_CN", "zh_SG", "zh-Hans", "zh-Hans-CN", "zh", "zh_Hans_CN"])
    func simplified(identifier: String) {
        let strings = Strings.forLocale(Locale(identifier: identifier))
        #expect(strings.store == "商店")
        #expect(strings.signup.restorePurchases == "恢复购买")
        #expect(strings.help.requestRefund == "申请退款")
        #expect(strings.redeem.redeemCode == "兑换代码")
    }

    @Test("zh_TW, zh_HK and zh-Hant stay English until Traditional Chinese exists",
          arguments: ["zh_TW", "zh_HK", "zh-Hant", "zh_Hant_TW"])
    func traditionalStaysEnglish(identifier: String) {
        let strings = Strings.forLocale(Locale(identifier: identifier))
        #expect(strings.store == "Store")
        #expect(strings.help.requestRefund == "Request a Refund")
    }

    @Test("billing periods read as Chinese: /月 for one, /6 个月 for several, a number and its unit never parted by a line break",
          arguments: [
        ("P1M", "/月", "1\u{00A0}个月"), ("P6M", "/6\u{00A0}个月", "6\u{00A0}个月"), ("P1W", "/周", "1\u{00A0}周"),
        ("P1Y", "/年", "1\u{00A0}年"), ("P3D", "/3\u{00A0}天", "3\u{00A0}天"),
    ])
    func periods(period: String, perPeriod: String, duration: String) {
        let strings = Strings.forLocale(Locale(identifier: "zh_CN"))
        let value = SubscriptionPeriod(iso8601: period)!
        #expect(strings.perPeriod(value) == perPeriod)
        #expect(strings.duration(value) == duration)
    }
}
