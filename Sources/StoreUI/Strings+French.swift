import StoreModel

extension Strings {
    /// French: the English table with every text translated. "\u{00A0}" is the no-break space French
    /// puts before : ; ? ! and inside « ».
    public static let french: Strings = {
        var s = Strings()

        // Shell
        s.store = "Boutique"
        s.signedInAs = { "Connecté en tant que \($0)" }
        s.notSubscribed = "Aucun abonnement"
        s.purchasesBlocked = "Achats indisponibles"
        s.tooSmall = { now, minimum in
            "Terminal trop petit\u{00A0}: \(now.columns)×\(now.rows). storefront nécessite au moins \(minimum.columns)×\(minimum.rows). Agrandissez la fenêtre ou appuyez sur q pour quitter."
        }
        s.keysOf = { "Touches — \($0)" }
        s.closeHelp = "Appuyez sur Esc ou ? pour fermer"

        // Store sections, by product type
        s.sectionTitle = {
            switch $0 {
            case .consumable: "Consommables"
            case .nonConsumable: "Déblocages"
            case .autoRenewable: "Abonnements"
            case .nonRenewing: "Pass"
            }
        }
        s.sectionNote = {
            switch $0 {
            case .consumable: "achetez-en autant que vous voulez"
            case .nonConsumable: "un seul achat, à vous pour toujours"
            case .autoRenewable: "renouvelés automatiquement jusqu'à annulation"
            case .nonRenewing: "durée fixe, sans renouvellement automatique"
            }
        }
        s.typeDescription = {
            switch $0 {
            case .consumable:
                "Consommable\u{00A0}: s'épuise à l'usage, rachetable à tout moment. Non restauré sur vos autres appareils."
            case .nonConsumable:
                "Non consommable\u{00A0}: achetez-le une fois et gardez-le. Restauré sur tous vos appareils."
            case .autoRenewable:
                "Abonnement à renouvellement automatique\u{00A0}: se renouvelle jusqu'à ce que vous l'annuliez. Restauré sur tous vos appareils."
            case .nonRenewing:
                "Abonnement non renouvelable\u{00A0}: dure une période définie et ne se renouvelle pas. Un nouvel achat le prolonge."
            }
        }

        // Product rows and detail
        s.owned = "✓ Acheté"
        s.subscribed = "✓ Abonné"
        s.sharedByFamily = "✓ Via le Partage familial"
        s.activeUntil = { "✓ Actif jusqu'au \($0)" }
        s.familySharing = "Partage familial"
        s.familySharingNote = "Partageable avec jusqu'à cinq membres de la famille grâce au Partage familial."
        s.each = { "\($0) l'unité" }
        s.quantity = "Qté"
        s.inPossession = { "Vous en avez \($0)." }
        s.notSoldHere = "Non vendu dans cette région"
        s.renewsOn = { "Renouvellement le \($0)" }
        s.expiresOn = { "Expire le \($0)" }
        s.extendsTo = { "Un nouvel achat prolonge la durée jusqu'au \($0)." }
        s.subscribedElsewhere = { "Vous avez un abonnement à \($0)." }
        s.resubscribe = { "Se réabonner à \($0)" }
        s.winBack = { "Bon retour\u{00A0}: \($0)" }
        s.buy = "Acheter"
        s.subscribe = "S'abonner"
        s.buyNamed = { "Acheter \($0) — \($1)" }
        s.buyName = { "Acheter \($0)" }
        s.resubscribeButton = "Se réabonner"
        s.includedInPlan = "✓ Inclus dans votre abonnement"
        s.includedInNamed = { "Inclus dans votre abonnement \($0)\u{00A0}: rien à acheter." }
        s.paymentProblemShort = "⚠ Problème de paiement"
        s.updatePaymentMethod = "Mettez à jour votre moyen de paiement dans votre compte Apple."
        s.paymentProblemUntil = { "⚠ Problème de paiement\u{00A0}: accès jusqu’au \($0)" }
        s.paymentProblem = "Un problème est survenu avec votre moyen de paiement. Mettez-le à jour dans les réglages de votre compte Apple\u{00A0}; l’App Store continue d’essayer de renouveler l’abonnement, et l’accès revient dès que le paiement aboutit."
        s.paymentProblemGrace = {
            "Un problème est survenu avec votre moyen de paiement. Mettez-le à jour dans les réglages de votre compte Apple pour conserver votre abonnement\u{00A0}; l’accès est maintenu jusqu’au \($0)."
        }
        s.paymentProblemIn = { "\($0)\u{00A0}: problème de paiement" }
        s.payingUntil = { offer, date, standard in "\(offer) jusqu’au \(date), puis \(standard)" }
        s.trialUntil = { date, standard in "Essai gratuit jusqu’au \(date), puis \(standard)" }

        // Billing terms
        s.duration = { period in
            let one = period.value == 1
            let unit: String
            switch period.unit {
            case .day: unit = one ? "jour" : "jours"
            case .week: unit = one ? "semaine" : "semaines"
            case .month: unit = "mois"
            case .year: unit = one ? "an" : "ans"
            }
            return "\(period.value) \(unit)"
        }
        // "/mois" for one period, "/6 mois" for several: the unit word of the duration.
        s.perPeriod = { [duration = s.duration] period in
            "/" + (period.value == 1 ? String(duration(period).split(separator: " ").last ?? "") : duration(period))
        }
        s.freeFor = { "\($0) d'essai gratuit" }
        s.thenPrice = { "\($0), puis \($1)" }
        s.thenPriceFrom = { offer, price, date in "\(offer), puis \(price) à partir du \(date)" }
        s.forDuration = { "\($0) pendant \($1)" }
        // « pour les 1 an premiers » cannot be built from the duration; « en une fois » says up front.
        s.upFront = { "\($0) en une fois pour \($1)" }
        s.trialEnds = { date, price in
            "Votre essai gratuit se termine le \(date). Ensuite, \(price) vous sera facturé automatiquement jusqu'à ce que vous annuliez."
        }
        s.offerEnds = { date, price in
            "L'offre se termine le \(date). Ensuite, \(price) vous sera facturé automatiquement jusqu'à ce que vous annuliez."
        }
        s.renewsAutomatically = "Renouvellement automatique, sauf annulation au moins un jour avant la date de renouvellement."
        s.perMonthBreakdown = { "\($0)/mois" }
        s.save = { "économisez \($0)" }

        // The system confirmation sheet
        s.sheetTitle = "App Store"
        s.sheetAccount = "Compte"
        s.sheetPrice = "Prix"
        s.sheetTotal = "Total"
        s.confirm = "Confirmer"
        s.cancel = "Annuler"
        s.planChangeNote = { change, date in
            switch change {
            case .upgrade:
                "Forfait supérieur\u{00A0}: commence maintenant et remplace votre forfait actuel. La partie inutilisée de votre forfait actuel vous est remboursée au prorata."
            case .downgrade:
                "Forfait inférieur\u{00A0}: commence le \(date), au renouvellement de votre forfait actuel. Votre forfait actuel reste en place jusque-là."
            case .crossgrade: "Changement de forfait\u{00A0}: commence le \(date), au renouvellement de votre forfait actuel. Votre forfait actuel reste en place jusque-là."
            }
        }
        s.crossgradeNow = "Changement de forfait\u{00A0}: commence maintenant et remplace votre forfait actuel. La partie inutilisée de votre forfait actuel vous est remboursée au prorata."

        // Results
        s.purchased = { "Vous avez acheté \($0)." }
        s.subscribedTo = { "Votre abonnement à \($0) est actif." }
        s.scheduled = { "\($0) commence le \($1)." }
        s.deferred = "En attente d'approbation"
        s.deferredNote = "Un membre de votre famille doit approuver cet achat (Demander d'acheter). Il sera finalisé dès son approbation."
        s.interruptedTitle = "Action requise"
        s.interruptedNote = "Pour finaliser cet achat, vérifiez votre compte dans l'App Store (par exemple, acceptez les nouvelles conditions). Il sera finalisé ensuite."
        s.failed = "Échec de l'achat"
        s.purchaseCancelled = "Achat annulé. Aucun montant n’a été facturé."
        s.ok = "OK"
        s.failure = {
            switch $0 {
            case .userCancelled: "L'achat a été annulé."
            case .networkError: "Impossible de joindre l'App Store. Vérifiez votre connexion et réessayez."
            case .notAvailableInStorefront: "Cet article n'est pas disponible dans votre pays ou région."
            case .paymentNotAllowed: "Les achats ne sont pas autorisés sur cet appareil."
            case .unknown: "Une erreur inconnue s'est produite. Réessayez plus tard."
            case .productNotFound: "Cet article n'est plus en vente."
            case .alreadyOwned: "Vous possédez déjà cet article."
            case .alreadySubscribed: "Vous avez déjà cet abonnement."
            case .invalidQuantity: "Choisissez une quantité autorisée par la boutique."
            case .ineligibleForOffer: "Cette offre n'est pas disponible pour votre compte."
            }
        }

        // Payment gate
        s.gateTitle = "Achats indisponibles"
        s.gateExplanation = {
            switch $0 {
            case .allowed: ""
            case .screenTime:
                "Les achats intégrés sont désactivés dans Temps d'écran sur cet appareil. Un parent ou un tuteur peut les autoriser dans Réglages › Temps d'écran › Restrictions relatives au contenu et à la confidentialité."
            case .deviceManagement:
                "Cet appareil est géré par une organisation dont le profil n'autorise pas les achats intégrés. Votre administrateur peut vous en dire plus."
            case .externalPurchaseOnly:
                "Dans votre région, cette app est vendue sur le site web du développeur plutôt que par achat intégré."
            }
        }
        s.gateKeepsWorking = "Ce que vous possédez déjà continue de fonctionner et les abonnements continuent de se renouveler."
        s.yourPurchases = "Vos achats"
        s.nothingOwned = "Aucun achat pour l'instant."

        // Key help
        s.actionHelp = {
            switch $0 {
            case .move: "naviguer"
            case .up: "monter"
            case .down: "descendre"
            case .pageUp: "page préc."
            case .pageDown: "page suiv."
            case .top: "au début"
            case .bottom: "à la fin"
            case .select: "ouvrir"
            case .buy: "acheter"
            case .back: "retour"
            case .nextArea: "section suiv."
            case .previousArea: "section préc."
            case .more: "plus"
            case .fewer: "moins"
            case .help: "touches"
            case .quit: "quitter"
            case .switchButton: "autre bouton"
            case .cancel: "annuler"
            case .press: "appuyer"
            case .dismiss: "fermer"
            case .scroll: "faire défiler"
            case .redraw: "redessiner l'écran"
            case .signup: "toutes les formules"
            case .ownPlan: "une formule à vous"
            case .restore: "restaurer les achats"
            case .account: "compte"
            case .purchaseHelp: "aide aux achats"
            case .redeemCode: "utiliser un code"
            // The QA tools stay English, but their keys in a French footer are French.
            case .scenario: "scénario"
            case .transactions: "transactions"
            case .change: "modifier"
            case .changeBack: "revenir"
            case .advanceDay: "+1 jour"
            case .advanceWeek: "+1 semaine"
            case .advanceToRenewal: "renouvellement suiv."
            case .clearAll: "tout effacer"
            case .approve: "approuver"
            case .decline: "refuser"
            case .resolve: "résoudre"
            case .refund: "rembourser"
            case .revoke: "révoquer"
            case .delete: "supprimer"
            case .confirm: "oui"
            default: Strings.qaActionHelp($0)
            }
        }
        s.screenName = {
            switch $0 {
            case .store: "Boutique"
            case .detail: "Article"
            case .sheet: "Confirmation"
            case .result: "Résultat"
            case .help: "Touches"
            case .tooSmall: "Terminal trop petit"
            case .signup: "Abonnement"
            case .restore: "Restaurer les achats"
            case .priceConsent: "Hausse de prix"
            default: Strings.english.screenName($0)
            }
        }

        return s
    }()
}
