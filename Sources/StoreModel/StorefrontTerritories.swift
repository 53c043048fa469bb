import Foundation

/// ISO 3166-1 territories by their alpha-3 code (StoreKit's storefront codes) with their alpha-2
/// region, from which Foundation gives the currency and a locale. Generated from the iso-codes
/// package's iso_3166-1.json: each entry is the alpha-3 code followed by the alpha-2 code.
package enum StorefrontTerritories {
    private static let table: String =
        "ABWAW AFGAF AGOAO AIAAI ALAAX ALBAL ANDAD AREAE ARGAR ARMAM ASMAS ATAAQ ATFTF ATGAG AUSAU AUTAT " +
        "AZEAZ BDIBI BELBE BENBJ BESBQ BFABF BGDBD BGRBG BHRBH BHSBS BIHBA BLMBL BLRBY BLZBZ BMUBM BOLBO " +
        "BRABR BRBBB BRNBN BTNBT BVTBV BWABW CAFCF CANCA CCKCC CHECH CHLCL CHNCN CIVCI CMRCM CODCD COGCG " +
        "COKCK COLCO COMKM CPVCV CRICR CUBCU CUWCW CXRCX CYMKY CYPCY CZECZ DEUDE DJIDJ DMADM DNKDK DOMDO " +
        "DZADZ ECUEC EGYEG ERIER ESHEH ESPES ESTEE ETHET FINFI FJIFJ FLKFK FRAFR FROFO FSMFM GABGA GBRGB " +
        "GEOGE GGYGG GHAGH GIBGI GINGN GLPGP GMBGM GNBGW GNQGQ GRCGR GRDGD GRLGL GTMGT GUFGF GUMGU GUYGY " +
        "HKGHK HMDHM HNDHN HRVHR HTIHT HUNHU IDNID IMNIM INDIN IOTIO IRLIE IRNIR IRQIQ ISLIS ISRIL ITAIT " +
        "JAMJM JEYJE JORJO JPNJP KAZKZ KENKE KGZKG KHMKH KIRKI KNAKN KORKR KWTKW LAOLA LBNLB LBRLR LBYLY " +
        "LCALC LIELI LKALK LSOLS LTULT LUXLU LVALV MACMO MAFMF MARMA MCOMC MDAMD MDGMG MDVMV MEXMX MHLMH " +
        "MKDMK MLIML MLTMT MMRMM MNEME MNGMN MNPMP MOZMZ MRTMR MSRMS MTQMQ MUSMU MWIMW MYSMY MYTYT NAMNA " +
        "NCLNC NERNE NFKNF NGANG NICNI NIUNU NLDNL NORNO NPLNP NRUNR NZLNZ OMNOM PAKPK PANPA PCNPN PERPE " +
        "PHLPH PLWPW PNGPG POLPL PRIPR PRKKP PRTPT PRYPY PSEPS PYFPF QATQA REURE ROURO RUSRU RWARW SAUSA " +
        "SDNSD SENSN SGPSG SGSGS SHNSH SJMSJ SLBSB SLESL SLVSV SMRSM SOMSO SPMPM SRBRS SSDSS STPST SURSR " +
        "SVKSK SVNSI SWESE SWZSZ SXMSX SYCSC SYRSY TCATC TCDTD TGOTG THATH TJKTJ TKLTK TKMTM TLSTL TONTO " +
        "TTOTT TUNTN TURTR TUVTV TWNTW TZATZ UGAUG UKRUA UMIUM URYUY USAUS UZBUZ VATVA VCTVC VENVE VGBVG " +
        "VIRVI VNMVN VUTVU WLFWF WSMWS YEMYE ZAFZA ZMBZM ZWEZW "
    static let regions: [String: String] = {
        var regions: [String: String] = [:]
        for entry in table.split(separator: " ") where entry.count == 5 {
            regions[String(entry.prefix(3))] = String(entry.suffix(2))
        }
        return regions
    }()

    /// The ISO 4217 currency codes a territory may charge in.
    package static let isoCurrencies = Set(Locale.commonISOCurrencyCodes)

    /// The territory of a storefront code (`USA`, `JPN`): its currency, and a locale of its region,
    /// `preferred` when that is of the region, else English there, else any locale ICU has for it.
    /// Nil for a code that is no territory, or one Foundation knows no currency for.
    package static func territory(_ code: String, preferred: String? = nil) -> Territory? {
        guard let region = regions[code.uppercased()] else { return nil }
        guard let currency = Locale(identifier: "und_\(region)").currency?.identifier,
              isoCurrencies.contains(currency) else { return nil }
        let locale: String
        if let preferred, let id = LocaleCatalog.canonical(preferred), Locale(identifier: id).region?.identifier == region {
            locale = id
        } else if let english = LocaleCatalog.canonical("en_\(region)") {
            locale = english
        } else if let any = LocaleCatalog.available.filter({ $0.hasSuffix("_\(region)") && $0.split(separator: "_").count == 2 }).min() {
            locale = any
        } else {
            locale = "en_\(region)"
        }
        return Territory(code: code.uppercased(), currency: currency, locale: locale)
    }
}
