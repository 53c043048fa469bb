import StoreModel

extension AppState {
    /// The whole screen as cells: header, the current screen, footer, and whatever overlay is open.
    public func view() -> Grid {
        var grid = Grid(size: size)
        guard size.columns > 0, size.rows > 0 else { return grid }
        if isTooSmall {
            TooSmall().draw(&grid, self)
            return grid
        }
        Chrome.drawHeader(&grid, self)
        top.component.draw(&grid, self)
        overlay?.component.draw(&grid, self)
        Chrome.drawFooter(&grid, self)
        return grid
    }
}
