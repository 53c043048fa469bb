/// A scenario file (`--scenario FILE`): one setting per line, `NAME VALUE`; `#` starts a comment, blank
/// lines are skipped. The settings are checked against the catalog (family sharing names a product).
public enum ScenarioFile {
    public struct Problem: Error, Sendable, Equatable {
        /// The 1-based line.
        public var line: Int
        public var message: String
    }

    /// The settings in file order; the first bad line stops the reading with its number.
    public static func parse(_ text: String, catalog: Catalog) throws(Problem) -> [ScenarioSetting] {
        var settings: [ScenarioSetting] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            do {
                let setting = try ScenarioSetting(line: line)
                try setting.check(catalog)
                settings.append(setting)
            } catch {
                throw Problem(line: index + 1, message: error.message)
            }
        }
        return settings
    }
}
