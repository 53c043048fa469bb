import Foundation

/// How hard the stress tests push. `swift test` runs every test at a size that finds a regression of
/// the rule it checks in a few seconds; `.ci/run`'s slow lane sets `STOREFRONT_SLOW_TESTS=1` and runs
/// them again at the size that once found rare races (devices started together, 50 trials each).
public enum SlowTests {
    public static let full = ProcessInfo.processInfo.environment["STOREFRONT_SLOW_TESTS"] == "1"

    /// `light` in `swift test`, `heavy` in the slow lane.
    public static func trials(_ light: Int, slowLane heavy: Int) -> Int { full ? heavy : light }
}
