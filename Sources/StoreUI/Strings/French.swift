import StoreModel

extension Strings {
    /// French (fr, every fr_* locale): the English table with every text translated. "\u{00A0}" is the
    /// no-break space French puts before : ; ? ! and inside « ».
    public static let french: Strings = {
        var s = Strings()   // English; every line below replaces one string

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
        s.familySharingNote = "Partageable avec jusqu'à six membres de la famille grâce au Partage familial."
        // "0,99 €/unité", not "0,99 € l'unité": two columns shorter, so the compact store keeps the whole
        // quantity picker "Qté ‹ 1 ›" beside it.
        s.each = { "\($0)/unité" }
        s.quantity = "Qté"
        s.inPossession = { "Vous en avez \($0)." }
        s.notSoldHere = "Non vendu dans cette région"
        s.renewsOn = { "Renouvellement le \($0)" }
        s.expiresOn = { "Expire le \($0)" }
        s.extendsTo = { "Un nouvel achat prolonge la durée jusqu'au \($0)." }
        s.subscribedElsewhere = { "Vous avez un abonnement à \($0)." }
        s.sharedWithYouBy = { "Partagé avec vous par \($0) grâce au Partage familial." }
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
        s.payMonthly = { "\($0) · Paiement mensuel" }
        s.commitmentLength = { "engagement de \($0) mois" }
        s.commitmentAfterOffer = { date, commitment, charge in
            "À la fin de l’offre, le \(date), l’\(commitment) commence\u{00A0}: \(charge). Si vous résiliez avant, il ne commence jamais."
        }
        s.commitmentTerms = { monthly, count, total in "\(monthly) pendant \(count) mois, \(total) au total" }
        s.commitmentCancel = { count in "Résiliable à tout moment\u{00A0}: l’abonnement prend alors fin avec le paiement \(count) sur \(count). Les paiements restants sont toujours facturés." }
        s.commitmentRenews = { count in "Après \(count) paiements, un nouvel engagement de \(count) mois commence, sauf résiliation au moins 24 heures avant." }
        s.disclosureTitle = { "Paiements mensuels avec un engagement de \($0) mois" }
        s.disclosurePayments = { count, monthly, total in
            "Vous acceptez \(count) paiements mensuels de \(monthly), soit \(total) au total. Le premier est facturé à l’abonnement, puis un chaque mois."
        }
        s.disclosurePaymentsAfterOffer = { count, monthly, total, date in
            "Vous acceptez \(count) paiements mensuels de \(monthly), soit \(total) au total. Le premier est facturé à la fin de l’offre, le \(date), puis un chaque mois."
        }
        s.disclosureCancel = { count in
            "Vous pouvez résilier à tout moment. L’abonnement ne se renouvelle alors plus après le paiement \(count)\u{00A0}; les paiements restants de l’engagement sont toujours facturés, et vous gardez l’accès jusqu’à sa fin."
        }
        s.disclosureAccount = "Vos paiements effectués et restants figurent dans Compte."
        s.disclosureContinue = "Continuer"

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
        s.purchasedElsewhere = { "Acheté sur un autre appareil\u{00A0}: \($0)." }
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

        // Sign-up
        s.signup.title = "Abonnement"
        s.signup.choosePlan = { "Choisissez votre formule \($0)" }
        s.signup.resubscribe = "Se réabonner"
        s.signup.button = { verb, name, price in "\(verb)\u{00A0}: \(name) – \(price)" }
        s.signup.buttonName = { "\($0)\u{00A0}: \($1)" }
        s.signup.howToCancel = "Renouvellement automatique jusqu'à résiliation. Résiliez à tout moment depuis «\u{00A0}Compte\u{00A0}», au moins un jour avant le renouvellement."
        s.signup.termsOfUse = "Conditions d'utilisation"
        s.signup.privacyPolicy = "Politique de confidentialité"
        s.signup.labelled = { "\($0)\u{00A0}: \($1)" }
        s.signup.restorePurchases = "Restaurer les achats"
        s.signup.notNow = "Plus tard"
        s.signup.noOptions = "Aucune de ces formules n'est vendue dans votre pays ou région."
        s.signup.lapsedNote = { "Votre abonnement \($0) a pris fin." }
        s.signup.familyShares = { "Votre famille partage \($0) avec vous. Un abonnement à vous est facturé sur votre compte, en plus." }

        // Restore Purchases
        s.restore.signInTitle = "Connexion"
        s.restore.signInMessage = "Connectez-vous avec votre compte Apple pour restaurer vos achats."
        s.restore.signIn = "Se connecter"
        s.restore.restoredTitle = "Achats restaurés"
        s.restore.restored = "Restaurés\u{00A0}:"
        s.restore.fromRecords = "D'après les données de cette app\u{00A0}:"
        s.restore.nothingTitle = "Rien à restaurer"
        s.restore.nothingMessage = "Ce compte n'a aucun achat à restaurer."
        s.restore.consumablesNote = "Les articles consommables ne sont pas restaurés."

        // Price-increase consent
        s.priceConsent.title = "Hausse du prix de l’abonnement"
        s.priceConsent.message = { price, from in
            "Le prix de cet abonnement passe à \(price). Si vous n’acceptez pas, il ne sera pas renouvelé et prendra fin le \(from)."
        }
        s.priceConsent.agree = "Accepter"
        s.priceConsent.notNow = "Plus tard"
        s.priceConsent.agreed = { "Vous avez accepté le nouveau prix de \($0)." }

        // Account, manage subscription, cancel
        s.account.title = "Compte"
        s.account.active = "Actif"
        s.account.freeTrial = "Essai gratuit"
        s.account.introductoryPrice = "Prix de lancement"
        s.account.gracePeriod = "Délai de grâce"
        s.account.billingProblem = "Problème de paiement"
        s.account.sharedBy = { "Partagé par \($0)" }
        s.account.renewsOn = { "Renouvellement le \($0)" }
        s.account.expiresOn = { "Expire le \($0)" }
        s.account.expiredOn = { "Expiré le \($0)" }
        s.account.refundedOn = { "Remboursé le \($0)" }
        s.account.paymentOf = { "Paiement \($0) sur \($1)" }
        s.account.nextPaymentOn = { "Prochain paiement le \($0)" }
        s.account.commitmentProgress = { left, end in
            left == 0 ? "Dernier paiement. L’engagement prend fin le \(end)."
                : "\(left) \(left == 1 ? "paiement restant" : "paiements restants"). L’engagement prend fin le \(end)."
        }
        s.account.paymentsLeftBilled = { left in
            left == 1 ? "Le paiement restant de votre engagement est toujours facturé."
                : "Les \(left) paiements restants de votre engagement sont toujours facturés."
        }
        s.account.afterCommitmentMonthly = { "Après l’engagement\u{00A0}: un nouvel \($0)" }
        s.account.afterCommitmentUpFront = { "Après l’engagement\u{00A0}: \($0), facturé à l’avance" }
        s.account.thenNewCommitment = { "Ensuite, un nouvel \($0) commence, sauf résiliation." }
        s.account.thenBilledUpFront = { "Ensuite, \($0), facturé à l’avance." }
        s.account.commitmentCancelled = { left, end in
            left == 0 ? "Résilié\u{00A0}: prend fin le \(end)."
                : left == 1 ? "Résilié\u{00A0}: le paiement restant est toujours facturé. Prend fin le \(end)."
                : "Résilié\u{00A0}: les \(left) paiements restants sont toujours facturés. Prend fin le \(end)."
        }
        s.account.changesTo = { "Passe à \($0) le \($1)" }
        s.account.offerFrom = { "À partir du \($1)\u{00A0}: \($0)" }
        s.account.newPriceFrom = { "Nouveau prix à partir du \($1)\u{00A0}: \($0). Acceptez-le pour garder votre abonnement." }
        s.account.organizerManages = { "\($0) gère et paie cet abonnement." }
        s.account.manage = "Gérer l’abonnement"
        s.account.cancelSubscription = "Résilier l’abonnement"
        s.account.resubscribe = "Se réabonner"
        s.account.updatePaymentMethod = "Mettre à jour le moyen de paiement"
        s.account.reviewPriceIncrease = "Voir la hausse de prix"
        s.account.ownPlan = "Prendre votre propre abonnement"
        s.account.seePlans = "Voir les formules"
        s.account.useOne = "En utiliser un"
        s.account.purchases = "Achats"
        s.account.noPurchases = "Aucun achat pour l’instant."
        s.account.noOtherPurchases = "Aucun autre achat pour l’instant."
        s.account.owned = "Acheté"
        s.account.activeUntil = { "Actif jusqu’au \($0)" }
        s.account.left = { "\($0) restant(s)" }
        s.account.waitingForApproval = "En attente d’approbation"
        s.account.actionNeeded = "Action requise"
        s.account.noSubscription = "Vous n’avez pas d’abonnement."
        s.account.used = { "\($0)\u{00A0}: un utilisé. \($1) restant(s)." }
        s.account.paymentUpdated = "Moyen de paiement mis à jour. L’App Store le débitera à sa prochaine tentative de renouvellement."
        s.account.resubscribed = { "\($0) se renouvellera de nouveau le \($1)." }
        s.account.cancelled = { "Résilié. Vous pouvez utiliser \($0) jusqu’au \($1)." }
        s.account.thanks = "Merci de nous avoir dit pourquoi."
        s.account.offerAccepted = { "Offre acceptée\u{00A0}: \($0) à partir du \($1)." }
        s.account.onlyOrganizer = { "Seul(e) \($0) peut modifier ou résilier un abonnement partagé avec vous." }
        s.account.askToBuyWaiting = { "\($0) attend l’approbation de l’organisateur de votre famille (Demander l’autorisation). Vous le recevrez dès son approbation." }
        s.account.interruptedWaiting = { "Terminez l’achat de \($0) hors de l’app\u{00A0}: acceptez les nouvelles conditions ou mettez à jour votre moyen de paiement dans les réglages de votre compte Apple." }
        s.account.currentPlan = "C’est votre abonnement actuel."
        s.account.changeTakenBack = { "Vous gardez \($0). Le passage à \($1) est annulé." }
        s.account.current = "✓ Actuel"
        s.account.next = "Ensuite"
        s.account.done = "OK"
        s.account.choose = "Choisir"
        s.account.cancelTitle = { "Résilier \($0)\u{00A0}?" }
        s.account.cancelledNow = { "Résilié. \($0) a pris fin : l’App Store n’essaie plus de le renouveler." }
        s.account.endsNow = { "Votre paiement n’a pas pu être débité. Si vous résiliez, \($0) prend fin maintenant et l’App Store cesse d’essayer de le renouveler." }
        s.account.keepUsing = { "Vous pouvez utiliser \($0) jusqu’au \($1)." }
        s.account.retentionStarts = { "Commence à votre prochain renouvellement, le \($0)." }
        s.account.beforeYouGo = "Avant de partir…"
        s.account.stayFor = { "Restez sur \($0) pour moins cher\u{00A0}:" }
        s.account.takeOffer = "Profiter de l’offre"
        s.account.surveyTitle = "Pourquoi résiliez-vous\u{00A0}? (facultatif)"
        s.account.keepSubscription = "Garder l’abonnement"
        s.account.cancelButton = "Résilier"

        // Purchase Help
        s.help.title = "Aide aux achats"
        s.help.howCanWeHelp = "Comment pouvons-nous vous aider\u{00A0}?"
        s.help.missingPurchase = "Achat manquant"
        s.help.faq = "Questions fréquentes"
        s.help.requestRefund = "Demander un remboursement"
        s.help.refundNotSent = "Votre demande de remboursement n’a pas été envoyée."
        s.help.submitFeedback = "Envoyer un commentaire"
        s.help.contactUs = "Nous contacter"
        s.help.draftWaiting = "Brouillon non envoyé"
        s.help.missingIntro = "Achats de ce compte au cours des 90 derniers jours, renouvellements compris. Il manque quelque chose\u{00A0}? Restaurez vos achats, ou demandez un remboursement."
        s.help.notDelivered = "Pas encore livré"
        s.help.notDeliveredNote = "Cet achat n’est pas arrivé dans l’app. Obtenez-le maintenant, ou prenez autre chose à la place. Vous pouvez toujours demander un remboursement."
        s.help.deliverNow = "Livrer maintenant"
        s.help.insteadTake = { "1 \($0) à la place" }
        s.help.waitingForYou = "Terminez l’achat dans les réglages de votre compte Apple."
        s.help.finishPurchase = "Terminer l’achat"
        s.help.lastDays = "90 derniers jours"
        s.help.noCharges = "Aucun achat au cours des 90 derniers jours."
        s.help.delivered = { "\($0) est livré." }
        s.help.gave = { "Vous avez reçu 1 \($0) à la place de \($1), qui ne sera pas livré." }
        s.help.purchases = "Achats"
        s.help.refundRequested = "Remboursement demandé"
        s.help.refunded = "Remboursé"
        s.help.whyNot = {
            switch $0 {
            case .requestPending: "Vous avez déjà demandé un remboursement pour cet achat."
            case .alreadyRefunded: "Cet achat a été remboursé."
            case .familyShared: "Partagé avec vous par le partage familial\u{00A0}: seul l’organisateur peut demander un remboursement."
            case .notCharged: "Rien n’a été facturé pour cela."
            case .tooOld, .notFound: "Cet achat ne peut pas être choisi ici."
            }
        }
        s.help.sheetTitle = "Demander un remboursement"
        s.help.date = "Date"
        s.help.chooseIssue = "Choisissez un problème\u{00A0}:"
        s.help.reason = {
            switch $0 {
            case .didNotMeanToBuy: "Je ne voulais pas acheter cet article"
            case .childPurchase: "Un enfant a fait un achat sans permission"
            case .doesNotWork: "Mon achat ne fonctionne pas comme prévu"
            case .notReceived: "Achat non reçu"
            case .other: "Autre"
            }
        }
        s.help.mayLoseAccess = "Vous pourriez perdre l’accès aux articles remboursés."
        s.help.requestRefundButton = "Demander"
        s.help.chooseFirst = "Choisissez d’abord un problème."
        s.help.submittedTitle = "Votre demande a été envoyée"
        s.help.submittedMessage = { "Vous recevrez un e-mail à \($0) avec le statut sous 48\u{00A0}heures. Pour suivre vos demandes, rendez-vous sur https://reportaproblem.apple.com." }
        s.help.done = "OK"
        s.help.feedbackIntro = "Dites-nous ce qui n’a pas marché, ou ce que vous aimeriez. Nous lisons chaque message."
        s.help.placeholder = "Votre commentaire…"
        s.help.draftOffered = "Voici votre brouillon non envoyé."
        s.help.send = "Envoyer"
        s.help.sent = "Merci\u{00A0}: votre commentaire a été envoyé."
        s.help.typeFirst = "Écrivez d’abord votre commentaire."
        s.help.leaveTitle = "Commentaire non envoyé"
        s.help.leaveQuestion = { quitting, kept in
            (quitting ? "Quitter sans envoyer\u{00A0}?" : "Partir sans envoyer\u{00A0}?")
                + (kept ? " Votre brouillon est enregistré et vous sera proposé la prochaine fois." : " Votre brouillon est gardé jusqu’à ce que vous quittiez.")
        }
        s.help.leaveButtons = { $0 ? "y quitter · n rester" : "y partir · n rester" }
        s.help.email = "E-mail"
        s.help.web = "Web"
        s.help.noFAQ = "Cette app n’a pas de questions fréquentes."
        s.help.noContact = "Cette app n’indique aucun contact."

        // Free reading and the paywall
        s.paywall.leftThisMonth = { left, leftText, limit in
            left == 0 ? "Plus aucune lecture gratuite ce mois-ci (0 sur \(limit))"
                : "Encore \(leftText) \(left == 1 ? "lecture gratuite" : "lectures gratuites") sur \(limit) ce mois-ci"
        }
        s.paywall.oneLeft = { lapsed in
            "Plus qu'une lecture gratuite ce mois-ci. "
                + (lapsed ? "Réabonnez-vous pour lire sans limite." : "Abonnez-vous pour lire sans limite.")
        }
        s.paywall.seePlansButton = "Voir les formules"
        s.paywall.resubscribeButton = "Se réabonner"
        s.paywall.read = "✓ Lu"
        s.paywall.limitReached = "Vous avez atteint votre limite de lectures gratuites pour ce mois-ci."
        s.paywall.subscribeOrWait = { group, date, limit, lapsed in
            (lapsed ? "Réabonnez-vous à \(group)" : "Abonnez-vous à \(group)")
                + " pour lire sans limite, ou revenez le \(date) pour \(limit) nouvelles lectures gratuites."
        }
        s.paywall.waitOnly = { date, limit in "Revenez le \(date) pour \(limit) nouvelles lectures gratuites." }
        s.paywall.seeYourOptions = "Voir les offres"
        s.paywall.restore = "Déjà abonné\u{00A0}? Restaurer les achats"
        s.paywall.restoreShort = "Restaurer les achats"
        s.paywall.notNow = "Plus tard"

        // Onboarding
        s.onboarding.title = "Bienvenue"
        s.onboarding.tryItFree = "Essayer gratuitement"
        s.onboarding.seePlans = "Voir les formules"
        s.onboarding.plansFrom = { "Formules à partir de \($0)" }
        s.onboarding.someTrials = "Certaines formules commencent par un essai gratuit."
        s.onboarding.signInRestore = "Se connecter / Restaurer"
        s.onboarding.skipHint = "Appuyez sur s pour passer"

        // Offer codes
        s.redeem.redeemCode = "Utiliser un code"
        s.redeem.placeholder = "Saisir le code"
        s.redeem.terms = "Conditions générales applicables : apple.com/legal/internet-services/itunes"
        s.redeem.cancel = "Annuler"
        s.redeem.redeem = "Utiliser"
        s.redeem.redeemOffer = "Profiter de l’offre"
        s.redeem.done = "OK"
        s.redeem.stackedTerms = { "D’abord votre offre de lancement : \($0). Puis cette offre : \($1)." }
        s.redeem.welcomeStacked = { "Votre offre de lancement commence maintenant : \($0). Puis « \($1) » : \($2)." }
        s.redeem.startsNow = "Commence aujourd’hui."
        s.redeem.fromRenewal = { "S’applique à partir du \($0)." }
        s.redeem.switchesNow = { "Votre abonnement passe à \($0) aujourd’hui." }
        s.redeem.switchesAt = { "Votre abonnement passe à \($0) lors de votre prochain renouvellement, le \($1)." }
        s.redeem.itemFree = { "\($0), gratuit" }
        s.redeem.itemPrice = { "\($0), \($1)" }
        s.redeem.welcomeTitle = { "Bienvenue dans \($0)" }
        s.redeem.welcomeBody = { "Vous avez maintenant \($0). Tout ce qu’il comprend est prêt." }
        s.redeem.getStarted = "Commencer"
        s.redeem.welcome = { "Votre offre « \($0) » commence maintenant : \($1)." }
        s.redeem.changesTitle = "Ce qui change"
        s.redeem.changesAtRenewal = { "« \($0) » s’applique à partir du \($1) : \($2). D’ici là, rien ne change." }
        s.redeem.switchedNow = { "Vous passez à \($0) dès aujourd’hui, avec « \($1) »." }
        s.redeem.switchedAt = { "\($0) commence à votre prochain renouvellement, le \($1), avec cette offre. D’ici là, vous gardez \($2)." }
        s.redeem.deliveredTitle = "Code utilisé"
        s.redeem.delivered = { "\($0) est à vous." }
        s.redeem.invalidCharacters = "Les codes ne contiennent que les lettres A à Z et les chiffres 0 à 9. Vérifiez le code et réessayez."
        s.redeem.unknownCode = "Ce code n’est pas valide. Vérifiez le code et réessayez."
        s.redeem.expired = "Cette offre a expiré."
        s.redeem.inactive = "Cette offre n’est plus active."
        s.redeem.codeAlreadyUsed = "Ce code a déjà été utilisé."
        s.redeem.alreadyRedeemed = "Vous avez déjà profité de cette offre."
        s.redeem.notEligible = { "Vous n’êtes pas éligible : cette offre est réservée aux \($0)." }
        s.redeem.subscribers = {
            switch $0 {
            case .new: "nouveaux abonnés"
            case .existing: "abonnés actuels"
            case .lapsed: "anciens abonnés"
            }
        }
        s.redeem.customers = {
            switch $0 {
            case .new: "nouveaux clients"
            case .existing: "clients ayant acheté dans les 30 derniers jours"
            case .lapsed: "clients dont le dernier achat date de plus de 30 jours"
            }
        }
        s.redeem.wouldDowngrade = { "Ce code concerne une formule inférieure à votre abonnement \($0) : il ne peut pas être utilisé." }
        s.redeem.limitReached = "Cette offre a atteint sa limite d’utilisations."
        s.redeem.quarterlyLimitReached = "Cette app ne peut plus accepter de codes pour le moment. Réessayez plus tard."
        s.redeem.alreadyOwned = { "Vous possédez déjà \($0)." }
        s.redeem.notAvailable = "Cette offre n’est pas disponible dans votre pays ou région."
        s.redeem.paymentNotAllowed = "Les achats ne sont pas autorisés sur cet appareil : les codes ne peuvent pas y être utilisés."
        s.redeem.arrived = { "Le code \($0) a été utilisé dans l’App Store." }
        s.redeem.refused = { "L’App Store a refusé le code \($0) : \($1)" }

        // Screen titles, by screen (the QA tools' stay English)
        s.screenNames[.store] = "Boutique"
        s.screenNames[.detail] = "Article"
        s.screenNames[.sheet] = "Confirmation"
        s.screenNames[.result] = "Résultat"
        s.screenNames[.help] = "Touches"
        s.screenNames[.tooSmall] = "Terminal trop petit"
        s.screenNames[.signup] = "Abonnement"
        s.screenNames[.restore] = "Restaurer les achats"
        s.screenNames[.reviewPrompt] = "Noter l’app"
        s.review.title = { "Vous aimez \($0) ?" }
        s.review.message = "Touchez une étoile pour noter l’app sur l’App Store."
        s.keyHelp[.writeReview] = "rédiger un avis"
        s.keyHelp[.rate] = "étoiles"
        s.review.submit = "Envoyer"
        s.review.notNow = "Plus tard"
        s.review.thanks = "Merci pour votre avis."
        s.review.writeReviewOpens = { "Ouvre \($0) sur l’App Store, où vous pouvez rédiger un avis." }
        s.screenNames[.priceConsent] = "Hausse de prix"
        s.screenNames[.freeContent] = "Lecture gratuite"
        s.screenNames[.freeItem] = "Lecture"
        s.screenNames[.paywall] = "Limite atteinte"
        s.screenNames[.onboarding] = "Bienvenue"
        s.screenNames[.account] = "Compte"
        s.screenNames[.manage] = "Gérer l’abonnement"
        s.screenNames[.cancelSubscription] = "Résilier l’abonnement"
        s.screenNames[.retentionPitch] = "Avant de partir"
        s.screenNames[.retentionOffer] = "Confirmer l’offre"
        s.screenNames[.commitmentDisclosure] = "Engagement"
        s.screenNames[.exitSurvey] = "Dites-nous pourquoi"
        s.screenNames[.redeemWelcome] = "Bienvenue"
        s.screenNames[.purchaseHelp] = "Aide aux achats"
        s.screenNames[.missingPurchase] = "Achat manquant"
        s.screenNames[.helpPage] = "Aide"
        s.screenNames[.refunds] = "Demander un remboursement"
        s.screenNames[.feedback] = "Envoyer un commentaire"
        s.screenNames[.refundSheet] = "Remboursement"
        s.screenNames[.redeem] = "Utiliser un code"

        // Key help, by action
        s.keyHelp[.move] = "naviguer"
        s.keyHelp[.up] = "monter"
        s.keyHelp[.down] = "descendre"
        s.keyHelp[.pageUp] = "page préc."
        s.keyHelp[.pageDown] = "page suiv."
        s.keyHelp[.top] = "au début"
        s.keyHelp[.bottom] = "à la fin"
        s.keyHelp[.select] = "ouvrir"
        s.keyHelp[.buy] = "acheter"
        s.keyHelp[.back] = "retour"
        s.keyHelp[.nextArea] = "section suiv."
        s.keyHelp[.previousArea] = "section préc."
        s.keyHelp[.more] = "plus"
        s.keyHelp[.fewer] = "moins"
        s.keyHelp[.switchButton] = "autre bouton"
        s.keyHelp[.press] = "appuyer"
        s.keyHelp[.cancel] = "annuler"
        s.keyHelp[.dismiss] = "fermer"
        s.keyHelp[.help] = "touches"
        s.keyHelp[.quit] = "quitter"
        s.keyHelp[.redraw] = "redessiner l'écran"
        s.keyHelp[.signup] = "toutes les formules"
        s.keyHelp[.restore] = "restaurer les achats"
        s.keyHelp[.account] = "compte"
        s.keyHelp[.purchaseHelp] = "aide aux achats"
        s.keyHelp[.redeemCode] = "utiliser un code"
        s.keyHelp[.useOne] = "en utiliser un"
        s.keyHelp[.cancelSubscription] = "résilier l’abonnement"
        s.keyHelp[.ownPlan] = "une formule à vous"
        s.keyHelp[.freeContent] = "lecture gratuite"
        s.keyHelp[.seePlans] = "voir les formules"
        s.keyHelp[.nextPage] = "suivant"
        s.keyHelp[.previousPage] = "précédent"
        s.keyHelp[.skip] = "passer"
        s.keyHelp[.scroll] = "faire défiler"
        // The QA tools stay English, but their keys in a French footer are French.
        s.keyHelp[.scenario] = "scénario"
        s.keyHelp[.transactions] = "transactions"
        s.keyHelp[.change] = "modifier"
        s.keyHelp[.changeBack] = "revenir"
        s.keyHelp[.advanceDay] = "+1 jour"
        s.keyHelp[.advanceWeek] = "+1 semaine"
        s.keyHelp[.advanceToRenewal] = "renouvellement suiv."
        s.keyHelp[.clearAll] = "tout effacer"
        s.keyHelp[.approve] = "approuver"
        s.keyHelp[.decline] = "refuser"
        s.keyHelp[.resolve] = "résoudre"
        s.keyHelp[.refund] = "rembourser"
        s.keyHelp[.revoke] = "révoquer"
        s.keyHelp[.reverseRefund] = "annuler le remboursement"
        s.keyHelp[.delete] = "supprimer"
        s.keyHelp[.confirm] = "oui"

        // StoreKit calls that fail (QA's injected errors)
        s.faults.reason = {
            switch $0 {
            case .networkError: "Impossible de joindre l'App Store. Vérifiez votre connexion Internet, puis réessayez."
            case .notAvailableInStorefront: "Ce n'est pas disponible dans votre pays ou région."
            case .notEntitled, .unsupported: "Ce n'est pas pris en charge sur cet appareil."
            default: "L'App Store ne répond pas pour le moment. Réessayez dans un instant."
            }
        }
        s.faults.productsTitle = "Impossible de charger la boutique"
        s.faults.productsRetry = "Vos achats ne sont pas perdus. Appuyez sur r pour réessayer."
        s.faults.unverifiedTitle = "Achat non vérifié"
        s.faults.unverified = { "L'App Store a finalisé votre achat de \($0), mais cette app n'a pas pu le vérifier : il n'est donc pas encore débloqué. Il le sera dès qu'il pourra être vérifié, et vous ne serez pas facturé une seconde fois." }
        s.faults.notVerified = "⚠ Non vérifié"
        s.faults.restoreFailedTitle = "Impossible de restaurer les achats"
        s.faults.statusUnavailable = "Impossible de charger l'état de votre abonnement."
        s.faults.manageTitle = "Impossible de gérer les abonnements ici"
        s.faults.manageElsewhere = "Vous pouvez aussi gérer vos abonnements dans Réglages : touchez votre nom, puis Abonnements."
        s.faults.refundTitle = "Demande de remboursement non envoyée"
        s.faults.refundDuplicate = "Vous avez déjà demandé un remboursement pour cet achat. Apple vous enverra un e-mail une fois la demande examinée."
        s.faults.refundFailed = "Votre demande de remboursement n'a pas pu être envoyée."
        s.faults.refundElsewhere = "Vous pouvez aussi demander un remboursement sur reportaproblem.apple.com."
        s.faults.redeemTitle = "Impossible d'utiliser un code ici"
        s.faults.redeemElsewhere = "Vous pouvez aussi utiliser le code dans l'App Store : touchez votre compte, puis Utiliser une carte cadeau ou un code."
        s.keyHelp[.retry] = "réessayer"


        // Promoted purchases: why the payment sheet did not open
        s.promoted.alreadySubscribed = { "Vous êtes déjà abonné à \($0). Voici votre abonnement." }
        s.promoted.alreadyOwned = { "Vous avez déjà \($0)." }
        s.promoted.purchasesBlocked = { "\($0) ne peut pas être acheté ici : les achats sont désactivés sur cet appareil." }
        return s
    }()
}
