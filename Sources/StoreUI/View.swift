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
        switch screens.last ?? .store {
        case .store: StoreScreen.draw(&grid, self)
        case .detail(let productID): DetailScreen.draw(&grid, self, productID: productID)
        case .scenario: ScenarioScreen.draw(&grid, self)
        case .transactions: TransactionsScreen.draw(&grid, self)
        case .transaction(let id): TransactionsScreen.drawDetail(&grid, self, id: id)
        }
        switch overlay {
        case .help(let screen, let under):
            if case .sheet(let sheet)? = under { Overlays.drawSheet(&grid, self, sheet) }
            Overlays.drawHelp(&grid, self, for: screen)
        case .sheet(let sheet): Overlays.drawSheet(&grid, self, sheet)
        case .result(let result): Overlays.drawResult(&grid, self, result)
        case .confirm(let question): Overlays.drawConfirm(&grid, self, question)
        case nil: break
        }
        Chrome.drawFooter(&grid, self)
        return grid
    }
}
