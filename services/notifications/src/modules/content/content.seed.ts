import { CONTENT_LANGUAGES, type ContentLanguage } from '@diamond/contracts/http/care.values'
import type { LangText } from '@diamond/contracts/http/content'
import type { EventValues } from './content.repository'
import { PAGE_TEXTS } from './content.pages'

export interface ContentSeed {
  pages: { slug: string; lang: string; title: string; body: string }[]
  faqs: { lang: string; question: string; answer: string; sort: number }[]
  events: EventValues[]
}

type Qa = [question: string, answer: string]

/** The FAQs a new portal starts with, per language (staff edit them per language afterwards). */
export const FAQ_TEXTS: Record<ContentLanguage, Qa[]> = {
  en: [
    [
      'How do I get an account approved?',
      'Register with your company details, upload your registration documents and KYC form, and confirm your email. Our team reviews them, usually within one working day.',
    ],
    [
      'How long does a hold last?',
      'A hold reserves a stone for the time shown on the hold list. It is released automatically when the time runs out, unless you confirm the order first.',
    ],
    [
      'Which certificates do you accept?',
      'Stones are graded by GIA, IGI or HRD. Each stone page links to the laboratory’s own site so you can check the report.',
    ],
    [
      'How are stones shipped?',
      'Fully insured, by secure courier, after payment or on memo terms agreed with your sales person. You can follow each shipment under **My shipments**.',
    ],
  ],
  fr: [
    [
      'Comment faire approuver mon compte ?',
      'Inscrivez-vous avec les informations de votre société, téléversez vos documents d’enregistrement et le formulaire KYC, puis confirmez votre e-mail. Notre équipe les examine, en général sous un jour ouvré.',
    ],
    [
      'Combien de temps dure une réservation ?',
      'Une réservation bloque une pierre pendant la durée affichée dans la liste des réservations. Elle est levée automatiquement à l’échéance, sauf si vous confirmez la commande avant.',
    ],
    [
      'Quels certificats acceptez-vous ?',
      'Les pierres sont certifiées par le GIA, l’IGI ou le HRD. Chaque page de pierre renvoie au site du laboratoire pour vérifier le rapport.',
    ],
    [
      'Comment les pierres sont-elles expédiées ?',
      'Entièrement assurées, par transporteur sécurisé, après paiement ou selon les conditions de mémo convenues avec votre commercial. Suivez chaque envoi dans **Mes expéditions**.',
    ],
  ],
  zh: [
    [
      '如何让账户获得批准？',
      '填写公司信息注册，上传注册文件和 KYC 表格，并确认邮箱。我们的团队通常会在一个工作日内完成审核。',
    ],
    ['保留能持续多久？', '保留会在保留列表所示的时间内为您锁定钻石。到期自动释放，除非您在此之前确认订单。'],
    ['你们接受哪些证书？', '钻石由 GIA、IGI 或 HRD 分级。每颗钻石的页面都链接到鉴定机构官网，方便您核验报告。'],
    [
      '钻石如何发货？',
      '付款后或按与销售人员约定的寄售条件，由安全快递全额投保运送。您可以在**我的发货**中跟踪每批货件。',
    ],
  ],
  ja: [
    [
      'アカウントの承認を受けるには？',
      '会社情報を登録し、登記書類と KYC フォームをアップロードして、メールアドレスを確認してください。通常1営業日以内に審査します。',
    ],
    [
      'ホールドの期間は？',
      'ホールドはホールドリストに表示された時間だけ石を確保します。期限までに注文を確定しない場合は自動的に解除されます。',
    ],
    [
      'どの鑑定書に対応していますか？',
      'GIA、IGI、HRD のグレーディングです。各石のページから鑑定機関のサイトで鑑定書を確認できます。',
    ],
    [
      '石はどのように発送されますか？',
      'お支払い後、または営業担当と合意したメモ条件で、全額保険付きのセキュア便で発送します。各発送は**発送一覧**で追跡できます。',
    ],
  ],
  it: [
    [
      'Come faccio approvare il mio account?',
      'Registratevi con i dati dell’azienda, caricate i documenti di registrazione e il modulo KYC e confermate l’email. Il nostro team li esamina, di solito entro un giorno lavorativo.',
    ],
    [
      'Quanto dura un blocco?',
      'Un blocco riserva una pietra per il tempo indicato nell’elenco dei blocchi. Scade da solo, a meno che confermiate l’ordine prima.',
    ],
    [
      'Quali certificati accettate?',
      'Le pietre sono certificate da GIA, IGI o HRD. Ogni pagina rimanda al sito del laboratorio per verificare il rapporto.',
    ],
    [
      'Come vengono spedite le pietre?',
      'Completamente assicurate, con corriere sicuro, dopo il pagamento o alle condizioni di memo concordate con il vostro commerciale. Seguite ogni spedizione in **Le mie spedizioni**.',
    ],
  ],
  es: [
    [
      '¿Cómo consigo que aprueben mi cuenta?',
      'Regístrese con los datos de su empresa, suba los documentos de registro y el formulario KYC y confirme su correo. Nuestro equipo los revisa, normalmente en un día laborable.',
    ],
    [
      '¿Cuánto dura una retención?',
      'Una retención reserva una piedra durante el tiempo que muestra la lista de retenciones. Se libera sola al vencer, salvo que confirme antes el pedido.',
    ],
    [
      '¿Qué certificados aceptan?',
      'Las piedras están graduadas por GIA, IGI o HRD. Cada página enlaza con la web del laboratorio para comprobar el informe.',
    ],
    [
      '¿Cómo se envían las piedras?',
      'Totalmente aseguradas, por mensajería de seguridad, tras el pago o en las condiciones de memo acordadas con su comercial. Siga cada envío en **Mis envíos**.',
    ],
  ],
  de: [
    [
      'Wie wird mein Konto freigegeben?',
      'Registrieren Sie sich mit Ihren Firmendaten, laden Sie Registrierungsunterlagen und KYC-Formular hoch und bestätigen Sie Ihre E-Mail. Unser Team prüft alles meist innerhalb eines Werktags.',
    ],
    [
      'Wie lange gilt eine Reservierung?',
      'Eine Reservierung hält einen Stein für die in der Reservierungsliste gezeigte Zeit. Danach wird sie automatisch aufgehoben, wenn Sie die Bestellung nicht vorher bestätigen.',
    ],
    [
      'Welche Zertifikate akzeptieren Sie?',
      'Die Steine sind von GIA, IGI oder HRD graduiert. Jede Steinseite verlinkt auf die Website des Labors, damit Sie den Bericht prüfen können.',
    ],
    [
      'Wie werden Steine versandt?',
      'Voll versichert per Werttransport, nach Zahlung oder zu den mit Ihrem Verkäufer vereinbarten Memo-Bedingungen. Jede Sendung verfolgen Sie unter **Meine Sendungen**.',
    ],
  ],
  he: [
    [
      'איך מאשרים את החשבון שלי?',
      'הירשמו עם פרטי החברה, העלו את מסמכי הרישום ואת טופס ה־KYC ואשרו את כתובת הדוא״ל. הצוות שלנו בודק אותם, לרוב תוך יום עבודה.',
    ],
    [
      'כמה זמן נמשכת החזקה?',
      'החזקה שומרת אבן לזמן המוצג ברשימת ההחזקות. היא משתחררת אוטומטית בתום הזמן, אלא אם אישרתם את ההזמנה קודם.',
    ],
    ['אילו תעודות אתם מקבלים?', 'האבנים מדורגות על ידי GIA,‏ IGI או HRD. כל דף אבן מקשר לאתר המעבדה כדי לאמת את הדוח.'],
    [
      'איך נשלחות האבנים?',
      'בביטוח מלא, בשליח מאובטח, לאחר תשלום או לפי תנאי הממו שסוכמו עם איש המכירות. עקבו אחר כל משלוח ב**המשלוחים שלי**.',
    ],
  ],
  ar: [
    [
      'كيف أحصل على الموافقة على حسابي؟',
      'سجّل ببيانات شركتك، وحمّل وثائق التسجيل ونموذج «اعرف عميلك»، وأكّد بريدك الإلكتروني. يراجعها فريقنا عادةً خلال يوم عمل واحد.',
    ],
    [
      'كم يستمر الحجز؟',
      'يحجز الحجز الحجر للمدة الظاهرة في قائمة الحجوزات، ويُلغى تلقائيًا عند انتهائها ما لم تؤكد الطلب قبل ذلك.',
    ],
    [
      'ما الشهادات التي تقبلونها؟',
      'الأحجار مصنّفة من GIA أو IGI أو HRD، وكل صفحة حجر ترتبط بموقع المختبر للتحقق من التقرير.',
    ],
    [
      'كيف تُشحن الأحجار؟',
      'بتأمين كامل وعبر شركة نقل آمنة، بعد الدفع أو وفق شروط المذكرة المتفق عليها مع مندوب المبيعات. تابع كل شحنة في **شحناتي**.',
    ],
  ],
}

const text = (en: string, rest: Partial<Record<ContentLanguage, string>>): LangText => ({ en, ...rest })

/** Demo: the trade's main shows of 2027 at their usual dates, and one of our own sealed tenders this December. */
export const DEMO_EVENTS: EventValues[] = [
  {
    kind: 'tradeShow',
    title: text('Jewellery & Gem WORLD Hong Kong', {
      zh: '香港珠宝首饰及宝石展',
      ja: 'ジュエリー＆ジェム・ワールド香港',
    }),
    place: 'Hong Kong',
    venue: 'AsiaWorld-Expo, Hall 7, booth 7-C21',
    startsOn: '2027-09-15',
    endsOn: '2027-09-19',
    description: text(
      'Asia’s largest fine-jewellery fair. Meet our Hong Kong team and book a viewing cabin beside the booth.',
      {
        fr: 'Le plus grand salon de haute joaillerie d’Asie. Rencontrez notre équipe de Hong Kong et réservez une cabine près du stand.',
        zh: '亚洲最大的高级珠宝展。欢迎与我们的香港团队见面，并预约展位旁的看货室。',
        ja: 'アジア最大級の高級宝飾展。香港チームがお待ちしています。ブース横の商談室をご予約ください。',
        it: 'La più grande fiera di alta gioielleria dell’Asia. Incontrate il nostro team di Hong Kong e prenotate una cabina accanto allo stand.',
        es: 'La mayor feria de alta joyería de Asia. Conozca a nuestro equipo de Hong Kong y reserve una cabina junto al stand.',
        de: 'Asiens größte Messe für feinen Schmuck. Treffen Sie unser Team aus Hongkong und buchen Sie eine Kabine am Stand.',
        he: 'תערוכת התכשיטים הגדולה באסיה. פגשו את הצוות שלנו בהונג קונג והזמינו תא צפייה ליד הביתן.',
        ar: 'أكبر معرض للمجوهرات الراقية في آسيا. قابل فريقنا في هونغ كونغ واحجز غرفة معاينة بجوار الجناح.',
      },
    ),
    onShow: text('Certified rounds 1–5 ct D–H, fancy yellows, matched pairs for earrings.', {
      fr: 'Ronds certifiés de 1 à 5 ct D–H, jaunes fantaisie, paires assorties pour boucles d’oreilles.',
      zh: '1–5 克拉 D–H 证书圆钻、彩黄钻、耳环配对钻。',
      ja: '1〜5ct D〜H の鑑定書付きラウンド、ファンシーイエロー、ピアス用ペア。',
      it: 'Tondi certificati 1–5 ct D–H, gialli fancy, coppie per orecchini.',
      es: 'Redondos certificados de 1 a 5 ct D–H, amarillos fancy, parejas para pendientes.',
      de: 'Zertifizierte Brillanten 1–5 ct D–H, Fancy Yellows, Paare für Ohrringe.',
      he: 'עגולים עם תעודה 1–5 קראט D–H, צהובים פנסי, זוגות תואמים לעגילים.',
      ar: 'أحجار مستديرة معتمدة من 1 إلى 5 قيراط D–H، وأصفر فاخر، وأزواج متطابقة للأقراط.',
    }),
    url: 'https://www.hktdc.com',
  },
  {
    kind: 'tradeShow',
    title: text('IIJS Premiere', { he: 'IIJS פרמייר', ar: 'معرض IIJS بريمير' }),
    place: 'Mumbai, India',
    venue: 'Jio World Convention Centre',
    startsOn: '2027-08-05',
    endsOn: '2027-08-09',
    description: text(
      'The India International Jewellery Show, organised by the GJEPC. Our Mumbai office hosts buyers all week.',
      {
        fr: 'Le salon international de la joaillerie d’Inde, organisé par le GJEPC. Notre bureau de Mumbai reçoit les acheteurs toute la semaine.',
        zh: '由印度宝石和珠宝出口促进委员会主办的印度国际珠宝展。我们的孟买办公室全周接待买家。',
        ja: 'GJEPC 主催のインド国際ジュエリーショー。ムンバイオフィスで一週間バイヤーをお迎えします。',
        it: 'L’India International Jewellery Show, organizzato dal GJEPC. Il nostro ufficio di Mumbai accoglie i compratori tutta la settimana.',
        es: 'La India International Jewellery Show, organizada por el GJEPC. Nuestra oficina de Bombay recibe compradores toda la semana.',
        de: 'Die India International Jewellery Show des GJEPC. Unser Büro in Mumbai empfängt Käufer die ganze Woche.',
        he: 'תערוכת התכשיטים הבינלאומית של הודו, בארגון ה־GJEPC. המשרד שלנו במומבאי מארח קונים כל השבוע.',
        ar: 'معرض الهند الدولي للمجوهرات الذي ينظمه مجلس GJEPC. يستقبل مكتبنا في مومباي المشترين طوال الأسبوع.',
      },
    ),
    onShow: text('Surat-cut melee parcels, 0.30–0.99 ct calibrated layouts, new arrivals of the week.', {
      fr: 'Lots de mêlée taillés à Surat, assortiments calibrés 0,30–0,99 ct, nouveautés de la semaine.',
      zh: '苏拉特切工小钻包、0.30–0.99 克拉配套钻、本周新品。',
      ja: 'スーラト研磨のメレパーセル、0.30〜0.99ct のキャリブレーテッドレイアウト、今週の新着。',
      it: 'Lotti di melee tagliati a Surat, composizioni calibrate 0,30–0,99 ct, nuovi arrivi della settimana.',
      es: 'Lotes de melee tallados en Surat, composiciones calibradas de 0,30 a 0,99 ct, novedades de la semana.',
      de: 'In Surat geschliffene Melee-Parcels, kalibrierte Layouts 0,30–0,99 ct, Neuheiten der Woche.',
      he: 'חבילות מלה בליטוש סוראט, סטים מכוילים 0.30–0.99 קראט, חדשים של השבוע.',
      ar: 'طرود ميلي مقطوعة في سورات، وتشكيلات معايرة من 0.30 إلى 0.99 قيراط، ووصول الأسبوع الجديد.',
    }),
    url: 'https://iijs.org',
  },
  {
    kind: 'auction',
    title: text('Antwerp sealed tender: large stones', {
      fr: 'Appel d’offres scellé d’Anvers : grosses pierres',
      zh: '安特卫普密封投标：大克拉钻石',
      ja: 'アントワープ封印入札：大粒石',
      it: 'Gara in busta chiusa di Anversa: pietre grandi',
      es: 'Licitación en sobre cerrado de Amberes: piedras grandes',
      de: 'Antwerpener verdeckte Ausschreibung: große Steine',
      he: 'מכרז סגור באנטוורפן: אבנים גדולות',
      ar: 'مناقصة أنتويرب المغلقة: الأحجار الكبيرة',
    }),
    place: 'Antwerp, Belgium',
    venue: 'Hoveniersstraat, viewing room 3',
    startsOn: '2026-12-07',
    endsOn: '2026-12-11',
    description: text(
      'View the lots in Antwerp or by video, then bid sealed on the portal; results are told to every bidder at the close.',
      {
        fr: 'Examinez les lots à Anvers ou en vidéo, puis enchérissez sous pli scellé sur le portail ; chaque enchérisseur reçoit le résultat à la clôture.',
        zh: '可在安特卫普或通过视频看货，然后在平台上密封出价；截标时每位出价人都会收到结果。',
        ja: 'アントワープまたはビデオでロットを確認し、ポータルで封印入札してください。締切時に全入札者へ結果をお知らせします。',
        it: 'Visionate i lotti ad Anversa o in video, poi offrite in busta chiusa sul portale; l’esito arriva a ogni offerente alla chiusura.',
        es: 'Vea los lotes en Amberes o por vídeo y puje en sobre cerrado en el portal; cada postor recibe el resultado al cierre.',
        de: 'Besichtigen Sie die Lose in Antwerpen oder per Video und bieten Sie verdeckt im Portal; alle Bietenden erfahren das Ergebnis beim Schluss.',
        he: 'צפו בפריטים באנטוורפן או בווידאו והגישו הצעה סגורה בפורטל; בסגירה כל מציע מקבל את התוצאה.',
        ar: 'عاين القطع في أنتويرب أو عبر الفيديو، ثم قدّم عرضك المغلق في البوابة؛ يتلقى كل مزايد النتيجة عند الإغلاق.',
      },
    ),
    onShow: text('Twelve lots of 3–10 ct rounds and ovals, GIA certified.', {
      fr: 'Douze lots de ronds et ovales de 3 à 10 ct, certifiés GIA.',
      zh: '十二组 3–10 克拉 GIA 证书圆钻和椭圆钻。',
      ja: 'GIA 鑑定書付き 3〜10ct のラウンドとオーバル 12 ロット。',
      it: 'Dodici lotti di tondi e ovali da 3 a 10 ct, certificati GIA.',
      es: 'Doce lotes de redondos y ovalados de 3 a 10 ct, certificados GIA.',
      de: 'Zwölf Lose Brillanten und Ovale von 3–10 ct, GIA-zertifiziert.',
      he: 'שנים־עשר פריטים של עגולים ואובלים 3–10 קראט עם תעודת GIA.',
      ar: 'اثنتا عشرة قطعة من الأحجار المستديرة والبيضاوية من 3 إلى 10 قيراط بشهادة GIA.',
    }),
    url: null,
  },
  {
    kind: 'tradeShow',
    title: text('JCK Las Vegas', {
      zh: '拉斯维加斯 JCK 珠宝展',
      ja: 'JCK ラスベガス',
      he: 'JCK לאס וגאס',
      ar: 'معرض JCK لاس فيغاس',
    }),
    place: 'Las Vegas, USA',
    venue: 'The Venetian Expo',
    startsOn: '2027-06-04',
    endsOn: '2027-06-07',
    description: text(
      'North America’s main jewellery show. Our New York team shows stock ready to ship across the US.',
      {
        fr: 'Le grand salon de la joaillerie d’Amérique du Nord. Notre équipe de New York présente un stock prêt à être expédié aux États-Unis.',
        zh: '北美最重要的珠宝展。我们的纽约团队展示可直接发往美国各地的现货。',
        ja: '北米最大のジュエリーショー。ニューヨークチームが全米へ即出荷できる在庫をご紹介します。',
        it: 'La principale fiera di gioielleria del Nord America. Il nostro team di New York presenta stock pronto per la spedizione negli USA.',
        es: 'La gran feria de joyería de Norteamérica. Nuestro equipo de Nueva York muestra stock listo para enviar en EE. UU.',
        de: 'Die wichtigste Schmuckmesse Nordamerikas. Unser New Yorker Team zeigt sofort lieferbaren Bestand für die USA.',
        he: 'תערוכת התכשיטים המרכזית בצפון אמריקה. הצוות שלנו בניו יורק מציג מלאי מוכן למשלוח בארה״ב.',
        ar: 'المعرض الرئيسي للمجوهرات في أمريكا الشمالية. يعرض فريقنا في نيويورك مخزونًا جاهزًا للشحن داخل الولايات المتحدة.',
      },
    ),
    onShow: text('Bridal rounds and ovals 0.70–3 ct, lab reports GIA and IGI.', {
      fr: 'Ronds et ovales pour fiançailles de 0,70 à 3 ct, rapports GIA et IGI.',
      zh: '0.70–3 克拉婚戒圆钻和椭圆钻，GIA 和 IGI 证书。',
      ja: 'ブライダル向け 0.70〜3ct のラウンドとオーバル、GIA・IGI 鑑定書付き。',
      it: 'Tondi e ovali da sposa 0,70–3 ct, certificati GIA e IGI.',
      es: 'Redondos y ovalados nupciales de 0,70 a 3 ct, informes GIA e IGI.',
      de: 'Brillanten und Ovale für Verlobungsringe 0,70–3 ct, GIA- und IGI-Berichte.',
      he: 'עגולים ואובלים לטבעות אירוסין 0.70–3 קראט, תעודות GIA ו־IGI.',
      ar: 'أحجار مستديرة وبيضاوية للخواتم من 0.70 إلى 3 قيراط، بتقارير GIA وIGI.',
    }),
    url: 'https://lasvegas.jckonline.com',
  },
  {
    kind: 'tradeShow',
    title: text('Hong Kong International Diamond, Gem & Pearl Show', {
      zh: '香港国际钻石、宝石及珍珠展',
      ja: '香港国際ダイヤモンド・宝石・真珠展',
    }),
    place: 'Hong Kong',
    venue: 'AsiaWorld-Expo',
    startsOn: '2027-03-02',
    endsOn: '2027-03-06',
    description: text('The spring diamond fair in Hong Kong; we bring the season’s best parcels.', {
      fr: 'Le salon du diamant du printemps à Hong Kong ; nous apportons les meilleurs lots de la saison.',
      zh: '香港春季钻石展；我们将带来本季最佳货品。',
      ja: '香港の春のダイヤモンド展。今季最高のパーセルをお持ちします。',
      it: 'La fiera primaverile dei diamanti di Hong Kong; portiamo i lotti migliori della stagione.',
      es: 'La feria de diamantes de primavera de Hong Kong; llevamos los mejores lotes de la temporada.',
      de: 'Die Frühjahrs-Diamantmesse in Hongkong; wir bringen die besten Parcels der Saison.',
      he: 'תערוכת היהלומים האביבית בהונג קונג; נביא את החבילות הטובות של העונה.',
      ar: 'معرض الألماس الربيعي في هونغ كونغ؛ نحضر أفضل طرود الموسم.',
    }),
    onShow: text('Fancy colours, rare pinks on request, melee parcels.', {
      fr: 'Couleurs fantaisie, roses rares sur demande, lots de mêlée.',
      zh: '彩钻、稀有粉钻（需预约）、小钻包。',
      ja: 'ファンシーカラー、希少なピンク（要予約）、メレパーセル。',
      it: 'Colori fancy, rari rosa su richiesta, lotti di melee.',
      es: 'Colores fancy, rosas raros bajo pedido, lotes de melee.',
      de: 'Fancy-Farben, seltene Pinks auf Anfrage, Melee-Parcels.',
      he: 'צבעי פנסי, ורודים נדירים לפי בקשה, חבילות מלה.',
      ar: 'ألوان فاخرة، ووردي نادر عند الطلب، وطرود ميلي.',
    }),
    url: 'https://www.hktdc.com',
  },
]

/** What a portal starts with: its pages and FAQs always (a trading site needs its terms), the events in the demo. */
export function contentSeed(demo: boolean): ContentSeed {
  return {
    pages: Object.entries(PAGE_TEXTS).flatMap(([slug, byLang]) =>
      CONTENT_LANGUAGES.map((lang) => ({ slug, lang, ...byLang[lang] })),
    ),
    faqs: CONTENT_LANGUAGES.flatMap((lang) =>
      FAQ_TEXTS[lang].map(([question, answer], i) => ({ lang, question, answer, sort: i + 1 })),
    ),
    events: demo ? DEMO_EVENTS : [],
  }
}
