import StoreModel

extension Strings {
    /// Japanese (ja, every ja_* locale): the English table with every text translated. Each character
    /// takes two terminal columns, so labels are kept to about half the English letter count.
    public static let japanese: Strings = {
        var s = Strings()   // English; every line below replaces one string

        // Shell
        s.store = "ストア"
        s.signedInAs = { "\($0) でサインイン中" }
        s.notSubscribed = "未登録"
        s.purchasesBlocked = "購入できません"
        s.tooSmall = { now, minimum in
            "端末が小さすぎます（\(now.columns)×\(now.rows)）。storefrontには\(minimum.columns)×\(minimum.rows)以上が必要です。ウインドウを広げるか、qキーで終了してください。"
        }
        s.keysOf = { "キー一覧 — \($0)" }
        s.closeHelp = "Esc または ? で閉じる"

        // Store sections, by product type
        s.sectionTitle = {
            switch $0 {
            case .consumable: "消耗型"
            case .nonConsumable: "買い切り"
            case .autoRenewable: "サブスク"
            case .nonRenewing: "パス"
            }
        }
        s.sectionNote = {
            switch $0 {
            case .consumable: "何度でも購入可能"
            case .nonConsumable: "一度の購入でずっと使える"
            case .autoRenewable: "キャンセルするまで自動更新"
            case .nonRenewing: "期間限定、自動更新なし"
            }
        }
        s.typeDescription = {
            switch $0 {
            case .consumable:
                "消耗型：使うとなくなり、いつでも再購入できます。ほかのデバイスでは復元されません。"
            case .nonConsumable:
                "非消耗型：一度購入すればずっと使えます。すべてのデバイスで復元されます。"
            case .autoRenewable:
                "自動更新サブスクリプション：キャンセルするまで更新が続きます。すべてのデバイスで復元されます。"
            case .nonRenewing:
                "非更新サブスクリプション：一定期間有効で、自動更新されません。再購入すると期間が延長されます。"
            }
        }

        // Product rows and detail
        s.owned = "✓ 購入済み"
        s.subscribed = "✓ 登録済み"
        s.sharedByFamily = "✓ ファミリー共有"
        s.activeUntil = { "✓ \($0)まで有効" }
        s.familySharing = "ファミリー共有"
        s.familySharingNote = "ファミリー共有で最大6人の家族と共有できます。"
        s.each = { "単価 \($0)" }
        s.quantity = "数量"
        s.inPossession = { "所持数：\($0)" }
        s.notSoldHere = "この地域では未販売"
        s.renewsOn = { "\($0)に更新" }
        s.expiresOn = { "\($0)に終了" }
        s.extendsTo = { "再購入すると\($0)まで延長されます。" }
        s.subscribedElsewhere = { "\($0)に登録中です。" }
        s.sharedWithYouBy = { "\($0)さんがファミリー共有で共有しています。" }
        s.resubscribe = { "\($0)に再登録" }
        s.winBack = { "おかえりなさい：\($0)" }
        s.buy = "購入"
        s.subscribe = "登録"
        s.buyNamed = { "\($0)を購入 — \($1)" }
        s.buyName = { "\($0)を購入" }
        s.resubscribeButton = "再登録"
        s.includedInPlan = "✓ プランに含まれています"
        s.includedInNamed = { "ご利用中の\($0)に含まれているため、購入は不要です。" }
        s.paymentProblemShort = "⚠ お支払いの問題"
        s.updatePaymentMethod = "Appleアカウントの設定でお支払い方法を更新してください。"
        s.paymentProblemUntil = { "⚠ お支払いの問題：\($0)まで利用可能" }
        s.paymentProblem = "お支払い方法に問題があります。Appleアカウントの設定でお支払い方法を更新してください。App Storeは更新を試み続け、成功するとすぐに利用を再開できます。"
        s.paymentProblemGrace = {
            "お支払い方法に問題があります。サブスクリプションを継続するには、Appleアカウントの設定でお支払い方法を更新してください。\($0)までは引き続き利用できます。"
        }
        s.paymentProblemIn = { "\($0)：お支払いの問題" }
        s.payingUntil = { offer, date, standard in "\(date)まで\(offer)、その後は\(standard)" }
        s.trialUntil = { date, standard in "\(date)まで無料トライアル、その後は\(standard)" }

        // Billing terms
        s.perPeriod = { period in
            let one = period.value == 1
            switch period.unit {
            case .day: return one ? "/日" : "/\(period.value)日"
            case .week: return one ? "/週" : "/\(period.value)週間"
            case .month: return one ? "/月" : "/\(period.value)か月"
            case .year: return one ? "/年" : "/\(period.value)年"
            }
        }
        s.duration = { period in
            switch period.unit {
            case .day: "\(period.value)日間"
            case .week: "\(period.value)週間"
            case .month: "\(period.value)か月"
            case .year: "\(period.value)年"
            }
        }
        s.freeFor = { "\($0)無料" }
        s.thenPrice = { "\($0)、その後\($1)" }
        s.thenPriceFrom = { offer, price, date in "\(offer)、その後\(date)から\(price)" }
        // "3か月間は…", "1週間は…": add 間 where the duration lacks it.
        s.forDuration = { price, duration in
            "\(duration.hasSuffix("間") ? duration : duration + "間")は\(price)"
        }
        s.upFront = { "最初の\($1)は\($0)" }
        s.trialEnds = { date, price in
            "無料トライアルは\(date)に終了します。その後、キャンセルするまで\(price)が自動的に請求されます。"
        }
        s.offerEnds = { date, price in
            "このオファーは\(date)に終了します。その後、キャンセルするまで\(price)が自動的に請求されます。"
        }
        s.renewsAutomatically = "更新日の1日前までにキャンセルしない限り、自動的に更新されます。"
        s.perMonthBreakdown = { "\($0)/月" }
        s.save = { "\($0)お得" }
        s.payMonthly = { "\($0)・月払い" }
        s.commitmentLength = { "\($0)か月の契約期間" }
        s.commitmentAfterOffer = { date, commitment, charge in
            "特典が\(date)に終了すると、\(commitment)が始まります：\(charge)。それまでにキャンセルすると、契約期間は始まりません。"
        }
        s.commitmentTerms = { monthly, count, total in "\(monthly)を\(count)か月、合計\(total)" }
        s.commitmentCancel = { count in "いつでもキャンセルできます。その場合、\(count)回目の支払いで終了します。残りの支払いは引き続き請求されます。" }
        s.commitmentRenews = { count in "\(count)回の支払いの後、24時間前までにキャンセルしない限り、新たに\(count)か月の契約期間が始まります。" }
        s.disclosureTitle = { "\($0)か月の契約期間付きの月払い" }
        s.disclosurePayments = { count, monthly, total in
            "\(monthly)の月払いを\(count)回、合計\(total)のお支払いに同意します。初回は登録時に、その後は毎月1回請求されます。"
        }
        s.disclosurePaymentsAfterOffer = { count, monthly, total, date in
            "\(monthly)の月払いを\(count)回、合計\(total)のお支払いに同意します。初回は特典が終了する\(date)に、その後は毎月1回請求されます。"
        }
        s.disclosureCancel = { count in
            "いつでもキャンセルできます。キャンセルすると\(count)回目の支払いの後は更新されません。契約期間の残りの支払いは引き続き請求され、終了までご利用いただけます。"
        }
        s.disclosureAccount = "支払い済みと残りの支払いは「アカウント」で確認できます。"
        s.disclosureContinue = "続ける"

        // The system confirmation sheet
        s.sheetTitle = "App Store"
        s.sheetAccount = "アカウント"
        s.sheetPrice = "価格"
        s.sheetTotal = "合計"
        s.confirm = "確認"
        s.cancel = "キャンセル"
        s.planChangeNote = { change, date in
            switch change {
            case .upgrade:
                "アップグレード：すぐに開始され、現在のプランに代わります。現在のプランの未使用分は日割りで返金されます。"
            case .downgrade: "ダウングレード：現在のプランが更新される\(date)に開始されます。それまでは現在のプランのままです。"
            case .crossgrade: "プラン変更：現在のプランが更新される\(date)に開始されます。それまでは現在のプランのままです。"
            }
        }
        s.crossgradeNow = "プラン変更：すぐに開始され、現在のプランに代わります。現在のプランの未使用分は日割りで返金されます。"

        // Results
        s.purchased = { "\($0)を購入しました。" }
        s.purchasedElsewhere = { "別のデバイスで購入されました：\($0)" }
        s.subscribedTo = { "\($0)に登録しました。" }
        s.scheduled = { "\($0)は\($1)に開始されます。" }
        s.deferred = "承認待ち"
        s.deferredNote = "この購入には家族の承認が必要です（承認と購入のリクエスト）。承認されると購入が完了します。"
        s.interruptedTitle = "操作が必要です"
        s.interruptedNote = "この購入を完了するには、App Storeでアカウントを確認してください（例：新しい利用規約に同意する）。確認後に購入が完了します。"
        s.failed = "購入に失敗しました"
        s.purchaseCancelled = "購入をキャンセルしました。料金は請求されていません。"
        s.ok = "OK"
        s.failure = {
            switch $0 {
            case .userCancelled: "購入はキャンセルされました。"
            case .networkError: "App Storeに接続できません。接続を確認して、もう一度お試しください。"
            case .notAvailableInStorefront: "このアイテムはお住まいの国または地域では購入できません。"
            case .paymentNotAllowed: "このデバイスでは購入が許可されていません。"
            case .unknown: "不明なエラーが起きました。後でもう一度お試しください。"
            case .productNotFound: "このアイテムは販売終了しました。"
            case .alreadyOwned: "このアイテムはすでに購入済みです。"
            case .alreadySubscribed: "すでに登録済みです。"
            case .invalidQuantity: "ストアで購入できる数量を選択してください。"
            case .ineligibleForOffer: "このオファーはお使いのアカウントでは利用できません。"
            }
        }

        // Payment gate
        s.gateTitle = "購入できません"
        s.gateExplanation = {
            switch $0 {
            case .allowed: ""
            case .screenTime:
                "このデバイスではスクリーンタイムでApp内課金がオフになっています。保護者が「設定 › スクリーンタイム › コンテンツとプライバシーの制限」で許可できます。"
            case .deviceManagement:
                "このデバイスは組織に管理されていて、そのプロファイルではApp内課金が許可されていません。詳しくは管理者にお問い合わせください。"
            case .externalPurchaseOnly:
                "お住まいの地域では、このAppはApp内課金ではなくデベロッパのWebサイトで販売されています。"
            }
        }
        s.gateKeepsWorking = "購入済みのものは引き続き使用でき、サブスクリプションも更新され続けます。"
        s.yourPurchases = "購入済み"
        s.nothingOwned = "購入したものはまだありません。"

        // Sign-up
        s.signup.title = "登録"
        s.signup.choosePlan = { "\($0)のプランを選択" }
        s.signup.resubscribe = "再登録"
        s.signup.button = { verb, name, price in "\(verb)：\(name)（\(price)）" }
        s.signup.buttonName = { "\($0)：\($1)" }
        s.signup.howToCancel = "キャンセルするまで自動的に更新されます。更新日の1日前までなら、いつでも「アカウント」からキャンセルできます。"
        s.signup.termsOfUse = "利用規約"
        s.signup.privacyPolicy = "プライバシーポリシー"
        s.signup.labelled = { "\($0)：\($1)" }
        s.signup.restorePurchases = "購入を復元"
        s.signup.notNow = "今はしない"
        s.signup.noOptions = "お住まいの国または地域では、これらのプランは販売されていません。"
        s.signup.lapsedNote = { "\($0)のサブスクリプションは終了しました。" }
        s.signup.familyShares = { "\($0)はファミリー共有で利用中です。ご自身のプランは、別途あなたのアカウントに請求されます。" }

        // Restore Purchases
        s.restore.signInTitle = "サインイン"
        s.restore.signInMessage = "購入を復元するには、Appleアカウントでサインインしてください。"
        s.restore.signIn = "サインイン"
        s.restore.restoredTitle = "購入を復元しました"
        s.restore.restored = "復元した項目："
        s.restore.fromRecords = "このAppの記録から復元した項目："
        s.restore.nothingTitle = "復元する項目はありません"
        s.restore.nothingMessage = "このアカウントには復元できる購入がありません。"
        s.restore.consumablesNote = "消耗型アイテムは復元されません。"

        // Price-increase consent
        s.priceConsent.title = "サブスクリプションの価格改定"
        s.priceConsent.message = { price, from in
            "このサブスクリプションの価格は\(price)に変わります。同意しない場合は更新されず、\(from)に終了します。"
        }
        s.priceConsent.agree = "同意する"
        s.priceConsent.notNow = "今はしない"
        s.priceConsent.agreed = { "\($0)の新しい価格に同意しました。" }

        // Account, manage subscription, cancel
        s.account.title = "アカウント"
        s.account.active = "有効"
        s.account.freeTrial = "無料トライアル"
        s.account.introductoryPrice = "お試し価格"
        s.account.gracePeriod = "猶予期間"
        s.account.billingProblem = "お支払いの問題"
        s.account.sharedBy = { "\($0)が共有" }
        s.account.renewsOn = { "\($0)に更新" }
        s.account.expiresOn = { "\($0)に終了" }
        s.account.expiredOn = { "\($0)に終了しました" }
        s.account.refundedOn = { "\($0)に返金されました" }
        s.account.paymentOf = { "\($1)回中\($0)回目の支払い" }
        s.account.nextPaymentOn = { "次回の支払い: \($0)" }
        s.account.commitmentProgress = { left, end in
            left == 0 ? "最後の支払いです。契約期間は\(end)に終了します。"
                : "残り\(left)回。契約期間は\(end)に終了します。"
        }
        s.account.paymentsLeftBilled = { "契約期間の残り\($0)回の支払いは引き続き請求されます。" }
        s.account.afterCommitmentMonthly = { "契約期間の後: 新たな\($0)" }
        s.account.afterCommitmentUpFront = { "契約期間の後: \($0)（前払い）" }
        s.account.thenNewCommitment = { "その後、キャンセルしない限り新たな\($0)が始まります。" }
        s.account.thenBilledUpFront = { "その後は\($0)（前払い）。" }
        s.account.commitmentCancelled = { left, end in
            left == 0 ? "キャンセル済み: \(end)に終了します。"
                : "キャンセル済み: 残り\(left)回の支払いは引き続き請求されます。\(end)に終了します。"
        }
        s.account.changesTo = { "\($1)に\($0)へ変更" }
        s.account.offerFrom = { "\($1)から：\($0)" }
        s.account.newPriceFrom = { "\($1)からの新しい価格：\($0)。継続するには同意してください。" }
        s.account.organizerManages = { "このプランは\($0)が管理し、支払っています。" }
        s.account.manage = "サブスクリプションを管理"
        s.account.cancelSubscription = "サブスクリプションをキャンセル"
        s.account.resubscribe = "再登録"
        s.account.updatePaymentMethod = "お支払い方法を更新"
        s.account.reviewPriceIncrease = "価格改定を確認"
        s.account.ownPlan = "自分のプランに登録"
        s.account.seePlans = "プランを見る"
        s.account.useOne = "1つ使う"
        s.account.purchases = "購入済み"
        s.account.noPurchases = "まだ購入はありません。"
        s.account.noOtherPurchases = "ほかの購入はまだありません。"
        s.account.owned = "購入済み"
        s.account.activeUntil = { "\($0)まで有効" }
        s.account.left = { "残り\($0)" }
        s.account.waitingForApproval = "承認待ち"
        s.account.actionNeeded = "対応が必要"
        s.account.noSubscription = "サブスクリプションはありません。"
        s.account.used = { "\($0)を1つ使いました。残り\($1)。" }
        s.account.paymentUpdated = "お支払い方法を更新しました。App Storeは次回の更新の試行で請求します。"
        s.account.resubscribed = { "\($0)は\($1)に再び更新されます。" }
        s.account.cancelled = { "キャンセルしました。\($0)は\($1)まで使えます。" }
        s.account.thanks = "理由をお聞かせいただきありがとうございます。"
        s.account.offerAccepted = { "オファーを適用しました：\($1)から\($0)。" }
        s.account.onlyOrganizer = { "共有されているプランを変更・キャンセルできるのは\($0)だけです。" }
        s.account.askToBuyWaiting = { "\($0)はファミリーの管理者の承認を待っています（承認と購入のリクエスト）。承認されると届きます。" }
        s.account.interruptedWaiting = { "\($0)の購入をアプリの外で完了してください：新しい規約に同意するか、Appleアカウントの設定でお支払い方法を更新してください。" }
        s.account.currentPlan = "現在のプランです。"
        s.account.changeTakenBack = { "\($0)を継続します。\($1)への変更はキャンセルされました。" }
        s.account.current = "✓ 現在"
        s.account.next = "次回"
        s.account.done = "完了"
        s.account.choose = "選択"
        s.account.cancelTitle = { "\($0)をキャンセルしますか？" }
        s.account.cancelledNow = { "キャンセルしました。\($0)は終了しました。App Storeは更新を試みません。" }
        s.account.endsNow = { "お支払いを請求できませんでした。キャンセルすると\($0)は今すぐ終了し、App Storeは更新を試みなくなります。" }
        s.account.keepUsing = { "\($0)は\($1)まで使えます。" }
        s.account.retentionStarts = { "次回の更新日（\($0)）から適用されます。" }
        s.account.beforeYouGo = "解約する前に…"
        s.account.stayFor = { "\($0)をお得な価格で継続：" }
        s.account.takeOffer = "オファーを受ける"
        s.account.surveyTitle = "キャンセルの理由（任意）"
        s.account.keepSubscription = "継続する"
        s.account.cancelButton = "キャンセルする"

        // Purchase Help
        s.help.title = "購入のヘルプ"
        s.help.howCanWeHelp = "どのようなご用件ですか？"
        s.help.missingPurchase = "購入が見つからない"
        s.help.faq = "よくある質問"
        s.help.requestRefund = "返金をリクエスト"
        s.help.refundNotSent = "返金リクエストは送信されていません。"
        s.help.submitFeedback = "フィードバックを送信"
        s.help.contactUs = "お問い合わせ"
        s.help.draftWaiting = "未送信の下書き"
        s.help.missingIntro = "このアカウントの過去90日間の購入（更新を含む）です。見つからないものがあれば、購入を復元するか、返金をリクエストしてください。"
        s.help.notDelivered = "未配信"
        s.help.notDeliveredNote = "この購入はAppに届いていません。今すぐ受け取るか、代わりのアイテムを選べます。返金をリクエストすることもできます。"
        s.help.deliverNow = "今すぐ配信"
        s.help.insteadTake = { "代わりに\($0)を1つ" }
        s.help.waitingForYou = "Appleアカウントの設定で購入を完了してください。"
        s.help.finishPurchase = "購入を完了"
        s.help.lastDays = "過去90日間"
        s.help.noCharges = "過去90日間の購入はありません。"
        s.help.delivered = { "\($0)を配信しました。" }
        s.help.gave = { "\($1)の代わりに\($0)を1つ受け取りました。\($1)は配信されません。" }
        s.help.purchases = "購入"
        s.help.refundRequested = "返金をリクエスト済み"
        s.help.refunded = "返金済み"
        s.help.whyNot = {
            switch $0 {
            case .requestPending: "この購入の返金はすでにリクエストされています。"
            case .alreadyRefunded: "この購入は返金済みです。"
            case .familyShared: "ファミリー共有で共有された購入です。返金をリクエストできるのは管理者だけです。"
            case .notCharged: "この項目は請求されていません。"
            case .tooOld, .notFound: "この購入はここでは選べません。"
            }
        }
        s.help.sheetTitle = "返金をリクエスト"
        s.help.date = "日付"
        s.help.chooseIssue = "問題を選択："
        s.help.reason = {
            switch $0 {
            case .didNotMeanToBuy: "購入するつもりはなかった"
            case .childPurchase: "子供/未成年者が許可なく購入した"
            case .doesNotWork: "購入したものが期待どおりに動作しない"
            case .notReceived: "購入したものを受け取っていない"
            case .other: "その他"
            }
        }
        s.help.mayLoseAccess = "返金されたアイテムにはアクセスできなくなる場合があります。"
        s.help.requestRefundButton = "返金をリクエスト"
        s.help.chooseFirst = "先に問題を選択してください。"
        s.help.submittedTitle = "リクエストを送信しました"
        s.help.submittedMessage = { "48時間以内に\($0)宛てに状況をお知らせするメールが届きます。申請の状況は https://reportaproblem.apple.com で確認できます。" }
        s.help.done = "完了"
        s.help.feedbackIntro = "うまくいかなかったことや、ご要望をお聞かせください。すべてのメッセージを読んでいます。"
        s.help.placeholder = "フィードバックを入力…"
        s.help.draftOffered = "未送信の下書きです。"
        s.help.send = "送信"
        s.help.sent = "ありがとうございます。フィードバックを送信しました。"
        s.help.typeFirst = "先にフィードバックを入力してください。"
        s.help.leaveTitle = "未送信のフィードバック"
        s.help.leaveQuestion = { quitting, kept in
            (quitting ? "送信せずに終了しますか？" : "送信せずに戻りますか？")
                + (kept ? "下書きは保存され、次回表示されます。" : "下書きは終了するまで保持されます。")
        }
        s.help.leaveButtons = { $0 ? "y 終了 · n 残る" : "y 戻る · n 残る" }
        s.help.email = "メール"
        s.help.web = "Web"
        s.help.noFAQ = "このAppにはよくある質問がありません。"
        s.help.noContact = "このAppには連絡先がありません。"

        // Free reading and the paywall
        s.paywall.leftThisMonth = { left, leftText, limit in
            left == 0 ? "今月の無料閲覧は残っていません（\(limit)件中0件）" : "今月の無料閲覧：残り\(leftText)件（\(limit)件中）"
        }
        s.paywall.oneLeft = { lapsed in
            "今月の無料閲覧は残り1件です。" + (lapsed ? "再登録すると無制限に読めます。" : "登録すると無制限に読めます。")
        }
        s.paywall.seePlansButton = "プランを見る"
        s.paywall.resubscribeButton = "再登録する"
        s.paywall.read = "✓ 既読"
        s.paywall.limitReached = "今月の無料閲覧の上限に達しました。"
        s.paywall.subscribeOrWait = { group, date, limit, lapsed in
            "\(group)に\(lapsed ? "再登録" : "登録")すると無制限に読めます。\(date)になると、また\(limit)件まで無料で読めます。"
        }
        s.paywall.waitOnly = { date, limit in "\(date)になると、また\(limit)件まで無料で読めます。" }
        s.paywall.seeYourOptions = "プランを見る"
        s.paywall.restore = "登録済みの方：購入を復元"
        s.paywall.restoreShort = "購入を復元"
        s.paywall.notNow = "今はしない"

        // Onboarding
        s.onboarding.title = "ようこそ"
        s.onboarding.tryItFree = "無料で試す"
        s.onboarding.seePlans = "プランを見る"
        s.onboarding.plansFrom = { "プランは\($0)から" }
        s.onboarding.someTrials = "一部のプランには無料トライアルがあります。"
        s.onboarding.signInRestore = "サインイン／復元"
        s.onboarding.skipHint = "sキーでスキップ"

        // Offer codes
        s.redeem.redeemCode = "コードを使う"
        s.redeem.placeholder = "コードを入力"
        s.redeem.terms = "利用規約が適用されます：apple.com/legal/internet-services/itunes"
        s.redeem.cancel = "キャンセル"
        s.redeem.redeem = "使う"
        s.redeem.redeemOffer = "特典を使う"
        s.redeem.done = "完了"
        s.redeem.stackedTerms = { "まずお試し特典：\($0)。その後この特典：\($1)。" }
        s.redeem.welcomeStacked = { "お試し特典が始まりました：\($0)。その後「\($1)」：\($2)。" }
        s.redeem.startsNow = "今日から始まります。"
        s.redeem.fromRenewal = { "\($0)から適用されます。" }
        s.redeem.switchesNow = { "今日からサブスクリプションが\($0)に切り替わります。" }
        s.redeem.switchesAt = { "次回の更新日（\($1)）にサブスクリプションが\($0)に切り替わります。" }
        s.redeem.itemFree = { "\($0)、無料" }
        s.redeem.itemPrice = { "\($0)、\($1)" }
        s.redeem.welcomeTitle = { "\($0)へようこそ" }
        s.redeem.welcomeBody = { "\($0)をご利用いただけるようになりました。すべての機能をすぐに使えます。" }
        s.redeem.getStarted = "はじめる"
        s.redeem.welcome = { "「\($0)」が始まりました：\($1)。" }
        s.redeem.changesTitle = "変更内容"
        s.redeem.changesAtRenewal = { "「\($0)」は\($1)から適用されます：\($2)。それまでは何も変わりません。" }
        s.redeem.switchedNow = { "今日から\($0)になりました（「\($1)」適用）。" }
        s.redeem.switchedAt = { "次回の更新日（\($1)）から\($0)がこの特典付きで始まります。それまでは\($2)のままです。" }
        s.redeem.deliveredTitle = "コードを使いました"
        s.redeem.delivered = { "\($0)を入手しました。" }
        s.redeem.invalidCharacters = "コードに使えるのは英字A〜Zと数字0〜9だけです。コードを確認して、もう一度お試しください。"
        s.redeem.unknownCode = "このコードは無効です。コードを確認して、もう一度お試しください。"
        s.redeem.expired = "この特典は期限切れです。"
        s.redeem.inactive = "この特典は現在提供されていません。"
        s.redeem.codeAlreadyUsed = "このコードはすでに使用されています。"
        s.redeem.alreadyRedeemed = "この特典はすでに利用済みです。"
        s.redeem.notEligible = { "この特典の対象外です：\($0)のみが対象です。" }
        s.redeem.subscribers = {
            switch $0 {
            case .new: "新規登録者"
            case .existing: "現在の登録者"
            case .lapsed: "以前の登録者"
            }
        }
        s.redeem.customers = {
            switch $0 {
            case .new: "新規のお客様"
            case .existing: "30日以内に購入したお客様"
            case .lapsed: "最後の購入から30日以上たったお客様"
            }
        }
        s.redeem.wouldDowngrade = { "このコードは現在の\($0)より下のプランのため、使用できません。" }
        s.redeem.limitReached = "この特典は利用上限に達しました。"
        s.redeem.quarterlyLimitReached = "このAppは現在これ以上のコードを受け付けられません。後でもう一度お試しください。"
        s.redeem.alreadyOwned = { "\($0)はすでに購入済みです。" }
        s.redeem.notAvailable = "この特典はお住まいの国または地域ではご利用いただけません。"
        s.redeem.paymentNotAllowed = "このデバイスでは購入が許可されていないため、コードは使えません。"
        s.redeem.arrived = { "コード\($0)がApp Storeで使用されました。" }
        s.redeem.refused = { "App Storeがコード\($0)を受け付けませんでした：\($1)" }

        // Screen titles, by screen (the QA tools' stay English)
        s.screenNames[.store] = "ストア"
        s.screenNames[.detail] = "詳細"
        s.screenNames[.sheet] = "確認"
        s.screenNames[.result] = "結果"
        s.screenNames[.help] = "キー一覧"
        s.screenNames[.tooSmall] = "端末が小さすぎます"
        s.screenNames[.signup] = "登録"
        s.screenNames[.restore] = "購入を復元"
        s.screenNames[.reviewPrompt] = "Appを評価"
        s.review.title = { "\($0)を気に入っていただけましたか？" }
        s.review.message = "星をタップしてApp Storeで評価してください。"
        s.keyHelp[.writeReview] = "レビューを書く"
        s.keyHelp[.rate] = "星の数"
        s.review.submit = "送信"
        s.review.notNow = "今はしない"
        s.review.thanks = "フィードバックをありがとうございました。"
        s.review.writeReviewOpens = { "App Storeで\($0)を開き、レビューを書くことができます。" }
        s.screenNames[.priceConsent] = "価格改定"
        s.screenNames[.freeContent] = "無料で読む"
        s.screenNames[.freeItem] = "閲覧"
        s.screenNames[.paywall] = "無料閲覧の上限"
        s.screenNames[.onboarding] = "ようこそ"
        s.screenNames[.account] = "アカウント"
        s.screenNames[.manage] = "サブスクリプションを管理"
        s.screenNames[.cancelSubscription] = "サブスクリプションをキャンセル"
        s.screenNames[.retentionPitch] = "解約する前に"
        s.screenNames[.retentionOffer] = "オファーの確認"
        s.screenNames[.commitmentDisclosure] = "契約期間"
        s.screenNames[.exitSurvey] = "解約の理由"
        s.screenNames[.redeemWelcome] = "ようこそ"
        s.screenNames[.purchaseHelp] = "購入のヘルプ"
        s.screenNames[.missingPurchase] = "購入が見つからない"
        s.screenNames[.helpPage] = "ヘルプ"
        s.screenNames[.refunds] = "返金をリクエスト"
        s.screenNames[.feedback] = "フィードバックを送信"
        s.screenNames[.refundSheet] = "返金をリクエスト"
        s.screenNames[.redeem] = "コードを使う"

        // Key help, by action
        s.keyHelp[.move] = "移動"
        s.keyHelp[.up] = "上へ"
        s.keyHelp[.down] = "下へ"
        s.keyHelp[.pageUp] = "前ページ"
        s.keyHelp[.pageDown] = "次ページ"
        s.keyHelp[.top] = "先頭へ"
        s.keyHelp[.bottom] = "末尾へ"
        s.keyHelp[.select] = "開く"
        s.keyHelp[.buy] = "購入"
        s.keyHelp[.back] = "戻る"
        s.keyHelp[.nextArea] = "次のエリア"
        s.keyHelp[.previousArea] = "前のエリア"
        s.keyHelp[.more] = "増やす"
        s.keyHelp[.fewer] = "減らす"
        s.keyHelp[.switchButton] = "ボタン切替"
        s.keyHelp[.press] = "ボタンを押す"
        s.keyHelp[.cancel] = "キャンセル"
        s.keyHelp[.dismiss] = "閉じる"
        s.keyHelp[.help] = "キー一覧"
        s.keyHelp[.quit] = "終了"
        s.keyHelp[.redraw] = "画面を再描画"
        s.keyHelp[.signup] = "すべてのプラン"
        s.keyHelp[.restore] = "購入を復元"
        s.keyHelp[.account] = "アカウント"
        s.keyHelp[.purchaseHelp] = "購入のヘルプ"
        s.keyHelp[.redeemCode] = "コードを使う"
        s.keyHelp[.useOne] = "1つ使う"
        s.keyHelp[.cancelSubscription] = "サブスクリプションをキャンセル"
        s.keyHelp[.ownPlan] = "自分のプラン"
        s.keyHelp[.freeContent] = "無料で読む"
        s.keyHelp[.seePlans] = "プランを見る"
        s.keyHelp[.nextPage] = "次へ"
        s.keyHelp[.previousPage] = "前へ"
        s.keyHelp[.skip] = "スキップ"
        s.keyHelp[.scroll] = "スクロール"
        // The QA tools stay English, but their keys in a Japanese footer are Japanese.
        s.keyHelp[.scenario] = "シナリオ"
        s.keyHelp[.transactions] = "取引"
        s.keyHelp[.change] = "変更"
        s.keyHelp[.changeBack] = "戻す"
        s.keyHelp[.advanceDay] = "+1日"
        s.keyHelp[.advanceWeek] = "+1週間"
        s.keyHelp[.advanceToRenewal] = "次の更新"
        s.keyHelp[.clearAll] = "すべて消去"
        s.keyHelp[.approve] = "承認"
        s.keyHelp[.decline] = "拒否"
        s.keyHelp[.resolve] = "解決"
        s.keyHelp[.refund] = "返金"
        s.keyHelp[.revoke] = "取り消し"
        s.keyHelp[.reverseRefund] = "返金の取り消し"
        s.keyHelp[.delete] = "削除"
        s.keyHelp[.confirm] = "はい"

        // StoreKit calls that fail (QA's injected errors)
        s.faults.reason = {
            switch $0 {
            case .networkError: "App Storeに接続できません。インターネット接続を確認してから、もう一度お試しください。"
            case .notAvailableInStorefront: "お住まいの国または地域ではご利用いただけません。"
            case .notEntitled, .unsupported: "このデバイスではサポートされていません。"
            default: "App Storeが現在応答していません。しばらくしてからもう一度お試しください。"
            }
        }
        s.faults.productsTitle = "ストアを読み込めません"
        s.faults.productsRetry = "購入済みの項目は失われていません。rを押してもう一度お試しください。"
        s.faults.unverifiedTitle = "購入を確認できません"
        s.faults.unverified = { "App Storeで\($0)の購入は完了しましたが、このAppで確認できなかったため、まだ利用できません。確認でき次第利用できるようになり、再度請求されることはありません。" }
        s.faults.notVerified = "⚠ 未確認"
        s.faults.restoreFailedTitle = "購入を復元できませんでした"
        s.faults.statusUnavailable = "サブスクリプションの状況を読み込めませんでした。"
        s.faults.manageTitle = "ここではサブスクリプションを管理できません"
        s.faults.manageElsewhere = "サブスクリプションは「設定」でも管理できます。ご自分の名前をタップしてから「サブスクリプション」をタップしてください。"
        s.faults.refundTitle = "返金リクエストを送信できませんでした"
        s.faults.refundDuplicate = "この購入の返金はすでにリクエスト済みです。審査が終わるとAppleからメールが届きます。"
        s.faults.refundFailed = "返金リクエストを送信できませんでした。"
        s.faults.refundElsewhere = "reportaproblem.apple.comから返金をリクエストすることもできます。"
        s.faults.redeemTitle = "ここではコードを使えません"
        s.faults.redeemElsewhere = "コードはApp Storeでも使えます。アカウントをタップしてから「ギフトカードまたはコードを使う」をタップしてください。"
        s.keyHelp[.retry] = "再試行"


        // Promoted purchases: why the payment sheet did not open
        s.promoted.alreadySubscribed = { "\($0)はすでに登録済みです。ご利用中のプランはこちらです。" }
        s.promoted.alreadyOwned = { "\($0)はすでにお持ちです。" }
        s.promoted.purchasesBlocked = { "\($0)はここでは購入できません：このデバイスでは購入が無効になっています。" }
        return s
    }()
}
