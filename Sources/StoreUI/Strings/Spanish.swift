import StoreModel

extension Strings {
    /// Spanish (es, every es_* locale: es_ES, es_MX, es_419, ...): informal "tú" as Apple writes it in
    /// Spain and Latin America, with the names of Apple's own features as Apple's Spanish (es) calls them
    /// ("En familia", "Solicitar la compra", "Tiempo de uso", Ajustes, cuenta de Apple). The QA tools'
    /// texts and screen titles stay English, as in every table; their keys in a Spanish footer are Spanish.
    public static let spanish: Strings = {
        var s = Strings()   // English; every line below replaces one string

        // Shell
        s.store = "Tienda"
        s.signedInAs = { "Sesión iniciada como \($0)" }
        s.notSubscribed = "Sin suscripción"
        s.purchasesBlocked = "Compras no disponibles"
        s.tooSmall = { now, minimum in
            "Ventana demasiado pequeña: \(now.columns)×\(now.rows). storefront necesita al menos \(minimum.columns)×\(minimum.rows). Agranda la ventana o pulsa q para salir."
        }
        s.keysOf = { "Teclas — \($0)" }
        s.closeHelp = "Pulsa Esc o ? para cerrar"

        // Store sections, by product type
        s.sectionTitle = {
            switch $0 {
            case .consumable: "Consumibles"
            case .nonConsumable: "Desbloqueos"
            case .autoRenewable: "Suscripciones"
            case .nonRenewing: "Pases"
            }
        }
        s.sectionNote = {
            switch $0 {
            case .consumable: "compra tantos como quieras"
            case .nonConsumable: "se compran una vez y son tuyos"
            case .autoRenewable: "se renuevan automáticamente hasta que las canceles"
            case .nonRenewing: "por un tiempo fijo, sin renovación automática"
            }
        }
        s.typeDescription = {
            switch $0 {
            case .consumable:
                "Consumible: se gasta al usarlo y puedes volver a comprarlo cuando quieras. No se restaura en otros dispositivos."
            case .nonConsumable:
                "No consumible: lo compras una vez y es tuyo. Se restaura en todos tus dispositivos."
            case .autoRenewable:
                "Suscripción con renovación automática: se renueva hasta que la canceles. Se restaura en todos tus dispositivos."
            case .nonRenewing:
                "Suscripción sin renovación automática: dura un tiempo fijo y no se renueva. Si vuelves a comprarla, se amplía."
            }
        }

        // Product rows and detail
        s.owned = "✓ Comprado"
        s.subscribed = "✓ Suscripción activa"
        s.sharedByFamily = "✓ Compartido en familia"
        s.activeUntil = { "✓ Activo hasta el \($0)" }
        s.familySharing = "En familia"
        s.familySharingNote = "Se puede compartir con hasta seis miembros de la familia mediante “En familia”."
        s.each = { "\($0)/ud." }
        s.quantity = "Cant."
        s.inPossession = { "Tienes \($0)." }
        s.notSoldHere = "No disponible en este país o región"
        s.renewsOn = { "Se renueva el \($0)" }
        s.expiresOn = { "Caduca el \($0)" }
        s.extendsTo = { "Si vuelves a comprarlo, se amplía hasta el \($0)." }
        s.subscribedElsewhere = { "Tienes una suscripción a \($0)." }
        s.sharedWithYouBy = { "\($0) lo comparte contigo mediante “En familia”." }
        s.resubscribe = { "Volver a suscribirse a \($0)" }
        s.winBack = { "Hola de nuevo: \($0)" }
        s.buy = "Comprar"
        s.subscribe = "Suscribirse"
        s.buyNamed = { "Comprar \($0) — \($1)" }
        s.buyName = { "Comprar \($0)" }
        s.resubscribeButton = "Volver a suscribirse"
        s.includedInPlan = "✓ Incluido en tu plan"
        s.includedInNamed = { "Incluido en tu suscripción a \($0): no tienes que comprar nada." }
        s.paymentProblemShort = "⚠ Problema con el pago"
        s.updatePaymentMethod = "Actualiza tu método de pago en los ajustes de tu cuenta de Apple."
        s.paymentProblemUntil = { "⚠ Problema con el pago: acceso hasta el \($0)" }
        s.paymentProblem = "Hay un problema con tu método de pago. Actualízalo en los ajustes de tu cuenta de Apple; el App Store sigue intentando renovar la suscripción y recuperarás el acceso en cuanto lo consiga."
        s.paymentProblemGrace = {
            "Hay un problema con tu método de pago. Actualízalo en los ajustes de tu cuenta de Apple para mantener tu suscripción; el acceso continúa hasta el \($0)."
        }
        s.paymentProblemIn = { "\($0): problema con el pago" }
        s.payingUntil = { offer, date, standard in "\(offer) hasta el \(date), después \(standard)" }
        s.trialUntil = { date, standard in "Prueba gratuita hasta el \(date), después \(standard)" }

        // Billing terms: prices and dates come in formatted by Foundation.
        s.duration = { period in
            let one = period.value == 1
            let unit: String
            switch period.unit {
            case .day: unit = one ? "día" : "días"
            case .week: unit = one ? "semana" : "semanas"
            case .month: unit = one ? "mes" : "meses"
            case .year: unit = one ? "año" : "años"
            }
            return "\(period.value) \(unit)"
        }
        // "/mes" for one period, "/6 meses" for several: the unit word of the duration.
        s.perPeriod = { [duration = s.duration] period in
            "/" + (period.value == 1 ? String(duration(period).split(separator: " ").last ?? "") : duration(period))
        }
        s.freeFor = { "\($0) gratis" }
        s.thenPrice = { "\($0), después \($1)" }
        s.thenPriceFrom = { offer, price, date in "\(offer), después \(price) a partir del \(date)" }
        s.forDuration = { "\($0) por \($1)" }
        s.upFront = { price, duration in "\(price) por \(spanishFirst(duration))" }
        s.trialEnds = { date, price in
            "Tu prueba gratuita termina el \(date). Después, se te cobrará \(price) automáticamente hasta que canceles la suscripción."
        }
        s.offerEnds = { date, price in
            "La oferta termina el \(date). Después, se te cobrará \(price) automáticamente hasta que canceles la suscripción."
        }
        s.renewsAutomatically = "Se renueva automáticamente salvo que la canceles al menos 24 horas antes de que termine el periodo."
        s.perMonthBreakdown = { "\($0)/mes" }
        s.save = { "ahorra \($0)" }
        s.payMonthly = { "\($0) · Pago mensual" }
        s.commitmentLength = { "compromiso de \($0) meses" }
        s.commitmentAfterOffer = { date, commitment, charge in
            "Cuando la oferta termine el \(date), empieza el \(commitment): \(charge). Si cancelas antes, nunca empieza."
        }
        s.commitmentTerms = { monthly, count, total in "\(monthly) durante \(count) meses, \(total) en total" }
        s.commitmentCancel = { count in "Cancela cuando quieras: terminará con el pago \(count) de \(count). Los pagos pendientes se siguen cobrando." }
        s.commitmentRenews = { count in "Tras \(count) pagos, empieza un nuevo compromiso de \(count) meses salvo que canceles al menos 24 horas antes." }
        s.disclosureTitle = { "Pagos mensuales con un compromiso de \($0) meses" }
        s.disclosurePayments = { count, monthly, total in
            "Aceptas \(count) pagos mensuales de \(monthly), \(total) en total. El primero se cobra al suscribirte y después uno cada mes."
        }
        s.disclosurePaymentsAfterOffer = { count, monthly, total, date in
            "Aceptas \(count) pagos mensuales de \(monthly), \(total) en total. El primero se cobra cuando termina la oferta, el \(date), y después uno cada mes."
        }
        s.disclosureCancel = { count in
            "Puedes cancelar cuando quieras. Al cancelar, la suscripción deja de renovarse después del pago \(count); los pagos pendientes del compromiso se siguen cobrando y conservas el acceso hasta que termine."
        }
        s.disclosureAccount = "Tus pagos hechos y pendientes aparecen en Cuenta."
        s.disclosureContinue = "Continuar"

        // The system confirmation sheet
        s.sheetTitle = "App Store"
        s.sheetAccount = "Cuenta"
        s.sheetPrice = "Precio"
        s.sheetTotal = "Total"
        s.confirm = "Confirmar"
        s.cancel = "Cancelar"
        s.planChangeNote = { change, date in
            switch change {
            case .upgrade:
                "Mejora: empieza ahora y sustituye a tu plan actual. Recibirás un reembolso proporcional por la parte no usada de tu plan actual."
            case .downgrade:
                "Cambio a un plan inferior: empieza el \(date), cuando se renueve tu plan actual. Hasta entonces, mantienes tu plan actual."
            case .crossgrade:
                "Cambio de plan: empieza el \(date), cuando se renueve tu plan actual. Hasta entonces, mantienes tu plan actual."
            }
        }
        s.crossgradeNow = "Cambio de plan: empieza ahora y sustituye a tu plan actual. Recibirás un reembolso proporcional por la parte no usada de tu plan actual."

        // Results
        s.purchased = { "Has comprado \($0)." }
        s.purchasedElsewhere = { "Comprado en otro dispositivo: \($0)." }
        s.subscribedTo = { "Te has suscrito a \($0)." }
        s.scheduled = { "\($0) empieza el \($1)." }
        s.deferred = "Esperando aprobación"
        s.deferredNote = "Un miembro de tu familia tiene que aprobar esta compra (“Solicitar la compra”). Se completará en cuanto la apruebe."
        s.failed = "Error en la compra"
        s.purchaseCancelled = "Compra cancelada. No se te ha cobrado nada."
        s.ok = "Aceptar"
        s.failure = {
            switch $0 {
            case .userCancelled: "Se ha cancelado la compra."
            case .networkError: "No se ha podido conectar con el App Store. Comprueba tu conexión y vuelve a intentarlo."
            case .notAvailableInStorefront: "Este artículo no está disponible en tu país o región."
            case .paymentNotAllowed: "No se permiten compras en este dispositivo."
            case .unknown: "Se ha producido un error desconocido. Vuelve a intentarlo más tarde."
            case .productNotFound: "Este artículo ya no está a la venta."
            case .alreadyOwned: "Ya tienes este artículo."
            case .alreadySubscribed: "Ya tienes esta suscripción."
            case .invalidQuantity: "Elige una cantidad que la tienda permita."
            case .ineligibleForOffer: "Esta oferta no está disponible para tu cuenta."
            }
        }
        s.interruptedTitle = "Acción necesaria"
        s.interruptedNote = "Para terminar esta compra, revisa tu cuenta en el App Store (por ejemplo, acepta los términos actualizados). Se completará en cuanto lo hagas."

        // Payment gate
        s.gateTitle = "Compras no disponibles"
        s.gateExplanation = {
            switch $0 {
            case .allowed: ""
            case .screenTime:
                "Las compras dentro de apps están desactivadas en “Tiempo de uso” en este dispositivo. Un padre, madre o tutor puede permitirlas en Ajustes › Tiempo de uso › Restricciones de contenido y privacidad."
            case .deviceManagement:
                "Este dispositivo lo gestiona una organización cuyo perfil no permite compras dentro de apps. Tu administrador puede darte más información."
            case .externalPurchaseOnly:
                "En tu región, esta app vende a través del sitio web del desarrollador en lugar de usar compras dentro de la app."
            }
        }
        s.gateKeepsWorking = "Lo que ya tienes sigue funcionando y las suscripciones se siguen renovando."
        s.yourPurchases = "Tus compras"
        s.nothingOwned = "Todavía no has comprado nada."

        // Sign up
        s.signup.title = "Suscribirse"
        s.signup.choosePlan = { "Elige tu plan de \($0)" }
        s.signup.resubscribe = "Volver a suscribirse"
        s.signup.howToCancel = "Se renueva automáticamente hasta que la canceles. Puedes cancelarla cuando quieras en Cuenta, al menos un día antes de la renovación."
        s.signup.termsOfUse = "Condiciones de uso"
        s.signup.privacyPolicy = "Política de privacidad"
        s.signup.restorePurchases = "Restaurar compras"
        s.signup.notNow = "Ahora no"
        s.signup.noOptions = "Ninguno de estos planes se vende en tu país o región."
        s.signup.lapsedNote = { "Tu suscripción a \($0) ha terminado." }
        s.signup.familyShares = { "Tu familia comparte \($0) contigo. Un plan propio se cobra en tu cuenta, aparte de ese." }

        // Restore Purchases
        s.restore.signInTitle = "Iniciar sesión"
        s.restore.signInMessage = "Inicia sesión con tu cuenta de Apple para restaurar tus compras."
        s.restore.signIn = "Iniciar sesión"
        s.restore.restoredTitle = "Compras restauradas"
        s.restore.restored = "Restaurado:"
        s.restore.fromRecords = "De los registros de esta app:"
        s.restore.nothingTitle = "Nada que restaurar"
        s.restore.nothingMessage = "Esta cuenta no tiene compras que restaurar."
        s.restore.consumablesNote = "Los consumibles no se restauran."

        // The price-increase consent sheet
        s.priceConsent.title = "Aumento del precio de la suscripción"
        s.priceConsent.message = { price, from in
            "El precio de esta suscripción sube a \(price). Si no lo aceptas, no se renovará y terminará el \(from)."
        }
        s.priceConsent.agree = "Aceptar"
        s.priceConsent.notNow = "Ahora no"
        s.priceConsent.agreed = { "Has aceptado el nuevo precio de \($0)." }

        // Account, the manage-subscription sheet and the cancel confirmation
        s.account.title = "Cuenta"
        s.account.active = "Activa"
        s.account.freeTrial = "Prueba gratuita"
        s.account.introductoryPrice = "Precio introductorio"
        s.account.gracePeriod = "Periodo de gracia"
        s.account.billingProblem = "Problema de facturación"
        s.account.sharedBy = { "Compartido por \($0)" }
        s.account.renewsOn = { "Se renueva el \($0)" }
        s.account.expiresOn = { "Caduca el \($0)" }
        s.account.expiredOn = { "Caducó el \($0)" }
        s.account.refundedOn = { "Reembolsada el \($0)" }
        s.account.paymentOf = { "Pago \($0) de \($1)" }
        s.account.nextPaymentOn = { "Próximo pago el \($0)" }
        s.account.commitmentProgress = { left, end in
            left == 0 ? "Último pago. El compromiso termina el \(end)."
                : "\(left) \(left == 1 ? "pago pendiente" : "pagos pendientes"). El compromiso termina el \(end)."
        }
        s.account.paymentsLeftBilled = { left in
            left == 1 ? "El pago pendiente de tu compromiso se sigue cobrando."
                : "Los \(left) pagos pendientes de tu compromiso se siguen cobrando."
        }
        s.account.afterCommitmentMonthly = { "Después del compromiso: un nuevo \($0)" }
        s.account.afterCommitmentUpFront = { "Después del compromiso: \($0), cobrado por adelantado" }
        s.account.thenNewCommitment = { "Después empieza un nuevo \($0), salvo que canceles." }
        s.account.thenBilledUpFront = { "Después, \($0), cobrado por adelantado." }
        s.account.commitmentCancelled = { left, end in
            left == 0 ? "Cancelada: termina el \(end)."
                : left == 1 ? "Cancelada: el pago pendiente se sigue cobrando. Termina el \(end)."
                : "Cancelada: los \(left) pagos pendientes se siguen cobrando. Termina el \(end)."
        }
        s.account.changesTo = { "Cambia a \($0) el \($1)" }
        s.account.offerFrom = { "Desde el \($1): \($0)" }
        s.account.newPriceFrom = { "Nuevo precio desde el \($1): \($0). Acéptalo para mantener tu suscripción." }
        s.account.organizerManages = { "\($0) gestiona y paga este plan." }
        s.account.manage = "Gestionar suscripción"
        s.account.cancelSubscription = "Cancelar suscripción"
        s.account.resubscribe = "Volver a suscribirse"
        s.account.updatePaymentMethod = "Actualizar método de pago"
        s.account.reviewPriceIncrease = "Revisar aumento de precio"
        s.account.ownPlan = "Obtener un plan propio"
        s.account.seePlans = "Ver planes"
        s.account.useOne = "Usar uno"
        s.account.purchases = "Compras"
        s.account.noPurchases = "Todavía no has comprado nada."
        s.account.noOtherPurchases = "Todavía no hay otras compras."
        s.account.owned = "Comprado"
        s.account.activeUntil = { "Activo hasta el \($0)" }
        s.account.left = { $0 == 1 ? "Queda 1" : "Quedan \($0)" }
        s.account.waitingForApproval = "Esperando aprobación"
        s.account.actionNeeded = "Acción necesaria"
        s.account.noSubscription = "No tienes ninguna suscripción."
        s.account.used = { item, left in "\(item): has usado uno. " + (left == 1 ? "Queda 1." : "Quedan \(left).") }
        s.account.paymentUpdated = "Método de pago actualizado. El App Store hará el cargo en su próximo intento de renovación."
        s.account.resubscribed = { "\($0) vuelve a renovarse el \($1)." }
        s.account.cancelled = { "Cancelada. Puedes seguir usando \($0) hasta el \($1)." }
        s.account.thanks = "Gracias por contarnos el motivo."
        s.account.offerAccepted = { "Oferta aceptada: \($0) desde el \($1)." }
        s.account.onlyOrganizer = { "Solo \($0) puede cambiar o cancelar un plan que comparte contigo." }
        s.account.askToBuyWaiting = {
            "\($0) está esperando la aprobación del organizador de tu familia (“Solicitar la compra”). Llegará en cuanto la apruebe."
        }
        s.account.interruptedWaiting = {
            "Tienes que terminar la compra de \($0) fuera de la app: acepta los nuevos términos o actualiza tu método de pago en los ajustes de tu cuenta de Apple."
        }
        s.account.currentPlan = "Este es tu plan actual."
        s.account.changeTakenBack = { "Seguirás con \($0). El cambio a \($1) se ha cancelado." }
        s.account.current = "✓ Actual"
        s.account.next = "Siguiente"
        s.account.done = "OK"
        s.account.choose = "Elegir"
        s.account.cancelTitle = { "¿Cancelar \($0)?" }
        s.account.cancelledNow = { "Cancelada. \($0) ha terminado: el App Store ya no intenta renovarla." }
        s.account.endsNow = { "No se ha podido cobrar tu pago. Si cancelas, \($0) termina ahora y el App Store deja de intentar renovarla." }
        s.account.keepUsing = { "Puedes seguir usando \($0) hasta el \($1)." }
        s.account.retentionStarts = { "Empieza con tu próxima renovación, el \($0)." }
        s.account.beforeYouGo = "Antes de irte…"
        s.account.stayFor = { "Sigue con \($0) por menos:" }
        s.account.takeOffer = "Aceptar oferta"
        s.account.surveyTitle = "¿Por qué cancelas? (opcional)"
        s.account.keepSubscription = "Mantener suscripción"
        s.account.cancelButton = "Cancelar"

        // Purchase Help, its pages and the system refund sheet
        s.help.title = "Ayuda con compras"
        s.help.howCanWeHelp = "¿Cómo podemos ayudarte?"
        s.help.missingPurchase = "Falta una compra"
        s.help.faq = "Preguntas frecuentes"
        s.help.requestRefund = "Solicitar un reembolso"
        s.help.refundNotSent = "Tu solicitud de reembolso no se ha enviado."
        s.help.submitFeedback = "Enviar comentarios"
        s.help.contactUs = "Contacto"
        s.help.draftWaiting = "Borrador sin enviar"
        s.help.missingIntro = "Compras de esta cuenta en los últimos 90 días, renovaciones incluidas. ¿Falta algo? Restaura tus compras o solicita un reembolso."
        s.help.notDelivered = "Aún no entregado"
        s.help.notDeliveredNote = "Esta compra no ha llegado a la app. Obtenla ahora o elige otra cosa en su lugar. También puedes solicitar un reembolso."
        s.help.deliverNow = "Entregar ahora"
        s.help.insteadTake = { "Obtener 1 \($0) en su lugar" }
        s.help.waitingForYou = "Falta que termines la compra en los ajustes de tu cuenta de Apple."
        s.help.finishPurchase = "Terminar compra"
        s.help.lastDays = "Últimos 90 días"
        s.help.noCharges = "No hay compras en los últimos 90 días."
        s.help.delivered = { "Se ha entregado \($0)." }
        s.help.gave = { "Has recibido 1 \($0) en lugar de \($1), que sigue sin entregarse." }
        s.help.purchases = "Compras"
        s.help.refundRequested = "Reembolso solicitado"
        s.help.refunded = "Reembolsado"
        s.help.whyNot = {
            switch $0 {
            case .requestPending: "Ya has solicitado un reembolso para esta compra."
            case .alreadyRefunded: "Esta compra ya se ha reembolsado."
            case .familyShared: "Compartido contigo mediante “En familia”: solo el organizador puede solicitar un reembolso."
            case .notCharged: "No se ha cobrado nada por esto."
            case .tooOld, .notFound: "Esta compra no se puede elegir aquí."
            }
        }
        s.help.sheetTitle = "Solicitar reembolso"
        s.help.date = "Fecha"
        s.help.chooseIssue = "Elige un problema:"
        s.help.reason = {
            switch $0 {
            case .didNotMeanToBuy: "No quería comprar esto"
            case .childPurchase: "Un niño o menor hizo una compra sin permiso"
            case .doesNotWork: "Mi compra no funciona como esperaba"
            case .notReceived: "No he recibido la compra"
            case .other: "Otro"
            }
        }
        s.help.mayLoseAccess = "Es posible que pierdas el acceso a los artículos reembolsados."
        s.help.requestRefundButton = "Solicitar reembolso"
        s.help.chooseFirst = "Primero elige un problema."
        s.help.submittedTitle = "Se ha enviado tu solicitud"
        s.help.submittedMessage = {
            "Recibirás un correo electrónico en \($0) con el estado de tu solicitud en un plazo de 48 horas. Para consultar el estado de tus solicitudes, ve a https://reportaproblem.apple.com."
        }
        s.help.done = "OK"
        s.help.feedbackIntro = "Cuéntanos qué ha fallado o qué te gustaría. Leemos todos los mensajes."
        s.help.placeholder = "Escribe tus comentarios…"
        s.help.draftOffered = "Aquí está tu borrador sin enviar."
        s.help.send = "Enviar"
        s.help.sent = "Gracias: se han enviado tus comentarios."
        s.help.typeFirst = "Primero escribe tus comentarios."
        s.help.leaveTitle = "Comentarios sin enviar"
        s.help.leaveQuestion = { quitting, kept in
            (quitting ? "¿Salir sin enviar?" : "¿Volver sin enviar?")
                + (kept ? " Tu borrador se ha guardado y se te ofrecerá la próxima vez." : " Tu borrador se conserva hasta que salgas.")
        }
        s.help.leaveButtons = { $0 ? "y salir · n quedarme" : "y volver · n quedarme" }
        s.help.email = "Correo"
        s.help.web = "Web"
        s.help.noFAQ = "Esta app no tiene preguntas frecuentes."
        s.help.noContact = "Esta app no indica ningún contacto."

        // The free area and the metered paywall
        s.paywall.leftThisMonth = { left, leftText, limit in
            left == 0 ? "No te quedan lecturas gratuitas este mes (0 de \(limit))"
                : "\(left == 1 ? "Te queda" : "Te quedan") \(leftText) de \(limit) \(limit == "1" ? "lectura gratuita" : "lecturas gratuitas") este mes"
        }
        s.paywall.oneLeft = { lapsed in
            "Te queda una lectura gratuita este mes. "
                + (lapsed ? "Vuelve a suscribirte para leer sin límites." : "Suscríbete para leer sin límites.")
        }
        s.paywall.seePlansButton = "Ver planes"
        s.paywall.resubscribeButton = "Volver a suscribirse"
        s.paywall.read = "✓ Leído"
        s.paywall.limitReached = "Has alcanzado tu límite gratuito de este mes."
        s.paywall.subscribeOrWait = { group, date, limit, lapsed in
            (lapsed ? "Vuelve a suscribirte a \(group)" : "Suscríbete a \(group)")
                + " para leer sin límites, o espera al \(date) para tener \(spanishMoreReads(limit))."
        }
        s.paywall.waitOnly = { date, limit in "Vuelve el \(date) para tener \(spanishMoreReads(limit))." }
        s.paywall.seeYourOptions = "Ver tus opciones"
        s.paywall.restore = "¿Ya tienes una suscripción? Restaurar compras"
        s.paywall.restoreShort = "Restaurar compras"
        s.paywall.notNow = "Ahora no"

        // Onboarding's frame
        s.onboarding.title = "Bienvenida"
        s.onboarding.tryItFree = "Probar gratis"
        s.onboarding.seePlans = "Ver planes"
        s.onboarding.plansFrom = { "Planes desde \($0)" }
        s.onboarding.someTrials = "Algunos planes empiezan con una prueba gratuita."
        s.onboarding.signInRestore = "Iniciar sesión / Restaurar"
        s.onboarding.skipHint = "Pulsa s para omitir"

        // Offer-code redemption
        s.redeem.redeemCode = "Canjear código"
        s.redeem.placeholder = "Escribe el código"
        s.redeem.terms = "Se aplican términos y condiciones: apple.com/legal/internet-services/itunes"
        s.redeem.cancel = "Cancelar"
        s.redeem.redeem = "Canjear"
        s.redeem.redeemOffer = "Canjear oferta"
        s.redeem.done = "OK"
        s.redeem.stackedTerms = { "Primero tu oferta introductoria: \($0). Después, esta oferta: \($1)." }
        s.redeem.welcomeStacked = { "Tu oferta introductoria empieza ahora: \($0). Después, “\($1)”: \($2)." }
        s.redeem.startsNow = "Empieza hoy."
        s.redeem.fromRenewal = { "Se aplica desde el \($0)." }
        s.redeem.switchesNow = { "Cambia tu suscripción a \($0) hoy." }
        s.redeem.switchesAt = { "Cambia tu suscripción a \($0) en tu próxima renovación, el \($1)." }
        s.redeem.itemFree = { "\($0), gratis" }
        s.redeem.welcomeTitle = { "Te damos la bienvenida a \($0)" }
        s.redeem.welcomeBody = { "Ya tienes \($0). Todo lo que incluye está listo." }
        s.redeem.getStarted = "Empezar"
        s.redeem.welcome = { "Tu oferta “\($0)” empieza ahora: \($1)." }
        s.redeem.changesTitle = "Qué cambia"
        s.redeem.changesAtRenewal = { "“\($0)” se aplica desde el \($1): \($2). Hasta entonces, no cambia nada." }
        s.redeem.switchedNow = { "Desde hoy tienes \($0), con “\($1)”." }
        s.redeem.switchedAt = { "\($0) empieza en tu próxima renovación, el \($1), con esta oferta. Hasta entonces, mantienes \($2)." }
        s.redeem.deliveredTitle = "Código canjeado"
        s.redeem.delivered = { "\($0) ya es tuyo." }
        s.redeem.invalidCharacters = "Los códigos solo tienen las letras A–Z y los dígitos 0–9. Comprueba el código y vuelve a intentarlo."
        s.redeem.unknownCode = "Este código no es válido. Comprueba el código y vuelve a intentarlo."
        s.redeem.expired = "Esta oferta ha caducado."
        s.redeem.inactive = "Esta oferta ya no está activa."
        s.redeem.codeAlreadyUsed = "Este código ya se ha canjeado."
        s.redeem.alreadyRedeemed = "Ya has canjeado esta oferta."
        s.redeem.notEligible = { "No cumples los requisitos de esta oferta: es solo para \($0)." }
        s.redeem.subscribers = {
            switch $0 {
            case .new: "nuevos suscriptores"
            case .existing: "suscriptores actuales"
            case .lapsed: "antiguos suscriptores"
            }
        }
        s.redeem.customers = {
            switch $0 {
            case .new: "nuevos clientes"
            case .existing: "clientes que han comprado en los últimos 30 días"
            case .lapsed: "clientes cuya última compra fue hace más de 30 días"
            }
        }
        s.redeem.wouldDowngrade = { "Este código es para un plan inferior a tu suscripción a \($0), así que no se puede canjear." }
        s.redeem.limitReached = "Esta oferta ha alcanzado su límite de canjes."
        s.redeem.quarterlyLimitReached = "Esta app no puede aceptar más códigos de oferta por ahora. Vuelve a intentarlo más tarde."
        s.redeem.alreadyOwned = { "Ya tienes \($0)." }
        s.redeem.notAvailable = "Esta oferta no está disponible en tu país o región."
        s.redeem.paymentNotAllowed = "No se permiten compras en este dispositivo, así que aquí no se pueden canjear códigos de oferta."
        s.redeem.arrived = { "El código \($0) se ha canjeado en el App Store." }
        s.redeem.refused = { "El App Store ha rechazado el código \($0): \($1)" }

        // Screen titles, keyed by the screen. The QA tools' screens (scenario, transactions,
        // transaction, confirm) keep their English titles.
        s.screenNames[.store] = "Tienda"
        s.screenNames[.detail] = "Artículo"
        s.screenNames[.sheet] = "Confirmación"
        s.screenNames[.result] = "Resultado"
        s.screenNames[.help] = "Teclas"
        s.screenNames[.tooSmall] = "Ventana demasiado pequeña"
        s.screenNames[.signup] = "Suscribirse"
        s.screenNames[.restore] = "Restaurar compras"
        s.screenNames[.reviewPrompt] = "Valorar la app"
        s.review.title = { "¿Te gusta \($0)?" }
        s.review.message = "Toca una estrella para valorarla en el App Store."
        s.keyHelp[.writeReview] = "escribir una reseña"
        s.keyHelp[.rate] = "estrellas"
        s.review.submit = "Enviar"
        s.review.notNow = "Ahora no"
        s.review.thanks = "Gracias por tu opinión."
        s.review.writeReviewOpens = { "Abre \($0) en el App Store, donde puedes escribir una reseña." }
        s.screenNames[.priceConsent] = "Aumento de precio"
        s.screenNames[.freeContent] = "Lectura gratuita"
        s.screenNames[.freeItem] = "Lectura"
        s.screenNames[.paywall] = "Límite gratuito"
        s.screenNames[.onboarding] = "Bienvenida"
        s.screenNames[.account] = "Cuenta"
        s.screenNames[.manage] = "Gestionar suscripción"
        s.screenNames[.cancelSubscription] = "Cancelar suscripción"
        s.screenNames[.retentionPitch] = "Antes de irte"
        s.screenNames[.retentionOffer] = "Confirmar oferta"
        s.screenNames[.commitmentDisclosure] = "Compromiso"
        s.screenNames[.exitSurvey] = "Cuéntanos por qué"
        s.screenNames[.redeemWelcome] = "Te damos la bienvenida"
        s.screenNames[.purchaseHelp] = "Ayuda con compras"
        s.screenNames[.missingPurchase] = "Falta una compra"
        s.screenNames[.helpPage] = "Ayuda"
        s.screenNames[.refunds] = "Solicitar un reembolso"
        s.screenNames[.refundSheet] = "Solicitar reembolso"
        s.screenNames[.feedback] = "Enviar comentarios"
        s.screenNames[.redeem] = "Canjear código"

        // What each key does, in the footer and the `?` help: short, the footer is one line.
        s.keyHelp[.move] = "mover"
        s.keyHelp[.up] = "subir"
        s.keyHelp[.down] = "bajar"
        s.keyHelp[.pageUp] = "página anterior"
        s.keyHelp[.pageDown] = "página siguiente"
        s.keyHelp[.top] = "primero"
        s.keyHelp[.bottom] = "último"
        s.keyHelp[.select] = "abrir"
        s.keyHelp[.buy] = "comprar"
        s.keyHelp[.back] = "atrás"
        s.keyHelp[.nextArea] = "sección siguiente"
        s.keyHelp[.previousArea] = "sección anterior"
        s.keyHelp[.more] = "más"
        s.keyHelp[.fewer] = "menos"
        s.keyHelp[.switchButton] = "cambiar de botón"
        s.keyHelp[.press] = "pulsar el botón"
        s.keyHelp[.cancel] = "cancelar"
        s.keyHelp[.dismiss] = "cerrar"
        s.keyHelp[.help] = "teclas"
        s.keyHelp[.quit] = "salir"
        s.keyHelp[.redraw] = "redibujar la pantalla"
        s.keyHelp[.signup] = "ver todos los planes"
        s.keyHelp[.restore] = "restaurar compras"
        s.keyHelp[.account] = "cuenta"
        s.keyHelp[.purchaseHelp] = "ayuda con compras"
        s.keyHelp[.redeemCode] = "canjear código"
        s.keyHelp[.useOne] = "usar uno"
        s.keyHelp[.cancelSubscription] = "cancelar suscripción"
        s.keyHelp[.ownPlan] = "un plan propio"
        s.keyHelp[.freeContent] = "lectura gratuita"
        s.keyHelp[.seePlans] = "ver planes"
        s.keyHelp[.nextPage] = "siguiente"
        s.keyHelp[.previousPage] = "anterior"
        s.keyHelp[.skip] = "omitir"
        s.keyHelp[.scroll] = "desplazar"
        // The QA tools stay English, but their keys in a Spanish footer are Spanish.
        s.keyHelp[.scenario] = "escenario"
        s.keyHelp[.transactions] = "transacciones"
        s.keyHelp[.change] = "cambiar"
        s.keyHelp[.changeBack] = "deshacer el cambio"
        s.keyHelp[.advanceDay] = "+1 día"
        s.keyHelp[.advanceWeek] = "+1 semana"
        s.keyHelp[.advanceToRenewal] = "próxima renovación"
        s.keyHelp[.clearAll] = "borrar todo"
        s.keyHelp[.approve] = "aprobar"
        s.keyHelp[.decline] = "rechazar"
        s.keyHelp[.resolve] = "resolver"
        s.keyHelp[.refund] = "reembolsar"
        s.keyHelp[.revoke] = "revocar"
        s.keyHelp[.reverseRefund] = "revertir el reembolso"
        s.keyHelp[.delete] = "eliminar"
        s.keyHelp[.confirm] = "sí"
        s.keyHelp[.autoRenew] = "renovación automática sí/no"
        s.keyHelp[.markUndelivered] = "marcar como no entregado"
        s.keyHelp[.expireNow] = "caducar ahora"
        s.keyHelp[.renewNow] = "renovar ahora"

        // StoreKit calls that fail (QA's injected errors)
        s.faults.reason = {
            switch $0 {
            case .networkError: "No se ha podido conectar con el App Store. Comprueba tu conexión a Internet y vuelve a intentarlo."
            case .notAvailableInStorefront: "Esto no está disponible en tu país o región."
            case .notEntitled, .unsupported: "Esto no es compatible con este dispositivo."
            default: "El App Store no responde en este momento. Vuelve a intentarlo dentro de un momento."
            }
        }
        s.faults.productsTitle = "No se puede cargar la tienda"
        s.faults.productsRetry = "Tus compras están a salvo. Pulsa r para volver a intentarlo."
        s.faults.unverifiedTitle = "Compra no verificada"
        s.faults.unverified = { "El App Store ha completado tu compra de \($0), pero esta app no ha podido verificarla, así que aún no está desbloqueada. Se desbloqueará en cuanto se pueda verificar y no se te cobrará de nuevo." }
        s.faults.notVerified = "⚠ No verificada"
        s.faults.restoreFailedTitle = "No se han podido restaurar las compras"
        s.faults.statusUnavailable = "No se ha podido cargar el estado de tu suscripción."
        s.faults.manageTitle = "No se pueden gestionar las suscripciones aquí"
        s.faults.manageElsewhere = "También puedes gestionar tus suscripciones en Ajustes: toca tu nombre y, después, Suscripciones."
        s.faults.refundTitle = "Solicitud de reembolso no enviada"
        s.faults.refundDuplicate = "Ya has solicitado un reembolso para esta compra. Apple te enviará un correo electrónico cuando se haya revisado."
        s.faults.refundFailed = "No se ha podido enviar tu solicitud de reembolso."
        s.faults.refundElsewhere = "También puedes solicitar un reembolso en reportaproblem.apple.com."
        s.faults.redeemTitle = "No se pueden canjear códigos aquí"
        s.faults.redeemElsewhere = "También puedes canjear el código en el App Store: toca tu cuenta y, después, Canjear tarjeta regalo o código."
        s.keyHelp[.retry] = "reintentar"

        s.keyHelp[.device] = "este dispositivo y su id de verificación"
        // Promoted purchases: why the payment sheet did not open
        s.promoted.alreadySubscribed = { "Ya tienes una suscripción a \($0). Este es tu plan." }
        s.promoted.alreadyOwned = { "Ya tienes \($0)." }
        s.promoted.purchasesBlocked = { "\($0) no se puede comprar aquí: las compras están desactivadas en este dispositivo." }
        return s
    }()

    /// "el primer mes", "la primera semana", "los primeros 3 meses", "las primeras 2 semanas": the
    /// first periods of an up-front offer, from the duration the table wrote ("3 meses"), since
    /// "los primeros 1 año" is wrong Spanish. Any other duration is said as it is ("por 3 meses").
    private static func spanishFirst(_ duration: String) -> String {
        let words = duration.split(separator: " ")
        guard words.count == 2, let unit = words.last else { return duration }
        let feminine = unit.hasPrefix("semana")
        if words[0] == "1" { return (feminine ? "la primera " : "el primer ") + unit }
        return (feminine ? "las primeras " : "los primeros ") + duration
    }

    /// "3 lecturas gratuitas más", "1 lectura gratuita más": `limit` is already formatted.
    private static func spanishMoreReads(_ limit: String) -> String {
        limit == "1" ? "1 lectura gratuita más" : "\(limit) lecturas gratuitas más"
    }
}
