import StoreModel

extension AppState {
    /// The whole screen as cells: header, the current screen, footer, and whatever overlay is open,
    /// every row drawn afresh.
    public func view() -> Grid { view(keeping: nil) }

    /// The whole screen, copying from `caches` (the runtime's) what the frames before drew and nothing
    /// since has changed: a key that moves the store's selection draws two rows.
    public func view(keeping caches: ViewCaches?) -> Grid {
        var grid = Grid(size: size)
        grid.caches = caches
        defer { grid.caches = nil }
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
