import StoreModel

extension AppState {
    /// The whole screen as cells: header, the current screen, footer, and whatever overlay is open.
    public func view() -> Grid {
        var grid = Grid(size: size)
        guard size.columns > 0, size.rows > 0 else { return grid }
        if isTooSmall {
            Overlays.drawTooSmall(&grid, self)
            return grid
        }
        Chrome.drawHeader(&grid, self)
        switch top {
        case .store(let screen): StoreScreen.draw(&grid, self, screen)
        case .detail(let screen): DetailScreen.draw(&grid, self, screen)
        case .scenario(let screen): ScenarioScreen.draw(&grid, self, screen)
        case .transactions(let screen): TransactionsScreen.draw(&grid, self, screen)
        case .transaction(let screen): TransactionScreen.draw(&grid, self, screen)
        case .signup(let screen): SignupScreen.draw(&grid, self, screen)
        case .freeContent(let screen): FreeContentScreen.draw(&grid, self, screen)
        case .freeItem(let screen): FreeItemScreen.draw(&grid, self, screen)
        case .paywall(let screen): PaywallScreen.draw(&grid, self, screen)
        case .onboarding(let screen): OnboardingScreen.draw(&grid, self, screen)
        case .account(let screen): AccountScreen.draw(&grid, self, screen)
        case .purchaseHelp(let screen): HelpScreen.draw(&grid, self, screen)
        case .missingPurchase(let screen): MissingPurchaseScreen.draw(&grid, self, screen)
        case .helpPage(let screen): HelpScreen.Page.draw(&grid, self, screen)
        case .refunds(let screen): RefundScreen.draw(&grid, self, screen)
        case .feedback(let screen): FeedbackScreen.draw(&grid, self, screen)
        }
        switch overlay {
        case .help(let help):
            if case .sheet(let sheet)? = help.under { Overlays.drawSheet(&grid, self, sheet) }
            if case .restore(let restore)? = help.under { Restore.draw(&grid, self, restore) }
            if case .priceConsent(let sheet)? = help.under { PriceConsent.draw(&grid, self, sheet) }
            if case .manage(let sheet)? = help.under { ManageSheet.draw(&grid, self, sheet) }
            if case .cancelSubscription(let sheet)? = help.under { CancelSheet.draw(&grid, self, sheet) }
            if case .refundSheet(let sheet)? = help.under { RefundSheet.draw(&grid, self, sheet) }
            if case .redeem(let sheet)? = help.under { RedeemSheet.draw(&grid, self, sheet) }
            Overlays.drawHelp(&grid, self, help)
        case .sheet(let sheet): Overlays.drawSheet(&grid, self, sheet)
        case .result(let result): Overlays.drawResult(&grid, self, result)
        case .confirm(let question): Overlays.drawConfirm(&grid, self, question)
        case .restore(let restore): Restore.draw(&grid, self, restore)
        case .priceConsent(let sheet): PriceConsent.draw(&grid, self, sheet)
        case .manage(let sheet): ManageSheet.draw(&grid, self, sheet)
        case .cancelSubscription(let sheet): CancelSheet.draw(&grid, self, sheet)
        case .refundSheet(let sheet): RefundSheet.draw(&grid, self, sheet)
        case .redeem(let sheet): RedeemSheet.draw(&grid, self, sheet)
        case nil: break
        }
        Chrome.drawFooter(&grid, self)
        return grid
    }
}
