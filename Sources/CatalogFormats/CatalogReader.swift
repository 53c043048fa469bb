import Foundation
import StoreModel
import TextSafety

/// Reads a catalog file, collecting every problem with its JSON path (for `storefront lint`), and
/// checks the rules the App Store enforces on a catalog (StoreModel's `CatalogRules` for the whole
/// catalog's).
public enum CatalogLoader {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var problems: [CatalogProblem]
        public init(problems: [CatalogProblem]) { self.problems = problems }
        public var description: String { problems.map(\.description).joined(separator: "\n") }
    }

    public static func load(contentsOf url: URL) throws(Failure) -> Catalog {
        try load(contentsOf: url, mappingFrom: MappedFile.threshold)
    }

    /// `threshold`: the size from which the file is mapped rather than read (tests map small files).
    static func load(contentsOf url: URL, mappingFrom threshold: Int) throws(Failure) -> Catalog {
        let shown = UntrustedText.path(url.path)
        if let kind = FileKind.notRegular(url.path) {
            throw Failure(problems: [CatalogProblem(path: .root, reason: "\(shown) is \(kind), not a catalog file")])
        }
        if let file = MappedFile(path: url.path, threshold: threshold) {
            let (catalog, log) = read(file.bytes, file: file)
            if let catalog, log.problems.isEmpty { return catalog }
            throw Failure(problems: log.problems)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let reason = FileManager.default.fileExists(atPath: url.path)
                ? "cannot read \(shown): \((error as NSError).localizedDescription)"
                : "no catalog file at \(shown)"
            throw Failure(problems: [CatalogProblem(path: .root, reason: reason)])
        }
        return try load(data)
    }

    /// The codes that open each offer of a catalog read from JSON, for `storefront lint` (as a `.storekit`
    /// file's notes list the codes made for it): a line per custom code, and a line per batch of one-time
    /// codes. The catalog loaded without problems, so its offers are the file's, index for index.
    public static func codeNotes(_ catalog: Catalog) -> [CatalogProblem] {
        var notes: [CatalogProblem] = []
        notes.reserveCapacity(catalog.offerCodes.count)
        for (index, offer) in catalog.offerCodes.enumerated() {
            let codes = JSONPath.root.appending("offerCodes").appending(index).appending("codes")
            for (position, code) in offer.customCodes.enumerated() {
                notes.append(CatalogProblem(path: codes.appending("custom").appending(position),
                                            reason: "custom code \(code) opens this offer"))
            }
            guard !offer.oneTimeUseCodes.isEmpty else { continue }
            let count = offer.oneTimeUseCodes.count
            notes.append(CatalogProblem(path: codes.appending("oneTimeUse"),
                                        reason: "\(count) one-time code\(count == 1 ? "" : "s") open\(count == 1 ? "s" : "") this offer, "
                                            + "each once: \(offer.oneTimeUseCodes.joined(separator: ", "))"))
        }
        return notes
    }

    public static func load(_ data: Data) throws(Failure) -> Catalog {
        let (catalog, log) = read(data)
        if let catalog, log.problems.isEmpty { return catalog }
        throw Failure(problems: log.problems)
    }

    /// Reads the bytes laying one root member at a time, and of the root's arrays (products, offer
    /// codes…) one element at a time, flat on a `JSONTape`, checking the JSON as it goes, and reads the
    /// values it needs straight off the bytes, so memory holds the catalog and one product's tokens,
    /// never a tree. The log also counts the work done, for the tests that keep it linear.
    static func read(_ data: Data) -> (Catalog?, ProblemLog) {
        data.withUnsafeBytes { raw in read(raw.bindMemory(to: UInt8.self)) }
    }

    /// `file`, when the bytes are a mapped file, is told how far each pass has read.
    ///
    /// One pass: the tape finds the root's members itself (`JSONTape.fillRoot`), and each section and
    /// element is checked as it is laid on its tape. JSON the grammar refuses is reported alone, as the
    /// first problem in the document (`firstProblem`); a document with a forbidden character is also
    /// made a tree, whose strings are looked at one by one (`checkText`).
    /// `checkingText`: false only for the fuzz targets' reference reading, which looks for forbidden
    /// characters in the reference parser's tree itself.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, file: MappedFile? = nil, checkingText: Bool = true) -> (Catalog?, ProblemLog) {
        let log = ProblemLog()
        let reader = CatalogReader(log: log)
        reader.readUpTo = file?.release
        let tape = JSONTape(bytes, log: log)
        var catalog: Catalog?
        switch tape.fillRoot(readUpTo: file?.release) {
        case .whole:
            catalog = withExtendedLifetime(tape) { reader.catalog(Node(tape, 0)) }
            // A root array the reader did not read (under a key it does not know) is still checked.
            for array in tape.deferredArrays where !tape.status.walked.contains(array.start) && !tape.status.failed {
                JSONTape(bytes, log: log, status: tape.status).forEachElement(ofArrayAt: array.start, key: array.key) { _, _ in }
            }
        case .rootIsArray, .notAnObject:
            // Not a catalog: laid out whole, for the reader to say so.
            if tape.fillDocument() { catalog = withExtendedLifetime(tape) { reader.catalog(Node(tape, 0)) } }
        case .broken, .stopped:
            break
        }
        if tape.status.failed {
            // Problems found before the grammar stopped are dropped: only the syntax problem is reported.
            let refused = ProblemLog()
            refused.problems = [firstProblem(bytes, tape)]
            return (nil, refused)
        }
        if tape.status.forbidden && checkingText {
            // Rare: only a document with a forbidden character is built whole to find it; its problems
            // come first, as the document's text is checked before its meaning.
            let found = log.problems
            log.problems = []
            let whole = JSONTape(bytes, log: ProblemLog())
            if whole.fillDocument() { reader.checkText(whole.value(at: 0)) }
            log.problems += found
        }
        return (catalog, log)
    }

    /// The first problem in document order of a document the tape refused. The root's arrays were only
    /// scanned (by brackets and strings) while the root was laid out, and are checked one element at a
    /// time later, in the reader's order: an array before where the tape stopped may hold an earlier
    /// problem, so each is checked again in the file's order, the first that refuses winning.
    static func firstProblem(_ bytes: UnsafeBufferPointer<UInt8>, _ tape: JSONTape) -> CatalogProblem {
        var arrays = tape.deferredArrays
        if let unfinished = tape.unfinishedArray { arrays.append(unfinished) }
        for array in arrays {
            let status = JSONTape.Status()
            JSONTape(bytes, log: ProblemLog(), status: status).forEachElement(ofArrayAt: array.start, key: array.key) { _, _ in }
            if status.failed { return status.problem(in: bytes) }
        }
        return tape.status.problem(in: bytes)
    }
}

/// Problems found so far; shared by every node of one read. Also counts the reader's work: nodes
/// made and paths built (a path is built only for a problem).
final class ProblemLog {
    var problems: [CatalogProblem] = []
    /// The counters live out of line: a counter of a class is checked for exclusive access on every
    /// change, and a node is made at every step of the reader.
    private let counters = UnsafeMutablePointer<Int>.allocate(capacity: 3)
    var nodesMade: Int {
        get { counters[0] }
        set { counters[0] = newValue }
    }
    var pathsBuilt: Int {
        get { counters[1] }
        set { counters[1] = newValue }
    }

    /// Tokens looked at to spell out those paths.
    var pathSteps: Int {
        get { counters[2] }
        set { counters[2] = newValue }
    }

    /// Product ids, offer ids and codes the duplicate checks kept a copy of, not read back from a
    /// product or offer (`UniqueField`, `UniqueCodes`): none for a clean catalog.
    var keysCopied = 0

    init() { counters.initialize(repeating: 0, count: 3) }
    deinit { counters.deallocate() }
    func add(_ path: JSONPath, _ reason: String) { problems.append(CatalogProblem(path: path, reason: reason)) }
}

/// A value in the document: a token of a tape. Making one allocates nothing; its path is worked out
/// from the tape only when a problem names it. Every accessor reports a wrong type or a missing field.
struct Node {
    /// Unowned: a node never outlives the read that made its tape, and a node is made and copied at
    /// every step, where counting references to the tape was a fifth of the time.
    unowned(unsafe) let tape: JSONTape
    let index: Int

    init(_ tape: JSONTape, _ index: Int) {
        self.tape = tape
        self.index = index
        tape.log.nodesMade += 1
    }

    var log: ProblemLog { tape.log }
    var kind: JSONTape.Kind { tape[index].kind }

    /// The node's path, built on demand (for a problem).
    var path: JSONPath {
        log.pathsBuilt += 1
        return tape.path(of: index)
    }

    func problem(_ reason: String) { log.add(path, reason) }

    /// What the value is, for messages: "a string", "an array", ...
    var kindDescription: String {
        switch kind {
        case .null: "null"
        case .false, .true: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    private func expected(_ what: String) { problem("expected \(what), found \(kindDescription)") }

    /// Whether the node is an object, reporting it if not (as `members` does, without listing them).
    func isObject() -> Bool {
        guard kind == .object else { expected("an object"); return false }
        return true
    }

    /// A field that must be present. Keys are the schema's, written in the code: `StaticString`, whose
    /// bytes are at hand without the work a String lookup took (a twelfth of reading a catalog).
    func required(_ key: StaticString) -> Node? {
        guard kind == .object else { expected("an object"); return nil }
        guard let field = tape.member(key, of: index), tape[field].kind != .null else {
            problem("missing required field \"\(key)\"")
            return nil
        }
        return Node(tape, field)
    }

    /// A field that may be absent (null counts as absent).
    func optional(_ key: StaticString) -> Node? {
        guard let field = tape.member(key, of: index), tape[field].kind != .null else { return nil }
        return Node(tape, field)
    }

    /// How many elements a root array read one at a time has (0 for any other node).
    var deferredCount: Int { Int(tape[index].deferredCount) }

    /// Whether the object has the key, whatever its value (null included); false for a non-object.
    func has(_ key: String) -> Bool { tape.member(key, of: index) != nil }

    var string: String? {
        guard kind == .string else { expected("a string"); return nil }
        return tape.string(at: index)
    }

    /// The text of a string node, without a problem for another kind.
    var stringValue: String? { kind == .string ? tape.string(at: index) : nil }

    /// A string that must not be empty ("") or blank: nothing a person could see (spaces, zero-width
    /// and other invisible characters, fillers, combining marks with nothing to combine with).
    var text: String? {
        guard let text = string else { return nil }
        if text.isEmpty { problem("must not be empty"); return nil }
        let startsVisibly = text.utf8.first.map { $0 > 0x20 && $0 < 0x7F } ?? false
        if !startsVisibly, text.unicodeScalars.allSatisfy(Self.isInvisible) {
            problem("must not be blank (it has no visible character)")
            return nil
        }
        return text
    }

    /// Whether UTF-8 text (already checked) has a character a person could see, as `text` decides.
    static func hasVisible(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            if isPlainlyVisible(scalar) || !isInvisible(scalar) { return true }
        }
        return false
    }

    /// Letters that are visible without asking for their Unicode properties: Latin-1 and Latin
    /// Extended-A/B letters (U+00C0–U+024F), hiragana and katakana letters (U+3041–U+3096,
    /// U+30A1–U+30FA; not their combining sound marks U+3099–U+309A) and CJK ideographs
    /// (U+4E00–U+9FFF): what most translated texts start with.
    static func isPlainlyVisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xC0...0x24F, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF: true
        default: false
        }
    }

    /// Spaces, default-ignorable characters (U+200B, U+2060, U+FEFF, U+00AD, variation selectors,
    /// Hangul fillers), format characters, lone marks, and the blank braille pattern U+2800.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return properties.isWhitespace || properties.isDefaultIgnorableCodePoint || scalar.value == 0x2800
        }
    }

    var bool: Bool? {
        switch kind {
        case .true: return true
        case .false: return false
        default: expected("true or false"); return nil
        }
    }

    var int: Int? {
        guard kind == .number, case let number = tape.number(at: index), number == number.rounded(), abs(number) < 1e9 else {
            expected("a whole number")
            return nil
        }
        return Int(number)
    }

    /// A whole number of up to 15 digits, above zero (an Apple ID); nil without a problem otherwise.
    var positiveID: Int64? {
        guard kind == .number, case let number = tape.number(at: index), number == number.rounded(),
              number >= 1, number < 1e15 else { return nil }
        return Int64(number)
    }

    var array: [Node]? {
        guard kind == .array else { expected("an array"); return nil }
        return elements
    }

    /// An array's elements, without a problem for another kind (none then).
    var elements: [Node] {
        guard kind == .array else { return [] }
        // One array, not a list of token indexes mapped to a second one.
        let count = Int(tape[index].count)
        var nodes: [Node] = []
        nodes.reserveCapacity(count)
        var child = index + 1
        for _ in 0..<count {
            nodes.append(Node(tape, child))
            child = Int(tape[child].next)
        }
        return nodes
    }

    /// Object members in document order.
    var members: [(key: String, node: Node)]? {
        guard kind == .object else { expected("an object"); return nil }
        return tape.children(of: index).map { (tape.string(at: $0 - 1), Node(tape, $0)) }
    }

    /// Refuses keys the schema does not know, so a misspelt setting is not silently ignored; suggests
    /// the known key a typo is closest to. (Does nothing if the node is not an object: the caller's
    /// accessors report that.)
    func checkKeys(_ known: KnownKeys) {
        guard kind == .object else { return }
        tape.forEachMember(of: index) { field in
            guard !tape.key(at: field - 1, isOneOf: known) else { return }
            let key = tape.string(at: field - 1)
            log.add(path.appending(key), "unknown key \(UntrustedText.quoted(key)); " + KeySuggestion.hint(key, known: known.names))
        }
    }
}

/// Turns the JSON tree into a `Catalog`, logging problems as it goes. Returns nil where a part is too
/// broken to build; the log then says why.
final class CatalogReader {
    let log: ProblemLog
    /// The territories declared in `territories`, so prices can be checked against them: each one's
    /// currency by code (a price is no more exact than its currency shows), and the codes of three
    /// ASCII letters as `PriceTable` packs them, with their currencies.
    private var currencies: [String: CurrencyDecimals] = [:]
    private var territoryPacked: [UInt32] = []
    private var packedCurrencies: [CurrencyDecimals] = []

    private func declare(_ territories: [Territory]) {
        var byCurrency: [String: CurrencyDecimals] = [:]
        for territory in territories {
            let currency = byCurrency[territory.currency] ?? CurrencyDecimals(territory.currency)
            byCurrency[territory.currency] = currency
            currencies[territory.code] = currency
            guard let packed = PriceTable.pack(territory.code) else { continue }
            territoryPacked.append(packed)
            packedCurrencies.append(currency)
        }
    }
    /// Every distinct price table read so far: equal tables share one array.
    private var priceTables: Set<[PriceTable.Entry]> = []
    /// Told the offset each element of a root array ends at (a mapped file hands back what is read).
    var readUpTo: ((Int) -> Void)?
    /// The index in `products` of the product being read, for problems found after its tape is gone.
    private var productElement = 0
    /// `includedIn` entries that are not group ids, to check against the products once all are read:
    /// where they are (product element, entry) and the id. Nodes cannot be kept: the tape is reused.
    private var pendingInclusions: [(product: Int, entry: Int, id: String)] = []

    init(log: ProblemLog) {
        self.log = log
    }

    func catalog(_ root: Node) -> Catalog? {
        guard root.members != nil else { return nil }
        root.checkKeys(Schema.root)
        let app = root.required("app").flatMap(appInfo)

        var territories: [Territory] = []
        var territoryIDs = UniqueField(field: "code", what: "territory", section: root.optional("territories"))
        forEachElement(root.required("territories")) { index, node in
            if let territory = territory(node) { territories.append(territory) }
            territoryIDs.note(node, at: index)
        }
        declare(territories)
        // The duplicate check took a second look at the territories, which repeats a wrong-type message.
        if let node = territoryIDs.section, !isDeferred(node) { _ = node.array }
        log.problems += territoryIDs.problems
        let consent = root.optional("priceIncreaseConsent").map(priceIncreaseConsent)

        var groups: [SubscriptionGroup] = []
        var groupIDs = UniqueField(field: "id", what: "subscription group id", section: root.optional("subscriptionGroups"))
        forEachElement(groupIDs.section) { index, node in
            if let group = subscriptionGroup(node) { groups.append(group) }
            groupIDs.note(node, at: index)
        }
        log.problems += groupIDs.problems

        let knownGroups = Set(groups.map(\.id))
        var products: [Product] = []
        let productsNode = root.required("products")
        products.reserveCapacity(productsNode?.deferredCount ?? 0)
        var productIDs = UniqueField(field: "id", what: "product id", section: productsNode,
                                     expected: productsNode?.deferredCount ?? 0)
        /// Names and descriptions without the default language: reported last, as the final check.
        var untranslated: [CatalogProblem] = []
        forEachElement(productsNode) { index, node in
            productElement = index
            let made = product(node, groupIDs: knownGroups).map { products.append($0) } != nil
            productIDs.note(node, at: index, madeAt: made ? products.count - 1 : nil) { products[$0].id }
            if let app { checkDefaultLanguage(node, language: app.defaultLanguage, into: &untranslated) }
        }
        log.problems += productIDs.problems
        log.keysCopied += productIDs.copiedKeys

        // When every id was read back from a product at its element's position, the duplicate check
        // already holds each id's first position in `products`.
        let productIndex = ProductLookup(products: products, index: productIDs.readsModelOnly ? productIDs.firstSeen
                                            : PlaceIndex(positions: products.count) { products[$0].id })
        checkIncludedIn(products: products, index: productIndex)
        var offers: [OfferCodeOffer] = []
        let offersNode = root.optional("offerCodes")
        offers.reserveCapacity(offersNode?.deferredCount ?? 0)
        var offerIDs = UniqueField(field: "id", what: "offer code id", section: offersNode, expected: offersNode?.deferredCount ?? 0)
        var codes = UniqueCodes(section: offersNode)
        forEachElement(offersNode) { index, node in
            let made = offerCode(node, products: products, index: productIndex).map { offers.append($0) } != nil
            offerIDs.note(node, at: index, madeAt: made ? offers.count - 1 : nil) { offers[$0].id }
            codes.note(node, at: index, made: made ? offers.count - 1 : nil, offers: offers)
        }
        log.problems += offerIDs.problems
        log.keysCopied += offerIDs.copiedKeys + codes.copiedKeys
        if let offersNode {
            log.problems += codes.problems
            // The whole-catalog rules, at the offer-code section (every subject they have is in it).
            for violation in CatalogRules.activeOfferLimit(offers, productCount: products.count, position: { productIndex[$0] })
                                 + CatalogRules.quarterlyRedemptions(offers) {
                offersNode.problem(violation.reason)
            }
        }
        if app != nil, productsNode != nil { log.problems += untranslated }
        let language = app?.defaultLanguage
        let freeContent = root.optional("freeContent").flatMap { self.freeContent($0, groupIDs: knownGroups, language: language) }
        let onboarding = root.optional("onboarding").flatMap { self.onboarding($0, groupIDs: knownGroups, language: language) }
        let help = root.optional("help").flatMap { self.help($0, products: products, index: productIndex, language: language) }
        let promoted = root.optional("promotedProducts").map { promotedProducts($0, products: products, index: productIndex) } ?? []

        guard let app, !territories.isEmpty || root.optional("territories") == nil else { return nil }
        if territories.isEmpty { root.problem("a catalog needs at least one territory") }
        // When every id and code was read back from an offer at its element's position, the duplicate
        // checks hold the catalog's offer-code indexes already: the first position of each id, and each
        // upper-case code's first place (`Catalog.codePlace`).
        let offerCodeIndex = offerIDs.readsModelOnly && codes.readsModelOnly ? (offerIDs.firstSeen, codes.firstSeen) : nil
        var catalog = Catalog(app: app, territories: territories, subscriptionGroups: groups,
                              products: products, offerCodes: offers, freeContent: freeContent, onboarding: onboarding,
                              productPositions: productIndex.index, offerCodeIndex: offerCodeIndex)
        catalog.help = help
        if let consent { catalog.priceIncreaseConsent = consent }
        catalog.promotedProducts = promoted
        return catalog
    }

    /// Whether a node is a root array left to be read one element at a time.
    private func isDeferred(_ node: Node) -> Bool { node.tape[node.index].deferred }

    /// Each element of an array node, with its index: a deferred root array is laid on a tape one
    /// element at a time; any other node is an array of its tape (or a wrong-type problem, reported by
    /// `array`).
    private func forEachElement(_ node: Node?, _ body: (Int, Node) -> Void) {
        guard let node else { return }
        if isDeferred(node) {
            let tape = JSONTape(node.tape.bytes, log: log, status: node.tape.status)
            tape.forEachElement(ofArrayAt: node.tape[node.index].start, key: node.tape.string(at: node.index - 1)) { index, end in
                body(index, Node(tape, 0))
                readUpTo?(end)
            }
        } else {
            for (index, element) in (node.array ?? []).enumerated() { body(index, element) }
        }
    }

    // MARK: sections

    private func appInfo(_ node: Node) -> AppInfo? {
        node.checkKeys(Schema.app)
        let name = node.required("name").flatMap { localized($0) }
        let language = node.optional("defaultLanguage")?.text ?? "en"
        let terms = node.required("termsOfServiceURL").flatMap { url($0) }
        let privacy = node.required("privacyPolicyURL").flatMap { url($0) }
        guard let name, let terms, let privacy else { return nil }
        if name[language] == nil {
            node.required("name")?.problem("has no \(UntrustedText.quoted(language)) text, the catalog's default language")
        }
        let grace = node.optional("billingGracePeriod").flatMap(billingGracePeriod)
        var survey: [LocalizedText] = []
        if let reasons = node.optional("exitSurvey") {
            for reason in reasons.array ?? [] {
                if let text = localized(reason, language: language) { survey.append(text) }
            }
            if reasons.kind == .array, case let count = reasons.elements.count, !(1...6).contains(count) {
                reasons.problem("needs 1 to 6 reasons (the survey is short), found \(count)")
            }
        }
        var bundleID: String?
        if let node = node.optional("bundleID"), let text = node.text {
            if AppInfo.isValidBundleID(text) { bundleID = text } else {
                node.problem("\(UntrustedText.quoted(text)) is not a bundle identifier (letters, digits, hyphens and periods, like \"com.example.reader\")")
            }
        }
        var appAppleID: Int64?
        if let node = node.optional("appAppleID") {
            if let number = node.positiveID { appAppleID = number } else {
                node.problem("is not an app Apple ID (a positive whole number, as App Store Connect shows it)")
            }
        }
        return AppInfo(name: name, defaultLanguage: language, termsOfServiceURL: terms, privacyPolicyURL: privacy,
                       billingGracePeriod: grace, exitSurvey: survey, bundleID: bundleID, appAppleID: appAppleID)
    }

    /// `app.billingGracePeriod`: `{"duration": "P16D", "renewals": "paidToPaidOnly"}`, the choices App
    /// Store Connect offers. Left out, the app has none.
    private func billingGracePeriod(_ node: Node) -> BillingGracePeriod? {
        node.checkKeys(Schema.billingGracePeriod)
        let allowed = BillingGracePeriod.durations.map { "P\($0)D" }.joined(separator: ", ")
        let days = node.required("duration").flatMap { durationNode -> Int? in
            guard let text = durationNode.string else { return nil }
            guard let period = SubscriptionPeriod(iso8601: text), period.unit == .day,
                  BillingGracePeriod.durations.contains(period.value) else {
                durationNode.problem("\(UntrustedText.quoted(text)) is not a Billing Grace Period App Store Connect offers; use one of \(allowed), or leave \"billingGracePeriod\" out for none")
                return nil
            }
            return period.value
        }
        let renewals = node.optional("renewals").flatMap { renewalsNode -> BillingGracePeriod.Renewals? in
            guard let raw = renewalsNode.string else { return nil }
            guard let renewals = BillingGracePeriod.Renewals(rawValue: raw) else {
                let known = BillingGracePeriod.Renewals.allCases.map(\.rawValue).joined(separator: " or ")
                renewalsNode.problem("unknown renewals \(UntrustedText.quoted(raw)); expected \(known)")
                return nil
            }
            return renewals
        } ?? .all
        return days.map { BillingGracePeriod(days: $0, renewals: renewals) }
    }

    /// `priceIncreaseConsent`: the inputs to Apple's rule for when a price increase needs consent (the
    /// territories that always require it, and each territory's local-currency thresholds), every
    /// territory declared in `territories` and every amount no more exact than its currency.
    private func priceIncreaseConsent(_ node: Node) -> PriceIncreaseConsent {
        node.checkKeys(Schema.priceIncreaseConsent)
        var consent = PriceIncreaseConsent()
        for element in node.optional("alwaysRequiredIn")?.array ?? [] {
            guard let code = element.string else { continue }
            guard currencies[code] != nil else {
                element.problem("territory \(UntrustedText.quoted(code)) is not declared in $.territories")
                continue
            }
            consent.alwaysRequiredIn.insert(code)
        }
        for (code, entry) in node.optional("thresholds")?.members ?? [] {
            guard let currency = currencies[code] else {
                entry.problem("territory \(UntrustedText.quoted(code)) is not declared in $.territories")
                continue
            }
            guard entry.isObject() else { continue }
            entry.checkKeys(Schema.consentThreshold)
            func amount(_ field: Node?) -> Decimal? {
                guard let field, let parts = price(field), isShown(parts, in: currency, field) else { return nil }
                return Decimal(sign: .plus, exponent: parts.exponent, significand: Decimal(parts.significand))
            }
            let perPeriod = amount(entry.required("perPeriod")), annual = amount(entry.required("annual"))
            if let perPeriod, let annual {
                consent.thresholds[code] = .init(perPeriod: perPeriod, annual: annual)
            }
        }
        return consent
    }

    /// `promotedProducts`: the products App Store Connect promotes, in its default order. Each a product
    /// of the catalog, named once, that some territory sells (a promotion of something no storefront
    /// sells could never be bought).
    private func promotedProducts(_ node: Node, products: [Product], index: ProductLookup) -> [String] {
        var ids: [String] = []
        var seen: [String: Int] = [:]
        // A root array is read one element at a time (`forEachElement`), as the products are.
        forEachElement(node) { position, element in
            guard let id = element.string else { return }
            guard let product = index[id].map({ products[$0] }) else {
                element.problem("\(UntrustedText.quoted(id)) is not a product of this catalog")
                return
            }
            if let first = seen[id] {
                element.problem("\(UntrustedText.quoted(id)) is promoted already, at $.promotedProducts[\(first)]; each product is promoted once")
                return
            }
            guard !product.prices.isEmpty else {
                element.problem("\(UntrustedText.quoted(id)) has no price in any territory, so a promotion of it could never be bought")
                return
            }
            seen[id] = position
            ids.append(id)
        }
        return ids
    }

    private func territory(_ node: Node) -> Territory? {
        node.checkKeys(Schema.territory)
        let code = node.required("code").flatMap { codeNode -> String? in
            guard let code = codeNode.string else { return nil }
            guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                codeNode.problem("\(UntrustedText.quoted(code)) is not an ISO 3166 alpha-3 territory code like \"USA\" or \"JPN\"")
                return nil
            }
            return code
        }
        let currency = node.required("currency").flatMap { currencyNode -> String? in
            guard let currency = currencyNode.string else { return nil }
            guard StorefrontTerritories.isoCurrencies.contains(currency) else {
                currencyNode.problem("\(UntrustedText.quoted(currency)) is not an ISO 4217 currency code like \"USD\" or \"EUR\"")
                return nil
            }
            return currency
        }
        let locale = node.required("locale").flatMap { localeNode -> String? in
            guard let identifier = localeNode.string else { return nil }
            guard let known = LocaleCatalog.canonical(identifier) else {
                localeNode.problem("\(UntrustedText.quoted(identifier)) is not a known locale like \"en_US\" or \"ja_JP\"")
                return nil
            }
            return known
        }
        guard let code, let currency, let locale else { return nil }
        return Territory(code: code, currency: currency, locale: locale)
    }

    private func subscriptionGroup(_ node: Node) -> SubscriptionGroup? {
        node.checkKeys(Schema.subscriptionGroup)
        let id = node.required("id")?.text
        let name = node.required("name").flatMap { localized($0) }
        guard let id, let name else { return nil }
        return SubscriptionGroup(id: id, name: name)
    }

    private func product(_ node: Node, groupIDs: Set<String>) -> Product? {
        node.checkKeys(Schema.product)
        let id = node.required("id")?.text
        let type = node.required("type").flatMap { typeNode -> ProductType? in
            guard let raw = typeNode.string else { return nil }
            guard let type = ProductType(rawValue: raw) else {
                let known = ProductType.allCases.map(\.rawValue).joined(separator: ", ")
                typeNode.problem("unknown product type \(UntrustedText.quoted(raw)); expected one of \(known)")
                return nil
            }
            return type
        }
        let name = node.required("name").flatMap { localized($0) }
        let description = node.required("description").flatMap { localized($0, shared: true) }
        let shareable = node.optional("familyShareable")?.bool ?? false
        let prices = node.required("prices").flatMap(priceTable)
        let includedIn = node.optional("includedIn").map { includedInList($0, groupIDs: groupIDs) } ?? []
        if type == .autoRenewable {
            node.optional("includedIn")?.problem("a subscription's place in its group is its \"level\"; \"includedIn\" is for the other product types")
        }

        var maxQuantity = 1
        var subscription: SubscriptionInfo?
        var duration: SubscriptionPeriod?
        switch type {
        case .consumable:
            maxQuantity = node.optional("maxQuantity").flatMap { quantityNode -> Int? in
                guard let value = quantityNode.int else { return nil }
                guard (1...99).contains(value) else { quantityNode.problem("must be between 1 and 99"); return nil }
                return value
            } ?? 10
        case .autoRenewable:
            subscription = subscriptionInfo(node, groupIDs: groupIDs)
            if subscription == nil { return nil }
        case .nonRenewing:
            duration = node.required("duration").flatMap { period($0) }
            if duration == nil { return nil }
        case .nonConsumable, nil:
            break
        }
        if type == .consumable, shareable {
            node.optional("familyShareable")?.problem("consumables cannot be shared with Family Sharing")
        }
        if type != .autoRenewable {
            for key: StaticString in ["group", "level", "period", "introductoryOffer", "promotionalOffers", "winBackOffers", "billingPlans"] {
                node.optional(key)?.problem("only auto-renewable subscriptions have \"\(key)\"")
            }
        }
        if let type, type != .consumable {
            node.optional("maxQuantity")?.problem("only consumables have \"maxQuantity\"")
        }
        if let type, type != .nonRenewing {
            node.optional("duration")?.problem("only non-renewing subscriptions have \"duration\"")
        }
        guard let id, let type, let name, let description, let prices else { return nil }
        return Product(id: id, type: type, name: name, description: description, familyShareable: shareable,
                       prices: prices, maxQuantity: maxQuantity, subscription: subscription, duration: duration,
                       includedIn: type == .autoRenewable ? [] : includedIn)
    }

    /// `includedIn`: subscription group ids, or ids of auto-renewable subscriptions. A group is known
    /// before the products; a product may come later in the file, so an id that is not a group is kept
    /// with its node and checked once every product is read (`checkIncludedIn`).
    private func includedInList(_ node: Node, groupIDs: Set<String>) -> [String] {
        guard let elements = node.array else { return [] }
        if elements.isEmpty { node.problem("list at least one subscription group or subscription, or leave \"includedIn\" out") }
        var ids: [String] = []
        for (entry, element) in elements.enumerated() {
            guard let id = element.text else { continue }
            if ids.contains(id) { element.problem("\(UntrustedText.quoted(id)) is listed twice"); continue }
            ids.append(sharedID(id))
            if !groupIDs.contains(id) { pendingInclusions.append((productElement, entry, id)) }
        }
        // The products of a plan list the same subscriptions: one array for a run of equal lists
        // (21,000 lists of five at 100,000 products, 3.4 MB as arrays of their own).
        if ids == lastIncludedIn { return lastIncludedIn }
        lastIncludedIn = ids
        return ids
    }

    /// The last `includedIn` list read, shared by the products after it that list the same ids.
    private var lastIncludedIn: [String] = []

    /// The `includedIn` ids that are not groups must be auto-renewable subscriptions of the catalog.
    private func checkIncludedIn(products: [Product], index: ProductLookup) {
        for (product, entry, id) in pendingInclusions {
            // The path is made only for a problem (this runs for every listed subscription).
            func path() -> JSONPath { JSONPath(components: [.key("products"), .index(product), .key("includedIn"), .index(entry)]) }
            guard let position = index[id] else {
                log.add(path(), "\(UntrustedText.quoted(id)) is neither a subscription group nor a product of this catalog")
                continue
            }
            if products[position].type != .autoRenewable {
                log.add(path(), "\(UntrustedText.quoted(id)) is not an auto-renewable subscription: only a subscription's subscribers can have a product included")
            }
        }
        pendingInclusions = []
    }

    private func subscriptionInfo(_ node: Node, groupIDs: Set<String>) -> SubscriptionInfo? {
        let group = node.required("group").flatMap { groupNode -> String? in
            guard let id = groupNode.text else { return nil }
            guard let known = groupIDs.firstIndex(of: id) else {
                groupNode.problem("no subscription group \(UntrustedText.quoted(id)) in $.subscriptionGroups")
                return nil
            }
            return groupIDs[known] // the group's own String: one copy of each id
        }
        let level = node.required("level").flatMap { levelNode -> Int? in
            guard let level = levelNode.int else { return nil }
            guard level >= 1 else { levelNode.problem("service level must be 1 or more (1 is the highest)"); return nil }
            return level
        }
        let period = node.required("period").flatMap { periodNode -> SubscriptionPeriod? in
            guard let period = self.period(periodNode) else { return nil }
            guard Self.renewalPeriods.contains(period) else {
                periodNode.problem("\(period) is not an App Store renewal period; use one of "
                                   + Self.renewalPeriods.map(\.description).joined(separator: ", "))
                return nil
            }
            return period
        }
        let intro = node.optional("introductoryOffer").flatMap { offer($0, kind: .introductory) }
        let promotional = node.optional("promotionalOffers")?.array?.compactMap { offer($0, kind: .promotional) } ?? []
        for offerNode in node.optional("promotionalOffers")?.array ?? [] where offerNode.optional("purpose") == nil {
            offerNode.problem("missing required field \"purpose\" (retention)")
        }
        let winBack = node.optional("winBackOffers")?.array?.compactMap { winBackOffer($0) } ?? []
        checkOfferIDs(node, promotional: promotional, winBack: winBack)
        let monthlyPlan = node.optional("billingPlans").flatMap { billingPlans($0, period: period) }
        guard let group, let level, let period else { return nil }
        return SubscriptionInfo(groupID: group, level: level, period: period,
                                introductoryOffer: intro, promotionalOffers: promotional, winBackOffers: winBack,
                                monthlyPlan: monthlyPlan)
    }

    /// `billingPlans`: the plans sold beside billing up front (the subscription's own `prices`). Today
    /// one: `{"billingPlanType": "monthly", "prices": {…}, "introductoryOffer": {…}}`, monthly payments
    /// with a 12-month commitment, for one-year subscriptions only ("Billing plans can be added to […]
    /// one-year, auto-renewable subscriptions", WWDC26 session 210). `prices` is the monthly amount per
    /// territory; the commitment's total is twelve of it.
    private func billingPlans(_ list: Node, period: SubscriptionPeriod?) -> CommitmentPlan? {
        guard let elements = list.array else { return nil }
        if let period, period != CommitmentPlan.length {
            list.problem("only one-year subscriptions have billing plans (monthly payments with a 12-month commitment); this one renews every \(period)")
            return nil
        }
        var plan: CommitmentPlan?
        for element in elements {
            element.checkKeys(Schema.billingPlan)
            guard let type = element.required("billingPlanType")?.string else { continue }
            guard type == BillingPlanType.monthly.rawValue else {
                element.optional("billingPlanType")?.problem(type == BillingPlanType.billedUpFront.rawValue
                    ? "billed up front is the subscription's own \"prices\"; list only the monthly plan here"
                    : "unknown billing plan \(UntrustedText.quoted(type)); expected monthly")
                continue
            }
            guard plan == nil else { element.problem("a second monthly plan; a subscription has at most one"); continue }
            let prices = element.required("prices").flatMap(priceTable)
            let intro = element.optional("introductoryOffer").flatMap { offer($0, kind: .introductory) }
            if let prices { plan = CommitmentPlan(prices: prices, introductoryOffer: intro) }
        }
        return plan
    }

    /// A win-back offer (`winBackOffers[]`): an offer as the others are, with App Store Connect's
    /// eligibility rules and ranges (see `WinBackOffer`).
    private func winBackOffer(_ node: Node) -> WinBackOffer? {
        node.checkKeys(Schema.winBackOffer)
        let offer = offer(node, kind: .winBack)
        let paid = node.required("paidSubscriptionDurationInMonths").flatMap {
            months($0, allowed: WinBackOffer.paidMonthsChoices.contains,
                   otherwise: { "\($0) is not a paid duration App Store Connect offers; use 1 to 24, 36, 48 or 60 months" })
        }
        let since = node.required("timeSinceLastSubscribedInMonths").flatMap { rangeNode -> ClosedRange<Int>? in
            rangeNode.checkKeys(Schema.monthRange)
            let range = WinBackOffer.monthsSinceRange
            let bounds = ["minimum", "maximum"].map { key in
                rangeNode.required(key).flatMap {
                    months($0, allowed: range.contains, otherwise: { _ in "must be between \(range.lowerBound) and \(range.upperBound) months" })
                }
            }
            guard let minimum = bounds[0], let maximum = bounds[1] else { return nil }
            guard minimum <= maximum else {
                rangeNode.problem("minimum \(minimum) is more than maximum \(maximum)")
                return nil
            }
            return minimum...maximum
        }
        let between = WinBackOffer.monthsBetweenRange
        let wait = node.optional("waitBetweenOffersInMonths").flatMap {
            months($0, allowed: between.contains,
                   otherwise: { _ in "must be between \(between.lowerBound) and \(between.upperBound) months, or left out" })
        }
        let priority = node.optional("priority").flatMap { priorityNode -> WinBackOffer.Priority? in
            guard let raw = priorityNode.string else { return nil }
            guard let priority = WinBackOffer.Priority(rawValue: raw) else {
                priorityNode.problem("unknown priority \(UntrustedText.quoted(raw)); expected high or normal")
                return nil
            }
            return priority
        } ?? .normal
        let start = node.optional("startDate").flatMap(calendarDate)
        let end = node.optional("endDate").flatMap(calendarDate)
        if let start, let end, end <= start {
            node.optional("endDate")?.problem("must be after \"startDate\"")
        }
        guard let offer, let paid, let since else { return nil }
        return WinBackOffer(offer: offer, paidMonths: paid, monthsSinceLastSubscribed: since, monthsBetweenOffers: wait,
                            priority: priority, startDate: start, endDate: end)
    }

    /// A whole number of months App Store Connect allows, or a problem saying which it allows.
    private func months(_ node: Node, allowed: (Int) -> Bool, otherwise reason: (Int) -> String) -> Int? {
        guard let months = node.int else { return nil }
        guard allowed(months) else { node.problem(reason(months)); return nil }
        return months
    }

    /// A day, as App Store Connect dates offers: `"2026-07-01"`, the start of that day in UTC.
    private func calendarDate(_ node: Node) -> Date? {
        guard let text = node.string else { return nil }
        guard let date = try? Date(text, strategy: Date.ISO8601FormatStyle().year().month().day()) else {
            node.problem("\(UntrustedText.quoted(text)) is not a date like \"2026-07-01\"")
            return nil
        }
        return date
    }

    /// Offer ids a person's purchase names: a win-back offer's id may be neither another win-back
    /// offer's nor a promotional offer's of the same subscription (App Store Connect: the identifier
    /// "must not have already been used for another offer in the same subscription group").
    private func checkOfferIDs(_ node: Node, promotional: [SubscriptionOffer], winBack: [WinBackOffer]) {
        guard !winBack.isEmpty, let list = node.optional("winBackOffers") else { return }
        var seen = Set(promotional.compactMap(\.id))
        for element in list.elements {
            guard let idNode = element.optional("id"), let id = idNode.stringValue, !id.isEmpty else { continue }
            if !seen.insert(id).inserted {
                idNode.problem("offer id \(UntrustedText.quoted(id)) is used by another offer of this subscription")
            }
        }
    }

    private func offer(_ node: Node, kind: SubscriptionOffer.Kind) -> SubscriptionOffer? {
        switch kind {
        case .introductory: node.checkKeys(Schema.introductoryOffer)
        case .promotional: node.checkKeys(Schema.promotionalOffer)
        case .code, .winBack: break // the offer-code or win-back object, checked by its reader
        }
        let id = (kind == .introductory ? node.optional("id")?.text : node.required("id")?.text).map { kind == .code ? $0 : sharedID($0) }
        let mode = node.required("paymentMode").flatMap { modeNode -> SubscriptionOffer.PaymentMode? in
            guard let raw = modeNode.string else { return nil }
            guard let mode = SubscriptionOffer.PaymentMode(rawValue: raw) else {
                let known = SubscriptionOffer.PaymentMode.allCases.map(\.rawValue).joined(separator: ", ")
                modeNode.problem("unknown payment mode \(UntrustedText.quoted(raw)); expected one of \(known)")
                return nil
            }
            return mode
        }
        let period = node.required("period").flatMap { self.period($0) }
        let count = node.optional("periodCount").flatMap { countNode -> Int? in
            guard let count = countNode.int else { return nil }
            guard (1...12).contains(count) else { countNode.problem("must be between 1 and 12"); return nil }
            return count
        } ?? 1
        if mode != .payAsYouGo, count != 1 {
            node.optional("periodCount")?.problem("only pay-as-you-go offers last several periods")
        }
        let purpose = (kind == .promotional ? node.optional("purpose") : nil).flatMap { purposeNode -> SubscriptionOffer.Purpose? in
            guard let raw = purposeNode.string else { return nil }
            guard let purpose = SubscriptionOffer.Purpose(rawValue: raw) else {
                if raw == "winBack" {
                    purposeNode.problem("win-back offers are their own list: move this offer to the subscription's \"winBackOffers\", with its eligibility")
                } else {
                    purposeNode.problem("unknown purpose \(UntrustedText.quoted(raw)); expected retention")
                }
                return nil
            }
            return purpose
        }
        var prices = PriceTable()
        if mode == .freeTrial {
            node.optional("prices")?.problem("a free trial has no prices")
        } else if mode != nil {
            prices = node.required("prices").flatMap(priceTable) ?? PriceTable()
        }
        guard let mode, let period else { return nil }
        return SubscriptionOffer(id: id, kind: kind, paymentMode: mode, period: period, periodCount: count,
                                 prices: prices, purpose: purpose)
    }

    private func offerCode(_ node: Node, products: [Product], index: ProductLookup) -> OfferCodeOffer? {
        node.checkKeys(Schema.offerCode)
        let id = node.required("id")?.text
        let name = node.required("name").flatMap { localized($0, shared: true) }
        var productType: ProductType?
        let productID = node.required("product").flatMap { productNode -> String? in
            guard let id = productNode.text else { return nil }
            // Any product type: "Offer codes are available for any Apple In-App Purchase product type"
            // (https://developer.apple.com/documentation/storekit/transaction/offertype-swift.struct/code).
            guard let position = index[id] else {
                productNode.problem("no product \(UntrustedText.quoted(id)) in $.products")
                return nil
            }
            productType = products[position].type
            return products[position].id // the product's own String: one copy of each id
        }
        // A subscription's offer has a payment mode and periods; a one-time product's is the item, free
        // or at a discounted price (App Store Connect, "Create offer codes for In-App Purchases").
        var offer: SubscriptionOffer?
        var itemPrices = PriceTable()
        if productType == .autoRenewable {
            offer = self.offer(node, kind: .code)
            if offer == nil { return nil }
        } else if productType != nil {
            for key: StaticString in ["paymentMode", "period", "periodCount"] {
                node.optional(key)?.problem("only a subscription's offer has \(key); a code for a one-time product gives it free, or at \"prices\"")
            }
            if let pricesNode = node.optional("prices") { itemPrices = priceTable(pricesNode) ?? PriceTable() }
        }
        let eligibility = node.required("eligibility")?.array.flatMap { items -> Set<OfferCodeOffer.Eligibility>? in
            let values = items.compactMap { item -> OfferCodeOffer.Eligibility? in
                guard let raw = item.string else { return nil }
                guard let value = OfferCodeOffer.Eligibility(rawValue: raw) else {
                    item.problem("unknown eligibility \(UntrustedText.quoted(raw)); expected new, existing or lapsed")
                    return nil
                }
                return value
            }
            if items.isEmpty { node.required("eligibility")?.problem("must name at least one of new, existing, lapsed") }
            return Set(values)
        }
        let expires = node.optional("expires").flatMap(date)
        let limit = node.optional("redemptionLimit").flatMap { limitNode -> Int? in
            guard let limit = limitNode.int else { return nil }
            guard (1...CatalogRules.maxRedemptionsPerQuarter).contains(limit) else {
                limitNode.problem("must be between 1 and 1,000,000 (the App Store's redemptions per app and quarter)")
                return nil
            }
            return limit
        }
        let active = node.optional("active")?.bool ?? true
        // App Store Connect's offer eligibility (SubscriptionOfferEligibility): whether a new
        // subscriber gets the introductory offer first and then the code's, or the code's instead.
        var stacks = false
        if let stackNode = node.optional("withIntroductoryOffer"), let text = stackNode.text {
            switch text {
            case "stack": stacks = true
            case "replace": stacks = false
            default: stackNode.problem("unknown value \(UntrustedText.quoted(text)); expected stack (the introductory offer first, then the code's) or replace (the code's offer instead)")
            }
            if productType != nil, productType != .autoRenewable {
                stackNode.problem("only a subscription's offer code has withIntroductoryOffer; a one-time product has no introductory offer")
            }
        }
        let codesNode = node.required("codes")
        codesNode?.checkKeys(Schema.codes)
        var oneTime: [String] = []
        var batch: OfferCodeOffer.OneTimeUse?
        if let batchNode = codesNode?.optional("oneTimeUse"), batchNode.kind == .array {
            // The form before one-time codes had dates: say what the batch looks like now.
            batchNode.problem("one-time codes are a batch with the date App Store Connect made them, like "
                              + "{\"created\": \"2026-11-01T00:00:00Z\", \"codes\": [\"TH7Q2K9XWM4P\"]}; found an array")
        } else if let batchNode = codesNode?.optional("oneTimeUse"), batchNode.isObject() {
            batchNode.checkKeys(Schema.oneTimeUse)
            oneTime = batchNode.required("codes")?.array?.compactMap { code($0, custom: false) } ?? []
            let created = batchNode.required("created").flatMap(date)
            let longest = created.map { OfferCodeOffer.OneTimeUse.longestLife.added(to: $0) }
            var end = longest
            if let expiresNode = batchNode.optional("expires"), let given = date(expiresNode), let created, let longest {
                if given > longest {
                    expiresNode.problem("one-time codes expire at most 6 months after they are made (\(Self.isoText(longest)) for codes made \(Self.isoText(created)))")
                } else if given <= created {
                    expiresNode.problem("expires before the codes are made (\(Self.isoText(created)))")
                } else {
                    end = given
                }
            }
            if let created, let end { batch = OfferCodeOffer.OneTimeUse(created: created, expires: end) }
        }
        let custom = codesNode?.optional("custom")?.array?.compactMap { code($0, custom: true) } ?? []
        if let codesNode, codesNode.optional("oneTimeUse") == nil, codesNode.optional("custom") == nil {
            codesNode.problem("needs \"oneTimeUse\" or \"custom\" codes")
        }
        guard let id, let name, let productID, let eligibility else { return nil }
        // The offer's id is the same text: one String for both.
        var made = OfferCodeOffer(id: offer?.id ?? id, name: name, productID: productID, offer: offer, eligibility: eligibility,
                                  expires: expires, active: active, redemptionLimit: limit, oneTimeUseCodes: oneTime,
                                  oneTimeUse: batch, customCodes: custom)
        made.itemPriceTable = itemPrices
        made.stacksWithIntroOffer = stacks
        return made
    }

    /// An ISO 8601 date-time node's date, or a problem naming the form expected.
    private func date(_ dateNode: Node) -> Date? {
        guard let text = dateNode.string else { return nil }
        guard let date = isoDate(text) else {
            dateNode.problem("\(UntrustedText.quoted(text)) is not an ISO 8601 date-time like \"2027-01-31T00:00:00Z\"")
            return nil
        }
        return date
    }

    static func isoText(_ date: Date) -> String { date.formatted(.iso8601) }

    /// An ISO 8601 date-time, parsed once per distinct text (offers mostly share a few expiry dates,
    /// and parsing each took about 1% of reading 100,000 products); at most `dateMemoLimit` remembered.
    private func isoDate(_ text: String) -> Date? {
        if let known = dates[text] { return known }
        let date = try? Date(text, strategy: .iso8601)
        if dates.count < Self.dateMemoLimit { dates[text] = date }
        return date
    }

    private var dates: [String: Date?] = [:]
    static let dateMemoLimit = 64

    private func freeContent(_ node: Node, groupIDs: Set<String>, language: String?) -> FreeContent? {
        node.checkKeys(Schema.freeContent)
        let title = node.required("title").flatMap { localized($0, language: language) }
        let limit = node.required("monthlyFreeLimit").flatMap { limitNode -> Int? in
            guard let limit = limitNode.int else { return nil }
            guard (1...100).contains(limit) else { limitNode.problem("must be between 1 and 100 items a month"); return nil }
            return limit
        }
        let group = node.required("group").flatMap { groupReference($0, groupIDs: groupIDs) }
        var items: [FreeItem] = []
        let itemsNode = node.required("items")
        var itemIDs = UniqueField(field: "id", what: "free item id", section: itemsNode)
        for (index, itemNode) in (itemsNode?.array ?? []).enumerated() {
            itemNode.checkKeys(Schema.freeItem)
            let id = itemNode.required("id")?.text
            let title = itemNode.required("title").flatMap { localized($0, language: language) }
            let body = itemNode.required("body").flatMap { localized($0, language: language) }
            if let id, let title, let body { items.append(FreeItem(id: id, title: title, body: body)) }
            itemIDs.note(itemNode, at: index)
        }
        log.problems += itemIDs.problems
        if let itemsNode, itemsNode.kind == .array, itemsNode.elements.isEmpty { itemsNode.problem("needs at least one item") }
        guard let title, let limit, let group, !items.isEmpty else { return nil }
        return FreeContent(title: title, monthlyFreeLimit: limit, groupID: group, items: items)
    }

    private func onboarding(_ node: Node, groupIDs: Set<String>, language: String?) -> Onboarding? {
        node.checkKeys(Schema.onboarding)
        let group = node.required("group").flatMap { groupReference($0, groupIDs: groupIDs) }
        var pages: [Onboarding.Page] = []
        let pagesNode = node.required("pages")
        for pageNode in pagesNode?.array ?? [] {
            pageNode.checkKeys(Schema.onboardingPage)
            let title = pageNode.required("title").flatMap { localized($0, language: language) }
            let body = pageNode.required("body").flatMap { localized($0, language: language) }
            if let title, let body { pages.append(Onboarding.Page(title: title, body: body)) }
        }
        if let pagesNode, pagesNode.kind == .array, case let count = pagesNode.elements.count, !(1...5).contains(count) {
            pagesNode.problem("needs 1 to 5 pages (onboarding is brief), found \(count)")
        }
        guard let group, !pages.isEmpty else { return nil }
        return Onboarding(groupID: group, pages: pages)
    }

    /// `help`: Purchase Help's frequently asked questions, the developer's contact, and the conciliatory
    /// item Missing a Purchase may offer (a consumable of the catalog).
    private func help(_ node: Node, products: [Product], index: ProductLookup, language: String?) -> HelpInfo? {
        node.checkKeys(Schema.help)
        var questions: [HelpInfo.Question] = []
        let faqNode = node.required("faq")
        for questionNode in faqNode?.array ?? [] {
            questionNode.checkKeys(Schema.helpQuestion)
            let question = questionNode.required("question").flatMap { localized($0, language: language) }
            let answer = questionNode.required("answer").flatMap { localized($0, language: language) }
            if let question, let answer { questions.append(HelpInfo.Question(question: question, answer: answer)) }
        }
        if let faqNode, faqNode.kind == .array, case let count = faqNode.elements.count, !(1...30).contains(count) {
            faqNode.problem("needs 1 to 30 questions, found \(count)")
        }
        let contact = node.required("contact").flatMap { contactNode -> HelpInfo.Contact? in
            contactNode.checkKeys(Schema.helpContact)
            let email = contactNode.required("email").flatMap { emailNode -> String? in
                guard let text = emailNode.text else { return nil }
                let parts = text.split(separator: "@", omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), text.count <= 254,
                      text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }) else {
                    emailNode.problem("\(UntrustedText.quoted(text)) is not an e-mail address like \"support@example.com\"")
                    return nil
                }
                return text
            }
            let web = contactNode.optional("url").flatMap { url($0) }
            let note = contactNode.optional("note").flatMap { localized($0, language: language) }
            guard let email else { return nil }
            return HelpInfo.Contact(email: email, url: web, note: note)
        }
        let item = node.optional("conciliatoryItem").flatMap { itemNode -> String? in
            guard let id = itemNode.text else { return nil }
            guard let position = index[id] else {
                itemNode.problem("no product \(UntrustedText.quoted(id)) in $.products")
                return nil
            }
            guard products[position].type == .consumable else {
                itemNode.problem("\(UntrustedText.quoted(id)) is not a consumable; the app gives one unit of a consumable as a conciliatory item")
                return nil
            }
            return products[position].id
        }
        guard let contact, !questions.isEmpty else { return nil }
        return HelpInfo(faq: questions, contact: contact, conciliatoryItem: item)
    }

    /// A subscription group id that must be declared in `subscriptionGroups`.
    private func groupReference(_ node: Node, groupIDs: Set<String>) -> String? {
        guard let id = node.text else { return nil }
        guard groupIDs.contains(id) else {
            node.problem("no subscription group \(UntrustedText.quoted(id)) in $.subscriptionGroups")
            return nil
        }
        return id
    }

    // MARK: values

    /// A localized text that must also have the catalog's default language, like names.
    private func localized(_ node: Node, language: String?) -> LocalizedText? {
        guard let text = localized(node) else { return nil }
        if let language, text.translations[language] == nil {
            node.problem("has no \(UntrustedText.quoted(language)) text, the catalog's default language")
        }
        return text
    }

    /// A translation being read: its language's and text's bytes (in the file, or in `decoded`).
    private struct Translation {
        var language: UnsafeBufferPointer<UInt8>
        var text: UnsafeBufferPointer<UInt8>
    }

    /// Copies a text's translations from the file into the shared chunk, sorted by language, without a
    /// String per translation; only a string with escapes, or one that does not start with a visible
    /// ASCII character (and so needs the closer look of `Node.text`), is decoded first.
    ///
    /// `shared`: a text that is often the same from element to element (descriptions, offer names) is
    /// stored once; names are not looked up, as they are nearly always distinct.
    private func localized(_ node: Node, shared: Bool = false) -> LocalizedText? {
        guard node.isObject() else { return nil }
        let tape = node.tape
        var needsDecoding = false
        // The reader's one scratch list, filled and emptied per text (two arrays per text were a
        // fifth of the reader's allocations).
        var translations = scratchTranslations
        scratchTranslations = []
        defer { scratchTranslations = translations }
        translations.removeAll(keepingCapacity: true)
        tape.forEachMember(of: node.index) { field in
            // Bytes of the file when they need no decoding and are plainly a text (not empty, not blank).
            var text = tape.unescapedBytes(at: field)
            if let bytes = text, bytes.isEmpty || !(bytes[0] > 0x20 && bytes[0] < 0x7F || Node.hasVisible(bytes)) { text = nil }
            if text == nil, Node(tape, field).text == nil { return } // reported
            let language = tape.unescapedBytes(at: field - 1)
            guard let text, let language else { needsDecoding = true; return }
            translations.append(Translation(language: language, text: text))
        }
        if tape[node.index].count == 0 { node.problem("needs at least one translation, like {\"en\": \"…\"}") }
        if needsDecoding { return storeDecoding(node, tape.children(of: node.index)) }
        guard !translations.isEmpty else { return nil }
        let (text, last) = store(&translations)
        guard shared else { return text }
        sharedLookups += 1
        if let earlier = sharedTexts[TextKey(bytes: text.bytes)] {
            sharedHits += 1
            if last { textChunk.giveBack(text.bytes.count) }
            return earlier
        }
        if Self.keepsSharing(entries: sharedTexts.count, lookups: sharedLookups, hits: sharedHits) {
            sharedTexts[TextKey(bytes: text.bytes)] = text
        }
        return text
    }

    /// Texts stored once, by their packed bytes (which the texts, kept as values, keep alive).
    private var sharedTexts: [TextKey: LocalizedText] = [:]
    private var sharedLookups = 0
    private var sharedHits = 0

    /// Whether a text not seen before is remembered for sharing: always while the table is small; past
    /// `sharedTableLimit` texts only while at least half the lookups found an equal text. A catalog of
    /// distinct descriptions would otherwise keep a table of all of them while it is read (about 6 MB at
    /// 100,000 products) to share none.
    static func keepsSharing(entries: Int, lookups: Int, hits: Int) -> Bool {
        entries < sharedTableLimit || hits * 2 >= lookups
    }

    static let sharedTableLimit = 4_096

    private struct TextKey: Hashable {
        let bytes: UnsafeBufferPointer<UInt8>
        static func == (a: TextKey, b: TextKey) -> Bool {
            a.bytes.count == b.bytes.count && memcmp(a.bytes.baseAddress!, b.bytes.baseAddress!, a.bytes.count) == 0
        }
        /// A multiply-and-rotate hash of 8 bytes at a time, seeded per process, fed to the Hasher as
        /// one number: hashing every byte with the Hasher (SipHash) was a twentieth of reading 100,000
        /// descriptions.
        func hash(into hasher: inout Hasher) { hasher.combine(Self.wordHash(bytes)) }

        private static let seed = UInt64.random(in: .min ... .max)

        static func wordHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var hash = seed ^ UInt64(bytes.count)
            guard let base = bytes.baseAddress else { return hash }
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset + 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
                hash = hash << 29 | hash >> 35
                offset += 8
            }
            var tail: UInt64 = 0
            while offset < bytes.count {
                tail = tail << 8 | UInt64(bytes[offset])
                offset += 1
            }
            return (hash ^ tail) &* 0xC2B2_AE3D_27D4_EB4F
        }
    }

    /// Ids that recur across a catalog (an offer's id in every copy of a plan, the subscriptions a product
    /// is included in), one String each.
    private var sharedIDs: Set<String> = []

    private func sharedID(_ id: String) -> String { sharedIDs.insert(id).memberAfterInsert }

    /// The rare text with escapes or a closer look: its translations as Strings, as before.
    private func storeDecoding(_ node: Node, _ members: [Int]) -> LocalizedText? {
        var pairs: [(language: String, text: String)] = []
        for field in members {
            // Checked already (and any problem reported): decode again without reporting twice.
            let tape = node.tape
            guard tape[field].kind == .string, case let text = tape.string(at: field), !text.isEmpty else { continue }
            let startsVisibly = text.utf8.first.map { $0 > 0x20 && $0 < 0x7F } ?? false
            if !startsVisibly, text.unicodeScalars.allSatisfy(Node.isInvisible) { continue }
            pairs.append((tape.string(at: field - 1), text))
        }
        return pairs.isEmpty ? nil : LocalizedText(pairs: pairs)
    }

    /// The chunk texts are copied into; a new one when it is full.
    private var textChunk = TextChunk(capacity: TextChunk.shared)

    /// The translations of the text being read (`localized`), its room kept from text to text.
    private var scratchTranslations: [Translation] = []

    /// Also says whether the text is the last one of the shared chunk (so it can be given back).
    /// Sorts `translations` in place.
    private func store(_ translations: inout [Translation]) -> (LocalizedText, last: Bool) {
        // Insertion sort by language bytes: a file's languages are usually in order already.
        for i in 1..<max(translations.count, 1) {
            var j = i
            while j > 0, translations[j].language.lexicographicallyPrecedes(translations[j - 1].language) {
                translations.swapAt(j, j - 1)
                j -= 1
            }
        }
        let size = translations.reduce(0) { $0 + LocalizedText.entrySize(language: $1.language.count, text: $1.text.count) }
        let chunk: TextChunk
        let offset: Int
        if let room = textChunk.reserve(size) {
            (chunk, offset) = (textChunk, room)
        } else if size > TextChunk.shared / 8 {
            chunk = TextChunk(capacity: size)
            offset = chunk.reserve(size)!
        } else {
            textChunk = TextChunk(capacity: TextChunk.shared)
            (chunk, offset) = (textChunk, textChunk.reserve(size)!)
        }
        var cursor = chunk.base + offset
        for translation in translations {
            cursor = LocalizedText.write(translation.language.count, to: cursor)
            if let base = translation.language.baseAddress { cursor.initialize(from: base, count: translation.language.count) }
            cursor += translation.language.count
            cursor = LocalizedText.write(translation.text.count, to: cursor)
            if let base = translation.text.baseAddress { cursor.initialize(from: base, count: translation.text.count) }
            cursor += translation.text.count
        }
        return (LocalizedText(chunk: chunk, offset: offset, length: size), chunk === textChunk)
    }

    private func priceTable(_ node: Node) -> PriceTable? {
        guard node.isObject() else { return nil }
        let tape = node.tape
        var prices = scratchPrices
        scratchPrices = PriceTable() // `prices` the one owner of the room while it is filled
        defer { scratchPrices = prices }
        prices.removeAll()
        tape.forEachMember(of: node.index) { field in
            // A territory of three plain ASCII letters, found among the declared ones as a number; a
            // plain price is read from its bytes, with a node made only for a closer look or a problem.
            if let key = tape.unescapedBytes(at: field - 1), key.count == 3,
               let code = PriceTable.pack(key[0], key[1], key[2]), let position = territoryPacked.firstIndex(of: code) {
                if let price = tape.plainText(at: field).flatMap(Self.decimalParts) ?? price(Node(tape, field)),
                   isShown(price, in: packedCurrencies[position], tape, field) {
                    prices.set(code: code, significand: price.significand, exponent: price.exponent)
                }
                return
            }
            let priceNode = Node(tape, field)
            let code = tape.string(at: field - 1)
            guard let currency = currencies[code] else {
                priceNode.problem("territory \(UntrustedText.quoted(code)) is not declared in $.territories")
                return
            }
            if let price = price(priceNode), isShown(price, in: currency, priceNode) {
                prices.set(code, significand: price.significand, exponent: price.exponent)
            }
        }
        if tape[node.index].count == 0 { node.problem("needs a price in at least one territory") }
        return prices.kept(sharing: &priceTables)
    }

    /// Whether `currency` shows the price as written; if not, a problem at its node.
    private func isShown(_ price: (significand: UInt64, exponent: Int), in currency: CurrencyDecimals, _ node: Node) -> Bool {
        isShown(price, in: currency, node.tape, node.index)
    }

    /// The same for the price at token `field` of `tape`; its node is made only for the problem.
    private func isShown(_ price: (significand: UInt64, exponent: Int), in currency: CurrencyDecimals,
                         _ tape: JSONTape, _ field: Int) -> Bool {
        guard let reason = currency.problem(tape.string(at: field), significand: price.significand,
                                            exponent: price.exponent) else { return true }
        Node(tape, field).problem(reason)
        return false
    }

    /// The table every price table is read into before it is kept (`PriceTable.kept`).
    private var scratchPrices = PriceTable()

    private func price(_ node: Node) -> (significand: UInt64, exponent: Int)? {
        switch node.kind {
        case .string:
            let text = node.tape.string(at: node.index)
            guard let value = Self.decimalParts(text) else {
                node.problem("\(UntrustedText.quoted(text)) is not a decimal price; write it like \"4.99\"")
                return nil
            }
            return value
        case .number:
            node.problem("write prices as strings, like \"4.99\", so they are exact decimals")
            return nil
        default:
            node.problem("expected a decimal price as a string like \"4.99\", found \(node.kindDescription)")
            return nil
        }
    }

    /// The price written as 1–9 digits, optionally a point and 1–4 digits ("4.99", "600"), or nil.
    /// Read by hand: a Swift Regex is parsed again on every use on Linux (~0.5 ms per product), and
    /// `Decimal(string:)` was most of the time left to load a large catalog.
    static func decimalPrice(_ text: String) -> Decimal? {
        decimalParts(text).map { Decimal(sign: .plus, exponent: $0.exponent, significand: Decimal($0.significand)) }
    }

    /// The price's digits and power of ten, as `decimalPrice` reads them.
    static func decimalParts(_ text: String) -> (significand: UInt64, exponent: Int)? {
        var text = text
        return text.withUTF8 { decimalParts($0) }
    }

    static func decimalParts(_ bytes: UnsafeBufferPointer<UInt8>) -> (significand: UInt64, exponent: Int)? {
        var integerDigits = 0
        var fractionDigits: Int?
        var significand: UInt64 = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if let count = fractionDigits { fractionDigits = count + 1 } else { integerDigits += 1 }
                guard integerDigits <= 9, (fractionDigits ?? 0) <= 4 else { return nil }
                significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: ".") where fractionDigits == nil:
                fractionDigits = 0
            default:
                return nil
            }
        }
        guard integerDigits >= 1, fractionDigits != 0 else { return nil }
        return (significand, -(fractionDigits ?? 0))
    }

    private func period(_ node: Node) -> SubscriptionPeriod? {
        guard let text = node.string else { return nil }
        guard let period = SubscriptionPeriod(iso8601: text) else {
            node.problem("\(UntrustedText.quoted(text)) is not an ISO 8601 duration like P3D, P1W, P1M, P6M or P1Y")
            return nil
        }
        return period
    }

    private func url(_ node: Node) -> String? {
        guard let text = node.text else { return nil }
        guard let url = URL(string: text), url.scheme == "https" || url.scheme == "http", url.host != nil else {
            node.problem("\(UntrustedText.quoted(text)) is not a web address like \"https://example.com/terms\"")
            return nil
        }
        return text
    }

    /// Offer codes: custom codes are alphanumeric ASCII only (HIG "Supporting offer codes"); one-time
    /// codes, which App Store Connect generates, are too.
    private func code(_ node: Node, custom: Bool) -> String? {
        guard let code = node.text else { return nil }
        // Bytes, not Characters: ASCII letters and digits are exactly the bytes A–Z, a–z, 0–9.
        guard OfferCodeOffer.isCodeText(code) else {
            let what = custom ? "custom code" : "one-time-use code"
            node.problem("\(what) \(UntrustedText.quoted(code)) may contain only ASCII letters and digits")
            return nil
        }
        guard code.utf8.count <= 64 else { node.problem("codes are at most 64 characters"); return nil }
        // Most codes are upper case already: keep the String made for them.
        return code.utf8.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) ? code.uppercased() : code
    }

    // MARK: whole-catalog rules

    /// Every string in the document, map keys included, is free of control characters (C0, C1, DEL,
    /// escape) and bidirectional overrides, which could act on a terminal or hide what a name says.
    /// Walks the whole tree once, building a path only for a string that has one.
    func checkText(_ value: JSONValue) {
        var path: [JSONPath.Component] = []
        func report(_ text: String, isKey: Bool) {
            guard let scalar = UntrustedText.firstForbidden(in: text) else { return }
            let what = isKey ? "the key \(UntrustedText.quoted(text))" : "\(UntrustedText.quoted(text))"
            log.add(JSONPath(components: path), "\(what) contains \(UntrustedText.describe(scalar)); "
                    + "control characters and bidirectional overrides are not allowed in a catalog")
        }
        func walk(_ value: JSONValue) {
            switch value {
            case .string(let text):
                if !Self.isPlainASCII(text) { report(text, isKey: false) }
            case .array(let items):
                for (index, item) in items.enumerated() {
                    path.append(.index(index))
                    walk(item)
                    path.removeLast()
                }
            case .object(let object):
                for member in object.members {
                    if !Self.isPlainASCII(member.key) { report(member.key, isKey: true) }
                    path.append(.key(member.key))
                    walk(member.value)
                    path.removeLast()
                }
            case .null, .bool, .number:
                break
            }
        }
        walk(value)
    }

    /// Printable ASCII only: the common case, which needs no closer look.
    private static func isPlainASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Every product has a name and description in the default language, the last fallback.
    private func checkDefaultLanguage(_ node: Node, language: String, into problems: inout [CatalogProblem]) {
        for key in Self.localizedProductFields {
            guard let field = node.optional(key), field.kind == .object else { continue }
            if !field.has(language) {
                problems.append(CatalogProblem(path: field.path, reason: "has no \(UntrustedText.quoted(language)) text, the catalog's default language"))
            }
        }
    }

    /// A product's texts that need the default language (an array made once, not per product).
    static let localizedProductFields: [StaticString] = ["name", "description"]

    static let renewalPeriods: [SubscriptionPeriod] = ["P1W", "P1M", "P2M", "P3M", "P6M", "P1Y"]
        .compactMap { SubscriptionPeriod(iso8601: $0) }
}

/// The keys each object of the catalog schema knows (docs/catalog.md). Localized texts and price tables
/// are maps (language → text, territory → price), not schemas, so they have no list here.
enum Schema {
    static let root: KnownKeys = ["app", "territories", "priceIncreaseConsent", "subscriptionGroups", "products", "offerCodes",
                                  "freeContent", "onboarding", "help", "promotedProducts"]
    static let priceIncreaseConsent: KnownKeys = ["alwaysRequiredIn", "thresholds"]
    static let consentThreshold: KnownKeys = ["perPeriod", "annual"]
    static let app: KnownKeys = ["name", "defaultLanguage", "termsOfServiceURL", "privacyPolicyURL", "billingGracePeriod",
                                 "exitSurvey", "bundleID", "appAppleID"]
    static let billingGracePeriod: KnownKeys = ["duration", "renewals"]
    static let territory: KnownKeys = ["code", "currency", "locale"]
    static let subscriptionGroup: KnownKeys = ["id", "name"]
    static let product: KnownKeys = ["id", "type", "name", "description", "familyShareable", "prices", "maxQuantity",
                          "group", "level", "period", "introductoryOffer", "promotionalOffers", "duration",
                          "includedIn", "winBackOffers", "billingPlans"]
    static let billingPlan: KnownKeys = ["billingPlanType", "prices", "introductoryOffer"]
    static let introductoryOffer: KnownKeys = ["id", "paymentMode", "period", "periodCount", "prices"]
    static let promotionalOffer: KnownKeys = ["id", "purpose", "paymentMode", "period", "periodCount", "prices"]
    static let winBackOffer: KnownKeys = ["id", "paymentMode", "period", "periodCount", "prices",
                               "paidSubscriptionDurationInMonths", "timeSinceLastSubscribedInMonths",
                               "waitBetweenOffersInMonths", "priority", "startDate", "endDate"]
    static let monthRange: KnownKeys = ["minimum", "maximum"]
    static let offerCode: KnownKeys = ["id", "name", "product", "paymentMode", "period", "periodCount", "prices",
                            "eligibility", "withIntroductoryOffer", "expires", "active", "redemptionLimit", "codes"]
    static let codes: KnownKeys = ["oneTimeUse", "custom"]
    static let oneTimeUse: KnownKeys = ["created", "expires", "codes"]
    static let freeContent: KnownKeys = ["title", "monthlyFreeLimit", "group", "items"]
    static let freeItem: KnownKeys = ["id", "title", "body"]
    static let onboarding: KnownKeys = ["group", "pages"]
    static let onboardingPage: KnownKeys = ["title", "body"]
    static let help: KnownKeys = ["faq", "contact", "conciliatoryItem"]
    static let helpQuestion: KnownKeys = ["question", "answer"]
    static let helpContact: KnownKeys = ["email", "url", "note"]
}

/// The keys an object of the schema knows, with their lengths in UTF-8 worked out once (a key of the
/// file is compared only with the known keys of its length).
struct KnownKeys: ExpressibleByArrayLiteral, Sendable {
    let names: [String]
    let lengths: [Int]
    /// The names' bytes one after another, and where each starts: a plain ASCII key is compared with
    /// them as bytes.
    let bytes: [UInt8]
    let offsets: [Int]
    /// Whether every name is ASCII, so a plain ASCII key of another length cannot equal one.
    let ascii: Bool

    init(arrayLiteral names: String...) {
        self.names = names
        lengths = names.map(\.utf8.count)
        bytes = names.flatMap(\.utf8)
        offsets = lengths.reduce(into: [0]) { $0.append($0.last! + $1) }
        ascii = names.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
    }
}

/// "did you mean" for a misspelt key: the known key closest by edit distance (ignoring case), when it is
/// close enough to be the likely intent; otherwise the list of known keys.
enum KeySuggestion {
    static func hint(_ key: String, known: [String]) -> String {
        let scored = known.map { (candidate: $0, distance: distance(key.lowercased(), $0.lowercased())) }
        if let best = scored.min(by: { $0.distance < $1.distance }),
           best.distance <= (best.candidate.count >= 5 ? 2 : 1) {
            return "did you mean \"\(best.candidate)\"?"
        }
        return "known keys here: " + known.joined(separator: ", ")
    }

    /// Levenshtein distance between two strings, by Unicode scalar.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// The reader's product index with the products it reads its ids back from: `index[id]` is the
/// position of the first product with that id.
struct ProductLookup {
    let products: [Product]
    let index: PlaceIndex

    subscript(id: String) -> Int? { index.place(of: id) { products[Int($0)].id }.map { Int($0) } }
}

/// A field whose string values must be unique across the elements of a section (`$.products[*].id`):
/// remembers where each value was first seen by index, and builds paths only for a duplicate.
///
/// The values are not kept twice: a value that made the model's element at its own index (product 7 from
/// element 7) is read back from the model (`keyAt`); only the others (an element that made nothing, or
/// one after it) keep a copy in `extras`.
struct UniqueField {
    let field: String
    let what: String
    let section: Node?
    /// Each value's first place: the element's index in the low 32 bits; above them 0 when the value is
    /// the model's at that index, else 1 + its position in `extras`.
    private(set) var firstSeen: PlaceIndex
    private var extras: [String] = []
    private(set) var problems: [CatalogProblem] = []

    init(field: String, what: String, section: Node?, expected: Int = 0) {
        self.field = field
        self.what = what
        self.section = section
        firstSeen = PlaceIndex(expected: expected)
    }

    /// Whether every value noted was read back from the model: `firstSeen`'s places are then each id's
    /// first position in the model, as the catalog's index keeps them.
    var readsModelOnly: Bool { extras.isEmpty }
    var copiedKeys: Int { extras.count }

    /// `madeAt`: where in the model the element just made from the node stands (its field's value is
    /// then `keyAt(madeAt)`, not read from the node again); `keyAt` must answer for every position made
    /// so far.
    mutating func note(_ node: Node, at index: Int, madeAt position: Int? = nil, keyAt: (Int) -> String = { _ in "" }) {
        guard let value = position.map(keyAt) ?? node.tape.member(field, of: node.index).flatMap({ Node(node.tape, $0).stringValue }) else { return }
        let fromModel = position == index
        let place = UInt64(index) | (fromModel ? 0 : UInt64(extras.count + 1) << 32)
        let first: UInt64?
        do {
            let extras = self.extras
            first = firstSeen.insert(value, place: place) { place in
                place >> 32 == 0 ? keyAt(Int(place)) : extras[Int(place >> 32) - 1]
            }
        }
        guard let first else {
            if !fromModel { extras.append(value) }
            return
        }
        if let section {
            let firstPath = section.path.appending(Int(first & 0xFFFF_FFFF)).appending(field)
            problems.append(CatalogProblem(path: node.path.appending(field),
                                           reason: "duplicate \(what) \(UntrustedText.quoted(value)) (first at \(firstPath))"))
        }
    }
}

/// A code may open only one offer, whatever case it is typed in: the codes of every offer-code offer,
/// remembered by where they were first seen (offer, kind, position), with paths only for a duplicate.
///
/// As `UniqueField`, a code is read back from the offer made from its element when that offer stands
/// at the element's index and lists every code of the node's (upper case already); only the others keep
/// a copy in `extras`.
struct UniqueCodes {
    let section: Node?
    /// Where each code was first seen: `Catalog.codePlace` of its element's index, list and position,
    /// the catalog's own place for a code read back from the model; with bit 63 set, a position in
    /// `extras` instead.
    private(set) var firstSeen: PlaceIndex
    private var extras: [(code: String, place: UInt64)] = []
    private(set) var problems: [CatalogProblem] = []
    private static let extra: UInt64 = 1 << 63

    init(section: Node?) {
        self.section = section
        // About one code an offer, one-time-use batches a few more.
        firstSeen = PlaceIndex(expected: (section?.deferredCount ?? 0) * 5 / 4)
    }

    /// Whether every code noted was read back from an offer: `firstSeen` is then the catalog's index.
    var readsModelOnly: Bool { extras.isEmpty }
    var copiedKeys: Int { extras.count }

    /// `made`: the position in `offers` of the offer just built from the node.
    mutating func note(_ node: Node, at offer: Int, made: Int? = nil, offers: [OfferCodeOffer]) {
        guard let section else { return }
        for custom in [false, true] {
            let codes = node.optional("codes")
            let list = custom ? codes?.optional("custom") : codes?.optional("oneTimeUse").flatMap { $0.kind == .object ? $0.optional("codes") : nil }
            guard let list else { continue }
            guard list.kind == .array else {
                // The list is looked at again here, so its wrong type is reported again.
                problems.append(CatalogProblem(path: list.path, reason: "expected an array, found \(list.kindDescription)"))
                continue
            }
            let items = list.elements
            // Read back from the offer only when its list has every code of the node's.
            let known = made == offer && (custom ? offers[offer].customCodeCount : offers[offer].oneTimeUseCodes.count) == items.count
            for (index, item) in items.enumerated() {
                let key: String
                if known {
                    key = custom ? offers[offer].customCode(at: index) : offers[offer].oneTimeUseCodes[index]
                } else {
                    guard let code = item.stringValue else { continue }
                    key = code.uppercased()
                }
                let place = Catalog.codePlace(offer: offer, custom: custom, index: index)
                let first: UInt64?
                do {
                    let extras = self.extras
                    first = firstSeen.insert(key, place: known ? place : Self.extra | UInt64(extras.count)) { place in
                        place & Self.extra != 0 ? extras[Int(place & ~Self.extra)].code : Catalog.code(at: place, in: offers)
                    }
                }
                guard var first else {
                    if !known { extras.append((key, place)) }
                    continue
                }
                if first & Self.extra != 0 { first = extras[Int(first & ~Self.extra)].place }
                // Quoted as written, whatever its case.
                let code = item.stringValue ?? key
                let parts = Catalog.codePlaceParts(first)
                var firstPath = section.path.appending(parts.offer).appending("codes").appending(parts.custom ? "custom" : "oneTimeUse")
                if !parts.custom { firstPath = firstPath.appending("codes") }
                problems.append(CatalogProblem(path: list.path.appending(index),
                                               reason: "duplicate offer code \(UntrustedText.quoted(code)) (first at \(firstPath.appending(parts.index)))"))
            }
        }
    }
}
