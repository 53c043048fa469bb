import StoreModel

extension Strings {
    /// German (de, every de_* locale): the English table with every text translated.
    public static let german: Strings = {
        var s = Strings()   // English; every line below replaces one string

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
        s.familySharingNote = "Über die Familienfreigabe mit bis zu sechs Familienmitgliedern teilbar."
        s.each = { "je \($0)" }
        s.quantity = "Menge"
        s.inPossession = { "Du hast \($0)." }
        s.notSoldHere = "In dieser Region nicht erhältlich"
        s.renewsOn = { "Verlängerung am \($0)" }
        s.expiresOn = { "Läuft am \($0) ab" }
        s.extendsTo = { "Erneut kaufen verlängert bis zum \($0)." }
        s.subscribedElsewhere = { "Du hast \($0) abonniert." }
        s.sharedWithYouBy = { "Von \($0) über die Familienfreigabe mit dir geteilt." }
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
        s.payMonthly = { "\($0) · Monatlich zahlen" }
        s.commitmentLength = { "\($0) Monate Mindestlaufzeit" }
        s.commitmentAfterOffer = { date, commitment, charge in
            "Wenn das Angebot am \(date) endet, beginnen die \(commitment): \(charge). Kündigst du vorher, beginnen sie nie."
        }
        s.commitmentTerms = { monthly, count, total in "\(monthly) für \(count) Monate, insgesamt \(total)" }
        s.commitmentCancel = { count in "Jederzeit kündbar: Es endet dann mit Zahlung \(count) von \(count). Die offenen Zahlungen werden weiterhin berechnet." }
        s.commitmentRenews = { count in "Nach \(count) Zahlungen folgen erneut \(count) Monate Mindestlaufzeit, wenn du nicht mindestens 24 Stunden vorher kündigst." }
        s.disclosureTitle = { "Monatliche Zahlungen mit \($0) Monaten Mindestlaufzeit" }
        s.disclosurePayments = { count, monthly, total in
            "Du stimmst \(count) monatlichen Zahlungen von \(monthly) zu, insgesamt \(total). Die erste wird beim Abschluss berechnet, danach eine pro Monat."
        }
        s.disclosurePaymentsAfterOffer = { count, monthly, total, date in
            "Du stimmst \(count) monatlichen Zahlungen von \(monthly) zu, insgesamt \(total). Die erste wird am Ende des Angebots am \(date) berechnet, danach eine pro Monat."
        }
        s.disclosureCancel = { count in
            "Du kannst jederzeit kündigen. Dann verlängert sich das Abo nach Zahlung \(count) nicht mehr; die offenen Zahlungen der Mindestlaufzeit werden weiterhin berechnet, und du behältst den Zugang bis zu ihrem Ende."
        }
        s.disclosureAccount = "Geleistete und offene Zahlungen siehst du unter „Account“."
        s.disclosureContinue = "Weiter"

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
        s.purchasedElsewhere = { "Auf einem anderen Gerät gekauft: \($0)." }
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

        // Sign-up
        s.signup.title = "Abonnieren"
        s.signup.choosePlan = { "Wähle dein Abo für \($0)" }
        s.signup.resubscribe = "Erneut abonnieren"
        s.signup.button = { verb, name, price in "\(verb): \(name) – \(price)" }
        s.signup.howToCancel = "Verlängert sich automatisch, bis du kündigst. Du kannst jederzeit unter „Account“ kündigen, spätestens einen Tag vor der Verlängerung."
        s.signup.termsOfUse = "Nutzungsbedingungen"
        s.signup.privacyPolicy = "Datenschutzerklärung"
        s.signup.restorePurchases = "Käufe wiederherstellen"
        s.signup.notNow = "Jetzt nicht"
        s.signup.noOptions = "Keines dieser Abos wird in deinem Land oder deiner Region angeboten."
        s.signup.lapsedNote = { "Dein Abo für \($0) ist abgelaufen." }
        s.signup.familyShares = { "Deine Familie teilt \($0) mit dir. Ein eigenes Abo wird deinem Account berechnet, zusätzlich dazu." }

        // Restore Purchases
        s.restore.signInTitle = "Anmelden"
        s.restore.signInMessage = "Melde dich mit deinem Apple Account an, um deine Käufe wiederherzustellen."
        s.restore.signIn = "Anmelden"
        s.restore.restoredTitle = "Käufe wiederhergestellt"
        s.restore.restored = "Wiederhergestellt:"
        s.restore.fromRecords = "Aus den Aufzeichnungen dieser App:"
        s.restore.nothingTitle = "Nichts wiederherzustellen"
        s.restore.nothingMessage = "Für diesen Account gibt es keine Käufe, die wiederhergestellt werden können."
        s.restore.consumablesNote = "Verbrauchsartikel werden nicht wiederhergestellt."

        // Price-increase consent
        s.priceConsent.title = "Preiserhöhung des Abos"
        s.priceConsent.message = { price, from in
            "Der Preis dieses Abos steigt auf \(price). Wenn du nicht zustimmst, wird es nicht verlängert und endet am \(from)."
        }
        s.priceConsent.agree = "Zustimmen"
        s.priceConsent.notNow = "Nicht jetzt"
        s.priceConsent.agreed = { "Du hast dem neuen Preis für \($0) zugestimmt." }

        // Account, manage subscription, cancel
        s.account.title = "Account"
        s.account.active = "Aktiv"
        s.account.freeTrial = "Gratis-Probezeit"
        s.account.introductoryPrice = "Einführungspreis"
        s.account.gracePeriod = "Kulanzzeitraum"
        s.account.billingProblem = "Zahlungsproblem"
        s.account.sharedBy = { "Geteilt von \($0)" }
        s.account.renewsOn = { "Verlängert sich am \($0)" }
        s.account.expiresOn = { "Läuft am \($0) ab" }
        s.account.expiredOn = { "Abgelaufen am \($0)" }
        s.account.refundedOn = { "Erstattet am \($0)" }
        s.account.paymentOf = { "Zahlung \($0) von \($1)" }
        s.account.nextPaymentOn = { "Nächste Zahlung am \($0)" }
        s.account.commitmentProgress = { left, end in
            left == 0 ? "Die letzte Zahlung. Die Mindestlaufzeit endet am \(end)."
                : "\(left) \(left == 1 ? "Zahlung" : "Zahlungen") offen. Die Mindestlaufzeit endet am \(end)."
        }
        s.account.paymentsLeftBilled = { left in
            left == 1 ? "Die offene Zahlung deiner Mindestlaufzeit wird weiterhin berechnet."
                : "Die \(left) offenen Zahlungen deiner Mindestlaufzeit werden weiterhin berechnet."
        }
        s.account.afterCommitmentMonthly = { "Nach der Mindestlaufzeit: erneut \($0)" }
        s.account.afterCommitmentUpFront = { "Nach der Mindestlaufzeit: \($0), im Voraus berechnet" }
        s.account.thenNewCommitment = { "Danach folgen erneut \($0), wenn du nicht kündigst." }
        s.account.thenBilledUpFront = { "Danach \($0), im Voraus berechnet." }
        s.account.commitmentCancelled = { left, end in
            left == 0 ? "Gekündigt: Es endet am \(end)."
                : left == 1 ? "Gekündigt: Die offene Zahlung wird weiterhin berechnet. Es endet am \(end)."
                : "Gekündigt: Die \(left) offenen Zahlungen werden weiterhin berechnet. Es endet am \(end)."
        }
        s.account.changesTo = { "Wechselt am \($1) zu \($0)" }
        s.account.offerFrom = { "Ab \($1): \($0)" }
        s.account.newPriceFrom = { "Neuer Preis ab \($1): \($0). Stimme zu, um dein Abo zu behalten." }
        s.account.organizerManages = { "\($0) verwaltet und bezahlt dieses Abo." }
        s.account.manage = "Abo verwalten"
        s.account.cancelSubscription = "Abo kündigen"
        s.account.resubscribe = "Erneut abonnieren"
        s.account.updatePaymentMethod = "Zahlungsmethode aktualisieren"
        s.account.reviewPriceIncrease = "Preiserhöhung ansehen"
        s.account.ownPlan = "Eigenes Abo abschließen"
        s.account.seePlans = "Abos ansehen"
        s.account.useOne = "Eins verwenden"
        s.account.purchases = "Käufe"
        s.account.noPurchases = "Noch nichts gekauft."
        s.account.noOtherPurchases = "Noch keine weiteren Käufe."
        s.account.owned = "Gekauft"
        s.account.activeUntil = { "Aktiv bis \($0)" }
        s.account.left = { "\($0) übrig" }
        s.account.waitingForApproval = "Wartet auf Zustimmung"
        s.account.actionNeeded = "Aktion erforderlich"
        s.account.noSubscription = "Du hast kein Abo."
        s.account.used = { "\($0): eins verwendet. \($1) übrig." }
        s.account.paymentUpdated = "Zahlungsmethode aktualisiert. Der App Store belastet sie beim nächsten Verlängerungsversuch."
        s.account.resubscribed = { "\($0) verlängert sich wieder am \($1)." }
        s.account.cancelled = { "Gekündigt. Du kannst \($0) bis \($1) weiter nutzen." }
        s.account.thanks = "Danke für deine Rückmeldung."
        s.account.offerAccepted = { "Angebot angenommen: \($0) ab \($1)." }
        s.account.onlyOrganizer = { "Nur \($0) kann ein Abo ändern oder kündigen, das mit dir geteilt wird." }
        s.account.askToBuyWaiting = { "\($0) wartet auf die Zustimmung deines Familienorganisators („Vor dem Kaufen fragen“). Du bekommst es, sobald zugestimmt wird." }
        s.account.interruptedWaiting = { "Schließe den Kauf von \($0) außerhalb der App ab: Akzeptiere die neuen Bedingungen oder aktualisiere deine Zahlungsmethode in den Einstellungen deines Apple Accounts." }
        s.account.currentPlan = "Das ist dein aktuelles Abo."
        s.account.changeTakenBack = { "Du bleibst bei \($0). Der Wechsel zu \($1) ist storniert." }
        s.account.current = "✓ Aktuell"
        s.account.next = "Als Nächstes"
        s.account.done = "Fertig"
        s.account.choose = "Auswählen"
        s.account.cancelTitle = { "\($0) kündigen?" }
        s.account.cancelledNow = { "Gekündigt. \($0) ist beendet: Der App Store versucht nicht mehr, das Abo zu verlängern." }
        s.account.endsNow = { "Deine Zahlung konnte nicht belastet werden. Wenn du kündigst, endet \($0) jetzt, und der App Store versucht nicht mehr, das Abo zu verlängern." }
        s.account.keepUsing = { "Du kannst \($0) bis \($1) weiter nutzen." }
        s.account.retentionStarts = { "Beginnt mit deiner nächsten Verlängerung am \($0)." }
        s.account.beforeYouGo = "Bevor du gehst …"
        s.account.stayFor = { "Bleib günstiger bei \($0):" }
        s.account.takeOffer = "Angebot annehmen"
        s.account.surveyTitle = "Warum kündigst du? (optional)"
        s.account.keepSubscription = "Abo behalten"
        s.account.cancelButton = "Kündigen"

        // Purchase Help
        s.help.title = "Hilfe zu Käufen"
        s.help.howCanWeHelp = "Wie können wir helfen?"
        s.help.missingPurchase = "Fehlender Kauf"
        s.help.faq = "Häufige Fragen"
        s.help.requestRefund = "Rückerstattung anfordern"
        s.help.refundNotSent = "Deine Rückerstattungsanfrage wurde nicht gesendet."
        s.help.submitFeedback = "Feedback senden"
        s.help.contactUs = "Kontakt"
        s.help.draftWaiting = "Entwurf nicht gesendet"
        s.help.missingIntro = "Käufe mit diesem Account in den letzten 90 Tagen, Verlängerungen eingeschlossen. Fehlt etwas? Stelle deine Käufe wieder her oder fordere eine Rückerstattung an."
        s.help.notDelivered = "Noch nicht geliefert"
        s.help.notDeliveredNote = "Dieser Kauf ist nicht in der App angekommen. Hol ihn jetzt oder nimm stattdessen etwas anderes. Du kannst trotzdem eine Rückerstattung anfordern."
        s.help.deliverNow = "Jetzt liefern"
        s.help.insteadTake = { "Stattdessen 1 \($0)" }
        s.help.waitingForYou = "Schließe den Kauf in den Einstellungen deines Apple Accounts ab."
        s.help.finishPurchase = "Kauf abschließen"
        s.help.lastDays = "Letzte 90 Tage"
        s.help.noCharges = "Keine Käufe in den letzten 90 Tagen."
        s.help.delivered = { "\($0) ist geliefert." }
        s.help.gave = { "Du hast 1 \($0) statt \($1) erhalten; \($1) wird nicht geliefert." }
        s.help.purchases = "Käufe"
        s.help.refundRequested = "Rückerstattung angefordert"
        s.help.refunded = "Erstattet"
        s.help.whyNot = {
            switch $0 {
            case .requestPending: "Für diesen Kauf hast du bereits eine Rückerstattung angefordert."
            case .alreadyRefunded: "Dieser Kauf wurde erstattet."
            case .familyShared: "Über die Familienfreigabe mit dir geteilt: Nur der Organisator kann eine Rückerstattung anfordern."
            case .notCharged: "Dafür wurde nichts berechnet."
            case .tooOld, .notFound: "Dieser Kauf kann hier nicht gewählt werden."
            }
        }
        s.help.sheetTitle = "Rückerstattung anfordern"
        s.help.date = "Datum"
        s.help.chooseIssue = "Wähle ein Problem:"
        s.help.reason = {
            switch $0 {
            case .didNotMeanToBuy: "Ich wollte das nicht kaufen"
            case .childPurchase: "Ein Kind hat ohne Erlaubnis gekauft"
            case .doesNotWork: "Mein Kauf funktioniert nicht wie erwartet"
            case .notReceived: "Kauf nicht erhalten"
            case .other: "Anderes"
            }
        }
        s.help.mayLoseAccess = "Du verlierst möglicherweise den Zugriff auf erstattete Artikel."
        s.help.requestRefundButton = "Anfordern"
        s.help.chooseFirst = "Wähle zuerst ein Problem."
        s.help.submittedTitle = "Deine Anfrage wurde gesendet"
        s.help.submittedMessage = { "Du erhältst innerhalb von 48 Stunden eine E-Mail an \($0) mit dem Status. Den Status deiner Anfragen findest du unter https://reportaproblem.apple.com." }
        s.help.done = "Fertig"
        s.help.feedbackIntro = "Sag uns, was nicht geklappt hat oder was du dir wünschst. Wir lesen jede Nachricht."
        s.help.placeholder = "Dein Feedback …"
        s.help.draftOffered = "Hier ist dein nicht gesendeter Entwurf."
        s.help.send = "Senden"
        s.help.sent = "Danke: Dein Feedback wurde gesendet."
        s.help.typeFirst = "Schreib zuerst dein Feedback."
        s.help.leaveTitle = "Feedback nicht gesendet"
        s.help.leaveQuestion = { quitting, kept in
            (quitting ? "Beenden, ohne zu senden?" : "Verlassen, ohne zu senden?")
                + (kept ? " Dein Entwurf ist gespeichert und wird beim nächsten Mal angeboten." : " Dein Entwurf bleibt bis zum Beenden erhalten.")
        }
        s.help.leaveButtons = { $0 ? "y beenden · n bleiben" : "y verlassen · n bleiben" }
        s.help.email = "E-Mail"
        s.help.web = "Web"
        s.help.noFAQ = "Diese App hat keine häufigen Fragen."
        s.help.noContact = "Diese App nennt keinen Kontakt."

        // Free reading and the paywall
        s.paywall.leftThisMonth = { left, leftText, limit in
            left == 0 ? "Keine kostenlosen Beiträge mehr in diesem Monat (0 von \(limit))"
                : "Noch \(leftText) von \(limit) kostenlosen Beiträgen in diesem Monat"
        }
        s.paywall.oneLeft = { lapsed in
            "Nur noch ein kostenloser Beitrag in diesem Monat. "
                + (lapsed ? "Schließ dein Abo wieder ab, um unbegrenzt zu lesen." : "Mit einem Abo liest du unbegrenzt.")
        }
        s.paywall.seePlansButton = "Abos ansehen"
        s.paywall.resubscribeButton = "Wieder abonnieren"
        s.paywall.read = "✓ Gelesen"
        s.paywall.limitReached = "Du hast dein kostenloses Kontingent für diesen Monat aufgebraucht."
        s.paywall.subscribeOrWait = { group, date, limit, lapsed in
            (lapsed ? "Abonniere \(group) wieder" : "Abonniere \(group)")
                + ", um unbegrenzt zu lesen, oder komm am \(date) wieder: Dann kannst du wieder \(limit) Beiträge kostenlos lesen."
        }
        s.paywall.waitOnly = { date, limit in "Komm am \(date) wieder: Dann kannst du wieder \(limit) Beiträge kostenlos lesen." }
        s.paywall.seeYourOptions = "Angebote ansehen"
        s.paywall.restore = "Schon abonniert? Käufe wiederherstellen"
        s.paywall.restoreShort = "Käufe wiederherstellen"
        s.paywall.notNow = "Jetzt nicht"

        // Onboarding
        s.onboarding.title = "Willkommen"
        s.onboarding.tryItFree = "Kostenlos testen"
        s.onboarding.seePlans = "Abos ansehen"
        s.onboarding.plansFrom = { "Abos ab \($0)" }
        s.onboarding.someTrials = "Einige Abos beginnen mit einem kostenlosen Probezeitraum."
        s.onboarding.signInRestore = "Anmelden / Wiederherstellen"
        s.onboarding.skipHint = "Mit s überspringen"

        // Offer codes
        s.redeem.redeemCode = "Code einlösen"
        s.redeem.placeholder = "Code eingeben"
        s.redeem.terms = "Es gelten die Nutzungsbedingungen: apple.com/legal/internet-services/itunes"
        s.redeem.cancel = "Abbrechen"
        s.redeem.redeem = "Einlösen"
        s.redeem.redeemOffer = "Angebot einlösen"
        s.redeem.done = "Fertig"
        s.redeem.stackedTerms = { "Zuerst dein Einführungsangebot: \($0). Danach dieses Angebot: \($1)." }
        s.redeem.welcomeStacked = { "Dein Einführungsangebot beginnt jetzt: \($0). Danach „\($1)“: \($2)." }
        s.redeem.startsNow = "Beginnt heute."
        s.redeem.fromRenewal = { "Gilt ab dem \($0)." }
        s.redeem.switchesNow = { "Stellt dein Abo heute auf \($0) um." }
        s.redeem.switchesAt = { "Stellt dein Abo bei der nächsten Verlängerung am \($1) auf \($0) um." }
        s.redeem.itemFree = { "\($0), kostenlos" }
        s.redeem.itemPrice = { "\($0), \($1)" }
        s.redeem.welcomeTitle = { "Willkommen bei \($0)" }
        s.redeem.welcomeBody = { "Du hast jetzt \($0). Alles, was dazugehört, ist bereit." }
        s.redeem.getStarted = "Los geht’s"
        s.redeem.welcome = { "Dein Angebot „\($0)“ beginnt jetzt: \($1)." }
        s.redeem.changesTitle = "Was sich ändert"
        s.redeem.changesAtRenewal = { "„\($0)“ gilt ab dem \($1): \($2). Bis dahin ändert sich nichts." }
        s.redeem.switchedNow = { "Du hast ab heute \($0), mit „\($1)“." }
        s.redeem.switchedAt = { "\($0) beginnt bei deiner nächsten Verlängerung am \($1), mit diesem Angebot. Bis dahin behältst du \($2)." }
        s.redeem.deliveredTitle = "Code eingelöst"
        s.redeem.delivered = { "\($0) gehört jetzt dir." }
        s.redeem.invalidCharacters = "Codes bestehen nur aus den Buchstaben A–Z und den Ziffern 0–9. Prüfe den Code und versuche es erneut."
        s.redeem.unknownCode = "Dieser Code ist ungültig. Prüfe den Code und versuche es erneut."
        s.redeem.expired = "Dieses Angebot ist abgelaufen."
        s.redeem.inactive = "Dieses Angebot ist nicht mehr aktiv."
        s.redeem.codeAlreadyUsed = "Dieser Code wurde bereits eingelöst."
        s.redeem.alreadyRedeemed = "Du hast dieses Angebot bereits eingelöst."
        s.redeem.notEligible = { "Dieses Angebot gilt nur für \($0)." }
        s.redeem.subscribers = {
            switch $0 {
            case .new: "neue Abonnenten"
            case .existing: "aktuelle Abonnenten"
            case .lapsed: "frühere Abonnenten"
            }
        }
        s.redeem.customers = {
            switch $0 {
            case .new: "neue Kunden"
            case .existing: "Kunden mit einem Kauf in den letzten 30 Tagen"
            case .lapsed: "Kunden, deren letzter Kauf über 30 Tage zurückliegt"
            }
        }
        s.redeem.wouldDowngrade = { "Dieser Code gilt für ein niedrigeres Abo als dein Abo \($0) und kann nicht eingelöst werden." }
        s.redeem.limitReached = "Dieses Angebot hat sein Einlöselimit erreicht."
        s.redeem.quarterlyLimitReached = "Diese App kann gerade keine weiteren Angebotscodes annehmen. Versuche es später erneut."
        s.redeem.alreadyOwned = { "\($0) gehört dir bereits." }
        s.redeem.notAvailable = "Dieses Angebot ist in deinem Land oder deiner Region nicht verfügbar."
        s.redeem.paymentNotAllowed = "Auf diesem Gerät sind Käufe nicht erlaubt, daher können hier keine Angebotscodes eingelöst werden."
        s.redeem.arrived = { "Code \($0) wurde im App Store eingelöst." }
        s.redeem.refused = { "Der App Store hat Code \($0) abgelehnt: \($1)" }

        // Screen titles, by screen (the QA tools' stay English)
        s.screenNames[.store] = "Store"
        s.screenNames[.detail] = "Artikel"
        s.screenNames[.sheet] = "Bestätigung"
        s.screenNames[.result] = "Ergebnis"
        s.screenNames[.help] = "Tasten"
        s.screenNames[.tooSmall] = "Terminal zu klein"
        s.screenNames[.signup] = "Abonnieren"
        s.screenNames[.restore] = "Käufe wiederherstellen"
        s.screenNames[.reviewPrompt] = "App bewerten"
        s.review.title = { "Gefällt dir \($0)?" }
        s.review.message = "Tippe auf einen Stern, um die App im App Store zu bewerten."
        s.keyHelp[.writeReview] = "Bewertung schreiben"
        s.keyHelp[.rate] = "Sterne"
        s.review.submit = "Senden"
        s.review.notNow = "Nicht jetzt"
        s.review.thanks = "Danke für dein Feedback."
        s.review.writeReviewOpens = { "Öffnet \($0) im App Store, wo du eine Bewertung schreiben kannst." }
        s.screenNames[.priceConsent] = "Preiserhöhung"
        s.screenNames[.freeContent] = "Kostenlos lesen"
        s.screenNames[.freeItem] = "Lesen"
        s.screenNames[.paywall] = "Kontingent aufgebraucht"
        s.screenNames[.onboarding] = "Willkommen"
        s.screenNames[.account] = "Account"
        s.screenNames[.manage] = "Abo verwalten"
        s.screenNames[.cancelSubscription] = "Abo kündigen"
        s.screenNames[.retentionPitch] = "Bevor du gehst"
        s.screenNames[.retentionOffer] = "Angebot bestätigen"
        s.screenNames[.commitmentDisclosure] = "Mindestlaufzeit"
        s.screenNames[.exitSurvey] = "Sag uns, warum"
        s.screenNames[.redeemWelcome] = "Willkommen"
        s.screenNames[.purchaseHelp] = "Hilfe zu Käufen"
        s.screenNames[.missingPurchase] = "Fehlender Kauf"
        s.screenNames[.helpPage] = "Hilfe"
        s.screenNames[.refunds] = "Rückerstattung anfordern"
        s.screenNames[.feedback] = "Feedback senden"
        s.screenNames[.refundSheet] = "Rückerstattung"
        s.screenNames[.redeem] = "Code einlösen"

        // Key help, by action
        s.keyHelp[.move] = "wählen"
        s.keyHelp[.up] = "nach oben"
        s.keyHelp[.down] = "nach unten"
        s.keyHelp[.pageUp] = "Seite hoch"
        s.keyHelp[.pageDown] = "Seite runter"
        s.keyHelp[.top] = "zum Anfang"
        s.keyHelp[.bottom] = "zum Ende"
        s.keyHelp[.select] = "öffnen"
        s.keyHelp[.buy] = "kaufen"
        s.keyHelp[.back] = "zurück"
        s.keyHelp[.nextArea] = "nächster Bereich"
        s.keyHelp[.previousArea] = "voriger Bereich"
        s.keyHelp[.more] = "mehr"
        s.keyHelp[.fewer] = "weniger"
        s.keyHelp[.switchButton] = "Schaltfläche wechseln"
        s.keyHelp[.press] = "Schaltfläche drücken"
        s.keyHelp[.cancel] = "abbrechen"
        s.keyHelp[.dismiss] = "schließen"
        s.keyHelp[.help] = "Tasten"
        s.keyHelp[.quit] = "beenden"
        s.keyHelp[.redraw] = "Bildschirm neu zeichnen"
        s.keyHelp[.signup] = "alle Abos"
        s.keyHelp[.restore] = "Käufe wiederherstellen"
        s.keyHelp[.account] = "Account"
        s.keyHelp[.purchaseHelp] = "Hilfe zu Käufen"
        s.keyHelp[.redeemCode] = "Code einlösen"
        s.keyHelp[.useOne] = "eins verwenden"
        s.keyHelp[.cancelSubscription] = "Abo kündigen"
        s.keyHelp[.ownPlan] = "ein eigenes Abo"
        s.keyHelp[.freeContent] = "kostenlos lesen"
        s.keyHelp[.seePlans] = "Abos ansehen"
        s.keyHelp[.nextPage] = "weiter"
        s.keyHelp[.previousPage] = "zurück"
        s.keyHelp[.skip] = "überspringen"
        s.keyHelp[.scroll] = "blättern"
        // The QA tools stay English, but their keys in a German footer are German.
        s.keyHelp[.scenario] = "Szenario"
        s.keyHelp[.transactions] = "Transaktionen"
        s.keyHelp[.change] = "ändern"
        s.keyHelp[.changeBack] = "zurückstellen"
        s.keyHelp[.advanceDay] = "+1 Tag"
        s.keyHelp[.advanceWeek] = "+1 Woche"
        s.keyHelp[.advanceToRenewal] = "nächste Verlängerung"
        s.keyHelp[.clearAll] = "alles löschen"
        s.keyHelp[.approve] = "genehmigen"
        s.keyHelp[.decline] = "ablehnen"
        s.keyHelp[.resolve] = "abschließen"
        s.keyHelp[.refund] = "erstatten"
        s.keyHelp[.revoke] = "widerrufen"
        s.keyHelp[.reverseRefund] = "Rückerstattung aufheben"
        s.keyHelp[.delete] = "löschen"
        s.keyHelp[.confirm] = "ja"

        // StoreKit calls that fail (QA's injected errors)
        s.faults.reason = {
            switch $0 {
            case .networkError: "Der App Store ist nicht erreichbar. Überprüfe deine Internetverbindung und versuche es dann erneut."
            case .notAvailableInStorefront: "Das ist in deinem Land bzw. deiner Region nicht verfügbar."
            case .notEntitled, .unsupported: "Das wird auf diesem Gerät nicht unterstützt."
            default: "Der App Store antwortet gerade nicht. Versuche es gleich noch einmal."
            }
        }
        s.faults.productsTitle = "Store kann nicht geladen werden"
        s.faults.productsRetry = "Deine Käufe sind sicher. Drücke r, um es erneut zu versuchen."
        s.faults.unverifiedTitle = "Kauf nicht bestätigt"
        s.faults.unverified = { "Der App Store hat deinen Kauf von \($0) abgeschlossen, aber diese App konnte ihn nicht bestätigen, daher ist er noch nicht freigeschaltet. Er wird freigeschaltet, sobald er bestätigt werden kann, und dir wird nichts erneut berechnet." }
        s.faults.notVerified = "⚠ Nicht bestätigt"
        s.faults.restoreFailedTitle = "Käufe konnten nicht wiederhergestellt werden"
        s.faults.statusUnavailable = "Dein Abostatus konnte nicht geladen werden."
        s.faults.manageTitle = "Abos können hier nicht verwaltet werden"
        s.faults.manageElsewhere = "Du kannst Abos auch in den Einstellungen verwalten: Tippe auf deinen Namen und dann auf „Abonnements“."
        s.faults.refundTitle = "Erstattungsanfrage nicht gesendet"
        s.faults.refundDuplicate = "Du hast für diesen Kauf bereits eine Erstattung angefragt. Apple informiert dich per E-Mail, sobald sie geprüft wurde."
        s.faults.refundFailed = "Deine Erstattungsanfrage konnte nicht gesendet werden."
        s.faults.refundElsewhere = "Du kannst eine Erstattung auch unter reportaproblem.apple.com anfragen."
        s.faults.redeemTitle = "Codes können hier nicht eingelöst werden"
        s.faults.redeemElsewhere = "Du kannst den Code auch im App Store einlösen: Tippe auf deinen Account und dann auf „Geschenkkarte oder Code einlösen“."
        s.keyHelp[.retry] = "erneut versuchen"


        // Promoted purchases: why the payment sheet did not open
        s.promoted.alreadySubscribed = { "Du hast \($0) bereits abonniert. Hier ist dein Abo." }
        s.promoted.alreadyOwned = { "Du hast \($0) bereits." }
        s.promoted.purchasesBlocked = { "\($0) kann hier nicht gekauft werden: Käufe sind auf diesem Gerät deaktiviert." }
        return s
    }()
}
