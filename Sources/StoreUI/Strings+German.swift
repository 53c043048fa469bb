import StoreModel

extension Strings {
    /// German: the English table with every text translated.
    public static let german: Strings = {
        var s = Strings()

        // Shell
        s.store = "Store"
        s.signedInAs = { "Angemeldet als \($0)" }
        s.notSubscribed = "Nicht abonniert"
        s.purchasesBlocked = "Käufe nicht verfügbar"
        s.tooSmall = { now, minimum in
            "Terminal zu klein: \(now.columns)×\(now.rows). storefront braucht mindestens \(minimum.columns)×\(minimum.rows). Vergrößere das Fenster oder drücke q zum Beenden."
        }
        s.keysOf = { "Tasten — \($0)" }
        s.closeHelp = "Esc oder ? zum Schließen"

        // Store sections, by product type
        s.sectionTitle = {
            switch $0 {
            case .consumable: "Verbrauchsartikel"
            case .nonConsumable: "Freischaltungen"
            case .autoRenewable: "Abos"
            case .nonRenewing: "Zeitpässe"
            }
        }
        s.sectionNote = {
            switch $0 {
            case .consumable: "beliebig oft kaufen"
            case .nonConsumable: "einmal kaufen, für immer behalten"
            case .autoRenewable: "verlängern sich automatisch bis zur Kündigung"
            case .nonRenewing: "für eine feste Zeit, ohne automatische Verlängerung"
            }
        }
        s.typeDescription = {
            switch $0 {
            case .consumable:
                "Verbrauchsartikel: wird beim Nutzen verbraucht, jederzeit erneut kaufbar. Wird nicht auf anderen Geräten wiederhergestellt."
            case .nonConsumable:
                "Nicht-Verbrauchsartikel: einmal kaufen und behalten. Wird auf all deinen Geräten wiederhergestellt."
            case .autoRenewable:
                "Automatisch verlängerbares Abo: läuft weiter, bis du kündigst. Wird auf all deinen Geräten wiederhergestellt."
            case .nonRenewing:
                "Nicht verlängerbares Abo: gilt für eine feste Zeit und verlängert sich nicht von selbst. Erneut kaufen verlängert die Laufzeit."
            }
        }

        // Product rows and detail
        s.owned = "✓ Gekauft"
        s.subscribed = "✓ Abonniert"
        s.sharedByFamily = "✓ Per Familienfreigabe"
        s.activeUntil = { "✓ Aktiv bis \($0)" }
        s.familySharing = "Familienfreigabe"
        s.familySharingNote = "Über die Familienfreigabe mit bis zu fünf Familienmitgliedern teilbar."
        s.each = { "je \($0)" }
        s.quantity = "Menge"
        s.inPossession = { "Du hast \($0)." }
        s.notSoldHere = "In dieser Region nicht erhältlich"
        s.renewsOn = { "Verlängerung am \($0)" }
        s.expiresOn = { "Läuft am \($0) ab" }
        s.extendsTo = { "Erneut kaufen verlängert bis zum \($0)." }
        s.subscribedElsewhere = { "Du hast \($0) abonniert." }
        s.resubscribe = { "\($0) erneut abonnieren" }
        s.winBack = { "Willkommen zurück: \($0)" }
        s.buy = "Kaufen"
        s.subscribe = "Abonnieren"
        s.buyNamed = { "\($0) kaufen — \($1)" }
        s.buyName = { "\($0) kaufen" }
        s.resubscribeButton = "Erneut abonnieren"
        s.includedInPlan = "✓ In deinem Abo enthalten"
        s.includedInNamed = { "In deinem Abo \($0) enthalten: nichts zu kaufen." }
        s.paymentProblemShort = "⚠ Zahlungsproblem"
        s.updatePaymentMethod = "Aktualisiere deine Zahlungsmethode in deinem Apple Account."
        s.paymentProblemUntil = { "⚠ Zahlungsproblem: Zugriff bis \($0)" }
        s.paymentProblem = "Es gibt ein Problem mit deiner Zahlungsmethode. Aktualisiere sie in den Einstellungen deines Apple Accounts; der App Store versucht weiter, das Abo zu verlängern, und der Zugriff kehrt zurück, sobald es klappt."
        s.paymentProblemGrace = {
            "Es gibt ein Problem mit deiner Zahlungsmethode. Aktualisiere sie in den Einstellungen deines Apple Accounts, um dein Abo zu behalten; der Zugriff bleibt bis \($0) bestehen."
        }
        s.paymentProblemIn = { "\($0): Zahlungsproblem" }
        s.payingUntil = { offer, date, standard in "\(offer) bis \(date), danach \(standard)" }
        s.trialUntil = { date, standard in "Gratis-Probeabo bis \(date), danach \(standard)" }

        // Billing terms
        s.duration = { period in
            let one = period.value == 1
            let unit: String
            switch period.unit {
            case .day: unit = one ? "Tag" : "Tage"
            case .week: unit = one ? "Woche" : "Wochen"
            case .month: unit = one ? "Monat" : "Monate"
            case .year: unit = one ? "Jahr" : "Jahre"
            }
            return "\(period.value) \(unit)"
        }
        // "/Monat" for one period, "/6 Monate" for several: the unit word of the duration.
        s.perPeriod = { [duration = s.duration] period in
            "/" + (period.value == 1 ? String(duration(period).split(separator: " ").last ?? "") : duration(period))
        }
        s.freeFor = { "\($0) gratis" }
        s.thenPrice = { "\($0), danach \($1)" }
        s.thenPriceFrom = { offer, price, date in "\(offer), danach \(price) ab dem \(date)" }
        s.forDuration = { "\($0) für \($1)" }
        // "für die ersten 1 Monat" would be wrong German; "vorab" says the same for any duration.
        s.upFront = { "\($0) vorab für \($1)" }
        s.trialEnds = { date, price in
            "Dein Gratis-Probeabo endet am \(date). Danach werden \(price) automatisch abgerechnet, bis du kündigst."
        }
        s.offerEnds = { date, price in
            "Das Angebot endet am \(date). Danach werden \(price) automatisch abgerechnet, bis du kündigst."
        }
        s.renewsAutomatically = "Verlängert sich automatisch, wenn du nicht mindestens einen Tag vor der Verlängerung kündigst."
        s.perMonthBreakdown = { "\($0)/Monat" }
        s.save = { "\($0) günstiger" }

        // The system confirmation sheet
        s.sheetTitle = "App Store"
        s.sheetAccount = "Account"
        s.sheetPrice = "Preis"
        s.sheetTotal = "Gesamt"
        s.confirm = "Bestätigen"
        s.cancel = "Abbrechen"
        s.planChangeNote = { change, date in
            switch change {
            case .upgrade:
                "Upgrade: beginnt sofort und ersetzt dein aktuelles Abo. Den ungenutzten Teil deines aktuellen Abos bekommst du anteilig erstattet."
            case .downgrade: "Downgrade: beginnt am \(date), wenn sich dein aktuelles Abo verlängert. Bis dahin bleibt dein aktuelles Abo."
            case .crossgrade: "Abowechsel: beginnt am \(date), wenn sich dein aktuelles Abo verlängert. Bis dahin bleibt dein aktuelles Abo."
            }
        }
        s.crossgradeNow = "Abowechsel: beginnt sofort und ersetzt dein aktuelles Abo. Den ungenutzten Teil deines aktuellen Abos bekommst du anteilig erstattet."

        // Results
        s.purchased = { "Du hast \($0) gekauft." }
        s.subscribedTo = { "Du hast \($0) abonniert." }
        s.scheduled = { "\($0) beginnt am \($1)." }
        s.deferred = "Warten auf Genehmigung"
        s.deferredNote = "Ein Familienmitglied muss diesen Kauf genehmigen (Kaufanfrage). Er wird abgeschlossen, sobald das geschehen ist."
        s.interruptedTitle = "Aktion erforderlich"
        s.interruptedNote = "Um diesen Kauf abzuschließen, prüfe deinen Account im App Store (zum Beispiel, um neue Bedingungen zu akzeptieren). Danach wird er abgeschlossen."
        s.failed = "Kauf fehlgeschlagen"
        s.purchaseCancelled = "Kauf abgebrochen. Es wurde nichts berechnet."
        s.ok = "OK"
        s.failure = {
            switch $0 {
            case .userCancelled: "Der Kauf wurde abgebrochen."
            case .networkError: "Der App Store ist nicht erreichbar. Überprüfe deine Verbindung und versuche es erneut."
            case .notAvailableInStorefront: "Dieser Artikel ist in deinem Land bzw. deiner Region nicht verfügbar."
            case .paymentNotAllowed: "Auf diesem Gerät sind Käufe nicht erlaubt."
            case .unknown: "Ein unbekannter Fehler ist aufgetreten. Versuche es später erneut."
            case .productNotFound: "Dieser Artikel ist nicht mehr erhältlich."
            case .alreadyOwned: "Du besitzt diesen Artikel bereits."
            case .alreadySubscribed: "Du hast das bereits abonniert."
            case .invalidQuantity: "Wähle eine Menge, die der Store erlaubt."
            case .ineligibleForOffer: "Dieses Angebot ist für deinen Account nicht verfügbar."
            }
        }

        // Payment gate
        s.gateTitle = "Käufe nicht verfügbar"
        s.gateExplanation = {
            switch $0 {
            case .allowed: ""
            case .screenTime:
                "In-App-Käufe sind auf diesem Gerät in der Bildschirmzeit deaktiviert. Ein Elternteil oder Erziehungsberechtigter kann sie unter Einstellungen › Bildschirmzeit › Beschränkungen erlauben."
            case .deviceManagement:
                "Dieses Gerät wird von einer Organisation verwaltet, deren Profil keine In-App-Käufe erlaubt. Mehr erfährst du von deinem Administrator."
            case .externalPurchaseOnly:
                "In deiner Region verkauft diese App über die eigene Website des Entwicklers statt über In-App-Käufe."
            }
        }
        s.gateKeepsWorking = "Was du bereits besitzt, funktioniert weiter, und Abos verlängern sich weiterhin."
        s.yourPurchases = "Deine Käufe"
        s.nothingOwned = "Noch nichts gekauft."

        // Key help
        s.actionHelp = {
            switch $0 {
            case .move: "wählen"
            case .up: "nach oben"
            case .down: "nach unten"
            case .pageUp: "Seite hoch"
            case .pageDown: "Seite runter"
            case .top: "zum Anfang"
            case .bottom: "zum Ende"
            case .select: "öffnen"
            case .buy: "kaufen"
            case .back: "zurück"
            case .nextArea: "nächster Bereich"
            case .previousArea: "voriger Bereich"
            case .more: "mehr"
            case .fewer: "weniger"
            case .help: "Tasten"
            case .quit: "beenden"
            case .switchButton: "Schaltfläche wechseln"
            case .cancel: "abbrechen"
            case .press: "Schaltfläche drücken"
            case .dismiss: "schließen"
            case .scroll: "blättern"
            case .redraw: "Bildschirm neu zeichnen"
            case .signup: "alle Abos"
            case .ownPlan: "ein eigenes Abo"
            case .restore: "Käufe wiederherstellen"
            case .account: "Account"
            case .purchaseHelp: "Hilfe zu Käufen"
            case .redeemCode: "Code einlösen"
            // The QA tools stay English, but their keys in a German footer are German.
            case .scenario: "Szenario"
            case .transactions: "Transaktionen"
            case .change: "ändern"
            case .changeBack: "zurückstellen"
            case .advanceDay: "+1 Tag"
            case .advanceWeek: "+1 Woche"
            case .advanceToRenewal: "nächste Verlängerung"
            case .clearAll: "alles löschen"
            case .approve: "genehmigen"
            case .decline: "ablehnen"
            case .resolve: "abschließen"
            case .refund: "erstatten"
            case .revoke: "widerrufen"
            case .delete: "löschen"
            case .confirm: "ja"
            default: Strings.qaActionHelp($0)
            }
        }
        s.screenName = {
            switch $0 {
            case .store: "Store"
            case .detail: "Artikel"
            case .sheet: "Bestätigung"
            case .result: "Ergebnis"
            case .help: "Tasten"
            case .tooSmall: "Terminal zu klein"
            case .signup: "Abonnieren"
            case .restore: "Käufe wiederherstellen"
            case .priceConsent: "Preiserhöhung"
            default: Strings.english.screenName($0)
            }
        }

        return s
    }()
}
