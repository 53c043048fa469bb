import StoreModel

extension Strings {
    /// Japanese: the English table with every text translated. Each character takes two terminal
    /// columns, so labels are kept to about half the English letter count.
    public static let japanese: Strings = {
        var s = Strings()

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
        s.familySharingNote = "ファミリー共有で最大5人の家族と共有できます。"
        s.each = { "単価 \($0)" }
        s.quantity = "数量"
        s.inPossession = { "所持数：\($0)" }
        s.notSoldHere = "この地域では未販売"
        s.renewsOn = { "\($0)に更新" }
        s.expiresOn = { "\($0)に終了" }
        s.extendsTo = { "再購入すると\($0)まで延長されます。" }
        s.subscribedElsewhere = { "\($0)に登録中です。" }
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

        // Key help
        s.actionHelp = {
            switch $0 {
            case .move: "移動"
            case .up: "上へ"
            case .down: "下へ"
            case .pageUp: "前ページ"
            case .pageDown: "次ページ"
            case .top: "先頭へ"
            case .bottom: "末尾へ"
            case .select: "開く"
            case .buy: "購入"
            case .back: "戻る"
            case .nextArea: "次のエリア"
            case .previousArea: "前のエリア"
            case .more: "増やす"
            case .fewer: "減らす"
            case .help: "キー一覧"
            case .quit: "終了"
            case .switchButton: "ボタン切替"
            case .cancel: "キャンセル"
            case .press: "ボタンを押す"
            case .dismiss: "閉じる"
            case .scroll: "スクロール"
            case .redraw: "画面を再描画"
            case .signup: "すべてのプラン"
            case .ownPlan: "自分のプラン"
            case .restore: "購入を復元"
            case .account: "アカウント"
            case .purchaseHelp: "購入のヘルプ"
            case .redeemCode: "コードを使う"
            // The QA tools stay English, but their keys in a Japanese footer are Japanese.
            case .scenario: "シナリオ"
            case .transactions: "取引"
            case .change: "変更"
            case .changeBack: "戻す"
            case .advanceDay: "+1日"
            case .advanceWeek: "+1週間"
            case .advanceToRenewal: "次の更新"
            case .clearAll: "すべて消去"
            case .approve: "承認"
            case .decline: "拒否"
            case .resolve: "解決"
            case .refund: "返金"
            case .revoke: "取り消し"
            case .delete: "削除"
            case .confirm: "はい"
            default: Strings.qaActionHelp($0)
            }
        }
        s.screenName = {
            switch $0 {
            case .store: "ストア"
            case .detail: "詳細"
            case .sheet: "確認"
            case .result: "結果"
            case .help: "キー一覧"
            case .tooSmall: "端末が小さすぎます"
            case .signup: "登録"
            case .restore: "購入を復元"
            case .priceConsent: "価格改定"
            default: Strings.english.screenName($0)
            }
        }

        return s
    }()
}
