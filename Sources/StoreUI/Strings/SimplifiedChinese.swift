import StoreModel

extension Strings {
    /// Simplified Chinese (zh-Hans: zh_CN, zh_SG, zh-Hans and plain zh; zh_TW and zh_HK stay English until
    /// Traditional Chinese exists): the English table with every customer-facing text translated, in the
    /// words of Apple's own Simplified Chinese App Store and Settings (订阅, 免费试用, 家人共享, 购买前询问,
    /// 恢复购买, 申请退款, 兑换代码, Apple 账户). Apple's style: "你", full-width punctuation, a space
    /// between Han characters and Latin letters or digits. Each Han character takes two terminal columns,
    /// so labels stay about half the English letter count. Dates come from Foundation as "2026年11月28日":
    /// no space after one where Han text follows.
    public static let simplifiedChinese: Strings = {
        var s = Strings()   // English; every line below replaces one string

        // Shell
        s.store = "商店"
        s.signedInAs = { "已登录：\($0)" }
        s.notSubscribed = "未订阅"
        s.purchasesBlocked = "无法购买"
        s.tooSmall = { now, minimum in
            "终端窗口太小：\(now.columns)×\(now.rows)。storefront 至少需要 \(minimum.columns)×\(minimum.rows)。请放大窗口，或按 q 退出。"
        }
        s.keysOf = { "按键 — \($0)" }
        s.closeHelp = "按 Esc 或 ? 关闭"

        // Store sections, by product type
        s.sectionTitle = {
            switch $0 {
            case .consumable: "消耗型项目"
            case .nonConsumable: "永久解锁"
            case .autoRenewable: "订阅"
            case .nonRenewing: "通行证"
            }
        }
        s.sectionNote = {
            switch $0 {
            case .consumable: "可多次购买"
            case .nonConsumable: "一次购买，永久拥有"
            case .autoRenewable: "自动续订，直至取消"
            case .nonRenewing: "限期有效，不自动续订"
            }
        }
        s.typeDescription = {
            switch $0 {
            case .consumable:
                "消耗型项目：使用后即消耗，可随时再次购买。不会在你的其他设备上恢复。"
            case .nonConsumable:
                "非消耗型项目：购买一次即可永久拥有。会在你的所有设备上恢复。"
            case .autoRenewable:
                "自动续期订阅：持续续订，直至你取消。会在你的所有设备上恢复。"
            case .nonRenewing:
                "非续期订阅：在固定期限内有效，不会自动续订。再次购买可延长期限。"
            }
        }

        // Product rows and detail
        s.owned = "✓ 已购买"
        s.subscribed = "✓ 已订阅"
        s.sharedByFamily = "✓ 家人共享"
        s.activeUntil = { "✓ 有效期至 \($0)" }
        s.familySharing = "家人共享"
        s.familySharingNote = "可通过家人共享与最多六位家庭成员共享。"
        s.each = { "单价 \($0)" }
        s.quantity = "数量"
        s.inPossession = { "持有数量：\($0)" }
        s.notSoldHere = "此地区未发售"
        s.renewsOn = { "\($0)续订" }
        s.expiresOn = { "\($0)到期" }
        s.extendsTo = { "再次购买可延长至 \($0)。" }
        s.subscribedElsewhere = { "你已订阅 \($0)。" }
        s.sharedWithYouBy = { "\($0) 通过家人共享与你共享。" }
        s.resubscribe = { "重新订阅 \($0)" }
        s.winBack = { "欢迎回来：\($0)" }
        s.buy = "购买"
        s.subscribe = "订阅"
        s.buyNamed = { "购买 \($0) — \($1)" }
        s.buyName = { "购买 \($0)" }
        s.resubscribeButton = "重新订阅"
        s.includedInPlan = "✓ 已包含在订阅中"
        s.includedInNamed = { "已包含在你的 \($0) 订阅中，无需购买。" }
        s.paymentProblemShort = "⚠ 付款问题"
        s.updatePaymentMethod = "请在 Apple 账户设置中更新你的付款方式。"
        s.paymentProblemUntil = { "⚠ 付款问题：可使用至 \($0)" }
        s.paymentProblem = "你的付款方式有问题。请在 Apple 账户设置中更新付款方式；App Store 会继续尝试续订，一旦成功，即可恢复访问。"
        s.paymentProblemGrace = {
            "你的付款方式有问题。请在 Apple 账户设置中更新付款方式以保留订阅；在 \($0)之前，你仍可继续访问。"
        }
        s.paymentProblemIn = { "\($0)：付款问题" }
        s.payingUntil = { offer, date, standard in "截至 \(date)为 \(offer)，之后为 \(standard)" }
        s.trialUntil = { date, standard in "免费试用至 \(date)，之后为 \(standard)" }

        // Billing terms: "US$9.99/月", "US$49.99/6 个月"; "免费试用 1 周，之后 US$39.99/年".
        // A no-break space keeps "1 个月" on one line (on screen it is a plain space).
        s.duration = { period in
            switch period.unit {
            case .day: "\(period.value)\u{00A0}天"
            case .week: "\(period.value)\u{00A0}周"
            case .month: "\(period.value)\u{00A0}个月"
            case .year: "\(period.value)\u{00A0}年"
            }
        }
        // "/月" for one period, "/6 个月" for several.
        s.perPeriod = { [duration = s.duration] period in
            guard period.value != 1 else {
                switch period.unit {
                case .day: return "/天"
                case .week: return "/周"
                case .month: return "/月"
                case .year: return "/年"
                }
            }
            return "/" + duration(period)
        }
        s.freeFor = { "免费试用 \($0)" }
        s.thenPrice = { "\($0)，之后 \($1)" }
        s.thenPriceFrom = { offer, price, date in "\(offer)，自 \(date)起 \(price)" }
        // Pay as you go: "前 3 个月 US$1.99/月"; pay up front: "前 3 个月共 US$2.99" (never "前 1 年" read wrong).
        s.forDuration = { price, duration in "前 \(duration) \(price)" }
        s.upFront = { price, duration in "前 \(duration)共 \(price)" }
        s.trialEnds = { date, price in
            "你的免费试用将于 \(date)结束。之后将自动按 \(price) 收费，直至你取消订阅。"
        }
        s.offerEnds = { date, price in
            "此优惠将于 \(date)结束。之后将自动按 \(price) 收费，直至你取消订阅。"
        }
        s.renewsAutomatically = "除非在当前周期结束前至少 24 小时取消，否则将自动续订。"
        s.perMonthBreakdown = { "\($0)/月" }
        s.save = { "节省 \($0)" }
        s.payMonthly = { "\($0) · 按月付款" }
        s.commitmentLength = { "\($0) 个月承诺期" }
        s.commitmentAfterOffer = { date, commitment, charge in
            "优惠于 \(date)结束后，\(commitment)开始：\(charge)。在此之前取消，承诺期将不会开始。"
        }
        s.commitmentTerms = { monthly, count, total in "\(monthly)，共 \(count) 个月，总计 \(total)" }
        s.commitmentCancel = { count in "可随时取消：取消后将在第 \(count) 期（共 \(count) 期）付款后结束，剩余付款仍会收取。" }
        s.commitmentRenews = { count in "\(count) 期付款后，除非你至少提前 24 小时取消，否则将开始新的 \(count) 个月承诺期。" }
        s.disclosureTitle = { "按月付款，承诺期 \($0) 个月" }
        s.disclosurePayments = { count, monthly, total in
            "你同意按月付款 \(count) 次，每次 \(monthly)，总计 \(total)。首次付款在订阅时收取，之后每月一次。"
        }
        s.disclosurePaymentsAfterOffer = { count, monthly, total, date in
            "你同意按月付款 \(count) 次，每次 \(monthly)，总计 \(total)。首次付款在优惠结束时（\(date)）收取，之后每月一次。"
        }
        s.disclosureCancel = { count in
            "你可以随时取消。取消后，订阅将在第 \(count) 期付款后不再续订；承诺期剩余的付款仍会收取，你可以使用到承诺期结束。"
        }
        s.disclosureAccount = "已付和剩余的付款可在“账户”中查看。"
        s.disclosureContinue = "继续"

        // The system confirmation sheet
        s.sheetTitle = "App Store"
        s.sheetAccount = "账户"
        s.sheetPrice = "价格"
        s.sheetTotal = "总计"
        s.confirm = "确认"
        s.cancel = "取消"
        s.planChangeNote = { change, date in
            switch change {
            case .upgrade: "升级：立即生效，并替换你当前的方案。你当前方案未使用的部分将按比例退款。"
            case .downgrade: "降级：将于 \(date)你当前的方案续订时生效。在此之前，你当前的方案保持不变。"
            case .crossgrade: "更改方案：将于 \(date)你当前的方案续订时生效。在此之前，你当前的方案保持不变。"
            }
        }
        s.crossgradeNow = "更改方案：立即生效，并替换你当前的方案。你当前方案未使用的部分将按比例退款。"

        // Results
        s.purchased = { "你已购买 \($0)。" }
        s.purchasedElsewhere = { "已在其他设备上购买：\($0)" }
        s.subscribedTo = { "你已订阅 \($0)。" }
        s.scheduled = { "\($0) 将于 \($1)开始。" }
        s.deferred = "等待批准"
        s.deferredNote = "此购买需要你的家庭成员批准（购买前询问）。批准后即会完成购买。"
        s.interruptedTitle = "需要操作"
        s.interruptedNote = "要完成此购买，请在 App Store 中检查你的账户（例如接受更新后的条款）。检查后即会完成购买。"
        s.failed = "购买失败"
        s.purchaseCancelled = "已取消购买。未收取任何费用。"
        s.ok = "好"
        s.failure = {
            switch $0 {
            case .userCancelled: "购买已取消。"
            case .networkError: "无法连接 App Store。请检查网络连接，然后重试。"
            case .notAvailableInStorefront: "此项目在你所在的国家或地区不可用。"
            case .paymentNotAllowed: "此设备不允许购买。"
            case .unknown: "发生未知错误。请稍后再试。"
            case .productNotFound: "此项目已停止销售。"
            case .alreadyOwned: "你已拥有此项目。"
            case .alreadySubscribed: "你已订阅此项目。"
            case .invalidQuantity: "请选择商店允许的数量。"
            case .ineligibleForOffer: "此优惠不适用于你的账户。"
            }
        }

        // Payment gate
        s.gateTitle = "无法购买"
        s.gateExplanation = {
            switch $0 {
            case .allowed: ""
            case .screenTime:
                "此设备已在“屏幕使用时间”中关闭 App 内购买项目。家长或监护人可以在“设置”›“屏幕使用时间”›“内容和隐私访问限制”中允许。"
            case .deviceManagement:
                "此设备由某个组织管理，其描述文件不允许 App 内购买项目。你的管理员可以告诉你更多信息。"
            case .externalPurchaseOnly:
                "在你所在的地区，此 App 通过开发者自己的网站销售，而不是通过 App 内购买项目。"
            }
        }
        s.gateKeepsWorking = "你已拥有的项目仍可正常使用，订阅也会继续续订。"
        s.yourPurchases = "你的购买项目"
        s.nothingOwned = "尚未购买任何项目。"

        // Sign up
        s.signup.title = "订阅"
        s.signup.choosePlan = { "选择你的 \($0) 方案" }
        s.signup.resubscribe = "重新订阅"
        s.signup.button = { verb, name, price in "\(verb)：\(name) — \(price)" }
        s.signup.buttonName = { "\($0)：\($1)" }
        s.signup.howToCancel = "除非取消，否则将自动续订。你可以随时在“账户”中取消，但须至少在续订前一天取消。"
        s.signup.termsOfUse = "使用条款"
        s.signup.privacyPolicy = "隐私政策"
        s.signup.labelled = { "\($0)：\($1)" }
        s.signup.restorePurchases = "恢复购买"
        s.signup.notNow = "以后"
        s.signup.noOptions = "这些方案在你所在的国家或地区均未发售。"
        s.signup.lapsedNote = { "你的 \($0) 订阅已结束。" }
        s.signup.familyShares = { "你的家人与你共享了 \($0)。你自己的方案将另行向你的账户收费。" }

        // Restore Purchases
        s.restore.signInTitle = "登录"
        s.restore.signInMessage = "使用你的 Apple 账户登录以恢复购买项目。"
        s.restore.signIn = "登录"
        s.restore.restoredTitle = "已恢复购买"
        s.restore.restored = "已恢复："
        s.restore.fromRecords = "来自此 App 的记录："
        s.restore.nothingTitle = "没有可恢复的项目"
        s.restore.nothingMessage = "此账户没有可恢复的购买项目。"
        s.restore.consumablesNote = "消耗型项目不会被恢复。"

        // Price increase consent
        s.priceConsent.title = "订阅价格上涨"
        s.priceConsent.message = { price, from in
            "此订阅的价格将上涨至 \(price)。如果你不同意，订阅将不会续订，并于 \(from)结束。"
        }
        s.priceConsent.agree = "同意"
        s.priceConsent.notNow = "以后"
        s.priceConsent.agreed = { "你已同意 \($0) 的新价格。" }

        // Account, manage subscription, cancel
        s.account.title = "账户"
        s.account.active = "有效"
        s.account.freeTrial = "免费试用"
        s.account.introductoryPrice = "推介优惠价"
        s.account.gracePeriod = "宽限期"
        s.account.billingProblem = "付款问题"
        s.account.sharedBy = { "由 \($0) 共享" }
        s.account.renewsOn = { "将于 \($0)续订" }
        s.account.expiresOn = { "将于 \($0)到期" }
        s.account.expiredOn = { "已于 \($0)到期" }
        s.account.refundedOn = { "已于 \($0)退款" }
        s.account.paymentOf = { "第 \($0) 期，共 \($1) 期" }
        s.account.nextPaymentOn = { "下次付款：\($0)" }
        s.account.commitmentProgress = { left, end in
            left == 0 ? "最后一期付款。承诺期于 \(end) 结束。"
                : "剩余 \(left) 期。承诺期于 \(end) 结束。"
        }
        s.account.paymentsLeftBilled = { "承诺期剩余的 \($0) 期付款仍会收取。" }
        s.account.afterCommitmentMonthly = { "承诺期之后：新的\($0)" }
        s.account.afterCommitmentUpFront = { "承诺期之后：\($0)，预先付款" }
        s.account.thenNewCommitment = { "之后将开始新的\($0)，除非你取消。" }
        s.account.thenBilledUpFront = { "之后为 \($0)，预先付款。" }
        s.account.commitmentCancelled = { left, end in
            left == 0 ? "已取消：将于 \(end) 结束。"
                : "已取消：剩余 \(left) 期付款仍会收取。将于 \(end) 结束。"
        }
        s.account.changesTo = { "将于 \($1)更改为 \($0)" }
        s.account.offerFrom = { "自 \($1)起：\($0)" }
        s.account.newPriceFrom = { "自 \($1)起的新价格：\($0)。同意即可保留你的订阅。" }
        s.account.organizerManages = { "此方案由 \($0) 管理并付费。" }
        s.account.manage = "管理订阅"
        s.account.cancelSubscription = "取消订阅"
        s.account.resubscribe = "重新订阅"
        s.account.updatePaymentMethod = "更新付款方式"
        s.account.reviewPriceIncrease = "查看价格上涨"
        s.account.ownPlan = "获取自己的方案"
        s.account.seePlans = "查看方案"
        s.account.useOne = "使用一个"
        s.account.purchases = "购买项目"
        s.account.noPurchases = "尚未购买任何项目。"
        s.account.noOtherPurchases = "尚无其他购买项目。"
        s.account.owned = "已购买"
        s.account.activeUntil = { "有效期至 \($0)" }
        s.account.left = { "剩余 \($0) 个" }
        s.account.waitingForApproval = "等待批准"
        s.account.actionNeeded = "需要操作"
        s.account.noSubscription = "你没有订阅。"
        s.account.used = { "已使用一个 \($0)。剩余 \($1) 个。" }
        s.account.paymentUpdated = "付款方式已更新。App Store 将在下次尝试续订时扣款。"
        s.account.resubscribed = { "\($0) 将于 \($1)再次续订。" }
        s.account.cancelled = { "已取消。你可以继续使用 \($0)，直至 \($1)。" }
        s.account.thanks = "感谢你告诉我们原因。"
        s.account.offerAccepted = { "已接受优惠：自 \($1)起 \($0)。" }
        s.account.onlyOrganizer = { "只有 \($0) 能更改或取消与你共享的方案。" }
        s.account.askToBuyWaiting = { "\($0) 正在等待家庭组织者批准（购买前询问）。批准后即可获得。" }
        s.account.interruptedWaiting = { "\($0) 需要你在 App 外完成购买：接受新条款，或在 Apple 账户设置中更新付款方式。" }
        s.account.currentPlan = "这是你当前的方案。"
        s.account.changeTakenBack = { "你将继续使用\($0)。更改为\($1)已取消。" }
        s.account.current = "✓ 当前"
        s.account.next = "下期"
        s.account.done = "完成"
        s.account.choose = "选择"
        s.account.cancelTitle = { "要取消 \($0) 吗？" }
        s.account.cancelledNow = { "已取消。\($0) 已结束：App Store 不再尝试续订。" }
        s.account.endsNow = { "无法扣款。取消后，\($0) 将立即结束，App Store 将不再尝试续订。" }
        s.account.keepUsing = { "你可以继续使用 \($0)，直至 \($1)。" }
        s.account.retentionStarts = { "从你的下次续订日（\($0)）开始生效。" }
        s.account.beforeYouGo = "在你离开之前…"
        s.account.stayFor = { "以更低的价格继续使用 \($0)：" }
        s.account.takeOffer = "接受优惠"
        s.account.surveyTitle = "你为什么要取消？（可选）"
        s.account.keepSubscription = "保留订阅"
        s.account.cancelButton = "取消订阅"

        // Purchase Help
        s.help.title = "购买帮助"
        s.help.howCanWeHelp = "需要哪方面的帮助？"
        s.help.missingPurchase = "找不到购买项目"
        s.help.faq = "常见问题"
        s.help.requestRefund = "申请退款"
        s.help.refundNotSent = "你的退款申请未发送。"
        s.help.submitFeedback = "提交反馈"
        s.help.contactUs = "联系我们"
        s.help.draftWaiting = "未发送的草稿"
        s.help.missingIntro = "此账户过去 90 天内的购买项目（含续订）。有缺失？请恢复购买，或申请退款。"
        s.help.notDelivered = "尚未送达"
        s.help.notDeliveredNote = "此购买项目未送达 App。你可以现在获取，或改选其他项目。你仍可申请退款。"
        s.help.deliverNow = "立即获取"
        s.help.insteadTake = { "改为获取 1 个 \($0)" }
        s.help.waitingForYou = "请在 Apple 账户设置中完成购买。"
        s.help.finishPurchase = "完成购买"
        s.help.lastDays = "过去 90 天"
        s.help.noCharges = "过去 90 天内没有购买项目。"
        s.help.delivered = { "\($0) 已送达。" }
        s.help.gave = { "你获得了 1 个 \($0)，以代替 \($1)；\($1) 仍未送达。" }
        s.help.purchases = "购买项目"
        s.help.refundRequested = "已申请退款"
        s.help.refunded = "已退款"
        s.help.whyNot = {
            switch $0 {
            case .requestPending: "你已为此购买项目申请过退款。"
            case .alreadyRefunded: "此购买项目已退款。"
            case .familyShared: "此项目通过家人共享与你共享：只有组织者可以申请退款。"
            case .notCharged: "此项目未产生任何费用。"
            case .tooOld, .notFound: "无法在此选择此购买项目。"
            }
        }
        s.help.sheetTitle = "申请退款"
        s.help.date = "日期"
        s.help.chooseIssue = "选择一个问题："
        s.help.reason = {
            switch $0 {
            case .didNotMeanToBuy: "我无意购买此项目"
            case .childPurchase: "儿童/未成年人未经许可进行了购买"
            case .doesNotWork: "我购买的项目未按预期运行"
            case .notReceived: "未收到购买的项目"
            case .other: "其他"
            }
        }
        s.help.mayLoseAccess = "你可能会失去对已退款项目的访问权限。"
        s.help.requestRefundButton = "申请退款"
        s.help.chooseFirst = "请先选择一个问题。"
        s.help.submittedTitle = "你的申请已提交"
        s.help.submittedMessage = {
            "你将在 48 小时内通过 \($0) 收到一封告知处理状态的电子邮件。请前往 https://reportaproblem.apple.com 查看申请状态。"
        }
        s.help.done = "完成"
        s.help.feedbackIntro = "告诉我们哪里出了问题，或你希望有哪些改进。我们会阅读每一条留言。"
        s.help.placeholder = "输入你的反馈…"
        s.help.draftOffered = "这是你未发送的草稿。"
        s.help.send = "发送"
        s.help.sent = "谢谢，你的反馈已发送。"
        s.help.typeFirst = "请先输入你的反馈。"
        s.help.leaveTitle = "未发送的反馈"
        s.help.leaveQuestion = { quitting, kept in
            (quitting ? "不发送就退出？" : "不发送就离开？")
                + (kept ? "你的草稿已保存，下次会再提供给你。" : "你的草稿会保留到你退出为止。")
        }
        s.help.leaveButtons = { $0 ? "y 退出 · n 留下" : "y 离开 · n 留下" }
        s.help.email = "电子邮件"
        s.help.web = "网站"
        s.help.noFAQ = "此 App 没有常见问题。"
        s.help.noContact = "此 App 未提供联系方式。"

        // The free area and the metered paywall
        s.paywall.leftThisMonth = { left, leftText, limit in
            left == 0 ? "本月免费阅读次数已用完（共 \(limit) 次）" : "本月剩余 \(leftText) 次免费阅读（共 \(limit) 次）"
        }
        s.paywall.oneLeft = { lapsed in
            "本月仅剩 1 次免费阅读。" + (lapsed ? "重新订阅即可无限阅读。" : "订阅即可无限阅读。")
        }
        s.paywall.seePlansButton = "查看方案"
        s.paywall.resubscribeButton = "重新订阅"
        s.paywall.read = "✓ 已读"
        s.paywall.limitReached = "你已用完本月的免费阅读额度。"
        s.paywall.subscribeOrWait = { group, date, limit, lapsed in
            "\(lapsed ? "重新订阅" : "订阅") \(group) 即可无限阅读，或于 \(date)回来，再免费阅读 \(limit) 次。"
        }
        s.paywall.waitOnly = { date, limit in "请于 \(date)回来，再免费阅读 \(limit) 次。" }
        s.paywall.seeYourOptions = "查看选项"
        s.paywall.restore = "已订阅？恢复购买"
        s.paywall.restoreShort = "恢复购买"
        s.paywall.notNow = "以后"

        // Onboarding
        s.onboarding.title = "欢迎"
        s.onboarding.tryItFree = "免费试用"
        s.onboarding.seePlans = "查看方案"
        s.onboarding.plansFrom = { "方案低至 \($0)" }
        s.onboarding.someTrials = "部分方案提供免费试用。"
        s.onboarding.signInRestore = "登录／恢复购买"
        s.onboarding.skipHint = "按 s 跳过"

        // Offer codes
        s.redeem.redeemCode = "兑换代码"
        s.redeem.placeholder = "输入代码"
        s.redeem.terms = "适用条款与条件：apple.com/legal/internet-services/itunes"
        s.redeem.cancel = "取消"
        s.redeem.redeem = "兑换"
        s.redeem.redeemOffer = "兑换优惠"
        s.redeem.done = "完成"
        s.redeem.stackedTerms = { "先享受推介优惠：\($0)。然后享受此优惠：\($1)。" }
        s.redeem.welcomeStacked = { "你的推介优惠现已开始：\($0)。然后是“\($1)”：\($2)。" }
        s.redeem.startsNow = "今天开始生效。"
        s.redeem.fromRenewal = { "自 \($0)起生效。" }
        s.redeem.switchesNow = { "今天起，你的订阅将切换为 \($0)。" }
        s.redeem.switchesAt = { "你的订阅将在下次续订时（\($1)）切换为 \($0)。" }
        s.redeem.itemFree = { "\($0)，免费" }
        s.redeem.itemPrice = { "\($0)，\($1)" }
        s.redeem.welcomeTitle = { "欢迎使用 \($0)" }
        s.redeem.welcomeBody = { "你现在已拥有 \($0)。其中包含的一切都已可以使用。" }
        s.redeem.getStarted = "开始使用"
        s.redeem.welcome = { "你的“\($0)”现已开始：\($1)。" }
        s.redeem.changesTitle = "变更内容"
        s.redeem.changesAtRenewal = { "“\($0)”自 \($1)起生效：\($2)。在此之前，一切照旧。" }
        s.redeem.switchedNow = { "从今天起，你使用的是 \($0)，并享有“\($1)”。" }
        s.redeem.switchedAt = { "\($0) 将在下次续订时（\($1)）开始，并享有此优惠。在此之前，你继续使用 \($2)。" }
        s.redeem.deliveredTitle = "代码已兑换"
        s.redeem.delivered = { "\($0) 现已归你所有。" }
        s.redeem.invalidCharacters = "代码只能包含字母 A–Z 和数字 0–9。请检查代码后重试。"
        s.redeem.unknownCode = "此代码无效。请检查代码后重试。"
        s.redeem.expired = "此优惠已过期。"
        s.redeem.inactive = "此优惠已不再有效。"
        s.redeem.codeAlreadyUsed = "此代码已被兑换。"
        s.redeem.alreadyRedeemed = "你已兑换过此优惠。"
        s.redeem.notEligible = { "你不符合此优惠的条件：仅限\($0)。" }
        s.redeem.subscribers = {
            switch $0 {
            case .new: "新订阅者"
            case .existing: "现有订阅者"
            case .lapsed: "以前的订阅者"
            }
        }
        s.redeem.customers = {
            switch $0 {
            case .new: "新顾客"
            case .existing: "过去 30 天内购买过的顾客"
            case .lapsed: "上次购买已超过 30 天的顾客"
            }
        }
        s.redeem.wouldDowngrade = { "此代码适用的方案低于你当前的 \($0) 订阅，因此无法兑换。" }
        s.redeem.limitReached = "此优惠已达到兑换上限。"
        s.redeem.quarterlyLimitReached = "此 App 目前无法接受更多优惠代码。请稍后再试。"
        s.redeem.alreadyOwned = { "你已拥有 \($0)。" }
        s.redeem.notAvailable = "此优惠在你所在的国家或地区不可用。"
        s.redeem.paymentNotAllowed = "此设备不允许购买，因此无法在此兑换优惠代码。"
        s.redeem.arrived = { "代码 \($0) 已在 App Store 中兑换。" }
        s.redeem.refused = { "App Store 拒绝了代码 \($0)：\($1)" }

        // Screen titles. The QA tools' own screens (scenario, transactions, transaction, confirm) stay
        // English in every language, like Xcode's Transaction Manager.
        s.screenNames[.store] = "商店"
        s.screenNames[.detail] = "项目"
        s.screenNames[.sheet] = "确认"
        s.screenNames[.result] = "结果"
        s.screenNames[.help] = "按键"
        s.screenNames[.tooSmall] = "终端窗口太小"
        s.screenNames[.signup] = "订阅"
        s.screenNames[.restore] = "恢复购买"
        s.screenNames[.reviewPrompt] = "为 App 评分"
        s.review.title = { "喜欢\($0)吗？" }
        s.review.message = "轻点星形，在 App Store 中为它评分。"
        s.keyHelp[.writeReview] = "撰写评论"
        s.keyHelp[.rate] = "星级"
        s.review.submit = "提交"
        s.review.notNow = "以后"
        s.review.thanks = "感谢你的反馈。"
        s.review.writeReviewOpens = { "在 App Store 中打开\($0)，你可以在那里撰写评论。" }
        s.screenNames[.priceConsent] = "价格上涨"
        s.screenNames[.freeContent] = "免费阅读"
        s.screenNames[.freeItem] = "阅读"
        s.screenNames[.paywall] = "免费额度"
        s.screenNames[.onboarding] = "欢迎"
        s.screenNames[.account] = "账户"
        s.screenNames[.manage] = "管理订阅"
        s.screenNames[.cancelSubscription] = "取消订阅"
        s.screenNames[.retentionPitch] = "在你离开之前"
        s.screenNames[.retentionOffer] = "确认优惠"
        s.screenNames[.commitmentDisclosure] = "承诺期"
        s.screenNames[.exitSurvey] = "告诉我们原因"
        s.screenNames[.redeemWelcome] = "欢迎"
        s.screenNames[.purchaseHelp] = "购买帮助"
        s.screenNames[.missingPurchase] = "找不到购买项目"
        s.screenNames[.helpPage] = "帮助"
        s.screenNames[.refunds] = "申请退款"
        s.screenNames[.refundSheet] = "申请退款"
        s.screenNames[.feedback] = "提交反馈"
        s.screenNames[.redeem] = "兑换代码"

        // Key help: what each key does, in the footer and the ? overlay.
        s.keyHelp[.move] = "移动"
        s.keyHelp[.up] = "上移"
        s.keyHelp[.down] = "下移"
        s.keyHelp[.pageUp] = "上一页"
        s.keyHelp[.pageDown] = "下一页"
        s.keyHelp[.top] = "第一项"
        s.keyHelp[.bottom] = "最后一项"
        s.keyHelp[.select] = "打开"
        s.keyHelp[.buy] = "购买"
        s.keyHelp[.back] = "返回"
        s.keyHelp[.nextArea] = "下一部分"
        s.keyHelp[.previousArea] = "上一部分"
        s.keyHelp[.more] = "增加"
        s.keyHelp[.fewer] = "减少"
        s.keyHelp[.help] = "按键"
        s.keyHelp[.quit] = "退出"
        s.keyHelp[.switchButton] = "切换按钮"
        s.keyHelp[.cancel] = "取消"
        s.keyHelp[.press] = "按下按钮"
        s.keyHelp[.dismiss] = "关闭"
        s.keyHelp[.scroll] = "滚动"
        s.keyHelp[.redraw] = "重绘屏幕"
        s.keyHelp[.signup] = "所有方案"
        s.keyHelp[.ownPlan] = "自己的方案"
        s.keyHelp[.restore] = "恢复购买"
        s.keyHelp[.account] = "账户"
        s.keyHelp[.purchaseHelp] = "购买帮助"
        s.keyHelp[.redeemCode] = "兑换代码"
        s.keyHelp[.useOne] = "使用一个"
        s.keyHelp[.cancelSubscription] = "取消订阅"
        s.keyHelp[.freeContent] = "免费阅读"
        s.keyHelp[.seePlans] = "查看方案"
        s.keyHelp[.nextPage] = "下一步"
        s.keyHelp[.previousPage] = "上一步"
        s.keyHelp[.skip] = "跳过"
        // The QA tools stay English, but their keys in a Chinese footer are Chinese.
        s.keyHelp[.scenario] = "场景"
        s.keyHelp[.transactions] = "交易"
        s.keyHelp[.change] = "更改"
        s.keyHelp[.changeBack] = "改回"
        s.keyHelp[.advanceDay] = "+1 天"
        s.keyHelp[.advanceWeek] = "+1 周"
        s.keyHelp[.advanceToRenewal] = "下次续订"
        s.keyHelp[.clearAll] = "全部清除"
        s.keyHelp[.approve] = "批准"
        s.keyHelp[.decline] = "拒绝"
        s.keyHelp[.resolve] = "解决"
        s.keyHelp[.refund] = "退款"
        s.keyHelp[.revoke] = "撤销"
        s.keyHelp[.reverseRefund] = "撤销退款"
        s.keyHelp[.delete] = "删除"
        s.keyHelp[.confirm] = "是"

        // StoreKit calls that fail (QA's injected errors)
        s.faults.reason = {
            switch $0 {
            case .networkError: "无法连接 App Store。请检查互联网连接，然后重试。"
            case .notAvailableInStorefront: "此项目在你所在的国家或地区不可用。"
            case .notEntitled, .unsupported: "此设备不支持此功能。"
            default: "App Store 暂时没有响应。请稍后重试。"
            }
        }
        s.faults.productsTitle = "无法载入商店"
        s.faults.productsRetry = "你的购买项目不会丢失。按 r 重试。"
        s.faults.unverifiedTitle = "购买未经验证"
        s.faults.unverified = { "App Store 已完成你对“\($0)”的购买，但此 App 无法验证该购买，因此尚未解锁。一旦验证成功即会解锁，且不会再次向你收费。" }
        s.faults.notVerified = "⚠ 未验证"
        s.faults.restoreFailedTitle = "无法恢复购买"
        s.faults.statusUnavailable = "无法载入你的订阅状态。"
        s.faults.manageTitle = "无法在此管理订阅"
        s.faults.manageElsewhere = "你也可以在“设置”中管理订阅：轻点你的姓名，然后轻点“订阅”。"
        s.faults.refundTitle = "退款申请未发送"
        s.faults.refundDuplicate = "你已为此购买申请过退款。审核完成后，Apple 会通过电子邮件通知你。"
        s.faults.refundFailed = "无法发送你的退款申请。"
        s.faults.refundElsewhere = "你也可以前往 reportaproblem.apple.com 申请退款。"
        s.faults.redeemTitle = "无法在此兑换代码"
        s.faults.redeemElsewhere = "你也可以在 App Store 中兑换代码：轻点你的账户，然后轻点“兑换充值卡或代码”。"
        s.keyHelp[.retry] = "重试"


        // Promoted purchases: why the payment sheet did not open
        s.promoted.alreadySubscribed = { "你已订阅\($0)。这是你的方案。" }
        s.promoted.alreadyOwned = { "你已拥有\($0)。" }
        s.promoted.purchasesBlocked = { "无法在此购买\($0)：此设备已关闭购买功能。" }
        return s
    }()
}
