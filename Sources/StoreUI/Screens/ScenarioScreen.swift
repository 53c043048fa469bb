import Foundation
import StoreModel
import TextSafety

/// The scenario panel's price increases: 20% up, past Apple's consent thresholds, or 20% up with
/// preserveCurrentPrice. Apple's rule decides consent for the first two.
public enum PriceRaise: Sendable, Equatable {
    case twentyPercent, pastThresholds, preservingCurrentPrice
}

/// The QA scenario panel (after Xcode's StoreKit Testing settings and Transaction Manager): every
/// scenario switch with its value, time travel, and clear everything. The switches are the same
/// `ScenarioSetting`s that CLI flags, scenario files and scripts set.
public enum ScenarioScreen {
    /// The panel's own state: the selected row.
    public struct State: Sendable, Equatable {
        public var row = 0
        /// The code the App Store rows redeem: an offer of the catalog and one of its codes (its
        /// one-time codes, then its custom ones), stepped through with ←/→.
        public var codeOffer = 0
        public var codeIndex = 0
        /// The StoreKit errors sub-list (`e`), open with its selected call; nil when closed.
        public var errorRow: Int?
        /// What the App Store page rows tap: a place in `appStorePicks` (a promoted product, or one of its offers).
        public var appStorePick = 0
        /// What "Buy on another device" buys: a product of the catalog, by its place (←/→).
        public var otherDevicePick = 0
        public init() {}
    }

    enum Row: Equatable {
        case setting(String)
        case advanceDay, advanceWeek, advanceToRenewal
        /// Raises the price of each subscription the person renews into: Apple's rule decides consent.
        case raisePrice(PriceRaise)
        case clearAll
        /// Offer codes redeemed outside the app: which code, and redeem it in the App Store now (it
        /// reaches the running app, as `Transaction.updates` delivers it) or before the next launch
        /// (a `--state` ledger keeps it; the app finds it when it starts).
        case pickCode, redeemNow, redeemAtLaunch
        /// StoreKit's requestReview, as the app calls it; and QA's reset of the device's review history.
        case requestReview, resetReviewHistory
        /// StoreKit Testing's session controls: the storefront (←/→ through the catalog's territories),
        /// AppStore.sync, clearTransactions and resetToDefaultState (the script verbs' own paths).
        case storefront, sync, clearTransactions, reset
        /// The App Store page: what the person taps (←/→), the tap itself (a PurchaseIntent reaches the
        /// app), and this device's promotion overrides of the picked product.
        case appStorePick, buyFromAppStorePage, promotionVisibility, promotionUp, promotionDown
        /// Another device of the account: what it buys (←/→), the purchase there (it reaches this app as
        /// `Transaction.updates`), and the person cancelling their subscription in Settings, outside the
        /// app (OtherDevices.swift).
        case otherDevicePick, buyOnOtherDevice, cancelInSettings
        /// The family organizer who shares a purchase with this account is refunded (FamilySharing.swift).
        case refundShared
    }

    static let rows: [Row] = ScenarioSetting.names.map(Row.setting)
        + [.advanceDay, .advanceWeek, .advanceToRenewal, .storefront, .sync, .clearTransactions, .reset,
           // Between the session rows and the review rows: scripts count to rows from either end.
           .refundShared,
           .otherDevicePick, .buyOnOtherDevice, .cancelInSettings,
           .appStorePick, .buyFromAppStorePage, .promotionVisibility, .promotionUp, .promotionDown,
           .requestReview, .resetReviewHistory, .pickCode, .redeemNow, .redeemAtLaunch,
           .raisePrice(.twentyPercent), .raisePrice(.pastThresholds), .raisePrice(.preservingCurrentPrice), .clearAll]

    // MARK: update

    public static func update(_ action: Action, _ screen: inout State, _ app: inout AppState) {
        if action == .storeKitErrors {
            screen.errorRow = 0
            return
        }
        if let row = screen.errorRow {
            updateErrors(action, row: row, &screen, &app)
            return
        }
        switch action {
        case .up: screen.row = max(0, screen.row - 1)
        case .down: screen.row = min(rows.count - 1, screen.row + 1)
        case .top: screen.row = 0
        case .bottom: screen.row = rows.count - 1
        case .back: app.screens.removeLast()
        case .change, .changeBack:
            switch rows[min(screen.row, rows.count - 1)] {
            case .setting(let name): cycle(name, by: action == .change ? 1 : -1, &app)
            case .advanceDay where action == .change: _ = app.performNavigation(.advanceDay)
            case .advanceWeek where action == .change: _ = app.performNavigation(.advanceWeek)
            case .advanceToRenewal where action == .change: _ = app.performNavigation(.advanceToRenewal)
            case .raisePrice(let raise) where action == .change: raisePrices(raise, &app)
            case .clearAll where action == .change: app.overlay = .confirm(.clearAll)
            case .requestReview where action == .change:
                let request = app.store.requestReview()
                if let outcome = request.reviewOutcome, outcome.wasShown {
                    app.overlay = .reviewPrompt(ReviewPrompt.State(eventID: request.id))
                } else {
                    app.notice = app.strings.qa.reviewNotShown(app.strings.qa.eventOutcome(request))
                }
            case .resetReviewHistory where action == .change:
                app.store.resetReviewHistory()
                app.notice = app.strings.qa.reviewHistoryReset
            case .storefront:
                let territories = app.store.catalog.territories
                guard let index = territories.firstIndex(of: app.store.territory) ?? territories.indices.first else { return }
                let next = territories[(index + (action == .change ? 1 : -1) + territories.count) % territories.count]
                try? app.perform(.territory(next.code))
            case .sync where action == .change: try? app.perform(.sync)
            case .clearTransactions where action == .change: app.overlay = .confirm(.clearTransactions)
            case .reset where action == .change: try? app.perform(.reset)
            case .pickCode: pickCode(by: action == .change ? 1 : -1, &screen, app)
            case .appStorePick:
                let count = appStorePicks(app).count
                guard count > 0 else { return }
                screen.appStorePick = (screen.appStorePick + (action == .change ? 1 : count - 1)) % count
            case .buyFromAppStorePage where action == .change:
                guard let pick = appStorePick(screen, app) else { return }
                guard app.store.canSend(pick) else {
                    app.notice = app.strings.qa.promotionHidden(productName(pick.productID, app)); return
                }
                app.screens.removeLast()
                app.receivePurchaseIntent(pick)
            case .promotionVisibility:
                guard let pick = appStorePick(screen, app) else { return }
                let all = PromotionVisibility.allCases
                let current = app.store.promotionOverrides.visibility[pick.productID] ?? .default
                let index = all.firstIndex(of: current)!
                app.store.setPromotionVisibility(all[(index + (action == .change ? 1 : all.count - 1)) % all.count], for: pick.productID)
            case .promotionUp where action == .change, .promotionDown where action == .change:
                guard let pick = appStorePick(screen, app) else { return }
                let step = rows[screen.row] == .promotionUp ? -1 : 1
                if app.store.movePromotion(pick.productID, by: step),
                   let place = app.store.promotedProductsInOrder.firstIndex(where: { $0.productID == pick.productID }) {
                    app.notice = app.strings.qa.promotionMoved(productName(pick.productID, app), place + 1)
                } else {
                    app.notice = app.strings.qa.promotionNotMoved
                }
            case .otherDevicePick:
                let count = app.store.catalog.products.count
                guard count > 0 else { return }
                screen.otherDevicePick = (screen.otherDevicePick + (action == .change ? 1 : count - 1)) % count
            case .buyOnOtherDevice where action == .change:
                guard let product = otherDeviceProduct(screen, app) else { return }
                do { try app.buyOnAnotherDevice(product.id) } catch { app.notice = error.message }
            case .cancelInSettings where action == .change:
                // The person's own subscription that renews, in the catalog's order of groups.
                guard let group = app.store.catalog.subscriptionGroups.first(where: { (try? app.checkCancellable($0.id)) != nil }) else {
                    app.notice = app.strings.qa.nothingToCancelInSettings
                    return
                }
                try? app.cancelInSettings(group.id)
            case .refundShared where action == .change:
                guard let id = app.store.scenario.familySharing.flatMap({ app.store.sharedTransactionID(of: $0) }) else {
                    app.notice = app.strings.qa.nothingSharedToRefund
                    return
                }
                try? app.perform(.refund(transactionID: id, reason: .other))
            case .redeemNow where action == .change:
                if let code = code(screen, app) { app.receiveAppStoreRedemption(code) }
            case .redeemAtLaunch where action == .change:
                guard let code = code(screen, app) else { return }
                guard app.keepsLedger else { app.notice = app.strings.redeem.needsLedger; return }
                app.store.queueAppStoreRedemption(code)
                app.notice = app.strings.redeem.queued(code)
            default: break
            }
        default: break
        }
    }

    /// The StoreKit errors sub-list (Xcode's StoreKit Errors, `_storeKitErrors`): one row per call,
    /// ←/→ through off and the call's errors; Esc back to the panel.
    static func updateErrors(_ action: Action, row: Int, _ screen: inout State, _ app: inout AppState) {
        let categories = StoreKitErrorCategory.allCases
        switch action {
        case .up: screen.errorRow = max(0, row - 1)
        case .down: screen.errorRow = min(categories.count - 1, row + 1)
        case .top: screen.errorRow = 0
        case .bottom: screen.errorRow = categories.count - 1
        case .back: screen.errorRow = nil
        case .change, .changeBack:
            let category = categories[row]
            let values = [nil] + category.injectable
            let index = values.firstIndex(of: app.store.injectedError(category)) ?? 0
            let next = values[(index + (action == .change ? 1 : -1) + values.count) % values.count]
            if let setting = try? ScenarioSetting(name: "error", value: "\(category.rawValue) \(next?.settingName(in: category) ?? "off")") {
                app.store.apply(setting)
            }
        default: break
        }
    }

    /// The code the App Store rows redeem; nil when the catalog has none.
    static func code(_ screen: State, _ app: AppState) -> String? {
        let offers = app.store.catalog.offerCodes
        guard screen.codeOffer < offers.count else { return nil }
        // Read in place: an offer may have thousands of one-time codes.
        let (oneTime, customCount) = (offers[screen.codeOffer].oneTimeUseCodes, offers[screen.codeOffer].customCodeCount)
        let index = screen.codeIndex < oneTime.count + customCount ? screen.codeIndex : 0
        return index < oneTime.count ? oneTime[index] : customCount == 0 ? nil : offers[screen.codeOffer].customCode(at: index - oneTime.count)
    }

    /// The next (or previous) code: within an offer, then on to the next offer's, wrapping around.
    static func pickCode(by step: Int, _ screen: inout State, _ app: AppState) {
        let offers = app.store.catalog.offerCodes
        guard !offers.isEmpty else { return }
        func count(_ offer: Int) -> Int { offers[offer].oneTimeUseCodes.count + offers[offer].customCodeCount }
        var (offer, index) = (min(screen.codeOffer, offers.count - 1), screen.codeIndex + step)
        // Each offer has a code (lint): at most one offer is stepped over per key.
        if index >= count(offer) { offer = (offer + 1) % offers.count; index = 0 }
        if index < 0 { offer = (offer + offers.count - 1) % offers.count; index = max(0, count(offer) - 1) }
        (screen.codeOffer, screen.codeIndex) = (offer, index)
    }

    /// What the App Store page rows can tap, in this device's order: each promoted product (hidden ones
    /// too, so their visibility can be set), then each of its offers. Costs the promoted products only.
    static func appStorePicks(_ app: AppState) -> [PurchaseIntent] {
        app.store.promotedProductsInOrder.flatMap { entry -> [PurchaseIntent] in
            let info = app.store.catalog.product(entry.productID)?.subscription
            let offers = (info?.winBackOffers.map(\.id) ?? []) + (info?.promotionalOffers.compactMap(\.id) ?? [])
            return [PurchaseIntent(productID: entry.productID)] + offers.map { PurchaseIntent(productID: entry.productID, offerID: $0) }
        }
    }

    static func appStorePick(_ screen: State, _ app: AppState) -> PurchaseIntent? {
        let picks = appStorePicks(app)
        return picks.isEmpty ? nil : picks[min(screen.appStorePick, picks.count - 1)]
    }

    /// A product's name in the viewer's language; the id (catalog text, made displayable) if unknown.
    static func productName(_ productID: String, _ app: AppState) -> String {
        app.store.catalog.product(productID).map(app.name) ?? UntrustedText.displayable(productID)
    }

    /// What "Buy on another device" buys.
    static func otherDeviceProduct(_ screen: State, _ app: AppState) -> Product? {
        let products = app.store.catalog.products
        return products.isEmpty ? nil : products[screen.otherDevicePick % products.count]
    }

    /// The App Store page row's value: the product, its offer, and whether this device hides it.
    static func appStorePickValue(_ screen: State, _ state: AppState) -> String {
        guard let pick = appStorePick(screen, state) else { return state.strings.qa.noPromotions }
        var text = productName(pick.productID, state)
        if let offer = pick.offerID { text += " · offer " + UntrustedText.displayable(offer) }
        if !state.store.canSend(pick) { text += " (" + state.strings.qa.hiddenHere + ")" }
        return text
    }

    /// Moves a scenario setting to its next (or previous) value.
    static func cycle(_ name: String, by step: Int, _ app: inout AppState) {
        guard let current = ScenarioSetting.current(app.store).first(where: { $0.name == name }),
              let next = ScenarioSetting.cycled(name, from: current.value, by: step, in: app.store.catalog) else { return }
        if let setting = try? ScenarioSetting(name: name, value: next) { app.store.apply(setting) }
        if case .familySharing(let before) = current { app.notice = sharingNotice(from: before, app) }
        // A gate that now blocks purchases can leave the store's selection on a row that no longer exists.
        StoreScreen.revalidate(&app)
    }

    /// A price increase, as a developer makes one in App Store Connect, on each subscription the person
    /// renews into, in this territory: 20% up, or past Apple's consent thresholds, or 20% up keeping
    /// current subscribers' price. Apple's rule (`PriceIncreaseConsent`) decides whether the subscriber
    /// is asked to consent (once per launch) or only told; the notice says which, per plan.
    static func raisePrices(_ raise: PriceRaise, _ app: inout AppState) {
        let qa = app.strings.qa
        var raised: [String] = []
        for groupID in app.store.renewals.keys.sorted() {
            guard let status = app.store.status(ofGroup: groupID, ownership: .purchased),
                  status.state != .expired, status.state != .revoked,
                  let product = status.renewal.flatMap({ app.store.catalog.product($0.autoRenewProductID) }),
                  let price = raise == .pastThresholds ? app.store.priceAboveConsentThresholds(of: product)
                                                        : app.store.raisedPrice(of: product),
                  app.store.raisePrice(product.id, to: price, preserveCurrentPrice: raise == .preservingCurrentPrice)
            else { continue }
            let outcome = raise == .preservingCurrentPrice ? qa.priceKept
                : app.store.priceIncrease(for: product.id)?.consentRequired == true ? qa.consentRequired : qa.consentNotRequired
            raised.append(qa.priceRaised(app.name(product), app.price(price)) + " " + outcome)
        }
        app.notice = raised.isEmpty ? qa.nothingToRaise : raised.joined(separator: " ")
    }

    /// What changing the family-sharing switch did: the organizer stopped sharing one product, and
    /// shares another.
    static func sharingNotice(from before: String?, _ app: AppState) -> String? {
        let qa = app.strings.qa, catalog = app.store.catalog
        func name(_ id: String) -> String { catalog.product(id).map(app.name) ?? UntrustedText.displayable(id) }
        var words: [String] = []
        if let before { words.append(qa.sharingStopped(AppStore.familyOrganizer, name(before))) }
        if let now = app.store.scenario.familySharing { words.append(qa.sharingStarted(AppStore.familyOrganizer, name(now))) }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    // MARK: view

    public static func draw(_ grid: inout Grid, _ state: AppState, _ screen: State) {
        let qa = state.strings.qa
        let body = Chrome.body(state)
        let area = body.insetHorizontally(1)
        guard area.height > 0 else { return }
        if let row = screen.errorRow {
            drawErrors(&grid, state, row: row, in: area)
            return
        }
        grid.put(clockLine(state, width: area.width), row: body.row, column: area.column, role: .accent)

        let selected = rows[min(screen.row, rows.count - 1)]
        let help = helpText(selected, state)
        var helpLines: [String] = []
        if area.height >= 10 {
            let wrapped = TextWidth.wrap(help, width: area.width)
            helpLines = Array(wrapped.prefix(area.height >= 18 ? 3 : 2))
            // A cut explanation says so.
            if wrapped.count > helpLines.count, let last = helpLines.popLast() {
                helpLines.append(TextWidth.truncate(last + " …", to: area.width))
            }
        }
        // Rows of the list: a blank between the switches and the actions.
        var lines: [(text: String, value: String, row: Row?)] = []
        let labelWidth = ScenarioSetting.names.map { TextWidth.of(qa.settingLabel($0)) }.max()! + 2
        for row in rows {
            // The StoreKit errors: one line below the switches, opened with `e` (its own list, so the
            // panel's rows stay where scripts and fingers know them).
            if row == .advanceDay {
                lines.append((TextWidth.pad(qa.storeKitErrorsRow, to: labelWidth), qa.errorsOn(state.store.injectedErrorCount), nil))
            }
            if row == .advanceDay || row == .pickCode || row == .raisePrice(.twentyPercent) || row == .storefront
                || row == .appStorePick || row == .requestReview || row == .otherDevicePick || row == .refundShared { lines.append(("", "", nil)) }
            switch row {
            case .setting(let name): lines.append((TextWidth.pad(qa.settingLabel(name), to: labelWidth), value(name, state), row))
            case .advanceDay: lines.append((qa.advanceDay, "", row))
            case .advanceWeek: lines.append((qa.advanceWeek, "", row))
            case .advanceToRenewal: lines.append((qa.advanceToRenewal(state.store.nextRenewalDate.map(state.dateTime)), "", row))
            case .raisePrice(let raise): lines.append((qa.raisePrice(raise), "", row))
            case .clearAll: lines.append((qa.clearAll, "", row))
            case .requestReview: lines.append((qa.requestReview, "", row))
            case .resetReviewHistory: lines.append((qa.resetReviewHistory, "", row))
            case .pickCode:
                lines.append((TextWidth.pad(state.strings.redeem.panelCode, to: labelWidth),
                              code(screen, state).map { UntrustedText.displayable($0) } ?? state.strings.redeem.noCodes, row))
            case .redeemNow: lines.append((state.strings.redeem.panelNow, "", row))
            case .redeemAtLaunch: lines.append((state.strings.redeem.panelAtLaunch, "", row))
            case .storefront:
                lines.append((TextWidth.pad(qa.storefrontRow, to: labelWidth), "\(state.store.territory.code) (\(state.store.territory.currency))", row))
            case .sync: lines.append((qa.syncRow, "", row))
            case .clearTransactions: lines.append((qa.clearTransactionsRow + "…", "", row))
            case .reset: lines.append((qa.resetRow, "", row))
            case .appStorePick: lines.append((TextWidth.pad(qa.appStorePageRow, to: labelWidth), appStorePickValue(screen, state), row))
            case .buyFromAppStorePage: lines.append((qa.buyFromAppStorePage, "", row))
            case .promotionVisibility:
                let visibility = appStorePick(screen, state).map { state.store.promotionOverrides.visibility[$0.productID] ?? .default }
                lines.append((TextWidth.pad(qa.promotionVisibilityRow, to: labelWidth), visibility?.rawValue ?? "", row))
            case .otherDevicePick:
                lines.append((TextWidth.pad(qa.otherDeviceRow, to: labelWidth), otherDeviceProduct(screen, state).map(state.name) ?? "", row))
            case .buyOnOtherDevice: lines.append((qa.buyOnOtherDevice, "", row))
            case .cancelInSettings: lines.append((qa.cancelInSettingsRow, "", row))
            case .refundShared: lines.append((qa.refundSharedRow(AppStore.familyOrganizer) + "…", "", row))
            case .promotionUp: lines.append((qa.promotionUp, "", row))
            case .promotionDown: lines.append((qa.promotionDown, "", row))
            }
        }
        let top = body.row + 2
        let room = max(0, area.height - 2 - (helpLines.isEmpty ? 0 : helpLines.count + 1))
        let selectedLine = lines.firstIndex { $0.row == selected } ?? 0
        let first = min(max(0, selectedLine - room + 1), max(0, lines.count - room))
        // Where the list scrolls, the right edge shows ▲/▼ and text ends with "…" before it.
        let scrolls = room < lines.count
        let right = area.column + area.width - (scrolls ? 2 : 0)
        for (offset, line) in lines.dropFirst(first).prefix(room).enumerated() {
            let y = top + offset
            let isSelected = line.row == selected
            if isSelected { grid.fill(row: y, column: area.column, width: area.width, height: 1, role: .selected) }
            let role: Role = isSelected ? .selected : .normal
            var x = area.column
            x += grid.put(isSelected ? "▸ " : "  ", row: y, column: x, role: role)
            x += grid.put(TextWidth.truncate(line.text, to: max(0, right - x)), row: y, column: x, role: role)
            if !line.value.isEmpty {
                grid.put(TextWidth.truncate(line.value, to: max(0, right - x)), row: y, column: x, role: isSelected ? .selected : .accent)
            }
        }
        if scrolls, room > 0 {
            if first > 0 { grid.put("▲", row: top, column: area.column + area.width - 1, role: .dim) }
            if first + room < lines.count { grid.put("▼", row: top + room - 1, column: area.column + area.width - 1, role: .dim) }
        }
        for (offset, line) in helpLines.enumerated() {
            grid.put(line, row: body.row + body.height - helpLines.count + offset, column: area.column, role: .dim)
        }
    }

    /// The StoreKit errors sub-list: each call by Xcode's name with its error (or off), and under it
    /// what the app shows when the selected call fails.
    static func drawErrors(_ grid: inout Grid, _ state: AppState, row: Int, in area: Rect) {
        let qa = state.strings.qa
        let categories = StoreKitErrorCategory.allCases
        grid.put(TextWidth.truncate(qa.storeKitErrorsTitle, to: area.width), row: area.row, column: area.column, role: .accent)
        let labelWidth = categories.map { TextWidth.of($0.xcodeName) }.max()! + 2
        let top = area.row + 2
        for (index, category) in categories.enumerated() where top + index < area.row + area.height {
            let y = top + index
            let isSelected = index == row
            if isSelected { grid.fill(row: y, column: area.column, width: area.width, height: 1, role: .selected) }
            let value = state.store.injectedError(category).map { $0.settingName(in: category) } ?? "off"
            var x = area.column
            x += grid.put(isSelected ? "▸ " : "  ", row: y, column: x, role: isSelected ? .selected : .normal)
            x += grid.put(TextWidth.pad(category.xcodeName, to: labelWidth), row: y, column: x, role: isSelected ? .selected : .normal)
            grid.put(TextWidth.truncate(value, to: max(0, area.column + area.width - x)), row: y, column: x,
                     role: isSelected ? .selected : .accent)
        }
        let helpTop = top + categories.count + 1
        let room = area.row + area.height - helpTop
        if room > 0 {
            grid.putWrapped(qa.errorHelp(categories[row]), row: helpTop, column: area.column, width: area.width, maxRows: room, role: .dim)
        }
    }

    /// The simulated clock and its rate, shown atop the scenario panel and the inspector; ends in "…"
    /// where it does not fit.
    static func clockLine(_ state: AppState, width: Int) -> String {
        TextWidth.truncate(state.strings.qa.clock(state.dateTime(state.store.now),
                                                  state.strings.qa.timeRate(state.store.scenario.timeRate)), to: width)
    }

    /// A setting's value as the CLI and scripts write it (the clock line above says what a time rate means).
    static func value(_ name: String, _ state: AppState) -> String {
        guard let setting = ScenarioSetting.current(state.store).first(where: { $0.name == name }) else { return "" }
        switch setting {
        case .familySharing(let productID?):
            // The product's name and the organizer who shares it; the id is catalog text.
            let product = state.store.catalog.product(productID)
            return state.strings.qa.sharedBy(product.map(state.name) ?? UntrustedText.displayable(productID), AppStore.familyOrganizer)
        default: return setting.value
        }
    }

    static func helpText(_ row: Row, _ state: AppState) -> String {
        let qa = state.strings.qa
        switch row {
        // Twelve time rates do not fit under the panel: the help names them by kind, and → steps through them.
        case .setting("time-rate"): return qa.settingHelp("time-rate")
        case .setting(let name):
            return qa.settingHelp(name) + " (" + ScenarioSetting.values(of: name, in: state.store.catalog).joined(separator: ", ") + ")"
        case .advanceDay, .advanceWeek, .advanceToRenewal: return qa.timeHelp
        case .raisePrice(let raise): return qa.raisePriceHelp(raise)
        case .clearAll: return qa.clearHelp
        case .requestReview: return qa.requestReviewHelp
        case .resetReviewHistory: return qa.resetReviewHistoryHelp
        case .pickCode, .redeemNow, .redeemAtLaunch: return state.strings.redeem.panelHelp
        case .storefront: return qa.storefrontHelp
        case .sync: return qa.syncHelp
        case .clearTransactions: return qa.clearTransactionsHelp
        case .reset: return qa.resetHelp
        case .appStorePick, .buyFromAppStorePage: return qa.promotedPickHelp
        case .promotionVisibility, .promotionUp, .promotionDown: return qa.promotionHelp
        case .otherDevicePick, .buyOnOtherDevice, .cancelInSettings: return qa.otherDeviceHelp
        case .refundShared: return qa.refundSharedHelp
        }
    }
}

// MARK: component

extension ScenarioScreen: ComponentFunctions {
    public static let bindings: [Binding] =
        [.move, .up, .down, .top, .bottom,
         Binding(keys: [.enter, .right, .character(" "), .character("l")], label: "⏎/→", action: .change, importance: .high),
         Binding(keys: [.left, .character("h")], label: "←", action: .changeBack, importance: .helpOnly)]
        + Binding.timeTravel
        + [Binding(keys: [.character("e")], label: "e", action: .storeKitErrors, importance: .helpOnly),
           Binding(keys: [.character("c")], label: "c", action: .clearAll, importance: .helpOnly),
           .transactions, .back, .help, .quit]
}

extension ScenarioScreen.State: StackScreen, FunctionsComponent {
    public typealias Functions = ScenarioScreen
    public var kind: ScreenKind { .scenario }
    public var screen: AppState.Screen { .scenario(self) }
}
